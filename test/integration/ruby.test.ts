// bpdiff against rdbg (the debug gem of Debian's ruby), on examples/ruby/shipping: concrete values
// named as Ruby writes them, without rdbg's pseudo-children; the forms of a Ruby command (ruby -Ilib,
// rspec, rake, bundle exec); a run that never stops, a condition that cannot be evaluated; and no
// process left behind after any of them. 20 identical pairs side by side: bench/new-adapters.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRubyScript } from '../../adapters/ruby/hooks.js';
import { validateComparison } from '../../src/core/schemas.js';
import { EXAMPLES, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

const SHIPPING = path.join(EXAMPLES, 'ruby/shipping');
const QUOTE = 'lib/rates.rb:24'; // `quote`: after the quote is made
const TOTALS = 'shipping.rb:12'; // `puts`: every parcel quoted

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

function hints(run: BpdiffRun): string {
  return run.doc!.analysis_hints.join('\n');
}

/** v1 against v2, both `ruby -Ilib shipping.rb ...args`. */
function versions(bp: string, ...extra: string[]): string[] {
  return [
    '--bp',
    bp,
    '--cwd-a',
    path.join(SHIPPING, 'v1'),
    '--cwd-b',
    path.join(SHIPPING, 'v2'),
    ...extra,
    '--',
    'ruby',
    '-Ilib',
    'shipping.rb',
    '8',
    '--',
    'ruby',
    '-Ilib',
    'shipping.rb',
    '8',
  ];
}

describe('ruby hook: which files Ruby runs', () => {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-ruby-unit-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes a .rb file and a script whose shebang names ruby, not a shell script or a binary', () => {
    const write = (name: string, text: string): string => {
      fs.writeFileSync(path.join(dir, name), text, { mode: 0o755 });
      return path.join(dir, name);
    };
    expect(isRubyScript(write('x.rb', 'puts 1\n'))).toBe(true);
    expect(isRubyScript(write('rspec', '#!/usr/bin/env ruby\nrequire "rspec/core"\n'))).toBe(true);
    expect(isRubyScript(write('rake', '#!/usr/bin/ruby3.1\n'))).toBe(true);
    expect(isRubyScript(write('tool', '#!/bin/sh\nexec ruby x.rb\n'))).toBe(false);
    expect(isRubyScript(write('rubyish', '#!/bin/sh\n# rubyish\n'))).toBe(false);
    expect(isRubyScript(path.join(dir, 'missing'))).toBe(false);
  });
});

