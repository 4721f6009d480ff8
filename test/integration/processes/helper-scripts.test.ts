// The adapters' Python helper scripts are real files, shipped with bpdiff: they must run as Python.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const hasPython = spawnSync('python3', ['--version']).status === 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-scripts-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs `code` with python3 with only `dir` (holding the sitecustomize) added to its path. */
function python(code: string, dir: string, env: Record<string, string> = {}): string {
  return execFileSync('python3', ['-c', code], {
    env: { PATH: process.env.PATH ?? '', PYTHONPATH: dir, PYTHONDONTWRITEBYTECODE: '1', ...env },
    encoding: 'utf8',
  }).trim();
}

describe.skipIf(!hasPython)('adapters/debugpy/sitecustomize.py', () => {
  const dir = fs.mkdtempSync(path.join(tmp, 'site-'));
  fs.copyFileSync(path.join(ROOT, 'adapters/debugpy/sitecustomize.py'), path.join(dir, 'sitecustomize.py'));

  it('defines the condition helper: true, false, and true with an error kept for a condition that raises', () => {
    const code = [
      'import builtins as b',
      'print(b.__bpdiff_condition("x > 1", {}, {"x": 2}), b.__bpdiff_condition("x > 1", {}, {"x": 0}), b.__bpdiff_condition_error())',
      'print(b.__bpdiff_condition("any(v > n for v in xs)", {"n": 3}, {"xs": [1, 5]}))',
      'print(b.__bpdiff_condition("1 / 0", {}, {}))',
      'print(b.__bpdiff_condition_error())',
      'print(b.__bpdiff_condition_error())',
    ].join('\n');
    expect(python(code, dir).split('\n')).toEqual([
      'True False None',
      'True',
      'True',
      'ZeroDivisionError: division by zero',
      'None',
    ]);
  });

  it('sets TCP_NODELAY on loopback sockets', () => {
    const code = [
      'import socket',
      'server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(1)',
      'client = socket.socket(); client.connect(server.getsockname())',
      'print(client.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0)',
    ].join('\n');
    expect(python(code, dir)).toBe('True');
  });

  it("keeps pydevd's plugin packages from importing pkg_resources, which the program then imports as ever", () => {
    // pydevd's three namespace packages as debugpy vendors them, and a pkg_resources that says when it loads.
    const site = fs.mkdtempSync(path.join(tmp, 'plugins-'));
    const declare = [
      'import warnings',
      'with warnings.catch_warnings():',
      '    try:',
      "        __import__('pkg_resources').declare_namespace(__name__)",
      '    except ImportError:',
      '        import pkgutil',
      '        __path__ = pkgutil.extend_path(__path__, __name__)',
    ].join('\n');
    for (const folder of ['pydevd_plugins', 'pydevd_plugins/extensions', 'pydevd_plugins/extensions/types']) {
      fs.mkdirSync(path.join(site, folder), { recursive: true });
      fs.writeFileSync(path.join(site, folder, '__init__.py'), `${declare}\n`);
    }
    fs.writeFileSync(
      path.join(site, 'pkg_resources.py'),
      'import builtins\nbuiltins.loaded = getattr(builtins, "loaded", 0) + 1\ndef declare_namespace(name):\n    pass\n',
    );
    const code = (first: string): string =>
      [
        'import builtins, sys',
        first,
        'import pydevd_plugins.extensions.types',
        'print(getattr(builtins, "loaded", 0), type(sys.modules["pydevd_plugins.extensions.types"].__path__).__name__)',
        'import pkg_resources',
        'print(getattr(builtins, "loaded", 0), pkg_resources.declare_namespace.__name__)',
      ].join('\n');
    const paths = `${dir}${path.delimiter}${site}`;
    // pkgutil's list of folders instead of pkg_resources; afterwards pkg_resources loads on the program's import.
    expect(python(code('pass'), paths).split('\n')).toEqual(['0 list', '1 declare_namespace']);
    // A program that had pkg_resources already: left alone, the packages use it.
    expect(python(code('import pkg_resources'), paths).split('\n')).toEqual(['1 list', '1 declare_namespace']);
  });
});

describe.skipIf(!hasPython)('adapters/lldb/bpdiff_lldb_rust.py', () => {
  it('compiles (it runs inside lldb, which provides its imports)', () => {
    const script = path.join(ROOT, 'adapters/lldb/bpdiff_lldb_rust.py');
    const code = 'import py_compile, sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)';
    expect(() =>
      execFileSync('python3', ['-c', code, script, path.join(tmp, 'rust.pyc')], { stdio: 'pipe' }),
    ).not.toThrow();
  });
});
