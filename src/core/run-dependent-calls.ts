// Calls whose value differs in every run by nature, found in a line of source: a clock (performance.now(),
// time.perf_counter(), System.nanoTime(), time.Now()), a random draw (Math.random(), random.random(),
// uuid4(), rand.Intn()), Python's hash() of a string (salted per process). A walk whose runs part ways
// right after such a line names the call, so that two identical runs told apart there read as what
// they are. Pure: text in, names out.

export interface RunDependentCall {
  /** The call as the line writes it, without its arguments: `performance.now()`. */
  call: string;
  kind: 'clock' | 'random' | 'hash';
}

interface Pattern {
  kind: RunDependentCall['kind'];
  /** Matches the call's name, right before its opening parenthesis. */
  pattern: RegExp;
}

const PATTERNS: Pattern[] = [
  // Clocks: JavaScript, Python, Java, Go, Ruby, C and C++, Rust.
  {
    kind: 'clock',
    pattern:
      /\b(?:performance\.now|process\.hrtime(?:\.bigint)?|process\.uptime|Date\.now|time\.(?:time|time_ns|perf_counter|perf_counter_ns|monotonic|monotonic_ns|process_time|process_time_ns|thread_time|Now|Since|Until)|(?:datetime\.)?datetime\.(?:now|utcnow|today)|date\.today|System\.(?:nanoTime|currentTimeMillis)|(?:Instant|LocalDateTime|LocalDate|LocalTime|ZonedDateTime|OffsetDateTime)\.now|Time\.now|Process\.clock_gettime|clock_gettime|gettimeofday|clock|(?:steady_clock|system_clock|high_resolution_clock)::now|(?:Instant|SystemTime)::now)\s*(?=\()/g,
  },
  // `new Date()` without arguments: the clock.
  { kind: 'clock', pattern: /\bnew\s+Date\s*(?=\(\s*\))/g },
  // Random draws.
  {
    kind: 'random',
    pattern:
      /\b(?:Math\.random|crypto\.(?:randomUUID|randomBytes|randomInt|getRandomValues)|random\.(?:random|randint|randrange|choice|choices|shuffle|sample|uniform|gauss|getrandbits)|uuid\.uuid[14]|uuid[14]|os\.urandom|secrets\.\w+|UUID\.randomUUID|ThreadLocalRandom\.current|rand\.(?:Int|Intn|Int31|Int31n|Int63|Int63n|Float32|Float64|Perm|Shuffle|Uint32|Uint64)|SecureRandom\.\w+|Random\.(?:rand|new_seed)|rand::random|thread_rng|getrandom|arc4random(?:_uniform)?)\s*(?=\()/g,
  },
  // Ruby's and C's rand() and srand(time(...)): a bare call.
  { kind: 'random', pattern: /(?<![\w.:])(?:rand|random)\s*(?=\(\s*\d*\s*\))/g },
  // Python's hash() of a str or bytes is salted per process (PYTHONHASHSEED).
  { kind: 'hash', pattern: /(?<![\w.])hash\s*(?=\()/g },
];

/**
 * The run-dependent calls a line of source makes, in the order it writes them (each once); comments
 * and strings are not read. `file`: the line's file (hash() is Python's only).
 */
export function runDependentCalls(text: string, file: string): RunDependentCall[] {
  const code = withoutStringsAndComments(text);
  const found: Array<RunDependentCall & { at: number }> = [];
  for (const { kind, pattern } of PATTERNS) {
    if (kind === 'hash' && !/\.pyw?$/.test(file)) continue;
    for (const match of code.matchAll(pattern)) {
      const call = `${match[0].replace(/\s+/g, ' ').trim()}()`;
      if (!found.some((seen) => seen.call === call)) found.push({ call, kind, at: match.index });
    }
  }
  return found.sort((x, y) => x.at - y.at).map(({ call, kind }) => ({ call, kind }));
}

/** The line with its string literals emptied and its trailing comment cut (`//`, `#`, `--` starting one). */
function withoutStringsAndComments(text: string): string {
  return text
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""')
    .replace(/(?:\/\/|#(?![[{!])).*$/, '');
}