describeWithTool('ruby through rdbg', 'ruby with its debug gem (apt-get install -y ruby)', onPath('ruby'), () => {
  it('finds the change in a quote, with values as Ruby writes them and no pseudo-children', async () => {
    const run = await runBpdiff(versions(QUOTE, '--condition', 'parcel.id == "P-2"'));
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const doc = run.doc!;
    expect([doc.run_a.status, doc.run_b.status]).toEqual(['break', 'break']);
    expect(doc.diff.changed).toEqual({
      discount: { a: '7.2', b: '0.72' },
      'quote.@discount': { a: '7.2', b: '0.72' },
      'quote.@total': { a: '64.8', b: '71.28' },
    });
    const vars = doc.run_a.variables;
    expect(vars['parcel.id']).toBe('"P-2"');
    expect(vars['parcel.zone']).toBe(':europe');
    expect(vars['parcel.weight_kg']).toBe('8.0');
    // An array exactly as long as it is (rdbg pads a page to the count asked for).
    expect(Object.keys(vars).filter((name) => name.startsWith('parcel.tags['))).toEqual([
      'parcel.tags[0]',
      'parcel.tags[1]',
    ]);
    expect(vars['parcel.tags[1]']).toBe('"express"');
    expect(vars.self).toBe('Rates');
    expect(vars.quote).toBe('#<Quote:0x… @parcel=‹@parcel›, @base=‹@base›, @discount=‹@discount›, @total=‹@total›>');
    expect(Object.keys(vars).filter((name) => /#class|%ancestors|#length|#encoding|%self/.test(name))).toEqual([]);
    expect(run.stderr).toContain('starting rdbg');
  });

  it("answers on a connection with TCP_NODELAY: a step's answer and its stopped event are not held 40 ms apart", async () => {
    // rdbg's own end of bpdiff's connection, asked in the program where it stopped.
    const nodelay =
      'DEBUGGER__::SESSION.instance_variable_get(:@ui).instance_variable_get(:@sock).getsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY).bool';
    const run = await runBpdiff(versions(QUOTE, '--condition', 'parcel.id == "P-2"', '--watch', nodelay));
    expectClean(run);
    expect(run.doc!.run_a.variables[nodelay]).toBe('true');
    expect(run.doc!.run_b.variables[nodelay]).toBe('true');
  });

  it('names hash entries and instance variables in Ruby syntax, and compares two identical runs as equal', async () => {
    const run = await runBpdiff([
      '--bp',
      TOTALS,
      '--cwd',
      path.join(SHIPPING, 'v1'),
      '--',
      'ruby',
      '-Ilib',
      'shipping.rb',
      '--',
      'ruby',
      '-Ilib',
      'shipping.rb',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const vars = run.doc!.run_a.variables;
    expect(vars['totals[:count]']).toBe('3');
    expect(vars['totals[:sum]']).toBe('96.3');
    expect(vars['quotes[1].@total']).toBe('64.8');
    expect(vars['parcels[2].tags']).toBe('[]');
    expect(vars['parcels[1].tags[0]']).toBe('"bulk"');
    expect(Object.keys(vars).filter((name) => name.startsWith('quotes['))).toContain('quotes[2]');
    expect(Object.keys(vars).some((name) => name.startsWith('quotes[3]'))).toBe(false);
  });

  it('gives the program the run environment: --env-b changes what B computes', async () => {
    const args = [
      '--bp',
      TOTALS,
      '--cwd',
      path.join(SHIPPING, 'v1'),
      '--env-b',
      'HEAVY_KG=6',
      '--only',
      'totals*',
      '--',
      'ruby',
      '-Ilib',
      'shipping.rb',
      '--',
      'ruby',
      '-Ilib',
      'shipping.rb',
    ];
    const run = await runBpdiff(args);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.diff.changed['totals[:sum]']).toEqual({ a: '96.3', b: '80.1' });
  });

  it('reports a run that never reaches the line as not stopping (exit 1), with its exit status', async () => {
    const run = await runBpdiff(versions(QUOTE, '--condition', 'parcel.weight_kg > 100'));
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect([run.doc!.run_a.status, run.doc!.run_b.status]).toEqual(['no_break', 'no_break']);
    expect(hints(run)).toMatch(/A exited with code 0 without reaching lib\/rates\.rb:24/);
  });

  it('stops where a condition holds, and refuses one that raises in both runs (exit 2)', async () => {
    const holds = await runBpdiff(versions(QUOTE, '--condition', 'parcel.zone == :europe'));
    expectClean(holds);
    expect(holds.doc!.run_a.variables['parcel.id']).toBe('"P-2"');
    const broken = await runBpdiff(versions(QUOTE, '--condition', 'nosuch > 1'));
    expectClean(broken);
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toMatch(
      /the condition "nosuch > 1" cannot be evaluated in either run \(#<NameError: undefined local variable or method `nosuch'/,
    );
  });

  it('locate walks the code -Ilib and require load: the runs part in lib/rates.rb, where the discount is made', async () => {
    // rubygems' Kernel#require is Ruby code: the walk steps out of it, and rdbg's step out from its
    // return went on to the next return at that depth (Rates.quote_all's, step 2), every line before unseen.
    const run = await runBpdiff([
      'locate',
      '--every-line',
      '--cwd-a',
      path.join(SHIPPING, 'v1'),
      '--cwd-b',
      path.join(SHIPPING, 'v2'),
      '--',
      'ruby',
      '-I',
      'lib',
      'shipping.rb',
      '8',
      '--',
      'ruby',
      '-I',
      'lib',
      'shipping.rb',
      '8',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.breakpoint).toEqual({ file: 'lib/rates.rb', line: 23 });
    expect(run.doc!.diff.changed).toEqual({ discount: { a: '7.2', b: '0.72' } });
    expect(hints(run)).toMatch(
      /^the runs part ways at lib\/rates\.rb:23 in Rates\.quote\(\) \(2nd call, 2nd time on this line; step 22\): discount is 7\.2 in A and 0\.72 in B$/m,
    );
    expect(hints(run)).toContain('the step before, both runs were at lib/rates.rb:22');
  });

  it('debugs rspec and rake, whose commands start Ruby', async () => {
    const rspec = await runBpdiff([
      '--bp',
      QUOTE,
      '--cwd-a',
      path.join(SHIPPING, 'v1'),
      '--cwd-b',
      path.join(SHIPPING, 'v2'),
      '--',
      'rspec',
      '-Ilib',
      '--',
      'rspec',
      '-Ilib',
    ]);
    expectClean(rspec);
    expect(rspec.exitCode, rspec.stderr).toBe(1);
    expect(rspec.doc!.diff.changed['quote.@total']).toEqual({ a: '64.8', b: '71.28' });
    expect(rspec.doc!.run_a.variables['parcel.id']).toBe('"S-1"');
    const rake = await runBpdiff([
      '--bp',
      QUOTE,
      '--cwd-a',
      path.join(SHIPPING, 'v1'),
      '--cwd-b',
      path.join(SHIPPING, 'v2'),
      '--',
      'rake',
      'quote[8]',
      '--',
      'rake',
      'quote[8]',
    ]);
    expectClean(rake);
    expect(rake.exitCode, rake.stderr).toBe(1);
    expect(rake.doc!.diff.changed.discount).toEqual({ a: '7.2', b: '0.72' });
    expect(rake.doc!.run_a.variables['parcel.id']).toBe('"R-1"');
  });

  describeWithTool('under bundler', 'bundler (apt-get install -y bundler)', onPath('bundle'), () => {
    let project = '';
    beforeAll(async () => {
      project = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-ruby-bundle-'));
      fs.cpSync(path.join(SHIPPING, 'v1'), project, { recursive: true });
      // A bundle that does not name the debug gem: Bundler.setup hides it from the program.
      fs.writeFileSync(path.join(project, 'Gemfile'), "gem 'rake'\n");
      await execa('bundle', ['install', '--local', '--quiet'], { cwd: project, stdin: 'ignore' });
    }, 120_000);
    afterAll(() => {
      if (project) fs.rmSync(project, { recursive: true, force: true });
    });

    it('debugs bundle exec ruby (Bundler execs Ruby) and bundle exec rake (Bundler loads it)', async () => {
      const ruby = await runBpdiff([
        '--bp',
        QUOTE,
        '--condition',
        'parcel.id == "P-2"',
        '--cwd',
        project,
        '--',
        'bundle',
        'exec',
        'ruby',
        '-Ilib',
        'shipping.rb',
        '--',
        'bundle',
        'exec',
        'ruby',
        '-Ilib',
        'shipping.rb',
        '6',
      ]);
      expectClean(ruby);
      expect(ruby.exitCode, ruby.stderr).toBe(1);
      expect(ruby.doc!.diff.changed['parcel.weight_kg']).toEqual({ a: '8.0', b: '6.0' });
      const rake = await runBpdiff([
        '--bp',
        QUOTE,
        '--cwd',
        project,
        '--',
        'bundle',
        'exec',
        'rake',
        'quote[8]',
        '--',
        'bundle',
        'exec',
        'rake',
        'quote[8]',
      ]);
      expectClean(rake);
      expect(rake.exitCode, rake.stderr).toBe(0);
      expect(rake.doc!.run_a.variables['parcel.id']).toBe('"R-1"');
    });
  });
});
