// -o at every kind of target, through the BUILT bin on `bpdiff diff` (no debugger, so fast): files
// and pipes are written, nothing else is replaced, and a refusal is one line and exit 2 before any
// work. Like cli.test.ts, this rebuilds dist/ when it is missing or older than src/.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execa, type Result } from 'execa';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BIN, ensureBuiltBin, expectRefusal } from '../support/built-bin.js';
import {
  expectValidComparison,
  makeCapture,
  PRICING_TYPES,
  PRICING_V1,
  PRICING_V2,
} from '../unit/fixtures/captures.js';

let captures: string;
let tmp: string;

beforeAll(async () => {
  await ensureBuiltBin();
  captures = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-captures-'));
  const write = (name: string, value: unknown): void =>
    fs.writeFileSync(path.join(captures, name), JSON.stringify(value, null, 2));
  write('v1.json', makeCapture({ variables: PRICING_V1, types: PRICING_TYPES, resolvedFile: null }));
  write('v1-again.json', makeCapture({ side: 'b', variables: PRICING_V1, types: PRICING_TYPES, resolvedFile: null }));
  write('v2.json', makeCapture({ side: 'b', variables: PRICING_V2, types: PRICING_TYPES, resolvedFile: null }));
}, 180_000);
afterAll(() => fs.rmSync(captures, { recursive: true, force: true }));

// Each test gets an empty folder of its own, so "nothing was created" is a listing.
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-out-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const at = (name: string): string => path.join(tmp, name);

/** `bpdiff diff v1 v2 -o target` (different: exit 1), or v1 v1-again with `same` (exit 0); run in tmp. */
function diffTo(target: string, options: { same?: boolean; args?: string[] } = {}): Promise<Result> {
  const b = options.same ? 'v1-again.json' : 'v2.json';
  return execa(
    'node',
    [BIN, 'diff', path.join(captures, 'v1.json'), path.join(captures, b), '-o', target, ...(options.args ?? [])],
    {
      cwd: tmp,
      reject: false,
      env: { NO_COLOR: '' },
      stdin: 'ignore',
    },
  );
}

function expectComparison(text: string): void {
  expect(text.endsWith('}\n')).toBe(true);
  expectValidComparison(JSON.parse(text));
}

