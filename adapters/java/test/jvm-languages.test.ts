// Other JVM languages through the Java adapter: Kotlin (kotlinc, Debian's 1.3) and Scala (scalac,
// Debian's 2.11) stop by their own source files and lines. Optional in CI, like Rust: Debian's
// packages are large (`apt-get install -y kotlin scala`); a missing compiler skips with its reason.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, javaReady, lineOf, mustGet, tempFolder } from './helpers.js';

const KOTLIN = path.join(FIXTURES, 'kotlin', 'Main.kt');
const SCALA = path.join(FIXTURES, 'scala', 'Main.scala');

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, name)));
}

function describeWithCompiler(title: string, compiler: string, body: () => void): void {
  if (!javaReady || !onPath(compiler)) {
    console.warn(
      `SKIPPED "${title}": ${javaReady ? `${compiler} is not installed here (apt-get install -y kotlin scala)` : 'no JDK or no built Java adapter'}`,
    );
    describe.skip(title, body);
    return;
  }
  describe(title, body);
}

/** Compiles one source file into a folder of its own. */
function compile(compiler: string, source: string): string {
  const out = tempFolder(`bpdiff-${compiler}-`);
  execFileSync(compiler, ['-d', out, source], { stdio: 'pipe', timeout: 300_000 });
  return out;
}

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

describeWithCompiler('Kotlin through the Java adapter', 'kotlinc', () => {
  it("stops at a line of a .kt file, with Kotlin's locals, a data class by its fields and a condition", async () => {
    const out = compile('kotlinc', KOTLIN);
    session = await AdapterSession.start();
    const line = lineOf(KOTLIN, 'sum += amount');
    const result = await session.run({
      command: ['kotlin', '-cp', out, 'demo.MainKt'],
      cwd: FIXTURES,
      breakpoints: [{ path: KOTLIN, line, condition: 'line.qty > 2' }],
    });
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame).toMatchObject({ name: 'MainKt.total', line, source: { path: KOTLIN } });
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'line')).toMatchObject({ value: 'Line{sku="mug", qty=3, price=12.0}', type: 'demo.Line' });
    expect(mustGet(locals, 'amount').value).toBe('36.0');
    expect(mustGet(locals, 'sum').value).toBe('9.0');
    expect(mustGet(locals, 'lines').value).toBe(
      '[Line{sku="tea", qty=2, price=4.5}, Line{sku="mug", qty=3, price=12.0}]',
    );
    expect((await session.evaluate('line.getQty() * 2', frame.id)).result).toBe('6');
  }, 300_000);
});

describeWithCompiler('Scala through the Java adapter', 'scalac', () => {
  it("stops at a line of a .scala file inside a for comprehension's closure, with a case class by its fields", async () => {
    const out = compile('scalac', SCALA);
    session = await AdapterSession.start();
    const line = lineOf(SCALA, 'sum += amount');
    const result = await session.run({
      command: ['scala', '-cp', out, 'demo.Main'],
      cwd: FIXTURES,
      breakpoints: [{ path: SCALA, line, condition: 'line.qty() > 2' }],
    });
    const frame = await session.topFrame(result.stopped!.body.threadId!);
    expect(frame).toMatchObject({ line, source: { path: SCALA } });
    expect(frame.name).toMatch(/^Main\$\$anonfun\$total\$1\.apply/);
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'line').value).toBe('Line{sku="mug", qty=3, price=12.0}');
    expect(mustGet(locals, 'amount').value).toBe('36.0');
  }, 300_000);
});
