// The cases of the identical pairs (identical-pairs-*.test.ts): every command form and breakpoint the examples' READMEs give
// (examples/*/README.md), one row per version or input, and the test fixtures of values once read
// wrongly on real code (issue 22: a Rust &&str, C++ strings of every width, nested dataclasses and a
// dict filled from a set under two hash seeds; issue 33: lambdas in a dict, a thread, Go's named
// results, and lambdas and threads in Java, Ruby and Node; a root under test/). Each row is run against itself;
// each example with two versions also names the variable its README says differs.

/** The adapter a case needs; one describe block per toolset. */
export type Toolset = 'python' | 'c' | 'rust' | 'go' | 'node' | 'java' | 'ruby' | 'gdb' | 'perl';

/**
 * What must exist before a case runs, done once per folder (the example's own, or each copy):
 * `make` in the example's root, `cargo build` in the case's folder, `tsc -p` in the root, or a Go
 * binary built with optimisations off, or the breakpoint's C++ file built with `c++ -g -O0` (either
 * named in the command as `{binary}`).
 */
export type Prepare = 'make' | 'cargo-build' | 'go-build' | 'tsc' | 'c++';

export interface PairCase {
  /** Example and version or input, as the test names it. */
  name: string;
  toolset: Toolset;
  /** The folder under examples/ copied whole for the two-checkouts run. */
  root: string;
  /** Working directory of both runs, relative to root. */
  cwd: string;
  bp: string;
  condition?: string;
  command: string[];
  /** A file under root fed to both runs' stdin. */
  stdin?: string;
  prepare?: Prepare;
  /** bpdiff's options that choose the adapter (`--adapter gdb`, `--adapter-config {root}/FILE`: `{root}` is run A's root). */
  adapter?: string[];
  /** Other options of bpdiff (`--env-a PYTHONHASHSEED=1`: what differs between two runs of one program). */
  options?: string[];
}

export interface SeededCase {
  name: string;
  toolset: Toolset;
  root: string;
  cwdA: string;
  cwdB: string;
  bp: string;
  condition?: string;
  commandA: string[];
  commandB: string[];
  stdin?: string;
  prepare?: Prepare;
  adapter?: string[];
  options?: string[];
  /** The variable the README says differs, and its value in A and B. */
  variable: string;
  a: string;
  b: string;
  /**
   * The test (FILE > NAME) that runs this very comparison (the same versions, breakpoint, options and
   * adapter) and asserts this change among others: the suite runs it there, not twice.
   */
  provenBy?: string;
}

const PRICING_PY = {
  toolset: 'python',
  root: 'python/pricing',
  bp: 'pricing.py:34',
  condition: 'item.qty > 3',
  command: ['python3', 'pricing.py', '10'],
} as const;
const INVOICE_PY = { toolset: 'python', root: 'python/invoice', cwd: '.', bp: 'invoice.py:23' } as const;
const INVENTORY_C = {
  toolset: 'c',
  root: 'c',
  bp: 'inventory.c:52',
  condition: '(int)strcmp(line->sku, "mug-l") == 0',
  prepare: 'make',
} as const;
const ROSTER_RS = { toolset: 'rust', root: 'rust', bp: 'src/main.rs:35' } as const;
const ORDERS_GO = { toolset: 'go', root: 'go/orders', bp: 'pricing/pricing.go:49' } as const;
const BULK_GO = { toolset: 'go', root: 'go/orders', bp: 'pricing/pricing.go:36', condition: 'i == 1' } as const;
const TEST_GO = {
  toolset: 'go',
  root: 'go/orders',
  bp: 'pricing/pricing.go:49',
  condition: 'order.ID == "T-2"',
  command: ['go', 'test', './pricing', '-run', 'TestPrice'],
} as const;
const EDGE_GO = { toolset: 'go', root: 'go/edge-cases', cwd: '.', bp: 'main.go:78' } as const;
const CART_JS = { toolset: 'node', root: 'node/cart-cjs', bp: 'cart.js:31', command: ['node', 'checkout.js'] } as const;
const ORDERS_MJS = { toolset: 'node', root: 'node/orders-esm', cwd: '.', bp: 'shipping.mjs:12' } as const;
const INVOICE_TSX = { toolset: 'node', root: 'typescript/tsx-invoice', cwd: '.', bp: 'src/invoice.ts:35' } as const;
const INVENTORY_TSC = {
  toolset: 'node',
  root: 'typescript/tsc-inventory',
  cwd: '.',
  bp: 'src/stock.ts:37',
  condition: "sku.toLowerCase() === 'pen-01'",
  prepare: 'tsc',
} as const;

