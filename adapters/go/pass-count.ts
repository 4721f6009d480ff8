// --hit N on Go at the program's speed (issue 36). dlv counts a breakpoint's hits by trapping into
// itself at each (about 0.2 ms a pass: 9,000 passes, 2 s a run). Where bpdiff builds the program
// (go run, go test) and the run only stops, never steps (a capture at --hit N, not a locate walk),
// the build counts instead: an overlay (go build -overlay) gives the breakpoint's file a call put
// before the line's statement (bpdiff_passplan.go says where: a statement of a block that starts the
// line and ends on it), in a form whose only code at the line's position (a /*line*/ directive)
// runs from the Nth pass on:
//
//     /*line :99999999:1*/if bpdiffPass_T() { /*line :LINE:1*/bpdiffPassed_T() }; STATEMENT
//
// The count's own code stands at a line past the file's end, so dlv's breakpoint at the line (at its
// first instruction, the call to bpdiffPassed_T; the jump around it lands on a later one) traps only
// from the Nth pass on, each a pass, before the statement runs, as a breakpoint there would. A file
// with line directives of its own (generated code) is left alone. N comes from BPDIFF_GO_PASS in the
// program's environment, so the build is one for every N. The binary must hold bpdiffPassed_T (the
// linker drops it where the line's code was not built in: a file its build constraints leave out):
// else the program is built as before and dlv counts.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cacheDir, cacheHash, fileStamp } from '../../src/cache-dir.js';

/**
 * The line the count's own code is put at, in the file as the compiler names it (a directive with a
 * column and no file keeps the file's name, whatever path go took it by): past any file's end.
 */
const COUNT_LINE = 99_999_999;

/** The program's variable that says which pass is the first to stop. */
export const PASS_ENV = 'BPDIFF_GO_PASS';

export interface PassPlan {
  /** What bpdiff_passplan.go answered: the statement's byte offset, where the package clause ends, and the package's name. */
  offset: number;
  clause: number;
  package: string;
}

/** Where the line's statement starts, or why the program cannot count its passes. */
export async function planPasses(
  go: string,
  /** bpdiff_passplan.go, as the adapter's definition holds it. */
  tool: string,
  file: string,
  line: number,
  env: Record<string, string>,
  cwd: string,
  /** Where the planner is built when bpdiff's cache is off: the run's own folder. */
  scratch: string,
): Promise<PassPlan | { why: string }> {
  let source: Buffer;
  try {
    source = fs.readFileSync(file);
  } catch (error) {
    return { why: (error as Error).message };
  }
  if (/(?:\/\/|\/\*)line /.test(source.toString('utf8'))) return { why: 'the file has line directives of its own' };
  const planner = await plannerBinary(go, tool, env, cwd, scratch);
  if ('why' in planner) return planner;
  const planned = await execa(planner.binary, [String(line)], {
    cwd,
    input: source,
    reject: false,
    timeout: 60_000,
  });
  if (planned.exitCode !== 0) return { why: `bpdiff_passplan failed: ${planned.stderr.split('\n')[0] ?? ''}` };
  try {
    const answer = JSON.parse(planned.stdout) as { offset?: number; clause?: number; package?: string; why?: string };
    if (typeof answer.why === 'string') return { why: answer.why };
    if (typeof answer.offset === 'number' && typeof answer.clause === 'number' && typeof answer.package === 'string')
      return { offset: answer.offset, clause: answer.clause, package: answer.package };
  } catch {
    // Said below.
  }
  return { why: `bpdiff_passplan.go answered ${JSON.stringify(planned.stdout.slice(0, 200))}` };
}

/**
 * bpdiff_passplan.go built (a go run would link it at every run: about 0.5 s of CPU), once per its
 * text and go binary, in bpdiff's cache (else the run's folder): written under a name of its own, then
 * renamed, so that two runs building it at once each find a whole one.
 */
