// `java [options] Main.java [args]`: the JDK's source launcher (JEP 330) compiles the file inside the
// program's JVM at every start, under the debug agent: about 1.3 s of CPU a start on a 2-core machine,
// where the program itself runs in 0.1 s. Two runs compile it twice, and a walk by effects again at
// every restart. bpdiff compiles it once per comparison instead (javac -g, hooks.ts), and starts the
// classes it made: `java [options] -cp CLASSES Main [args]`. Only the plain form is taken: options the
// launcher takes only for a source file (--source, --enable-preview), module options, an @argfile,
// JDK_JAVA_OPTIONS or CLASSPATH in the environment, a file with a package, or a compile error leave the
// command as it is (the source launcher then says what is wrong, as it would without bpdiff).
// The class path is the launcher's (the one given, else the working folder), the classes' folder after
// it. What the program could see of it: java.class.path names that folder too, and the classes' loader
// is the application's (the source launcher's is its own MemoryClassLoader).

/**
 * javac's own JVM: C1 only and the serial collector. A compile of a few files is over before C2 pays
 * back: measured on examples/java/pricing/v1 (2 cores), 1.16 s of CPU as javac starts by default, 0.67 s
 * so; the classes it writes are the same. The tests' fixture builds use it too.
 */
export const JAVAC_JVM = ['-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC'];

/** The command's parts around its source file. */
export interface SourceLaunch {
  /** The JVM's options, as typed, without the class path. */
  options: string[];
  /** `-cp` / `-classpath` / `--class-path` as typed, or null. */
  classPath: string | null;
  /** The source file, as typed. */
  file: string;
  /** The program's own arguments. */
  args: string[];
}

/** JVM options with no value that the plain form may hold (`-ea`, `-Dx=y`, `-Xmx1g`, `-XX:+Flag`, an agent). */
const PLAIN_OPTION =
  /^(?:-D.+|-X.+|-ea(?::.*)?|-da(?::.*)?|-esa|-dsa|-enableassertions(?::.*)?|-disableassertions(?::.*)?|-enablesystemassertions|-disablesystemassertions|-verbose(?::.*)?|-javaagent:.+|-agentlib:.+|-agentpath:.+|-server|-client)$/;
const CLASS_PATH = new Set(['-cp', '-classpath', '--class-path']);

/**
 * The command's source-file launch in its plain form, or null: `argv` is the whole command, its first
 * word `java` (or a path to it); `env`, the run's environment.
 */
export function plainSourceLaunch(argv: readonly string[], env: Readonly<Record<string, string>>): SourceLaunch | null {
  const [java, ...rest] = argv;
  if (java === undefined || java.split('/').at(-1) !== 'java') return null;
  if (env['JDK_JAVA_OPTIONS'] !== undefined || env['CLASSPATH'] !== undefined) return null;
  const options: string[] = [];
  let classPath: string | null = null;
  for (let index = 0; index < rest.length; index++) {
    const word = rest[index]!;
    if (CLASS_PATH.has(word)) {
      const value = rest[index + 1];
      if (value === undefined) return null;
      classPath = value;
      index++;
    } else if (word.startsWith('--class-path=')) {
      classPath = word.slice('--class-path='.length);
    } else if (PLAIN_OPTION.test(word)) {
      options.push(word);
    } else if (word.startsWith('-') || word.startsWith('@')) {
      return null;
    } else {
      return word.endsWith('.java') ? { options, classPath, file: word, args: rest.slice(index + 1) } : null;
    }
  }
  return null;
}

/** Java source without its comments and the contents of its string, text block and character literals. */
export function withoutCommentsAndLiterals(source: string): string {
  let out = '';
  let index = 0;
  while (index < source.length) {
    const rest = source.slice(index, index + 3);
    if (rest.startsWith('//')) {
      const end = source.indexOf('\n', index);
      index = end < 0 ? source.length : end;
    } else if (rest.startsWith('/*')) {
      const end = source.indexOf('*/', index + 2);
      index = end < 0 ? source.length : end + 2;
      out += ' ';
    } else if (rest === '"""') {
      const end = source.indexOf('"""', index + 3);
      index = end < 0 ? source.length : end + 3;
      out += '""';
    } else if (rest[0] === '"' || rest[0] === "'") {
      const quote = rest[0];
      let end = index + 1;
      while (end < source.length && source[end] !== quote && source[end] !== '\n') end += source[end] === '\\' ? 2 : 1;
      index = end + 1;
      out += `${quote}${quote}`;
    } else {
      out += source[index];
      index++;
    }
  }
  return out;
}

/**
 * The source launcher's main class: the first type the file declares at its top level (a class,
 * interface, enum or record), with the file's package, or null where the file declares a package (not
 * taken: its classes' folder would need the package's folders, and the adapter finds such a file beside
 * the command's) or no type.
 */
export function firstTopLevelType(source: string): string | null {
  const code = withoutCommentsAndLiterals(source);
  if (/^\s*package\s/m.test(code)) return null;
  let depth = 0;
  const declaration = /\b(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/y;
  for (let index = 0; index < code.length; index++) {
    const char = code[index];
    if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (depth === 0 && /[a-z]/.test(char!) && (index === 0 || !/[\w$.]/.test(code[index - 1]!))) {
      declaration.lastIndex = index;
      const found = declaration.exec(code);
      if (found) return found[1]!;
    }
  }
  return null;
}