const PRICING_JAVA = {
  toolset: 'java',
  root: 'java/pricing',
  bp: 'Pricing.java:33',
  condition: 'item.qty() > 3',
  command: ['java', 'Pricing.java', '10'],
} as const;
const CATALOG_JAVA = { toolset: 'java', root: 'java/catalog', cwd: '.', bp: 'Catalog.java:58' } as const;
const INVENTORY_JAVA = {
  toolset: 'java',
  root: 'java/inventory',
  cwd: '.',
  bp: 'src/main/java/shop/Stock.java:23',
} as const;
const SHIPPING_RB = {
  toolset: 'ruby',
  root: 'ruby/shipping',
  bp: 'lib/rates.rb:24',
  condition: 'parcel.id == "P-2"',
} as const;
const TOTALS_RB = { toolset: 'ruby', root: 'ruby/shipping', bp: 'shipping.rb:12' } as const;
const STATIONS_F90 = { toolset: 'gdb', root: 'fortran', bp: 'stations.f90:29', prepare: 'make' } as const;
const LABELS_CPP = {
  toolset: 'gdb',
  root: 'cpp',
  bp: 'labels.cpp:20',
  prepare: 'make',
  adapter: ['--adapter', 'gdb'],
} as const;
/** `{root}` is the example's root in the run's checkout: each copy uses its own definition. */
// Issue 22's fixtures: lldb once read a &&str's data past its length (two checkouts of different path
// lengths differed), a std::u16string as a type and an address (a change was exit 0); a dict filled
// from a set differs in order under two hash seeds.
const STRS_RS = {
  toolset: 'rust',
  root: 'test/integration/fixtures-native/rust-strs',
  cwd: '.',
  bp: 'src/main.rs:23',
  prepare: 'cargo-build',
} as const;
const STRINGS_CPP = {
  toolset: 'c',
  root: 'test/integration/fixtures-native',
  cwd: '.',
  bp: 'strings16.cpp:25',
  prepare: 'c++',
} as const;
const NESTED_PY = {
  toolset: 'python',
  root: 'test/integration/fixtures-python-values',
  cwd: '.',
  bp: 'nested.py:43',
} as const;
// A false change once: a list of default reprs cut at --max-value-length inside an address's last digits.
const OBJECTS_PY = {
  toolset: 'python',
  root: 'test/integration/fixtures-python-values',
  cwd: '.',
  bp: 'objects.py:14',
} as const;
const HASH_SEEDS = ['--env-a', 'PYTHONHASHSEED=1', '--env-b', 'PYTHONHASHSEED=2'];
// Issue 33's false alarms: a dict of lambdas (pydevd's cut of a repr holding <lambda> kept part of the
// address) and a thread (its repr and ids hold its ident); a Go function's named results at its first
// line, where they hold whatever the stack held.
const FUNCTIONS_PY = {
  toolset: 'python',
  root: 'test/integration/fixtures-python-values',
  cwd: '.',
  bp: 'functions.py:21',
} as const;
const NAMED_GO = { toolset: 'go', root: 'test/integration/fixtures-go-named', cwd: '.', bp: 'main.go:11' } as const;
// The same shapes on the other adapters (fixtures-functions): Java's lambdas in maps of one entry and more,
// in a list and a record, their default toString in a text (the hidden class's address) and a thread;
// Ruby's hash of lambdas and procs and two threads, one asleep (rdbg's stop made it sleep or
// sleep_forever); Node's object and Map of arrow functions and a worker thread.
const FUNCTIONS = { root: 'test/integration/fixtures-functions', cwd: '.' } as const;

