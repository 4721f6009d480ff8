// The -o / --save-captures writer against real files in a temp folder: what each kind of target
// becomes, and that refused targets are left exactly as they were.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BpdiffError } from '../../../src/errors.js';
import { checkOutputTarget, inspectOutputTarget, writeOutputFile } from '../../../src/output/write-file.js';

const isRoot = process.getuid?.() === 0;
// In CI the root-only cases must run (and fail if the runner is not root), never silently skip.
const skipUnlessRoot = !isRoot && !process.env['CI'];

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-write-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const at = (name: string): string => path.join(tmp, name);

/** Files left in the temp folder other than those named: a leftover temporary file shows up here. */
function leftovers(...expected: string[]): string[] {
  return fs.readdirSync(tmp).filter((name) => !expected.includes(name));
}

function refusal(run: () => unknown): BpdiffError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BpdiffError);
    const bpdiffError = error as BpdiffError;
    expect(bpdiffError.code).toBe('BAD_OPTION');
    expect(bpdiffError.exitCode).toBe(2);
    expect(bpdiffError.message).not.toContain('\n');
    return bpdiffError;
  }
  throw new Error('expected a refusal');
}

describe('a regular file, or none: written atomically', () => {
  it('creates a missing file', () => {
    writeOutputFile(at('out.json'), '{"a":1}\n');
    expect(fs.readFileSync(at('out.json'), 'utf8')).toBe('{"a":1}\n');
    expect(leftovers('out.json')).toEqual([]);
  });

  it('replaces a file by rename (a new inode), keeping its mode 0640', () => {
    fs.writeFileSync(at('out.json'), 'old');
    fs.chmodSync(at('out.json'), 0o640);
    const before = fs.statSync(at('out.json'));
    writeOutputFile(at('out.json'), 'new');
    const after = fs.statSync(at('out.json'));
    expect(fs.readFileSync(at('out.json'), 'utf8')).toBe('new');
    expect(after.mode & 0o7777).toBe(0o640);
    expect(after.ino).not.toBe(before.ino);
    expect(leftovers('out.json')).toEqual([]);
  });

  it.skipIf(skipUnlessRoot)('keeps the owner and group when root (skipped: needs root, outside CI)', () => {
    fs.writeFileSync(at('out.json'), 'old');
    fs.chownSync(at('out.json'), 4321, 4322);
    fs.chmodSync(at('out.json'), 0o600);
    writeOutputFile(at('out.json'), 'new');
    const after = fs.statSync(at('out.json'));
    expect([after.uid, after.gid, after.mode & 0o7777]).toEqual([4321, 4322, 0o600]);
    expect(fs.readFileSync(at('out.json'), 'utf8')).toBe('new');
  });
});