describe('-o writes', () => {
  it('a new file: created (exit 1, different), stdout empty', async () => {
    const result = await diffTo('out.json');
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([1, '', '']);
    expectComparison(fs.readFileSync(at('out.json'), 'utf8'));
    expect(fs.readdirSync(tmp)).toEqual(['out.json']);
  });

  it('an existing 0640 file: replaced (exit 0, same), mode kept, no temporary file left', async () => {
    fs.writeFileSync(at('out.json'), 'old');
    fs.chmodSync(at('out.json'), 0o640);
    const result = await diffTo('out.json', { same: true });
    expect(result.exitCode).toBe(0);
    expectComparison(fs.readFileSync(at('out.json'), 'utf8'));
    expect(fs.statSync(at('out.json')).mode & 0o7777).toBe(0o640);
    expect(fs.readdirSync(tmp)).toEqual(['out.json']);
  });

  it('a symlink to a file: the link stays, the file gets the result', async () => {
    fs.mkdirSync(at('real'));
    fs.writeFileSync(at('real/out.json'), 'old');
    fs.symlinkSync('real/out.json', at('link.json'));
    const result = await diffTo('link.json');
    expect(result.exitCode).toBe(1);
    expect(fs.lstatSync(at('link.json')).isSymbolicLink()).toBe(true);
    expectComparison(fs.readFileSync(at('real/out.json'), 'utf8'));
    expect(fs.readdirSync(at('real'))).toEqual(['out.json']);
  });

  it('a dangling symlink: its target is created, the link stays', async () => {
    fs.mkdirSync(at('real'));
    fs.symlinkSync('real/new.json', at('link.json'));
    const result = await diffTo('link.json');
    expect(result.exitCode).toBe(1);
    expect(fs.lstatSync(at('link.json')).isSymbolicLink()).toBe(true);
    expectComparison(fs.readFileSync(at('real/new.json'), 'utf8'));
  });

  it('/dev/null, and a symlink to it: stays a character device', async () => {
    const direct = await diffTo('/dev/null');
    expect([direct.exitCode, direct.stdout, direct.stderr]).toEqual([1, '', '']);
    fs.symlinkSync('/dev/null', at('null'));
    const linked = await diffTo('null', { same: true });
    expect([linked.exitCode, linked.stdout, linked.stderr]).toEqual([0, '', '']);
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(fs.lstatSync(at('null')).isSymbolicLink()).toBe(true);
    expect(fs.readdirSync(tmp)).toEqual(['null']);
  });

  it('a FIFO with a reader: the reader gets the document, the FIFO stays a FIFO', async () => {
    execFileSync('mkfifo', [at('pipe')]);
    const reader = spawn('cat', [at('pipe')], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    reader.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => reader.on('close', resolve));
    const result = await diffTo('pipe');
    await closed;
    expect(result.exitCode).toBe(1);
    expectComparison(Buffer.concat(chunks).toString('utf8'));
    expect(fs.lstatSync(at('pipe')).isFIFO()).toBe(true);
    expect(fs.readdirSync(tmp)).toEqual(['pipe']);
  });

  it.skipIf(!fs.existsSync('/proc/self/fd'))(
    '-o /dev/stdout with stdout appending to a file (>> log): appended, the file kept',
    async () => {
      fs.writeFileSync(at('log'), 'header\n');
      const inode = fs.statSync(at('log')).ino;
      // The bin's own fd 1 on the file, as a shell's `>> log` gives it (execa would put a pipe between).
      const fd = fs.openSync(at('log'), 'a');
      const child = spawn(
        'node',
        [BIN, 'diff', path.join(captures, 'v1.json'), path.join(captures, 'v2.json'), '-o', '/dev/stdout'],
        { cwd: tmp, stdio: ['ignore', fd, 'inherit'] },
      );
      fs.closeSync(fd);
      const exitCode = await new Promise((resolve) => child.on('close', resolve));
      expect(exitCode).toBe(1);
      const log = fs.readFileSync(at('log'), 'utf8');
      expect(log.startsWith('header\n{')).toBe(true);
      expectComparison(log.slice('header\n'.length));
      expect(fs.statSync(at('log')).ino).toBe(inode);
      expect(fs.readdirSync(tmp)).toEqual(['log']);
    },
  );
});

