// Phase 1 harness: every Python program the integration tests and the examples stop in, captured by
// today's bpdiff (debugpy) and by bpdiff with the light adapter (light-adapter.json, through
// relay.mjs), and the two capture documents compared: status, location, variables, types, cuts,
// warnings, stop, exit code and output. Prints each case and what differs; exit 1 when any differs.
// Usage: node test/python-light/compare-adapters.mjs [FILTER...]   (after npm run build)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'dist/bin/bpdiff.cjs');
const LIGHT = path.join(ROOT, 'test/python-light/light-adapter.json');
const FIX = path.join(ROOT, 'test/fixtures/python');
const VALUES = path.join(ROOT, 'test/integration/fixtures-python-values');
const HITS = path.join(ROOT, 'test/integration/fixtures-hits');
const PRICING = path.join(ROOT, 'examples/python/pricing');
const INVOICE = path.join(ROOT, 'examples/python/invoice');
const LIGHT_FIXTURES = path.join(ROOT, 'test/python-light/fixtures');

const flow = (...args) => ['python3', 'flow.py', ...args];
const pytest = ['pytest', '-q', '-p', 'no:cacheprovider', 'test_calc.py'];
// Differences that are deliberate (the light adapter shows the program as plain Python runs it, and
// binds a breakpoint as the issue asks), by case: [name, cwd, breakpoint, options, command, reason].
const ARGV0 = 'debugpy runs the script through runpy with sys.argv[0] made absolute; plain Python keeps it as typed';
const FROZEN = "debugpy runs Python 3.11 with -X frozen_modules=off, so os reads <module 'os' from '...'> there, <module 'os' (frozen)> in plain Python";
const ALIAS = "debugpy's references are object ids: a dict reached by two names (rates and export['rates']) lists its children under one name only; the light adapter under each";
/** [name, cwd, breakpoint, options, command, deliberate difference?] */
const CASES = [
  ['pricing v1', path.join(PRICING, 'v1'), 'pricing.py:34', [], ['python3', 'pricing.py', '10']],
  ['pricing v1 condition', path.join(PRICING, 'v1'), 'pricing.py:34', ['--condition', 'item.qty > 3'], ['python3', 'pricing.py', '10']],
  ['pricing v2 condition', path.join(PRICING, 'v2'), 'pricing.py:34', ['--condition', 'item.qty > 3'], ['python3', 'pricing.py', '10']],
  ['pricing globals', path.join(PRICING, 'v1'), 'pricing.py:34', ['--scope', 'globals'], ['python3', 'pricing.py', '10']],
  ['invoice march', INVOICE, 'invoice.py:23', [], ['python3', 'invoice.py', 'inputs/march.json'], ALIAS],
  ['invoice april', INVOICE, 'invoice.py:23', [], ['python3', 'invoice.py', 'inputs/april.json'], ALIAS],
  ['flow', FIX, 'flow.py:19', [], flow()],
  ['flow quit', FIX, 'flow.py:19', [], flow('quit')],
  ['flow boom', FIX, 'flow.py:19', [], flow('boom')],
  ['flow noisy', FIX, 'flow.py:19', [], flow('noisy')],
  ['flow limit condition', FIX, 'flow.py:19', ['--condition', 'limit < i'], flow('limit')],
  ['flow condition syntax error', FIX, 'flow.py:19', ['--condition', 'total >'], flow()],
  ['flow condition name error', FIX, 'flow.py:19', ['--condition', 'nope > 1'], flow()],
  ['flow moved line', FIX, 'flow.py:20', [], flow(), 'a line without a statement binds to the next statement (issue 27); debugpy moves it back to the previous one'],
  ['flow hang timeout', FIX, 'flow.py:19', ['--timeout', '3'], flow('hang')],
  ['flow stdin', FIX, 'flow.py:19', ['--stdin', path.join(FIX, 'flow.py')], flow('stdin')],
  ['sets', VALUES, 'sets.py:13', [], ['python3', 'sets.py', 't2']],
  ['sets seed 1', VALUES, 'sets.py:13', ['--env', 'PYTHONHASHSEED=1'], ['python3', 'sets.py', 't2']],
  ['long 600', VALUES, 'long.py:7', ['--max-children', '600'], ['python3', 'long.py']],
  ['long default', VALUES, 'long.py:7', [], ['python3', 'long.py']],
  ['loop hit 3 watch', HITS, 'loop.py:8', ['--hit', '3', '--watch', 'acc * 2'], ['python3', 'loop.py', '10', '99']],
  ['loop watch error', HITS, 'loop.py:8', ['--watch', 'nope + 1'], ['python3', 'loop.py', '3', '5']],
  ['loop watch zero division', HITS, 'loop.py:8', ['--watch', '1 // (bump - 5)'], ['python3', 'loop.py', '10', '5']],
  ['pytest console script', FIX, 'calc.py:3', ['--condition', 'a > 1'], [...pytest, '-k', 'test_big']],
  ['python -m pytest', FIX, 'calc.py:3', ['--condition', 'a > 1'], ['python3', '-u', '-X', 'dev', '-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'test_calc.py', '-k', 'test_big']],
  ['die SIGSEGV', FIX, 'die.py:7', [], ['python3', 'die.py', 'SIGSEGV']],
  ['where', FIX, 'where.py:8', [], ['python3', 'where.py', 'x'], `${ARGV0}; ${FROZEN}`],
  ['stamped', FIX, 'stamped.py:14', ['--ignore', 'order.created_at', '--ignore', 'order.token'], ['python3', 'stamped.py', '3']],
  ['environ', FIX, 'environ.py:5', [], ['python3', 'environ.py'], FROZEN],
  ['start', FIX, 'start.py:18', [], ['python3', 'start.py']],
  ['start exit3', FIX, 'start.py:18', [], ['python3', 'start.py', 'exit3']],
  ['no such file', FIX, 'start.py:18', [], ['python3', 'no-such-file.py'], "Python itself cannot open the script: exit 2 and its message on stderr, as without bpdiff; debugpy's runpy raises FileNotFoundError"],
  ['rows', FIX, 'rows.py:9', [], ['python3', 'rows.py', '7']],
  ['vault', FIX, 'vault.py:21', [], ['python3', 'vault.py', '--password', 'hunter2', '--user', 'ann'], ARGV0],
  ['vault fail', FIX, 'vault.py:21', [], ['python3', 'vault.py', '--password', 'hunter2', '--user', 'ann', '--fail']],
];
if (fs.existsSync(LIGHT_FIXTURES)) {
  for (const file of fs.readdirSync(LIGHT_FIXTURES).filter((name) => name.endsWith('.py')).sort()) {
    const text = fs.readFileSync(path.join(LIGHT_FIXTURES, file), 'utf8');
    // A fixture names its cases: `# compare: LINE [ARGS...]` (a breakpoint line, the program's arguments).
    // `# compare: LINE [ARGS...] [# deliberate: REASON]`: a breakpoint line, the program's arguments.
    for (const match of text.matchAll(/^# compare: (\d+)([^#\n]*)(?:# deliberate: (.*))?$/gm)) {
      const args = match[2].trim() ? match[2].trim().split(/\s+/) : [];
      CASES.push([`${file}:${match[1]} ${args.join(' ')}`.trim(), LIGHT_FIXTURES, `${file}:${match[1]}`, [], ['python3', file, ...args], match[3]]);
    }
  }
}

const KEYS = ['breakpoint', 'run', 'resolved_file', 'stop', 'bound_line', 'no_break_reason', 'exit_code', 'output', 'types', 'truncated', 'normalised', 'unread', 'warnings', 'hits'];

function capture(cwd, bp, options, command, light) {
  const out = path.join(os.tmpdir(), `pylight-${process.pid}-${light ? 'b' : 'a'}.json`);
  fs.rmSync(out, { force: true });
  const args = [BIN, 'capture', '--quiet', ...(light ? ['--adapter-config', LIGHT] : []), '--bp', bp, ...options, '-o', out, '--', ...command];
  return new Promise((resolve) => {
    // One redaction key for both, so that the same secret is the same marker; the light adapter's
    // listing limit as bpdiff's (the relay cannot read bpdiff's options).
    const children = options.includes('--max-children') ? options[options.indexOf('--max-children') + 1] : '100';
    const env = { ...process.env, BPDIFF_REDACT_KEY: 'compare-adapters', BPDIFF_LIGHT_MAX_CHILDREN: children };
    execFile(process.execPath, args, { cwd, env, timeout: 120_000 }, (error, stdout, stderr) => {
      let doc = null;
      try {
        doc = JSON.parse(fs.readFileSync(out, 'utf8'));
      } catch {
        // no document: the error output says why
      }
      fs.rmSync(out, { force: true });
      resolve({ doc, stderr: stderr.trim(), code: error ? error.code : 0 });
    });
  });
}

function differences(a, b, prefix = '') {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) => differences(a[key], b[key], prefix ? `${prefix}.${key}` : key));
  }
  return [`${prefix}: debugpy ${JSON.stringify(a)?.slice(0, 300)} | light ${JSON.stringify(b)?.slice(0, 300)}`];
}