const TALLY_PL = {
  toolset: 'perl',
  root: 'adapters',
  bp: 'tally.pl:15',
  adapter: ['--adapter-config', '{root}/perl.json'],
} as const;

const inventory = (version: string): string[] => [`../build/${version}/inventory`, 'tea:4', 'mug-l:3', 'mug-s:2'];
const stations = (version: string): string[] => [`../build/${version}/stations`, 'week 12', '12'];

export const PAIRS: PairCase[] = [
  { name: 'python/pricing v1', ...PRICING_PY, command: [...PRICING_PY.command], cwd: 'v1' },
  { name: 'python/pricing v2', ...PRICING_PY, command: [...PRICING_PY.command], cwd: 'v2' },
  { name: 'python/invoice march', ...INVOICE_PY, command: ['python3', 'invoice.py', 'inputs/march.json'] },
  { name: 'python/invoice april', ...INVOICE_PY, command: ['python3', 'invoice.py', 'inputs/april.json'] },

  { name: 'c v1', ...INVENTORY_C, cwd: 'v1', command: inventory('v1') },
  { name: 'c v2', ...INVENTORY_C, cwd: 'v2', command: inventory('v2') },

  { name: 'rust v1 cargo run < owls.txt', ...ROSTER_RS, cwd: 'v1', command: ['cargo', 'run'], stdin: 'owls.txt' },
  { name: 'rust v2 cargo run < owls.txt', ...ROSTER_RS, cwd: 'v2', command: ['cargo', 'run'], stdin: 'owls.txt' },
  {
    name: 'rust v1 cargo run -q \\-- ../owls.txt',
    ...ROSTER_RS,
    cwd: 'v1',
    command: ['cargo', 'run', '-q', '\\--', '../owls.txt'],
  },
  {
    name: 'rust v2 cargo run -q \\-- ../owls.txt',
    ...ROSTER_RS,
    cwd: 'v2',
    command: ['cargo', 'run', '-q', '\\--', '../owls.txt'],
  },
  {
    name: 'rust v1 ./target/debug/roster',
    ...ROSTER_RS,
    cwd: 'v1',
    command: ['./target/debug/roster', '../owls.txt'],
    prepare: 'cargo-build',
  },
  {
    name: 'rust v2 ./target/debug/roster',
    ...ROSTER_RS,
    cwd: 'v2',
    command: ['./target/debug/roster', '../owls.txt'],
    prepare: 'cargo-build',
  },

  { name: 'go/orders v1 go run .', ...ORDERS_GO, cwd: 'v1', command: ['go', 'run', '.'] },
  { name: 'go/orders v2 go run .', ...ORDERS_GO, cwd: 'v2', command: ['go', 'run', '.'] },
  { name: 'go/orders v1 go run ./cmd/bulk 3', ...BULK_GO, cwd: 'v1', command: ['go', 'run', './cmd/bulk', '3'] },
  { name: 'go/orders v1 go run ./cmd/bulk 4', ...BULK_GO, cwd: 'v1', command: ['go', 'run', './cmd/bulk', '4'] },
  { name: 'go/orders v2 go run ./cmd/bulk 3', ...BULK_GO, cwd: 'v2', command: ['go', 'run', './cmd/bulk', '3'] },
  { name: 'go/orders v2 go run ./cmd/bulk 4', ...BULK_GO, cwd: 'v2', command: ['go', 'run', './cmd/bulk', '4'] },
  { name: 'go/orders v1 go test', ...TEST_GO, command: [...TEST_GO.command], cwd: 'v1' },
  { name: 'go/orders v2 go test', ...TEST_GO, command: [...TEST_GO.command], cwd: 'v2' },
  { name: 'go/orders v1 built binary', ...ORDERS_GO, cwd: 'v1', command: ['{binary}'], prepare: 'go-build' },
  { name: 'go/orders v2 built binary', ...ORDERS_GO, cwd: 'v2', command: ['{binary}'], prepare: 'go-build' },
  { name: 'go/edge-cases go run .', ...EDGE_GO, command: ['go', 'run', '.'] },
  { name: 'go/edge-cases go run . stdin', ...EDGE_GO, command: ['go', 'run', '.', 'stdin'], stdin: 'readings.txt' },

  { name: 'node/cart-cjs v1', ...CART_JS, command: [...CART_JS.command], cwd: 'v1' },
  { name: 'node/cart-cjs v2', ...CART_JS, command: [...CART_JS.command], cwd: 'v2' },
  { name: 'node/orders-esm week1', ...ORDERS_MJS, command: ['node', 'orders.mjs', 'week1.json'] },
  { name: 'node/orders-esm week2', ...ORDERS_MJS, command: ['node', 'orders.mjs', 'week2.json'] },
  { name: 'typescript/tsx-invoice 8', ...INVOICE_TSX, command: ['npx', 'tsx', 'src/main.ts', '8'] },
  { name: 'typescript/tsx-invoice 7.5', ...INVOICE_TSX, command: ['npx', 'tsx', 'src/main.ts', '7.5'] },
  {
    name: 'typescript/tsc-inventory monday',
    ...INVENTORY_TSC,
    command: ['node', '--enable-source-maps', 'dist/main.js', 'data/monday.json'],
  },
  {
    name: 'typescript/tsc-inventory tuesday',
    ...INVENTORY_TSC,
    command: ['node', '--enable-source-maps', 'dist/main.js', 'data/tuesday.json'],
  },

  { name: 'java/pricing v1', ...PRICING_JAVA, command: [...PRICING_JAVA.command], cwd: 'v1' },
  { name: 'java/pricing v2', ...PRICING_JAVA, command: [...PRICING_JAVA.command], cwd: 'v2' },
  { name: 'java/catalog 2', ...CATALOG_JAVA, command: ['java', 'Catalog.java', '2'] },
  { name: 'java/catalog 3', ...CATALOG_JAVA, command: ['java', 'Catalog.java', '3'] },
  { name: 'java/inventory monday', ...INVENTORY_JAVA, command: ['./run.sh', 'data/monday.csv'] },
  { name: 'java/inventory tuesday', ...INVENTORY_JAVA, command: ['./run.sh', 'data/tuesday.csv'] },

  { name: 'ruby/shipping v1 ruby -Ilib', ...SHIPPING_RB, cwd: 'v1', command: ['ruby', '-Ilib', 'shipping.rb', '8'] },
  { name: 'ruby/shipping v2 ruby -Ilib', ...SHIPPING_RB, cwd: 'v2', command: ['ruby', '-Ilib', 'shipping.rb', '8'] },
  { name: 'ruby/shipping v1 totals', ...TOTALS_RB, cwd: 'v1', command: ['ruby', '-Ilib', 'shipping.rb'] },
  { name: 'ruby/shipping v1 rspec', ...SHIPPING_RB, condition: undefined, cwd: 'v1', command: ['rspec', '-Ilib'] },
  { name: 'ruby/shipping v2 rake', ...SHIPPING_RB, condition: undefined, cwd: 'v2', command: ['rake', 'quote[8]'] },

  { name: 'fortran v1', ...STATIONS_F90, cwd: 'v1', command: stations('v1') },
  { name: 'fortran v2', ...STATIONS_F90, cwd: 'v2', command: stations('v2') },
  {
    name: 'cpp v1 --adapter gdb',
    ...LABELS_CPP,
    adapter: [...LABELS_CPP.adapter],
    cwd: 'v1',
    command: ['../build/v1/labels', 'fr'],
  },
  {
    name: 'cpp v2 --adapter gdb',
    ...LABELS_CPP,
    adapter: [...LABELS_CPP.adapter],
    cwd: 'v2',
    command: ['../build/v2/labels', 'fr'],
  },

  {
    name: 'adapters/perl v1 perl tally.pl',
    ...TALLY_PL,
    adapter: [...TALLY_PL.adapter],
    cwd: 'perl/v1',
    command: ['perl', 'tally.pl', 'tea:2', 'mug:3'],
  },
  {
    name: 'adapters/perl v2 ./tally.pl',
    ...TALLY_PL,
    adapter: [...TALLY_PL.adapter],
    cwd: 'perl/v2',
    command: ['./tally.pl', 'tea:2', 'mug:3'],
  },

  { name: 'fixtures rust-strs &&str', ...STRS_RS, command: ['./target/debug/strs'] },
  { name: 'fixtures strings16.cpp wide strings', ...STRINGS_CPP, command: ['{binary}'] },
  { name: 'fixtures nested.py dataclasses', ...NESTED_PY, command: ['python3', 'nested.py', '1'] },
  {
    name: 'fixtures nested.py two hash seeds',
    ...NESTED_PY,
    command: ['python3', 'nested.py', '1'],
    options: HASH_SEEDS,
  },
  { name: 'fixtures objects.py default reprs, cut', ...OBJECTS_PY, command: ['python3', 'objects.py'] },
  { name: 'fixtures functions.py lambdas in a dict, a thread', ...FUNCTIONS_PY, command: ['python3', 'functions.py'] },
  { name: 'fixtures go-named named results at their first line', ...NAMED_GO, command: ['go', 'run', '.'] },
  {
    name: 'fixtures Functions.java lambdas in maps and a list, their texts, a thread',
    ...FUNCTIONS,
    toolset: 'java',
    bp: 'Functions.java:22',
    command: ['java', 'Functions.java'],
  },
  {
    name: 'fixtures functions.rb lambdas in a hash, threads',
    ...FUNCTIONS,
    toolset: 'ruby',
    bp: 'functions.rb:9',
    command: ['ruby', 'functions.rb'],
  },
  {
    name: 'fixtures functions.cjs arrow functions in an object and a Map, a worker',
    ...FUNCTIONS,
    toolset: 'node',
    bp: 'functions.cjs:8',
    command: ['node', 'functions.cjs'],
  },
];

