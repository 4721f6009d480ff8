// Paths from the command line checked up front: what a path is, said instead of "does not exist".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BpdiffError } from '../../../src/errors.js';
import {
  readInputText,
  resolveCapturesDir,
  resolveInputFile,
  resolveOutputFile,
} from '../../../src/intake/input-files.js';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-input-'));
  fs.mkdirSync(path.join(tmp, 'somedir'));
  fs.writeFileSync(path.join(tmp, 'file'), 'text');
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BpdiffError);
    expect((error as BpdiffError).exitCode).toBe(2);
    return (error as BpdiffError).message;
  }
  throw new Error('expected an error');
}

describe('readInputText', () => {
  it.each<[string, string, string]>([
    ['a directory', 'somedir', 'run capture somedir is a directory, not a file — give the path of a file'],
    [
      'a path through a file',
      'file/x.json',
      'run capture file/x.json cannot exist: <tmp>/file is not a directory — check the path',
    ],
    ['a missing file', 'none.json', 'run capture none.json does not exist — check the path'],
  ])('%s', (_name, file, message) => {
    expect(messageOf(() => readInputText('run capture', file, tmp))).toBe(message.replace('<tmp>', tmp));
  });

  it('reads a file', () => {
    expect(readInputText('run capture', 'file', tmp)).toEqual({ text: 'text', invalidUtf8: 0 });
  });

  // /dev/zero never ends: bpdiff grew by gigabytes a minute (a FIFO: test/cli/hostile-files.test.ts, which may start mkfifo).
  it.each<[string, () => string, string]>([
    [
      'a symlink to /dev/zero',
      () => (fs.symlinkSync('/dev/zero', path.join(tmp, 'zero.json')), 'zero.json'),
      'run capture zero.json is not a regular file (it is a character device: /dev/zero) — give the path of a regular file',
    ],
    [
      'a device',
      () => '/dev/null',
      'run capture /dev/null is not a regular file (it is a character device) — give the path of a regular file',
    ],
  ])('%s: refused at once', (_name, make, message) => {
    expect(messageOf(() => readInputText('run capture', make(), tmp))).toBe(message);
  });

  it('a file over the limit: refused with its size and the flag that raises the limit', () => {
    fs.writeFileSync(path.join(tmp, 'big.json'), Buffer.alloc(3000, 0x20));
    expect(messageOf(() => readInputText('run capture', 'big.json', tmp, 2048))).toBe(
      "run capture big.json is 3.0 KB, over bpdiff's limit of 2.0 KB for a file it reads — raise the limit with --max-input-bytes N (max_input_bytes in bpdiff.config.json, the library and the MCP tools), or give a smaller file",
    );
    expect(readInputText('run capture', 'big.json', tmp, 3000).text).toHaveLength(3000);
  });

  it('invalid UTF-8 is counted, each sequence read as U+FFFD', () => {
    fs.writeFileSync(
      path.join(tmp, 'latin1.json'),
      Buffer.from([0x22, 0x63, 0x61, 0x66, 0xe9, 0x22, 0xff, 0xef, 0xbf, 0xbd]),
    );
    // "caf<E9>" <FF> and a U+FFFD the file holds as UTF-8 (EF BF BD), which is no replacement.
    expect(readInputText('run capture', 'latin1.json', tmp)).toEqual({
      text: '"caf\uFFFD"\uFFFD\uFFFD',
      invalidUtf8: 2,
    });
  });
});

describe('resolveInputFile (--stdin-a, --adapter-config ...)', () => {
  it.each<[string, string, string]>([
    ['a directory', 'somedir', '--stdin-a somedir is a directory, not a file — give the path of a file'],
    [
      'a device',
      '/dev/null',
      '--stdin-a /dev/null is not a regular file (it is a character device) — give the path of a regular file',
    ],
    [
      'a path through a file',
      'file/in.txt',
      '--stdin-a file/in.txt cannot exist: <tmp>/file is not a directory — check the path',
    ],
    ['a missing file', 'none.txt', '--stdin-a none.txt does not exist — check the path given to --stdin-a'],
  ])('%s', (_name, file, message) => {
    expect(messageOf(() => resolveInputFile('stdin-a', file, tmp))).toBe(message.replace('<tmp>', tmp));
  });

  it('a file: made absolute', () => {
    expect(resolveInputFile('stdin-a', 'file', tmp)).toBe(path.join(tmp, 'file'));
  });
});

describe('resolveOutputFile', () => {
  it('null stays null; a new file is made absolute; a directory is refused', () => {
    expect(resolveOutputFile(null, tmp)).toBeNull();
    expect(resolveOutputFile('out.json', tmp)).toBe(path.join(tmp, 'out.json'));
    expect(messageOf(() => resolveOutputFile('somedir', tmp))).toMatch(
      /^cannot write -o somedir: it is a directory — /,
    );
    expect(fs.readdirSync(tmp).sort()).toEqual(['file', 'somedir']);
  });
});

describe('resolveCapturesDir', () => {
  it('an existing folder, or a new one in an existing folder', () => {
    expect(resolveCapturesDir('somedir', tmp)).toBe(path.join(tmp, 'somedir'));
    expect(resolveCapturesDir('new', tmp)).toBe(path.join(tmp, 'new'));
    expect(fs.existsSync(path.join(tmp, 'new'))).toBe(false);
  });

  it.each<[string, string, () => void, string]>([
    [
      'a file',
      'file',
      () => {},
      '--save-captures file is not a folder — give --save-captures a folder (it is created when missing)',
    ],
    [
      'under a file',
      'file/caps',
      () => {},
      'cannot create --save-captures file/caps: <tmp>/file is not a directory — check the path, or choose another folder',
    ],
    [
      'under a missing folder',
      'no/caps',
      () => {},
      'cannot create --save-captures no/caps: the folder <tmp>/no does not exist — create it or choose another folder',
    ],
    [
      'holding a read-only capture-b.json',
      'somedir',
      () => {
        fs.writeFileSync(path.join(tmp, 'somedir/capture-b.json'), 'kept');
        fs.chmodSync(path.join(tmp, 'somedir/capture-b.json'), 0o444);
      },
      'cannot write somedir/capture-b.json (--save-captures): it is read-only (mode 0444) — bpdiff will not replace a file you protected: make it writable (chmod u+w somedir/capture-b.json), or give --save-captures another folder',
    ],
  ])('%s: refused', (_name, dir, setUp, message) => {
    setUp();
    expect(messageOf(() => resolveCapturesDir(dir, tmp))).toBe(message.replaceAll('<tmp>', tmp));
  });
});
