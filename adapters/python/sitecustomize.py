# bpdiff's sitecustomize for debugpy runs. adapters/python/hooks.ts copies it into the run's own
# temporary folder, which it puts first on the PYTHONPATH of the debuggee and of the adapter. It
# (1) defines the condition helper, because debugpy silently treats a condition that raises as false;
# (2) sets TCP_NODELAY on the loopback sockets between pydevd and the adapter, which otherwise cost
#     ~45 ms per request; (3) puts the --stdin-a/--stdin-b file on fd 0; (4) bounds each value's repr
#     in pydevd to --value-timeout and shows a repr that raises as the error.
import builtins as _b, os as _os, socket as _s, sys as _sys

_LOOPBACK = ("127.0.0.1", "::1", "localhost")

def _nodelay(sock):
    try:
        if sock.type == _s.SOCK_STREAM and sock.family in (_s.AF_INET, _s.AF_INET6):
            sock.setsockopt(_s.IPPROTO_TCP, _s.TCP_NODELAY, 1)
    except Exception:
        pass

_connect = _s.socket.connect
def _bpdiff_connect(self, address):
    result = _connect(self, address)
    if isinstance(address, tuple) and address and address[0] in _LOOPBACK:
        _nodelay(self)
    return result
_s.socket.connect = _bpdiff_connect

_accept = _s.socket.accept
def _bpdiff_accept(self):
    conn, address = _accept(self)
    if isinstance(address, tuple) and address and address[0] in _LOOPBACK:
        _nodelay(conn)
    return conn, address
_s.socket.accept = _bpdiff_accept

# --stdin-a/--stdin-b: debugpy gives the debuggee an empty stdin; put the file on fd 0 instead.
_stdin = _os.environ.pop("BPDIFF_STDIN", None)
if _stdin:
    try:
        _fd = _os.open(_stdin, _os.O_RDONLY)
        _os.dup2(_fd, 0)
        _os.close(_fd)
    except OSError:
        pass

_codes = {}
_error = [None]

def __bpdiff_condition(source, frame_globals, frame_locals):
    # One namespace, so that names of the frame are also seen inside generator expressions.
    try:
        code = _codes.get(source)
        if code is None:
            code = _codes[source] = compile(source, "<condition>", "eval")
        namespace = dict(frame_globals)
        namespace.update(frame_locals)
        return bool(eval(code, namespace))
    except BaseException as error:
        _error[0] = "%s: %s" % (type(error).__name__, error)
        return True

def __bpdiff_condition_error():
    error, _error[0] = _error[0], None
    return error

_b.__bpdiff_condition = __bpdiff_condition
_b.__bpdiff_condition_error = __bpdiff_condition_error

# (4) pydevd computes every local's repr inside the one `variables` request of the scope, and answers
# a suspended thread's requests one after the other: a slow __repr__ would hold every variable of the
# run, and a client-side timeout cannot get the others back. So each value's repr (pydevd's SafeRepr)
# runs in a helper thread for at most BPDIFF_VALUE_TIMEOUT seconds, else reads `<timed out after N s>`.
# A repr that raises reads `<error: repr raised ValueError: ...>` (pydevd would show the object's
# default `<Cls object at 0x...>`, hiding the failure). pydevd is imported after this file runs, so the
# patch is applied when its module loads; anything unexpected leaves pydevd as it was.
_REPR_MODULE = "_pydevd_bundle.pydevd_safe_repr"


def _describe_error(error):
    try:
        text = str(error)
    except Exception:
        text = ""
    name = type(error).__name__
    return "%s: %s" % (name, text) if text else name