async function plannerBinary(
  go: string,
  tool: string,
  env: Record<string, string>,
  cwd: string,
  scratch: string,
): Promise<{ binary: string } | { why: string }> {
  const key = cacheHash(`${fs.readFileSync(tool, 'utf8')}\0${go}\0${fileStamp(go) ?? ''}`);
  const folder = cacheDir() ?? scratch;
  const binary = path.join(folder, `go-passplan-${key}`);
  if (fs.existsSync(binary)) return { binary };
  fs.mkdirSync(folder, { recursive: true });
  const temporary = `${binary}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const built = await execa(go, ['build', '-o', temporary, tool], {
    cwd,
    env,
    extendEnv: false,
    reject: false,
    timeout: 300_000,
    stdin: 'ignore',
  });
  if (built.exitCode !== 0) {
    fs.rmSync(temporary, { force: true });
    return { why: `go build bpdiff_passplan.go failed: ${built.stderr.split('\n')[0] ?? ''}` };
  }
  fs.renameSync(temporary, binary);
  return { binary };
}

/** A tag for the names the overlay adds to the package: from the file and line, so no two plans share one. */
export function passTag(file: string, line: number): string {
  return createHash('sha256').update(`${file}:${line}`).digest('hex').slice(0, 10);
}

/**
 * Writes the overlay into `dir`: the file with the count in it, under a name of the file's own. One
 * file, no new one: go test's vet (go 1.19) opens a file the overlay adds from the disk, and fails.
 * The count's imports go on the package clause's line and its declarations after the file's end, so
 * no line of the program moves. Answers the overlay's JSON file (go build -overlay=...).
 */
export function writeOverlay(dir: string, file: string, line: number, plan: PassPlan): string {
  const tag = passTag(file, line);
  const source = fs.readFileSync(file);
  const imports = `; import bpdiffOs_${tag} "os"; import bpdiffStrconv_${tag} "strconv"; import bpdiffAtomic_${tag} "sync/atomic"`;
  const call = `/*line :${COUNT_LINE}:1*/if bpdiffPass_${tag}() { /*line :${line}:1*/bpdiffPassed_${tag}() }; `;
  const helper = [
    '',
    `/*line :${COUNT_LINE}:1*/`,
    '// bpdiff: counts the passes through a line for --hit N (adapters/go/pass-count.ts).',
    `var bpdiffFirst_${tag} = func() int64 { n, _ := bpdiffStrconv_${tag}.ParseInt(bpdiffOs_${tag}.Getenv("${PASS_ENV}"), 10, 64); return n }()`,
    `var bpdiffCount_${tag} int64`,
    `func bpdiffPass_${tag}() bool { return bpdiffAtomic_${tag}.AddInt64(&bpdiffCount_${tag}, 1) >= bpdiffFirst_${tag} }`,
    `func bpdiffPassed_${tag}() {}`,
    '',
  ].join('\n');
  const counted = Buffer.concat([
    source.subarray(0, plan.clause),
    Buffer.from(imports),
    source.subarray(plan.clause, plan.offset),
    Buffer.from(call),
    source.subarray(plan.offset),
    Buffer.from(helper),
  ]);
  // Named by the file, the line and the text: the overlay's path is among the build's inputs (buildOnce), so
  // runs that put the count at another line, or into another text, are not given this build.
  const sources = path.join(
    dir,
    `pass-overlay-${tag}-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`,
  );
  fs.mkdirSync(sources, { recursive: true });
  const countedFile = path.join(sources, path.basename(file));
  fs.writeFileSync(countedFile, counted);
  const overlay = path.join(sources, 'overlay.json');
  fs.writeFileSync(overlay, JSON.stringify({ Replace: { [file]: countedFile } }));
  return overlay;
}

/** Whether the built binary holds the count's call at the line (the linker keeps bpdiffPassed_T only where that code was built in). */
export async function holdsCount(
  go: string,
  program: string,
  file: string,
  line: number,
  cwd: string,
): Promise<boolean> {
  const nm = await execa(go, ['tool', 'nm', program], { cwd, reject: false, timeout: 60_000, stdin: 'ignore' });
  return nm.exitCode === 0 && nm.stdout.includes(`.bpdiffPassed_${passTag(file, line)}`);
}
