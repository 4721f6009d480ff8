// Where a Go program counts the passes to --hit N itself (adapters/go/pass-count.ts): the planner
// (bpdiff_passplan.go) takes only a statement of a block that starts its line and ends on it, and a
// build that leaves the line's file out holds no count (the run then lets dlv count). The runs
// themselves: hits-reached.test.ts ('go (go run)').
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, expect, it } from 'vitest';
import { holdsCount, planPasses, writeOverlay } from '../../adapters/go/pass-count.js';
import { ROOT, describeWithTool, onPath, runBpdiff } from './helpers.js';

const LOOP = path.join(ROOT, 'test/integration/fixtures-hits/go/main.go');
const EXCLUDED = path.join(ROOT, 'test/integration/fixtures-hits/go-excluded');
const TOOL = path.join(ROOT, 'adapters/go/bpdiff_passplan.go');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-go-pass-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const env = { ...process.env } as Record<string, string>;

describeWithTool('the Go program count of passes', 'go (apt-get install -y golang-go)', onPath('go'), () => {
  it.each([
    [21, 'acc += step'],
    [16, 'step := i'],
    [12, 'limit, _ := strconv.Atoi(os.Args[1])'],
  ])('line %i: before the statement that starts it', async (line, statement) => {
    const planned = await planPasses('go', TOOL, LOOP, line, env, scratch, scratch);
    expect(planned).toMatchObject({ package: 'main' });
    const offset = (planned as { offset: number }).offset;
    expect(fs.readFileSync(LOOP).subarray(offset).toString().startsWith(statement)).toBe(true);
  });

  it.each([
    [15, 'the statement on line 15 goes on to line 22'],
    [11, 'no statement of a block starts line 11'],
    [17, 'the statement on line 17 goes on to line 19'],
    [19, 'no statement of a block starts line 19'],
    [10, 'no statement of a block starts line 10'],
  ])('line %i: none (%s), so dlv counts', async (line, why) => {
    expect(await planPasses('go', TOOL, LOOP, line, env, scratch, scratch)).toEqual({ why });
  });

  it('two runs of one folder counting at two lines each get a build of their own', async () => {
    // One build for both would put the count at A's line only, and B's breakpoint would stop at pass 1.
    const folder = path.dirname(LOOP);
    const command = ['go', 'run', '.', '1200', '999999'];
    const run = await runBpdiff(
      [
        '--bp-a',
        'main.go:21',
        '--hit-a',
        '201',
        '--bp-b',
        'main.go:16',
        '--hit-b',
        '201',
        '--',
        ...command,
        '--',
        ...command,
      ],
      { cwd: folder },
    );
    expect(run.leftovers).toEqual([]);
    expect(run.doc, run.stderr).not.toBeNull();
    expect(run.doc!.run_a.variables).toMatchObject({ i: '200', step: '200', acc: String((200 * 199) / 2) });
    expect(run.doc!.run_b.variables).toMatchObject({ i: '200', acc: String((200 * 199) / 2) });
    expect(run.stderr.match(/building: go build .*-overlay=/g)).toHaveLength(2);
  });

  it('go test: the test binary counts too (one file replaced, none added: go vet reads added ones from the disk)', async () => {
    const folder = path.join(ROOT, 'examples/go/orders/v1');
    const command = ['go', 'test', './pricing'];
    const run = await runBpdiff(['--bp', 'pricing/pricing.go:35', '--hit', '2', '--', ...command, '--', ...command], {
      cwd: folder,
    });
    expect(run.leftovers).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(0);
    // Pass 1 is the "small" case's pen, pass 2 the "coupon" case's desk.
    expect(run.doc!.run_a.variables).toMatchObject({ i: '0', 'line.SKU': '"desk"' });
    expect(run.stderr).toMatch(/building: go test -c .*-overlay=/);
  });

  it('a file with line directives of its own (generated code) is left alone', async () => {
    const generated = path.join(scratch, 'generated.go');
    fs.writeFileSync(generated, 'package main\n\nfunc main() {\n//line grammar.y:10\n\tx := 1\n\t_ = x\n}\n');
    expect(await planPasses('go', TOOL, generated, 5, env, scratch, scratch)).toEqual({
      why: 'the file has line directives of its own',
    });
  });

  it('a build that leaves the file out holds no count; one that builds it in holds it', async () => {
    const build = async (file: string, line: number, name: string): Promise<string> => {
      const planned = await planPasses('go', TOOL, file, line, env, scratch, scratch);
      if ('why' in planned) throw new Error(planned.why);
      const overlay = writeOverlay(path.join(scratch, name), file, line, planned);
      const output = path.join(scratch, name, 'program');
      await execa('go', ['build', '-gcflags=all=-N -l', `-overlay=${overlay}`, '-o', output, '.'], { cwd: EXCLUDED });
      return output;
    };
    const left = path.join(EXCLUDED, 'other.go');
    expect(await holdsCount('go', await build(left, 6, 'left-out'), left, 6, EXCLUDED)).toBe(false);
    const built = path.join(EXCLUDED, 'main.go');
    const program = await build(built, 10, 'built-in');
    expect(await holdsCount('go', program, built, 10, EXCLUDED)).toBe(true);
    // The count changes nothing the program does: 0 + 1 + ... + 9, at any first pass.
    expect((await execa(program, [], { env: { BPDIFF_GO_PASS: '3' } })).stdout).toBe('45');
  });
});