describe('-o refuses, one line and exit 2, and destroys nothing', () => {
  it('a directory', async () => {
    fs.mkdirSync(at('out'));
    expectRefusal(
      await diffTo('out'),
      /^bpdiff: cannot write -o out: it is a directory — give -o a file path, e.g. -o out\/result\.json$/,
    );
    expect(fs.readdirSync(at('out'))).toEqual([]);
    expect(fs.readdirSync(tmp)).toEqual(['out']);
  });

  it('a read-only (0444) file: its content untouched', async () => {
    fs.writeFileSync(at('locked.json'), 'precious');
    fs.chmodSync(at('locked.json'), 0o444);
    expectRefusal(
      await diffTo('locked.json'),
      /^bpdiff: cannot write -o locked\.json: it is read-only \(mode 0444\) — .*chmod u\+w locked\.json/,
    );
    expect(fs.readFileSync(at('locked.json'), 'utf8')).toBe('precious');
    expect(fs.statSync(at('locked.json')).mode & 0o7777).toBe(0o444);
    expect(fs.readdirSync(tmp)).toEqual(['locked.json']);
  });

  it('a symlink to a read-only file: the link and the file untouched', async () => {
    fs.writeFileSync(at('locked.json'), 'precious');
    fs.chmodSync(at('locked.json'), 0o444);
    fs.symlinkSync('locked.json', at('link.json'));
    expectRefusal(
      await diffTo('link.json'),
      /^bpdiff: cannot write -o link\.json: its target .*locked\.json is read-only \(mode 0444\) — /,
    );
    expect(fs.lstatSync(at('link.json')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(at('locked.json'), 'utf8')).toBe('precious');
  });

  it('a socket', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(at('sock'), resolve));
    try {
      expectRefusal(
        await diffTo('sock'),
        /^bpdiff: cannot write -o sock: it is a socket, which bpdiff cannot open — leave -o out to print the result on stdout/,
      );
      expect(fs.lstatSync(at('sock')).isSocket()).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a path through a file', async () => {
    fs.writeFileSync(at('file'), 'kept');
    expectRefusal(
      await diffTo('file/out.json'),
      /^bpdiff: cannot write -o file\/out\.json: .*\/file is not a directory — /,
    );
    expect(fs.readFileSync(at('file'), 'utf8')).toBe('kept');
  });

  it('a missing folder', async () => {
    expectRefusal(
      await diffTo('no/out.json'),
      /^bpdiff: cannot write -o no\/out\.json: the folder .*\/no does not exist — /,
    );
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('before any run starts: a live comparison with -o a directory exits 2 at once', async () => {
    fs.mkdirSync(at('out'));
    fs.writeFileSync(at('x.py'), 'x = 1\n');
    const result = await execa(
      'node',
      [BIN, '--bp', 'x.py:1', '-o', 'out', '--', 'python3', 'x.py', '--', 'python3', 'x.py'],
      {
        cwd: tmp,
        reject: false,
        env: { NO_COLOR: '' },
        stdin: 'ignore',
      },
    );
    expectRefusal(result, /^bpdiff: cannot write -o out: it is a directory — /);
  });
});

describe('a file argument that is not a file says what it is', () => {
  const bpdiff = (args: string[]): Promise<Result> =>
    execa('node', [BIN, ...args], { cwd: tmp, reject: false, env: { NO_COLOR: '' }, stdin: 'ignore' });

  it('bpdiff diff DIR FILE: "is a directory"', async () => {
    fs.mkdirSync(at('somedir'));
    expectRefusal(
      await bpdiff(['diff', 'somedir', path.join(captures, 'v1.json')]),
      /^bpdiff: run capture somedir is a directory, not a file — /,
    );
  });

  it('bpdiff diff FILE/x FILE: the file in the way is named', async () => {
    fs.writeFileSync(at('file'), 'kept');
    expectRefusal(
      await bpdiff(['diff', path.join(captures, 'v1.json'), 'file/x.json']),
      /^bpdiff: run capture file\/x\.json cannot exist: .*\/file is not a directory — /,
    );
  });

  // These two need resolve-runs.ts to use read-input's resolveInputFile (the lead's file).
  it.each([['--stdin-a'], ['--adapter-config']])('%s DIR: "is a directory"', async (flag) => {
    fs.mkdirSync(at('somedir'));
    fs.writeFileSync(at('x.py'), 'x = 1\n');
    const result = await bpdiff(['--bp', 'x.py:1', flag, 'somedir', '--', 'python3', 'x.py', '--', 'python3', 'x.py']);
    expectRefusal(result, new RegExp(`^bpdiff: ${flag} somedir is a directory, not a file — `));
  });

  // Needs resolve-runs.ts to use read-input's resolveCapturesDir (the lead's file).
  it('--save-captures DIR holding a directory named capture-a.json: refused up front', async () => {
    fs.mkdirSync(at('caps/capture-a.json'), { recursive: true });
    fs.writeFileSync(at('x.py'), 'x = 1\n');
    // A missing adapter and a short timeout keep this quick should the check ever come too late.
    const result = await bpdiff([
      '--bp',
      'x.py:1',
      '--save-captures',
      'caps',
      '--adapter-path',
      at('no-adapter'),
      '--timeout',
      '5',
      '--',
      'python3',
      'x.py',
      '--',
      'python3',
      'x.py',
    ]);
    expectRefusal(result, /^bpdiff: cannot write caps\/capture-a\.json \(--save-captures\): it is a directory — /);
  });
});
