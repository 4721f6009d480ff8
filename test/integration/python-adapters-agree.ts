// The cases on which bpdiff's two Python adapters must agree (python-adapters-agree.test.ts): every
// program the Python tests and examples stop in, and the value fixtures of adapters/python/test, with
// the deliberate differences named: where the Python adapter shows the program as plain Python runs
// it, or binds a line as issue 27 asks, and debugpy does otherwise.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES, ROOT } from './helpers.js';

export interface AgreeCase {
  name: string;
  cwd: string;
  bp: string;
  options: string[];
  command: string[];
  /** The deliberate difference, when the two documents differ by design. */
  deliberate?: string;
}

const FIX = path.join(ROOT, 'test/fixtures/python');
const VALUES = path.join(ROOT, 'test/integration/fixtures-python-values');
const HITS = path.join(ROOT, 'test/integration/fixtures-hits');
const PRICING = path.join(EXAMPLES, 'python/pricing');
const INVOICE = path.join(EXAMPLES, 'python/invoice');
export const ADAPTER_FIXTURES = path.join(ROOT, 'adapters/python/test/fixtures');

export const ARGV0 =
  'debugpy runs a script through runpy with sys.argv[0] made absolute; plain Python keeps it as typed';
export const FROZEN =
  "debugpy runs Python 3.11+ with -X frozen_modules=off: a module reads <module 'os' from '...'> there, <module 'os' (frozen)> in plain Python";
export const ALIAS =
  "debugpy's references are object ids: a dict reached by two names (rates and export['rates']) lists its children under one of them only; the Python adapter under each";
export const MOVED =
  'a line without a statement binds to the next statement (issue 27); debugpy moves it back to the previous one';

const flow = (...args: string[]): string[] => ['python3', 'flow.py', ...args];
const pytest = ['pytest', '-q', '-p', 'no:cacheprovider', 'test_calc.py'];