export const SEEDED: SeededCase[] = [
  {
    name: 'python/pricing',
    ...PRICING_PY,
    cwdA: 'v1',
    cwdB: 'v2',
    commandA: [...PRICING_PY.command],
    commandB: [...PRICING_PY.command],
    variable: 'rate',
    a: '0.1',
    b: '1.0',
    provenBy:
      'python.test.ts > python > finds the regression between two versions of a module (on both Python adapters)',
  },
  {
    name: 'c',
    ...INVENTORY_C,
    cwdA: 'v1',
    cwdB: 'v2',
    commandA: inventory('v1'),
    commandB: inventory('v2'),
    variable: 'it->qty',
    a: '5',
    b: '2',
    provenBy: 'lldb.test.ts > C through lldb-dap > finds the regression between two versions of the inventory',
  },
  {
    name: 'rust',
    ...ROSTER_RS,
    cwdA: 'v1',
    cwdB: 'v2',
    commandA: ['cargo', 'run'],
    commandB: ['cargo', 'run'],
    stdin: 'owls.txt',
    variable: 'team.members[1].email',
    a: 'None',
    b: 'Some("")',
    provenBy:
      'lldb.test.ts > Rust through lldb-dap > shows String, Vec and Option as values in `cargo run`, and finds the regression',
  },
  {
    name: 'go/orders',
    ...ORDERS_GO,
    cwdA: 'v1',
    cwdB: 'v2',
    commandA: ['go', 'run', '.'],
    commandB: ['go', 'run', '.'],
    variable: 'quote.Discount',
    a: '1239',
    b: '1238',
    provenBy: 'go.test.ts > go through dlv > finds the regression between two versions of a module',
  },
  {
    name: 'java/pricing',
    ...PRICING_JAVA,
    cwdA: 'v1',
    cwdB: 'v2',
    commandA: [...PRICING_JAVA.command],
    commandB: [...PRICING_JAVA.command],
    variable: 'rate',
    a: '0.1',
    b: '1.0',
    provenBy:
      'java.test.ts > finds the regression between two versions of a single-file program run as java Pricing.java',
  },
  {
    name: 'node/cart-cjs',
    ...CART_JS,
    cwdA: 'v1',
    cwdB: 'v2',
    commandA: [...CART_JS.command],
    commandB: [...CART_JS.command],
    variable: 'discount',
    a: '224',
    b: '220',
    provenBy: 'node.test.ts > finds the regression between two versions of a CommonJS module',
  },
  {
    name: 'ruby/shipping',
    ...SHIPPING_RB,
    cwdA: 'v1',
    cwdB: 'v2',
    commandA: ['ruby', '-Ilib', 'shipping.rb', '8'],
    commandB: ['ruby', '-Ilib', 'shipping.rb', '8'],
    variable: 'quote.@total',
    a: '64.8',
    b: '71.28',
    provenBy: 'ruby.test.ts > finds the change in a quote, with values as Ruby writes them',
  },
  {
    name: 'fortran',
    ...STATIONS_F90,
    cwdA: 'v1',
    cwdB: 'v2',
    commandA: stations('v1'),
    commandB: stations('v2'),
    variable: 's%warm',
    a: '.FALSE.',
    b: '.TRUE.',
    provenBy: 'gdb.test.ts > finds the change in a Fortran subroutine, named in Fortran',
  },
  {
    name: 'cpp --adapter gdb',
    ...LABELS_CPP,
    adapter: [...LABELS_CPP.adapter],
    cwdA: 'v1',
    cwdB: 'v2',
    commandA: ['../build/v1/labels', 'fr'],
    commandB: ['../build/v2/labels', 'fr'],
    variable: 'label',
    a: 'u"thé vert (réf. tea-01)"',
    b: 'u"thé vert (ref. tea-01)"',
    provenBy: 'gdb.test.ts > finds a std::u16string change with --adapter gdb',
  },
  {
    name: 'adapters/perl',
    ...TALLY_PL,
    adapter: [...TALLY_PL.adapter],
    condition: '$item->{sku} eq "mug"',
    cwdA: 'perl/v1',
    cwdB: 'perl/v2',
    commandA: ['perl', 'tally.pl', 'tea:2', 'mug:3'],
    commandB: ['perl', 'tally.pl', 'tea:2', 'mug:3'],
    variable: '$total',
    a: '36.00',
    b: '32.40',
    provenBy: 'languages.test.ts > finds the change at the line the condition picks (Perl)',
  },
  {
    name: 'fixtures rust-strs',
    ...STRS_RS,
    cwdA: '.',
    cwdB: '.',
    commandA: ['./target/debug/strs'],
    commandB: ['./target/debug/strs', '5'],
    variable: 'items[0].qty',
    a: '1',
    b: '5',
  },
  {
    name: 'fixtures strings16.cpp',
    ...STRINGS_CPP,
    cwdA: '.',
    cwdB: '.',
    commandA: ['{binary}'],
    commandB: ['{binary}', 'other'],
    variable: 's16',
    a: 'u"h!"',
    b: 'u"h?"',
  },
  {
    name: 'fixtures nested.py',
    ...NESTED_PY,
    cwdA: '.',
    cwdB: '.',
    commandA: ['python3', 'nested.py', '1'],
    commandB: ['python3', 'nested.py', '5'],
    options: HASH_SEEDS,
    variable: 'cart.items[0].qty',
    a: '1',
    b: '5',
  },
];
