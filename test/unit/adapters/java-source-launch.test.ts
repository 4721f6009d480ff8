import { describe, expect, it } from 'vitest';
import {
  firstTopLevelType,
  plainSourceLaunch,
  withoutCommentsAndLiterals,
} from '../../../adapters/java/source-launch.js';

describe('plainSourceLaunch', () => {
  it('takes java [plain options] [-cp PATH] File.java [args], the program’s arguments as they are', () => {
    expect(plainSourceLaunch(['java', 'Main.java', '10', '-x', 'y.java'], {})).toEqual({
      options: [],
      classPath: null,
      file: 'Main.java',
      args: ['10', '-x', 'y.java'],
    });
    expect(
      plainSourceLaunch(
        [
          '/usr/lib/jvm/x/bin/java',
          '-ea',
          '-Dmode=a',
          '-Xmx256m',
          '-XX:+UseSerialGC',
          '-cp',
          'lib/a.jar',
          'src/M.java',
        ],
        { PATH: '/usr/bin' },
      ),
    ).toEqual({
      options: ['-ea', '-Dmode=a', '-Xmx256m', '-XX:+UseSerialGC'],
      classPath: 'lib/a.jar',
      file: 'src/M.java',
      args: [],
    });
    expect(plainSourceLaunch(['java', '--class-path=lib', 'M.java'], {})?.classPath).toBe('lib');
    expect(plainSourceLaunch(['java', '-classpath', 'lib', 'M.java'], {})?.classPath).toBe('lib');
  });

  it('leaves every other form to the source launcher', () => {
    // Not a source file, not java.
    expect(plainSourceLaunch(['java', '-cp', 'out', 'Main'], {})).toBeNull();
    expect(plainSourceLaunch(['java', '-jar', 'app.jar'], {})).toBeNull();
    expect(plainSourceLaunch(['javaw', 'Main.java'], {})).toBeNull();
    expect(plainSourceLaunch(['./gradlew', 'run'], {})).toBeNull();
    // Options only the source launcher or modules take, an argument file, a class path with no value.
    expect(plainSourceLaunch(['java', '--source', '21', 'Main.java'], {})).toBeNull();
    expect(plainSourceLaunch(['java', '--enable-preview', 'Main.java'], {})).toBeNull();
    expect(plainSourceLaunch(['java', '--add-modules', 'jdk.incubator.vector', 'Main.java'], {})).toBeNull();
    expect(plainSourceLaunch(['java', '@options', 'Main.java'], {})).toBeNull();
    expect(plainSourceLaunch(['java', '-cp'], {})).toBeNull();
    // The environment may hold options the launcher reads, or the class path.
    expect(plainSourceLaunch(['java', 'Main.java'], { JDK_JAVA_OPTIONS: '--source 21' })).toBeNull();
    expect(plainSourceLaunch(['java', 'Main.java'], { CLASSPATH: 'lib' })).toBeNull();
  });
});

describe('firstTopLevelType', () => {
  it('is the first type the file declares at its top level, after its imports and comments', () => {
    const source = [
      'import java.util.*; // class NotThis',
      '/* class NorThis { } */',
      '@SuppressWarnings("class Quoted")',
      'public final class Shop {',
      '  static class Inner {}',
      '  public static void main(String[] args) { String s = "}"; char c = \'{\'; }',
      '}',
      'class Helper {}',
    ].join('\n');
    expect(firstTopLevelType(source)).toBe('Shop');
    expect(
      firstTopLevelType('record Point(int x, int y) {\n  public static void main(String[] a) {}\n}\nclass B {}'),
    ).toBe('Point');
    expect(firstTopLevelType('sealed interface Shape permits Sq {}\nfinal class Sq implements Shape {}')).toBe('Shape');
    expect(firstTopLevelType('enum Color { RED; public static void main(String[] a) {} }')).toBe('Color');
    expect(firstTopLevelType('String t = """\n  class NotThis {\n  """;\nclass Real {}')).toBe('Real');
  });

  it('is null for a file with a package, or with no type', () => {
    expect(firstTopLevelType('// header\npackage shop.app;\n\nclass Main {}')).toBeNull();
    expect(firstTopLevelType('// nothing here\n')).toBeNull();
  });

  it('keeps the code between comments and literals', () => {
    expect(withoutCommentsAndLiterals('a /* b */ c // d\n"e\\"f" \'g\' h')).toBe('a   c \n"" \'\' h');
  });
});