describe('a symlink: followed, and the link stays a link', () => {
  it('to a file: the target gets the content', () => {
    fs.mkdirSync(at('real'));
    fs.writeFileSync(at('real/out.json'), 'old');
    fs.chmodSync(at('real/out.json'), 0o640);
    fs.symlinkSync('real/out.json', at('link.json'));
    writeOutputFile(at('link.json'), 'new');
    expect(fs.lstatSync(at('link.json')).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(at('link.json'))).toBe('real/out.json');
    expect(fs.readFileSync(at('real/out.json'), 'utf8')).toBe('new');
    expect(fs.statSync(at('real/out.json')).mode & 0o7777).toBe(0o640);
    expect(fs.readdirSync(at('real'))).toEqual(['out.json']);
  });

  it('through a chain of links, one relative to a linked folder', () => {
    fs.mkdirSync(at('real'));
    fs.writeFileSync(at('real/out.json'), 'old');
    fs.symlinkSync('real', at('dirlink'));
    fs.symlinkSync('out.json', at('real/inner'));
    fs.symlinkSync('dirlink/inner', at('outer'));
    writeOutputFile(at('outer'), 'new');
    expect(fs.readFileSync(at('real/out.json'), 'utf8')).toBe('new');
    expect(fs.lstatSync(at('outer')).isSymbolicLink()).toBe(true);
    expect(fs.lstatSync(at('real/inner')).isSymbolicLink()).toBe(true);
  });

  it('dangling: its target is created (its folder exists)', () => {
    fs.mkdirSync(at('real'));
    fs.symlinkSync('real/new.json', at('link.json'));
    writeOutputFile(at('link.json'), 'new');
    expect(fs.lstatSync(at('link.json')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(at('real/new.json'), 'utf8')).toBe('new');
  });

  it('dangling into a missing folder: refused, saying which folder', () => {
    fs.symlinkSync('nowhere/new.json', at('link.json'));
    const error = refusal(() => writeOutputFile(at('link.json'), 'new', { flag: '-o', file: 'link.json' }));
    expect(error.message).toBe(
      `cannot write -o link.json: the folder ${at('nowhere')} does not exist — create the folder, or choose another path for -o`,
    );
    expect(leftovers('link.json')).toEqual([]);
  });

  it('a loop: refused', () => {
    fs.symlinkSync('b', at('a'));
    fs.symlinkSync('a', at('b'));
    expect(refusal(() => writeOutputFile(at('a'), 'x', { flag: '-o', file: 'a' })).message).toMatch(
      /^cannot write -o a: it is a symlink loop — /,
    );
  });
});

describe('a character device or FIFO: written straight into', () => {
  it('a FIFO with a reader gets the bytes and stays a FIFO', async () => {
    execFileSync('mkfifo', [at('pipe')]);
    const reader = spawn('cat', [at('pipe')], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    reader.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => reader.on('close', resolve));
    expect(inspectOutputTarget(at('pipe')).kind).toBe('stream');
    writeOutputFile(at('pipe'), 'through the pipe\n');
    await closed;
    expect(Buffer.concat(chunks).toString('utf8')).toBe('through the pipe\n');
    expect(fs.lstatSync(at('pipe')).isFIFO()).toBe(true);
    expect(leftovers('pipe')).toEqual([]);
  });

  it('/dev/null through a symlink: stays a character device, the link stays a link', () => {
    fs.symlinkSync('/dev/null', at('null'));
    writeOutputFile(at('null'), 'discarded');
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(fs.lstatSync(at('null')).isSymbolicLink()).toBe(true);
    expect(leftovers('null')).toEqual([]);
  });

  it.skipIf(skipUnlessRoot)(
    'a character device of its own (mknod c 1 3), stays one (skipped: mknod needs root, outside CI)',
    () => {
      execFileSync('mknod', [at('nul'), 'c', '1', '3']);
      writeOutputFile(at('nul'), 'discarded');
      const stat = fs.lstatSync(at('nul'));
      expect(stat.isCharacterDevice()).toBe(true);
      expect(stat.rdev).toBe(fs.statSync('/dev/null').rdev);
      expect(leftovers('nul')).toEqual([]);
    },
  );

  it.skipIf(!fs.existsSync('/proc/self/fd'))(
    '/proc/self/fd/N on a file opened for appending (what -o /dev/stdout is after >> log): appended, same file',
    () => {
      fs.writeFileSync(at('log'), 'header\n');
      const before = fs.statSync(at('log'));
      const fd = fs.openSync(at('log'), 'a');
      try {
        writeOutputFile(`/proc/self/fd/${fd}`, 'result\n');
      } finally {
        fs.closeSync(fd);
      }
      expect(fs.readFileSync(at('log'), 'utf8')).toBe('header\nresult\n');
      expect(fs.statSync(at('log')).ino).toBe(before.ino);
      expect(leftovers('log')).toEqual([]);
    },
  );
});

describe('refused with one line, exit 2, and the target untouched', () => {
  it('a directory', () => {
    fs.mkdirSync(at('out'));
    fs.writeFileSync(at('out/keep'), 'kept');
    const error = refusal(() => writeOutputFile(at('out'), 'x', { flag: '-o', file: 'out' }));
    expect(error.message).toBe('cannot write -o out: it is a directory — give -o a file path, e.g. -o out/result.json');
    expect(fs.readdirSync(at('out'))).toEqual(['keep']);
    expect(leftovers('out')).toEqual([]);
  });

  it('a read-only (0444) file, even for root', () => {
    fs.writeFileSync(at('locked.json'), 'precious');
    fs.chmodSync(at('locked.json'), 0o444);
    const error = refusal(() => writeOutputFile(at('locked.json'), 'x', { flag: '-o', file: 'locked.json' }));
    expect(error.message).toBe(
      'cannot write -o locked.json: it is read-only (mode 0444) — bpdiff will not replace a file you protected: make it writable (chmod u+w locked.json), or choose another path for -o',
    );
    expect(fs.readFileSync(at('locked.json'), 'utf8')).toBe('precious');
    expect(fs.statSync(at('locked.json')).mode & 0o7777).toBe(0o444);
    expect(leftovers('locked.json')).toEqual([]);
  });

  it('a symlink to a read-only file names the target', () => {
    fs.writeFileSync(at('locked.json'), 'precious');
    fs.chmodSync(at('locked.json'), 0o444);
    fs.symlinkSync('locked.json', at('link.json'));
    expect(refusal(() => checkOutputTarget(at('link.json'), { flag: '-o', file: 'link.json' })).message).toMatch(
      new RegExp(
        `^cannot write -o link\\.json: its target ${at('locked.json').replace(/[.]/g, '\\.')} is read-only \\(mode 0444\\) — `,
      ),
    );
    expect(fs.readFileSync(at('locked.json'), 'utf8')).toBe('precious');
  });

  it('a socket', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(at('sock'), resolve));
    try {
      const error = refusal(() => writeOutputFile(at('sock'), 'x', { flag: '-o', file: 'sock' }));
      expect(error.message).toBe(
        'cannot write -o sock: it is a socket, which bpdiff cannot open — leave -o out to print the result on stdout, or choose a file for -o',
      );
      expect(fs.lstatSync(at('sock')).isSocket()).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a path through a file', () => {
    fs.writeFileSync(at('file'), 'kept');
    const error = refusal(() => writeOutputFile(at('file/out.json'), 'x', { flag: '-o', file: 'file/out.json' }));
    expect(error.message).toBe(
      `cannot write -o file/out.json: ${at('file')} is not a directory — check the path, or choose another path for -o`,
    );
    expect(fs.readFileSync(at('file'), 'utf8')).toBe('kept');
  });

  it('a missing folder', () => {
    const error = refusal(() => writeOutputFile(at('no/such/out.json'), 'x', { flag: '-o', file: 'no/such/out.json' }));
    expect(error.message).toBe(
      `cannot write -o no/such/out.json: the folder ${at('no/such')} does not exist — create the folder, or choose another path for -o`,
    );
    expect(leftovers()).toEqual([]);
  });

  it('a --save-captures file names the flag', () => {
    fs.mkdirSync(at('caps/capture-a.json'), { recursive: true });
    expect(
      refusal(() =>
        checkOutputTarget(at('caps/capture-a.json'), { flag: '--save-captures', file: 'caps/capture-a.json' }),
      ).message,
    ).toBe(
      'cannot write caps/capture-a.json (--save-captures): it is a directory — move it away, or give --save-captures another folder',
    );
  });
});
