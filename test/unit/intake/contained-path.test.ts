// A path a repository names (a check's baseline, the baselines folder) is read and written only at a
// real path inside the repository (issue 34): links, `..` and a file on the way are refused in one
// line, before anything is written; a write is a temporary file renamed over the name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContained, containmentRoot, writeContained } from '../../../src/intake/contained-path.js';

let root: string;
let outside: string;
const name = { what: 'the baseline of check "line"', shown: '.bpdiff/baselines/line.json' };

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-contained-')));
  outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-outside-')));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

const at = (...parts: string[]): string => path.join(root, ...parts);

describe('checkContained and writeContained', () => {
  it('writes a new file, its folders made, and replaces it keeping its mode; no temporary file is left', () => {
    writeContained(at('.bpdiff/baselines/line.json'), 'one\n', root, name);
    expect(fs.readFileSync(at('.bpdiff/baselines/line.json'), 'utf8')).toBe('one\n');
    fs.chmodSync(at('.bpdiff/baselines/line.json'), 0o640);
    writeContained(at('.bpdiff/baselines/line.json'), 'two\n', root, name);
    expect(fs.readFileSync(at('.bpdiff/baselines/line.json'), 'utf8')).toBe('two\n');
    expect(fs.statSync(at('.bpdiff/baselines/line.json')).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(at('.bpdiff/baselines'))).toEqual(['line.json']);
  });

  it('refuses a dangling link, a link to an outside file, a linked folder and a path out of the root, writing nothing', () => {
    fs.mkdirSync(at('.bpdiff/baselines'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'created.json'), at('.bpdiff/baselines/line.json'));
    expect(() => writeContained(at('.bpdiff/baselines/line.json'), 'x', root, name)).toThrow(
      `the baseline of check "line", .bpdiff/baselines/line.json, is a symlink (to ${path.join(outside, 'created.json')}): bpdiff writes and reads baselines only at a real path inside ${root} — replace the link with the file itself, or remove it to record the baseline again`,
    );
    fs.writeFileSync(path.join(outside, 'kept.json'), 'kept');
    fs.rmSync(at('.bpdiff/baselines/line.json'));
    fs.symlinkSync(path.join(outside, 'kept.json'), at('.bpdiff/baselines/line.json'));
    expect(() => checkContained(at('.bpdiff/baselines/line.json'), root, name, 'file')).toThrow(
      /is a symlink \(to .*kept\.json\)/,
    );
    expect(() => writeContained(at('.bpdiff/baselines/line.json'), 'x', root, name)).toThrow(/is a symlink/);
    fs.rmSync(at('.bpdiff'), { recursive: true });
    fs.symlinkSync(outside, at('.bpdiff'));
    expect(() => writeContained(at('.bpdiff/baselines/line.json'), 'x', root, name)).toThrow(
      `the baseline of check "line", .bpdiff/baselines/line.json, is reached through the symlink ${at('.bpdiff')} (to ${outside}): bpdiff writes and reads baselines only at a real path inside ${root} — make it a real folder in the repository, or remove the link`,
    );
    expect(() =>
      writeContained(path.join(root, '../escape.json'), 'x', root, {
        what: 'the baseline of check "esc"',
        shown: '../escape.json',
      }),
    ).toThrow(`the baseline of check "esc", ../escape.json, is outside ${root}`);
    expect(fs.readdirSync(outside).sort()).toEqual(['kept.json']);
    expect(fs.readFileSync(path.join(outside, 'kept.json'), 'utf8')).toBe('kept');
  });

  it('a file on the way, a folder as the baseline, a read-only baseline: said, with what to do', () => {
    fs.writeFileSync(at('notes.txt'), '');
    expect(() => writeContained(at('notes.txt/line.json'), 'x', root, name)).toThrow(
      `the baseline of check "line", .bpdiff/baselines/line.json, cannot be written: ${at('notes.txt')} is not a folder`,
    );
    fs.mkdirSync(at('dir.json'));
    expect(() => checkContained(at('dir.json'), root, name, 'file')).toThrow(/, is a directory — move it away/);
    fs.writeFileSync(at('line.json'), 'old', { mode: 0o444 });
    expect(() => writeContained(at('line.json'), 'x', root, name)).toThrow(
      /^cannot write the baseline of check "line", \.bpdiff\/baselines\/line\.json: it is read-only — bpdiff will not replace a file you protected: make it writable \(chmod u\+w \.bpdiff\/baselines\/line\.json\) to re-record it$/,
    );
    expect(fs.readFileSync(at('line.json'), 'utf8')).toBe('old');
  });

  // Root writes into any folder: only another user can see the folder refuse.
  it.skipIf(process.getuid?.() === 0)(
    'a folder that is not writable: the check\'s baseline named, and what to do (it said "cannot write -o FILE")',
    () => {
      fs.mkdirSync(at('.bpdiff'), { mode: 0o555 });
      try {
        expect(() => writeContained(at('.bpdiff/baselines/line.json'), 'x', root, name)).toThrow(
          new RegExp(
            `^cannot write the baseline of check "line", \\.bpdiff/baselines/line\\.json: the folder ${at('.bpdiff')} is not writable \\(EACCES.*\\) — make the folder writable \\(bpdiff writes a temporary file there, then renames it\\); to compare without recording a baseline, run bpdiff check --ci$`,
          ),
        );
      } finally {
        fs.chmodSync(at('.bpdiff'), 0o755);
      }
    },
  );

  it("the root: the repository holding the config, else the config's folder", () => {
    fs.mkdirSync(at('sub'));
    expect(containmentRoot(at('sub/bpdiff.config.json'))).toBe(at('sub'));
    fs.mkdirSync(at('.git'));
    expect(containmentRoot(at('sub/bpdiff.config.json'))).toBe(root);
  });
});