def _limit_safe_repr(module, seconds):
    import threading

    SafeRepr = module.SafeRepr
    original_call = SafeRepr.__call__
    original_repr_obj = SafeRepr._repr_obj
    if getattr(original_call, "_bpdiff", False):
        return
    # The repr of these runs no code of the program: no thread needed (a handoff costs ~30 us a value).
    scalars = (int, float, complex, bool, type(None), str, bytes)
    containers = (list, tuple, set, frozenset, dict)

    def _quick(obj):
        kind = type(obj)
        if kind in scalars or kind.__repr__ is object.__repr__:
            return True
        if kind not in containers:
            return False
        shown = 0
        for item in (obj.items() if kind is dict else obj):
            for part in (item if kind is dict else (item,)):
                if type(part) not in scalars:
                    return False
            shown += 1
            if shown == 100:
                break
        return True
    timed_out = "<timed out after %g s>" % seconds
    idle = []
    idle_lock = threading.Lock()

    class _Shown(object):
        # Stands for a value whose repr is already known, so pydevd's own shortening still applies.
        __slots__ = ("text",)

        def __init__(self, text):
            self.text = text

        def __repr__(self):
            return self.text

    def _repr_obj(self, obj, level, limit_inner, limit_outer):
        if not getattr(self, "raw_value", False) and not (getattr(self, "convert_to_hex", False) and isinstance(obj, getattr(self, "int_types", ()))):
            try:
                obj = _Shown(repr(obj))
            except Exception as error:
                yield "<error: repr raised %s>" % _describe_error(error)
                return
        for part in original_repr_obj(self, obj, level, limit_inner, limit_outer):
            yield part

    class _Worker(threading.Thread):
        def __init__(self):
            threading.Thread.__init__(self, name="bpdiff-repr")
            self.daemon = True
            # pydevd neither traces nor lists threads marked so (its own): a breakpoint inside a
            # __repr__ does not stop this thread, and the program does not see it.
            self.is_pydev_daemon_thread = True
            self.pydev_do_not_trace = True
            self.job = None
            self.abandoned = False
            self.wake = threading.Event()
            self.start()

        def run(self):
            while True:
                self.wake.wait()
                self.wake.clear()
                job = self.job
                if job is None:
                    return
                job()
                if self.abandoned:
                    return

    def _call(self, obj):
        try:
            quick = _quick(obj)
        except Exception:
            quick = False
        if quick:
            return original_call(self, obj)
        done = threading.Event()
        result = [None]

        def job():
            try:
                result[0] = original_call(self, obj)
            except BaseException as error:
                result[0] = "<error: repr raised %s>" % _describe_error(error)
            done.set()

        with idle_lock:
            worker = idle.pop() if idle else None
        if worker is None:
            worker = _Worker()
        worker.job = job
        worker.wake.set()
        if done.wait(seconds):
            with idle_lock:
                idle.append(worker)
            return result[0]
        # The worker stays with the slow repr and ends after it; the next value gets a new one.
        worker.abandoned = True
        worker.job = None
        worker.wake.set()
        return timed_out

    _call._bpdiff = True
    SafeRepr._repr_obj = _repr_obj
    SafeRepr.__call__ = _call


class _ReprPatcher(object):
    """Watches imports for pydevd's SafeRepr module and patches it once it has run."""

    def __init__(self, seconds):
        self.seconds = seconds

    def find_spec(self, name, path=None, target=None):
        if name != _REPR_MODULE:
            return None
        try:
            _sys.meta_path.remove(self)
        except ValueError:
            pass
        try:
            import importlib.util
            spec = importlib.util.find_spec(name)
        except Exception:
            return None
        loader = getattr(spec, "loader", None)
        exec_module = getattr(loader, "exec_module", None)
        if exec_module is None:
            return spec
        seconds = self.seconds

        def exec_and_patch(module):
            exec_module(module)
            try:
                _limit_safe_repr(module, seconds)
            except Exception:
                pass

        try:
            loader.exec_module = exec_and_patch
        except Exception:
            pass
        return spec


def _install_repr_limit():
    try:
        seconds = float(_os.environ.pop("BPDIFF_VALUE_TIMEOUT", ""))
    except ValueError:
        return
    if not seconds > 0:
        return
    loaded = _sys.modules.get(_REPR_MODULE)
    if loaded is not None:
        _limit_safe_repr(loaded, seconds)
    else:
        _sys.meta_path.insert(0, _ReprPatcher(seconds))

try:
    _install_repr_limit()
except Exception:
    pass

def _chain():
    # Keep the sitecustomize this one shadows (Debian's installs apport's hook).
    import importlib.machinery, importlib.util
    here = _os.path.dirname(_os.path.abspath(__file__))
    rest = [p for p in _sys.path if _os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is not None and spec.loader is not None:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)

try:
    _chain()
except Exception:
    pass
