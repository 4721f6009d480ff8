# bpdiff's Python adapter, started inside the program (bpdiff puts this folder first on PYTHONPATH).
# With BPDIFF_DAP_FD set (a file descriptor of the program: one end of a socket pair whose other end
# is bpdiff), the adapter (_bpdiff_light/) serves DAP on it and holds the program until bpdiff has set
# its breakpoints. The variable is removed, and this folder taken off PYTHONPATH and sys.path, so that
# neither the program nor what it starts sees them. The sitecustomize this one shadows still runs.
# Kept runnable by any Python (bpdiff uses debugpy below 3.8, but a child may still read this file).
import os as _os
import sys as _sys

_here = _os.path.dirname(_os.path.abspath(__file__))


def _without_here(value):
    return _os.pathsep.join(part for part in value.split(_os.pathsep) if part and _os.path.abspath(part) != _here)


def _take_over(fd):
    if _sys.version_info < (3, 8):
        _os.close(fd)
        return
    from _bpdiff_light import bootstrap
    bootstrap.start(fd, _here)


def _chain():
    # Keep the sitecustomize this one shadows (Debian's installs apport's hook).
    import importlib.machinery
    import importlib.util
    rest = [p for p in _sys.path if _os.path.abspath(p or ".") != _here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is not None and spec.loader is not None:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)


_fd = _os.environ.pop("BPDIFF_DAP_FD", None)
if "PYTHONPATH" in _os.environ:
    _rest = _without_here(_os.environ["PYTHONPATH"])
    if _rest:
        _os.environ["PYTHONPATH"] = _rest
    else:
        del _os.environ["PYTHONPATH"]
if _fd:
    try:
        _take_over(int(_fd))
    except Exception as _error:
        _sys.stderr.write("bpdiff: the Python adapter could not start: %s: %s\n" % (type(_error).__name__, _error))
_sys.path[:] = [p for p in _sys.path if _os.path.abspath(p or ".") != _here]
try:
    _chain()
except Exception:
    pass
