// `bpdiff doctor` with the BUILT bin, on this machine's own adapters (CI installs all of them).
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { beforeAll, expect, it } from 'vitest';
import { findVersioned } from '../../src/adapters/find-executable.js';
import { BIN, ROOT, ensureBuiltBin } from '../support/built-bin.js';
import { cpuCountKind, describeWithTool, onPath } from '../integration/helpers.js';

const everyAdapterInstalled =
  fs.existsSync('/usr/lib/python3/dist-packages/debugpy') &&
  onPath('dlv') &&
  (onPath('lldb-dap') || findVersioned('lldb-dap').length > 0) &&
  onPath('javac') &&
  onPath('ruby') &&
  onPath('gdb') &&
  onPath('cdtDebugAdapter');

beforeAll(async () => {
  await ensureBuiltBin();
}, 180_000);

describeWithTool(
  'bpdiff doctor',
  'every debug adapter (debugpy, lldb-dap, dlv, ruby, gdb and cdt-gdb-adapter)',
  everyAdapterInstalled,
  () => {
    it('exits 0 and lists each built-in adapter with its version and where it is', async () => {
      const result = await execa(process.execPath, [BIN, 'doctor'], { cwd: ROOT, reject: false, stdin: 'ignore' });
      expect(result.stderr).toBe('');
      expect(result.exitCode, result.stderr).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(8);
      expect(lines[0]).toMatch(
        /^ok {7}debugpy {2}debugpy \d+\.\d+\.\d+\S* \(python3 \d+\.\d+\.\d+: \/\S+; adapter: \/\S+ (-m debugpy\.adapter|\/\S+\/debugpy\/adapter)\)$/,
      );
      // gdb and lldb-dap count --hit N's passes with the CPU or the kernel where this machine lets them.
      const kind = cpuCountKind();
      const counted =
        kind === 'uprobe'
          ? '; --hit N counted by the kernel \\(a uprobe\\)'
          : kind === 'breakpoint'
            ? '; --hit N counted by the CPU \\(a hardware breakpoint\\)'
            : '; --hit N counted by the debugger, a stop a pass: .+';
      expect(lines[1]).toMatch(
        new RegExp(
          `^ok {7}gdb {6}cdt-gdb-adapter \\d+\\.\\d+\\.\\d+ \\(gdb \\d+\\.\\d+\\S*\\) \\(/\\S+/cdtDebugAdapter${counted}\\)$`,
        ),
      );
      expect(lines[2]).toMatch(/^ok {7}go {7}dlv \d+\.\d+\.\d+\S* \(\/\S+\/dlv dap --listen=127\.0\.0\.1:0\)$/);
      // The Java adapter ships with bpdiff (built by javac): bpdiff's version, the JDK's java and its version.
      expect(lines[3]).toMatch(
        new RegExp(
          `^ok {7}java {5}bpdiff-java-adapter ${readVersion().replaceAll('.', '\\.')} \\(java \\d+(\\.\\d+)*: /\\S+/java; adapter: /\\S+/java .* -jar ${path.join(ROOT, 'dist/adapters/java/bpdiff-java-adapter.jar')}\\)$`,
        ),
      );
      expect(lines[4]).toMatch(
        new RegExp(`^ok {7}lldb {5}lldb-dap \\d+\\.\\d+\\.\\d+\\S* \\(/\\S+/lldb-dap(-[\\d.]+)?${counted}\\)$`),
      );
      expect(lines[5]).toBe(
        `ok       node     bpdiff-node-adapter ${readVersion()} (${process.execPath} ${path.join(ROOT, 'dist/adapters/node/main.mjs')})`,
      );
      // bpdiff's own Python adapter: bpdiff's version, the interpreter that would run it, and the script that starts it there.
      expect(lines[6]).toMatch(
        new RegExp(
          `^ok {7}python {3}bpdiff-python-adapter ${readVersion().replaceAll('.', '\\.')} \\(python3 \\d+\\.\\d+\\.\\d+: \\/\\S+; adapter: \\/\\S+ ${path.join(ROOT, 'adapters/python/sitecustomize.py').replaceAll('/', '\\/').replaceAll('.', '\\.')}\\)$`,
        ),
      );
      expect(lines[7]).toMatch(
        /^ok {7}ruby {5}rdbg \d+\.\d+\.\d+\S* \(ruby \d+\.\d+\.\d+: \/\S+\/ruby; adapter: \/\S+ -e nil\)$/,
      );
    });
  },
);

function readVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
