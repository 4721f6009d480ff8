import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyNamedByCommand } from '../../../src/intake/breakpoint-lines.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-copy-named-'));
for (const file of ['old.py', 'new.py', 'notes.txt', 'v1/app.py', 'v2/app.py']) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), 'x = 1\n');
}
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const runA = (argv: string[], file: string) => ({
  argv,
  cwd: dir,
  breakpoint: { file, line: 1, path: path.join(dir, file) },
});

describe("B's copy named by its command", () => {
  it('is the file B names in the word where A names the breakpoint file', () => {
    expect(
      copyNamedByCommand(runA(['python3', 'old.py', '10'], 'old.py'), { argv: ['python3', 'new.py', '12'], cwd: dir }),
    ).toBe('new.py');
    expect(copyNamedByCommand(runA(['./old.py'], 'old.py'), { argv: ['./new.py'], cwd: dir })).toBe('./new.py');
    expect(
      copyNamedByCommand(runA(['python3', 'v1/app.py'], 'v1/app.py'), { argv: ['python3', 'v2/app.py'], cwd: dir }),
    ).toBe('v2/app.py');
  });

  it('is none where B runs A file from its own folder, names no file of that kind there, or A names no breakpoint file', () => {
    expect(
      copyNamedByCommand(runA(['python3', 'old.py'], 'old.py'), { argv: ['python3', 'old.py'], cwd: dir }),
    ).toBeNull();
    expect(
      copyNamedByCommand(runA(['python3', 'old.py'], 'old.py'), { argv: ['python3', 'notes.txt'], cwd: dir }),
    ).toBeNull();
    expect(
      copyNamedByCommand(runA(['python3', 'old.py'], 'old.py'), { argv: ['python3', 'gone.py'], cwd: dir }),
    ).toBeNull();
    expect(
      copyNamedByCommand(runA(['python3', 'old.py'], 'old.py'), { argv: ['python3', '-m', 'new'], cwd: dir }),
    ).toBeNull();
    expect(
      copyNamedByCommand(runA(['python3', 'old.py'], 'v1/app.py'), { argv: ['python3', 'new.py'], cwd: dir }),
    ).toBeNull();
  });
});
