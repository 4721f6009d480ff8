// The languages that need no adapter of their own: D through lldb-dap by its file ending, Perl through
// the definition shipped in examples/adapters/perl.json (no code: the command in `interpreter`, a
// condition probed at the first stop, Perl's names from child_names.templates), and `bpdiff doctor
// --adapter-config` on that definition and on broken ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { validateComparison } from '../../src/core/schemas.js';
import { BIN, EXAMPLES, ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

const PERL = path.join(EXAMPLES, 'adapters/perl');
const PERL_DEFINITION = path.join(EXAMPLES, 'adapters/perl.json');
const RETURN_TOTAL = 'tally.pl:15'; // `return $total;`

const lldbDefinition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(lldbDefinition.adapter.executables, ROOT);

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

describeWithTool(
  'd through lldb-dap, by its file ending',
  'lldb-dap and gdc',
  lldbDap !== null && onPath('gdc'),
  () => {
    let scratch = '';
    beforeAll(async () => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-d-test-'));
      fs.copyFileSync(path.join(ROOT, 'test/integration/fixtures-languages/stock.d'), path.join(scratch, 'stock.d'));
      await execa('gdc', ['-g', '-O0', '-o', 'stock', 'stock.d'], { cwd: scratch, stdin: 'ignore' });
    }, 120_000);
    afterAll(() => {
      if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
    });

    it('finds the change without --adapter, and compares identical runs as equal', async () => {
      const changed = await runBpdiff([
        '--bp',
        'stock.d:9',
        '--cwd',
        scratch,
        '--',
        './stock',
        'a',
        '--',
        './stock',
        'a',
        'b',
      ]);
      expectClean(changed);
      expect(changed.exitCode, changed.stderr).toBe(1);
      expect(changed.stderr).toContain('starting lldb-dap');
      expect(changed.doc!.diff.changed).toEqual({ sum: { a: '7', b: '8' } });
      expect(changed.doc!.run_a.variables.bonus).toBe('3');
      const same = await runBpdiff(['--bp', 'stock.d:9', '--cwd', scratch, '--', './stock', 'a', '--', './stock', 'a']);
      expectClean(same);
      expect(same.exitCode, same.stderr).toBe(0);
    });
  },
);

const perlInstalled = onPath('perl') && fs.existsSync('/usr/share/perl5/Perl/LanguageServer.pm');

describeWithTool(
  'perl through examples/adapters/perl.json',
  'Perl::LanguageServer (apt-get install -y libperl-languageserver-perl)',
  perlInstalled,
  () => {
    function versions(...extra: string[]): string[] {
      return [
        '--adapter-config',
        PERL_DEFINITION,
        '--bp',
        RETURN_TOTAL,
        '--cwd-a',
        path.join(PERL, 'v1'),
        '--cwd-b',
        path.join(PERL, 'v2'),
        ...extra,
        '--',
        'perl',
        'tally.pl',
        'tea:2',
        'mug:3',
        '--',
        'perl',
        'tally.pl',
        'tea:2',
        'mug:3',
      ];
    }

    it('finds the change at the line the condition picks (probed at the first stop), named as Perl writes them', async () => {
      const run = await runBpdiff(versions('--condition', '$item->{sku} eq "mug"'));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed).toEqual({
        $rate: { a: '0', b: '0.1' },
        $total: { a: '36.00', b: '32.40' },
        '@tags[1]': { a: "'single'", b: "'bulk'" },
      });
      const vars = run.doc!.run_a.variables;
      expect(vars['$item->{sku}']).toBe("'mug'");
      expect(vars['$item->{qty}']).toBe('3');
      expect(vars['%prices{pen}']).toBe('1.25');
      expect(vars['@tags[0]']).toBe("'mug'");
      expect(vars.$item).toBe('{qty=>‹qty›,sku=>‹sku›}');
    });

    it('runs the script itself as well as perl SCRIPT, and compares identical runs as equal', async () => {
      const run = await runBpdiff([
        '--adapter-config',
        PERL_DEFINITION,
        '--bp',
        RETURN_TOTAL,
        '--cwd',
        path.join(PERL, 'v1'),
        '--',
        './tally.pl',
        'tea:2',
        '--',
        'perl',
        'tally.pl',
        'tea:2',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.run_a.variables.$total).toBe('9.00');
    });

    it('reports a condition Perl cannot compile, which the adapter itself says nothing about (exit 2)', async () => {
      const run = await runBpdiff(versions('--condition', '$item->{qty} >'));
      expectClean(run);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain('the condition "$item->{qty} >" cannot be evaluated in either run');
    });

    it('is checked by bpdiff doctor --adapter-config: started and asked initialize', async () => {
      const ok = await execa(process.execPath, [BIN, 'doctor', '--adapter-config', PERL_DEFINITION], {
        reject: false,
        stdin: 'ignore',
      });
      expect(ok.exitCode, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`definition ok: ${PERL_DEFINITION} (adapter "perl", for .pl .pm .t)`);
      expect(ok.stdout).toMatch(
        /^ok {7}perl {2}Perl::LanguageServer \(version unknown\) \(\/\S+\/perl -MPerl::LanguageServer -e Perl::LanguageServer::run -- --port \$\{port\} --nostdio; answers initialize, conditional breakpoints\)$/m,
      );
    });
  },
);

describe('bpdiff doctor --adapter-config on broken definitions', () => {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-doctor-config-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a definition that breaks the schema in one line (exit 2), and says an adapter that does not start is missing (exit 1)', async () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(
      bad,
      JSON.stringify({ id: 'x', name: 'x', adapter: { transport: 'tcp', executables: ['x'] }, launch: {} }),
    );
    const refused = await execa(process.execPath, [BIN, 'doctor', '--adapter-config', bad], {
      reject: false,
      stdin: 'ignore',
    });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr.trim()).toBe(
      `bpdiff: ${bad}: "adapter.transport" must be one of stdio, server, debuggee-fd — see schema/adapter-definition.schema.json`,
    );
    const silent = path.join(dir, 'silent.json');
    fs.writeFileSync(
      silent,
      JSON.stringify({
        id: 'silent',
        name: 'silent adapter',
        install: 'nothing to install',
        adapter: { transport: 'stdio', executables: ['/bin/sh'], args: ['-c', 'echo no DAP here >&2; exit 4'] },
        launch: {},
      }),
    );
    const missing = await execa(process.execPath, [BIN, 'doctor', '--adapter-config', silent], {
      reject: false,
      stdin: 'ignore',
    });
    expect(missing.exitCode, missing.stderr).toBe(1);
    expect(missing.stdout).toMatch(
      /^missing {2}silent {2}silent adapter does not answer initialize: silent adapter closed the connection during 'initialize'.* — install: nothing to install$/m,
    );
  });
});
