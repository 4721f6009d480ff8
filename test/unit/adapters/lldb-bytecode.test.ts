// The folder of lldb's Python bytecode in bpdiff's cache (adapters/lldb/hooks.ts bytecodeFolder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bytecodeFolder } from '../../../adapters/lldb/hooks.js';

let tmp = '';
let adapter = '';

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-lldb-bytecode-'));
  adapter = path.join(tmp, 'lldb-dap');
  fs.writeFileSync(adapter, '#!/bin/sh\n', { mode: 0o755 });
});

afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('bytecodeFolder', () => {
  it('is a folder of the cache per adapter executable, written once the marker is there', () => {
    const env = { XDG_CACHE_HOME: path.join(tmp, 'cache') };
    const first = bytecodeFolder(adapter, {}, env)!;
    expect(path.dirname(first.folder)).toBe(path.join(tmp, 'cache/bpdiff/lldb-bytecode'));
    expect(fs.statSync(first.folder).isDirectory()).toBe(true);
    expect(first.written).toBe(false);
    fs.writeFileSync(path.join(first.folder, 'bpdiff-bytecode-written'), '3.11');
    expect(bytecodeFolder(adapter, {}, env)).toEqual({ folder: first.folder, written: true });
    // Another lldb (here: the same path, changed) gets a folder of its own.
    fs.appendFileSync(adapter, 'exit 0\n');
    expect(bytecodeFolder(adapter, {}, env)).toEqual({
      folder: expect.not.stringMatching(`^${first.folder}$`),
      written: false,
    });
  });

  it('is none when caching is off, the user has a PYTHONPYCACHEPREFIX, or the adapter is not there', () => {
    const cache = path.join(tmp, 'cache');
    expect(bytecodeFolder(adapter, {}, { XDG_CACHE_HOME: cache, BPDIFF_NO_CACHE: '1' })).toBeNull();
    expect(bytecodeFolder(adapter, { PYTHONPYCACHEPREFIX: '/somewhere' }, { XDG_CACHE_HOME: cache })).toBeNull();
    expect(bytecodeFolder(path.join(tmp, 'missing'), {}, { XDG_CACHE_HOME: cache })).toBeNull();
    // The run's --env does not move bpdiff's cache.
    const other = bytecodeFolder(adapter, { XDG_CACHE_HOME: cache }, { XDG_CACHE_HOME: path.join(tmp, 'other') })!;
    expect(other.folder.startsWith(path.join(tmp, 'other/bpdiff/lldb-bytecode/'))).toBe(true);
    expect(fs.existsSync(cache)).toBe(false);
  });
});