/** What differs by the adapter's doing only: its name in messages, debugpy's note in an exception stop. */
function withoutAdapterWords(doc, name) {
  let text = JSON.stringify(doc).replaceAll(name, 'ADAPTER');
  text = text.replace(/\s*\(note: full exception trace is shown but execution is paused at: [^)]*\)/g, '');
  return JSON.parse(text);
}

const filters = process.argv.slice(2);
let differing = 0;
let deliberate = 0;
let run = 0;
for (const [name, cwd, bp, options, command, reason] of CASES) {
  if (filters.length > 0 && !filters.some((filter) => name.includes(filter))) continue;
  run++;
  const [a, b] = await Promise.all([capture(cwd, bp, options, command, false), capture(cwd, bp, options, command, true)]);
  if (!a.doc || !b.doc) {
    const same = !a.doc && !b.doc && a.code === b.code;
    if (!same) differing++;
    console.log(`${same ? 'same' : 'DIFF'}  ${name}: no document (debugpy exit ${a.code}: ${a.stderr.split('\n').pop()} | light exit ${b.code}: ${b.stderr.split('\n').pop()})`);
    continue;
  }
  const pick = (doc) => withoutAdapterWords(Object.fromEntries(KEYS.map((key) => [key, doc[key]])), doc.adapter.name);
  const found = differences(pick(a.doc), pick(b.doc));
  const frames = differences(a.doc.frames, b.doc.frames);
  const verdict = found.length === 0 ? 'same' : reason ? 'DELIBERATE' : 'DIFF';
  if (verdict === 'DIFF') differing++;
  if (verdict === 'DELIBERATE') deliberate++;
  // debugpy runs a script through runpy: its _run_code and _run_module_as_main frames under <module>.
  console.log(`${verdict}  ${name}${frames.length ? ` (frames: debugpy ${a.doc.frames.length}, light ${b.doc.frames.length})` : ''}${verdict === 'DELIBERATE' ? `: ${reason}` : ''}`);
  for (const line of found) console.log(`      ${line}`);
}
console.log(`${run} cases: ${run - differing - deliberate} the same, ${deliberate} with a deliberate difference, ${differing} differ`);
process.exit(differing ? 1 : 0);
