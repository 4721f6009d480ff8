import { describe, expect, it } from 'vitest';
import { envPrefix, shellPrefix, simpleShellWords, withoutWrappers } from '../../../src/core/command-wrappers.js';
import { runSpec } from '../../../src/core/run-spec.js';

describe('env NAME=VALUE cmd', () => {
  it('takes the program and its assignments apart', () => {
    expect(envPrefix(['env', 'X=1', 'PART=a=b', 'python3', 'app.py', 'Y=2'])).toEqual({
      argv: ['python3', 'app.py', 'Y=2'],
      env: { X: '1', PART: 'a=b' },
    });
    expect(envPrefix(['/usr/bin/env', 'python3', 'app.py'])).toEqual({ argv: ['python3', 'app.py'], env: {} });
    expect(envPrefix(['env', 'EMPTY=', './prog'])).toEqual({ argv: ['./prog'], env: { EMPTY: '' } });
  });

  it('leaves every other form as it is', () => {
    expect(envPrefix(['python3', 'app.py'])).toBeNull();
    expect(envPrefix(['./environment', 'X=1'])).toBeNull();
    expect(envPrefix(['myenv', 'X=1', 'cmd'])).toBeNull();
    // A program of the project's own named env, not the system's.
    expect(envPrefix(['./env', 'X=1', 'cmd'])).toBeNull();
    expect(envPrefix(['tools/env', 'X=1', 'cmd'])).toBeNull();
    expect(envPrefix(['/bin/env', 'X=1', 'cmd'])).toEqual({ argv: ['cmd'], env: { X: '1' } });
    // env's own options: -i empties the environment, -u unsets, -C changes folder.
    expect(envPrefix(['env', '-i', 'X=1', 'cmd'])).toBeNull();
    expect(envPrefix(['env', 'X=1', '-u', 'HOME', 'cmd'])).toBeNull();
    expect(envPrefix(['env', '--', 'cmd'])).toBeNull();
    // No command: env prints its environment.
    expect(envPrefix(['env'])).toBeNull();
    expect(envPrefix(['env', 'X=1'])).toBeNull();
    // env sets a variable named 1X too, which --env cannot: left to env.
    expect(envPrefix(['env', '1X=2', 'cmd'])).toBeNull();
  });

  it('puts the assignments over the run environment, as env does', () => {
    expect(withoutWrappers(['env', 'X=2', 'cmd'], { X: '1', Y: 'y' })).toEqual({
      argv: ['cmd'],
      env: { X: '2', Y: 'y' },
    });
    expect(withoutWrappers(['cmd', 'X=2'], { Y: 'y' })).toEqual({ argv: ['cmd', 'X=2'], env: { Y: 'y' } });
  });

  it('runSpec takes the command apart too', () => {
    const spec = runSpec({
      side: 'b',
      argv: ['env', 'PART=2', 'python3', 'app.py'],
      cwd: '/tmp',
      breakpoint: { file: 'app.py', line: 3 },
      env: { PART: '1', KEEP: 'k' },
    });
    expect(spec.argv).toEqual(['python3', 'app.py']);
    expect(spec.env).toEqual({ PART: '2', KEEP: 'k' });
  });
});

describe("sh -c 'cmd ...'", () => {
  it('splits a text of words as the shell would', () => {
    expect(simpleShellWords(`python3 app.py 'two words' "x y" a'b'c`)).toEqual([
      'python3',
      'app.py',
      'two words',
      'x y',
      'abc',
    ]);
    expect(simpleShellWords('  ./prog  --n=3 ')).toEqual(['./prog', '--n=3']);
    expect(simpleShellWords("echo 'it''s'")).toEqual(['echo', 'its']);
    for (const text of [
      'a $HOME',
      'a `b`',
      'a | b',
      'a && b',
      'a; b',
      'a > f',
      'a *.py',
      'a ~/x',
      'a # c',
      '"$x"',
      'a \\ b',
      "'open",
      'a (b)',
    ])
      expect(simpleShellWords(text), text).toBeNull();
  });

  it('takes the program, its assignments and an exec apart', () => {
    expect(shellPrefix(['sh', '-c', 'python3 app.py 2'])).toEqual({ argv: ['python3', 'app.py', '2'], env: {} });
    expect(shellPrefix(['/bin/bash', '-c', "PART=2 exec ./prog 'a b'"])).toEqual({
      argv: ['./prog', 'a b'],
      env: { PART: '2' },
    });
  });

  it('leaves the rest to the shell', () => {
    expect(shellPrefix(['sh', '-c', 'cd sub && python3 app.py'])).toBeNull();
    expect(shellPrefix(['sh', '-c', 'cd sub'])).toBeNull();
    expect(shellPrefix(['sh', '-c', 'X=1'])).toBeNull();
    expect(shellPrefix(['sh', '-c', 'python3 app.py', 'name'])).toBeNull();
    expect(shellPrefix(['sh', 'run.sh'])).toBeNull();
    expect(shellPrefix(['sh', '-e', '-c', 'python3 app.py'])).toBeNull();
    expect(shellPrefix(['fish', '-c', 'python3 app.py'])).toBeNull();
    expect(shellPrefix(['./sh', '-c', 'python3 app.py'])).toBeNull();
    expect(shellPrefix(['/usr/bin/bash', '-c', 'python3 app.py'])).toEqual({ argv: ['python3', 'app.py'], env: {} });
  });

  it('one wrapper inside the other, assignments over the run environment in order', () => {
    expect(withoutWrappers(['env', 'A=1', 'sh', '-c', 'B=2 A=3 env C=4 ./prog'], { A: '0', D: 'd' })).toEqual({
      argv: ['./prog'],
      env: { A: '3', B: '2', C: '4', D: 'd' },
    });
  });
});
