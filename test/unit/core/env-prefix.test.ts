import { describe, expect, it } from 'vitest';
import { envPrefix, withoutEnvPrefix } from '../../../src/core/env-prefix.js';
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
    expect(withoutEnvPrefix(['env', 'X=2', 'cmd'], { X: '1', Y: 'y' })).toEqual({
      argv: ['cmd'],
      env: { X: '2', Y: 'y' },
    });
    expect(withoutEnvPrefix(['cmd', 'X=2'], { Y: 'y' })).toEqual({ argv: ['cmd', 'X=2'], env: { Y: 'y' } });
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
