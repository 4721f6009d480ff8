// `go run` and `go test` taken apart the way the go tool would: build flags, packages, and the
// flags that go test hands to the test binary (as -test.NAME).
import path from 'node:path';
import { BpdiffError } from '../../src/errors.js';

/** go build flags that take a value (`-tags x` or `-tags=x`); the others are boolean. */
const BUILD_VALUE_FLAGS = new Set([
  'C',
  'p',
  'asmflags',
  'buildmode',
  'compiler',
  'gccgoflags',
  'gcflags',
  'installsuffix',
  'ldflags',
  'mod',
  'modfile',
  'overlay',
  'pgo',
  'pkgdir',
  'tags',
  'toolexec',
  'covermode',
  'coverpkg',
]);
/** go test flags that belong to the test binary (as -test.NAME), by whether they take a value. */
const TEST_VALUE_FLAGS = new Set([
  'bench',
  'benchtime',
  'blockprofile',
  'blockprofilerate',
  'count',
  'coverprofile',
  'cpu',
  'cpuprofile',
  'fuzz',
  'fuzzminimizetime',
  'fuzztime',
  'list',
  'memprofile',
  'memprofilerate',
  'mutexprofile',
  'mutexprofilefraction',
  'outputdir',
  'parallel',
  'run',
  'shuffle',
  'skip',
  'timeout',
  'trace',
]);
const TEST_BOOL_FLAGS = new Set(['benchmem', 'failfast', 'short', 'v', 'fullpath']);

export type GoCommand =
  | { kind: 'run'; buildFlags: string[]; packages: string[]; args: string[] }
  | { kind: 'test'; buildFlags: string[]; package: string; testArgs: string[]; ignored: string[] }
  | { kind: 'exec'; program: string; args: string[] };

interface Flag {
  name: string;
  /** The words the flag took (one, or two for `-name value`). */
  words: string[];
  value: string | undefined;
}

/** `-name`, `--name`, `-name=value`; `takesValue` says whether a bare `-name` eats the next word. */
function readFlag(words: string[], index: number, takesValue: (name: string) => boolean): Flag {
  const word = words[index]!;
  const body = word.replace(/^--?/, '');
  const eq = body.indexOf('=');
  if (eq >= 0) return { name: body.slice(0, eq), words: [word], value: body.slice(eq + 1) };
  if (takesValue(body) && index + 1 < words.length)
    return { name: body, words: [word, words[index + 1]!], value: words[index + 1] };
  return { name: body, words: [word], value: undefined };
}

const isFlag = (word: string): boolean => word.startsWith('-') && word !== '-' && word !== '--';

/** Takes a Go command apart the way the go tool would. Exported for tests. */
export function parseGoCommand(argv: string[]): GoCommand {
  const [first, sub, ...rest] = argv;
  if (path.basename(first ?? '') !== 'go') return { kind: 'exec', program: first!, args: argv.slice(1) };
  if (sub === 'run') return parseGoRun(rest);
  if (sub === 'test') return parseGoTest(rest);
  throw new BpdiffError(
    'BAD_COMMANDS',
    `bpdiff debugs "go run", "go test" or a built binary, not "go ${sub ?? ''}" — write the command as "go run . args" or "go test ./pkg -run TestX"`,
  );
}

function parseGoRun(words: string[]): GoCommand {
  const buildFlags: string[] = [];
  let i = 0;
  while (i < words.length && isFlag(words[i]!)) {
    const flag = readFlag(words, i, (name) => BUILD_VALUE_FLAGS.has(name) || name === 'exec' || name === 'o');
    if (flag.name === 'exec')
      throw new BpdiffError('BAD_COMMANDS', 'go run -exec cannot be debugged — run the program without -exec');
    buildFlags.push(...flag.words);
    i += flag.words.length;
  }
  if (words[i] === '--') i++;
  const packages: string[] = [];
  if (i < words.length && words[i]!.endsWith('.go')) {
    while (i < words.length && words[i]!.endsWith('.go')) packages.push(words[i++]!);
  } else if (i < words.length) {
    packages.push(words[i++]!);
  }
  if (packages.length === 0)
    throw new BpdiffError(
      'BAD_COMMANDS',
      'go run needs a package or .go files — write the command as "go run . args" or "go run ./cmd/x args"',
    );
  return { kind: 'run', buildFlags, packages, args: words.slice(i) };
}

function parseGoTest(words: string[]): GoCommand {
  const buildFlags: string[] = [];
  const testArgs: string[] = [];
  const packages: string[] = [];
  const ignored: string[] = [];
  for (let i = 0; i < words.length; ) {
    const word = words[i]!;
    if (word === '-args' || word === '--args') {
      testArgs.push(...words.slice(i + 1));
      break;
    }
    if (!isFlag(word)) {
      packages.push(word);
      i++;
      continue;
    }
    const flag = readFlag(words, i, (name) => {
      const bare = name.replace(/^test\./, '');
      return BUILD_VALUE_FLAGS.has(name) || TEST_VALUE_FLAGS.has(bare) || ['o', 'exec', 'vet'].includes(name);
    });
    i += flag.words.length;
    const bare = flag.name.replace(/^test\./, '');
    if (TEST_VALUE_FLAGS.has(bare) || TEST_BOOL_FLAGS.has(bare)) {
      testArgs.push(flag.value === undefined ? `-test.${bare}` : `-test.${bare}=${flag.value}`);
    } else if (['c', 'o', 'exec', 'vet', 'json', 'i'].includes(flag.name)) {
      // go test's own flags: -c/-o are bpdiff's to choose; -vet and -json do not change what the test computes.
      if (flag.name === 'exec')
        throw new BpdiffError('BAD_COMMANDS', 'go test -exec cannot be debugged — run the tests without -exec');
      ignored.push(flag.words.join(' '));
    } else if (
      BUILD_VALUE_FLAGS.has(flag.name) ||
      [
        'a',
        'n',
        'race',
        'msan',
        'asan',
        'cover',
        'work',
        'x',
        'trimpath',
        'linkshared',
        'modcacherw',
        'buildvcs',
      ].includes(flag.name)
    ) {
      buildFlags.push(...flag.words);
    } else {
      testArgs.push(...flag.words); // an unknown flag goes to the test binary, as go test does
    }
  }
  if (packages.length > 1 || packages.some((pkg) => pkg.includes('...'))) {
    throw new BpdiffError(
      'BAD_COMMANDS',
      `bpdiff debugs one test package at a time (got ${packages.join(' ')}) — name the package that holds the breakpoint, e.g. "go test ./pkg -run TestX"`,
    );
  }
  return { kind: 'test', buildFlags, package: packages[0] ?? '.', testArgs, ignored };
}