export function agreeCases(): AgreeCase[] {
  const cases: AgreeCase[] = [
    {
      name: 'pricing v1',
      cwd: path.join(PRICING, 'v1'),
      bp: 'pricing.py:34',
      options: [],
      command: ['python3', 'pricing.py', '10'],
    },
    {
      name: 'pricing v1, a condition',
      cwd: path.join(PRICING, 'v1'),
      bp: 'pricing.py:34',
      options: ['--condition', 'item.qty > 3'],
      command: ['python3', 'pricing.py', '10'],
    },
    {
      name: 'pricing v2, a condition',
      cwd: path.join(PRICING, 'v2'),
      bp: 'pricing.py:34',
      options: ['--condition', 'item.qty > 3'],
      command: ['python3', 'pricing.py', '10'],
    },
    {
      name: 'pricing, --scope globals',
      cwd: path.join(PRICING, 'v1'),
      bp: 'pricing.py:34',
      options: ['--scope', 'globals'],
      command: ['python3', 'pricing.py', '10'],
    },
    {
      name: 'invoice march',
      cwd: INVOICE,
      bp: 'invoice.py:23',
      options: [],
      command: ['python3', 'invoice.py', 'inputs/march.json'],
      deliberate: ALIAS,
    },
    { name: 'flow', cwd: FIX, bp: 'flow.py:19', options: [], command: flow() },
    { name: 'flow quits before the breakpoint', cwd: FIX, bp: 'flow.py:19', options: [], command: flow('quit') },
    { name: 'flow raises', cwd: FIX, bp: 'flow.py:19', options: [], command: flow('boom') },
    { name: 'flow prints much', cwd: FIX, bp: 'flow.py:19', options: [], command: flow('noisy') },
    {
      name: 'flow, a condition on a limit',
      cwd: FIX,
      bp: 'flow.py:19',
      options: ['--condition', 'limit < i'],
      command: flow('limit'),
    },
    {
      name: 'flow, a line without a statement',
      cwd: FIX,
      bp: 'flow.py:20',
      options: [],
      command: flow(),
      deliberate: MOVED,
    },
    {
      name: 'flow never stops (--timeout)',
      cwd: FIX,
      bp: 'flow.py:19',
      options: ['--timeout', '3'],
      command: flow('hang'),
    },
    {
      name: 'flow reads --stdin',
      cwd: FIX,
      bp: 'flow.py:19',
      options: ['--stdin', path.join(FIX, 'flow.py')],
      command: flow('stdin'),
    },
    { name: 'sets', cwd: VALUES, bp: 'sets.py:13', options: [], command: ['python3', 'sets.py', 't2'] },
    {
      name: 'sets under another hash seed',
      cwd: VALUES,
      bp: 'sets.py:13',
      options: ['--env', 'PYTHONHASHSEED=1'],
      command: ['python3', 'sets.py', 't2'],
    },
    {
      name: 'long containers, --max-children 600',
      cwd: VALUES,
      bp: 'long.py:7',
      options: ['--max-children', '600'],
      command: ['python3', 'long.py'],
    },
    { name: 'long containers', cwd: VALUES, bp: 'long.py:7', options: [], command: ['python3', 'long.py'] },
    {
      name: 'loop, --hit 3 --watch',
      cwd: HITS,
      bp: 'loop.py:8',
      options: ['--hit', '3', '--watch', 'acc * 2'],
      command: ['python3', 'loop.py', '10', '99'],
    },
    {
      name: 'loop, a watch that fails',
      cwd: HITS,
      bp: 'loop.py:8',
      options: ['--watch', 'nope + 1'],
      command: ['python3', 'loop.py', '3', '5'],
    },
    {
      name: 'loop, a watch that divides by zero',
      cwd: HITS,
      bp: 'loop.py:8',
      options: ['--watch', '1 // (bump - 5)'],
      command: ['python3', 'loop.py', '10', '5'],
    },
    {
      name: 'pytest (a console script)',
      cwd: FIX,
      bp: 'calc.py:3',
      options: ['--condition', 'a > 1'],
      command: [...pytest, '-k', 'test_big'],
    },
    {
      name: 'python -m pytest',
      cwd: FIX,
      bp: 'calc.py:3',
      options: ['--condition', 'a > 1'],
      command: [
        'python3',
        '-u',
        '-X',
        'dev',
        '-m',
        'pytest',
        '-q',
        '-p',
        'no:cacheprovider',
        'test_calc.py',
        '-k',
        'test_big',
      ],
    },
    { name: 'killed by SIGSEGV', cwd: FIX, bp: 'die.py:7', options: [], command: ['python3', 'die.py', 'SIGSEGV'] },
    {
      name: 'paths',
      cwd: FIX,
      bp: 'where.py:8',
      options: [],
      command: ['python3', 'where.py', 'x'],
      deliberate: `${ARGV0}; ${FROZEN}`,
    },
    {
      name: 'run-dependent values',
      cwd: FIX,
      bp: 'stamped.py:14',
      options: ['--ignore', 'order.created_at', '--ignore', 'order.token'],
      command: ['python3', 'stamped.py', '3'],
    },
    {
      name: 'environment',
      cwd: FIX,
      bp: 'environ.py:5',
      options: [],
      command: ['python3', 'environ.py'],
      deliberate: FROZEN,
    },
    { name: 'start', cwd: FIX, bp: 'start.py:18', options: [], command: ['python3', 'start.py'] },
    {
      name: 'exits 3 before the breakpoint',
      cwd: FIX,
      bp: 'start.py:18',
      options: [],
      command: ['python3', 'start.py', 'exit3'],
    },
    {
      name: 'a script that does not exist',
      cwd: FIX,
      bp: 'start.py:18',
      options: [],
      command: ['python3', 'no-such-file.py'],
      deliberate:
        "Python itself cannot open the script: exit 2 and its own message, as without bpdiff; debugpy's runpy raises FileNotFoundError",
    },
    { name: '500 rows', cwd: FIX, bp: 'rows.py:9', options: [], command: ['python3', 'rows.py', '7'] },
    {
      name: 'secrets',
      cwd: FIX,
      bp: 'vault.py:21',
      options: [],
      command: ['python3', 'vault.py', '--password', 'hunter2', '--user', 'ann'],
      deliberate: ARGV0,
    },
    {
      name: 'secrets, then a failure',
      cwd: FIX,
      bp: 'vault.py:21',
      options: [],
      command: ['python3', 'vault.py', '--password', 'hunter2', '--user', 'ann', '--fail'],
    },
  ];
  if (hasNumpy()) {
    // A numpy scalar's flags raise on one attribute: its traceback text differs by design (attribute-errors.py).
    cases.push({
      name: 'numpy arrays',
      cwd: ADAPTER_FIXTURES,
      bp: 'numpy_values.py:11',
      options: ['--ignore', '*._warn_on_write'],
      command: ['python3', 'numpy_values.py'],
    });
  }
  for (const file of fs
    .readdirSync(ADAPTER_FIXTURES)
    .filter((name) => name.endsWith('.py'))
    .sort()) {
    const text = fs.readFileSync(path.join(ADAPTER_FIXTURES, file), 'utf8');
    // `# compare: LINE [ARGS...] [# deliberate: REASON]`: a breakpoint line, the program's arguments.
    for (const match of text.matchAll(/^# compare: (\d+)([^#\n]*)(?:# deliberate: (.*))?$/gm)) {
      const args = match[2]!.trim() ? match[2]!.trim().split(/\s+/) : [];
      cases.push({
        name: `${file}:${match[1]} ${args.join(' ')}`.trim(),
        cwd: ADAPTER_FIXTURES,
        bp: `${file}:${match[1]}`,
        options: [],
        command: ['python3', file, ...args],
        ...(match[3] ? { deliberate: match[3] } : {}),
      });
    }
  }
  return cases;
}

function hasNumpy(): boolean {
  try {
    execFileSync('python3', ['-c', 'import numpy'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** The parts of a capture the two adapters must agree on (frames apart: debugpy's runpy frames under <module>). */
const COMPARED = [
  'breakpoint',
  'run',
  'resolved_file',
  'stop',
  'bound_line',
  'no_break_reason',
  'exit_code',
  'output',
  'types',
  'truncated',
  'normalised',
  'unread',
  'warnings',
  'hits',
] as const;

/** A capture without what only says which adapter made it: its name in messages, debugpy's note in an exception's text. */
export function comparable(capture: Record<string, unknown>): Record<string, unknown> {
  const name = (capture.adapter as { name: string }).name;
  const picked = Object.fromEntries(COMPARED.map((key) => [key, capture[key]]));
  const text = JSON.stringify(picked)
    .replaceAll(name, 'ADAPTER')
    .replace(/\s*\(note: full exception trace is shown but execution is paused at: [^)]*\)/g, '');
  return JSON.parse(text) as Record<string, unknown>;
}

/** Where two values differ, one line each (`run.variables.x: a | b`). */
export function differences(a: unknown, b: unknown, prefix = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) =>
      differences(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        prefix ? `${prefix}.${key}` : key,
      ),
    );
  }
  return [`${prefix}: debugpy ${JSON.stringify(a)?.slice(0, 200)} | python ${JSON.stringify(b)?.slice(0, 200)}`];
}
