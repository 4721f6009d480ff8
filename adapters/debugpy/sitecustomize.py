# bpdiff's sitecustomize for debugpy runs. adapters/debugpy/hooks.ts copies it into the run's own
# temporary folder, which it puts first on the PYTHONPATH of the debuggee and of the adapter. It
# (1) defines the condition helper, because debugpy silently treats a condition that raises as false;
# (2) sets TCP_NODELAY on the loopback sockets between pydevd and the adapter, which otherwise cost
#     ~45 ms per request; (3) has pydevd connect to the port the adapter picked, once bpdiff says
#     it; (4) bounds each value's repr in pydevd to --value-timeout and shows a repr that raises as
#     the error; (5) writes and names the elements of sets in one order, the same in every run; (6)
#     lists long containers flat, `xs[500]`, as far as bpdiff reads them; (7) answers a stopped
#     thread's requests in 1 ms, not 10; (8) skips pydevd's 100 ms pause after it connects; (9) keeps
#     pydevd's plugin packages from importing pkg_resources; (10) stops on entry in an attach session (locate).
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

# (3) bpdiff starts the program at once with the adapter, under `debugpy --connect 127.0.0.1:0`; the
# adapter picks the port it listens on for pydevd (a port picked by bpdiff could be taken by another
# process first) only once it has read bpdiff's `attach`. bpdiff then writes that port, one line, on
# the program's file descriptor $BPDIFF_ADAPTER_PORT_FD (adapters/debugpy/hooks.ts). So pydevd's connect
# to 127.0.0.1:0 waits for that line and connects to the port it names; an end of the file with no
# port (bpdiff gone, or the adapter never listened) leaves the connect refused, which ends the
# program. The descriptor is not inherited and is closed once read: neither the program nor what it
# starts sees it. No other connect is touched.
def _connect_when_told(fd):
    _os.set_inheritable(fd, False)
    inner = _s.socket.connect
    told = []

    def read_port():
        data = b""
        try:
            while not data.endswith(b"\n"):
                chunk = _os.read(fd, 32)
                if not chunk:
                    break
                data += chunk
        finally:
            _os.close(fd)
        try:
            return int(data)
        except ValueError:
            return 0

    def connect(self, address):
        if not (isinstance(address, tuple) and tuple(address[:2]) == ("127.0.0.1", 0)):
            return inner(self, address)
        if not told:
            told.append(read_port())
        if not told[0]:
            raise ConnectionRefusedError("bpdiff did not say where the debug adapter listens")
        return inner(self, ("127.0.0.1", told[0]) + tuple(address[2:]))

    _s.socket.connect = connect

# Popped: neither the program nor what it starts sees it.
_port_fd = _os.environ.pop("BPDIFF_ADAPTER_PORT_FD", None)
if _port_fd:
    try:
        _connect_when_told(int(_port_fd))
    except Exception:
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


_BOUNDED = None


def _bounded():
    # bpdiff's Python adapter's bounded repr (adapters/python/_bpdiff_light/bounded.py), put beside
    # this file as _bpdiff_bounded.py by hooks.ts: both adapters bound a repr alike.
    global _BOUNDED
    if _BOUNDED is None:
        import _bpdiff_bounded
        _BOUNDED = _bpdiff_bounded
    return _BOUNDED


def _describe_error(error):
    return _bounded().describe_error(error)


def _mark_pydevd_own(thread):
    # pydevd neither traces nor lists threads marked so (its own): a breakpoint inside a __repr__
    # does not stop the helper, and the program does not see it.
    thread.is_pydev_daemon_thread = True
    thread.pydev_do_not_trace = True


def _limit_safe_repr(module, seconds):
    SafeRepr = module.SafeRepr
    original_call = SafeRepr.__call__
    original_repr_obj = SafeRepr._repr_obj
    if getattr(original_call, "_bpdiff", False):
        return
    bounded = _bounded().Bounded(mark=_mark_pydevd_own)
    bounded.seconds = seconds

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

    def _call(self, obj):
        return bounded(obj, lambda: original_call(self, obj))

    _call._bpdiff = True
    SafeRepr._repr_obj = _repr_obj
    SafeRepr.__call__ = _call


# (5) Sets read the same in every run. Python orders a set by hash, and string hashes are salted per
# process (PYTHONHASHSEED is left alone: the program must run as it would without bpdiff, and a capture
# recorded on another machine must compare equal too). So pydevd is taught a stable order of its own:
# numbers by value, then strings, then bytes, None, tuples element by element, and anything else by its
# repr (addresses masked). A set's text lists its elements in that order, and each element is a child
# named by its value text in braces: `s{'t0'}`, `st{('a', 1)}[0]`, `d['k3']{'p'}`. Braces because
# Python writes a set so and has no subscript for one: `s['t0']` would read as a dict entry, and
# `s[140149209229480]` (pydevd's id) changes every run. The name is given as pydevd's evaluateName,
# which bpdiff takes as the path (it is not an expression to evaluate: nothing bpdiff does evaluates
# it). Objects whose repr differs only by address are ordered by their fields, then named `#2`, `#3`...
# in that order; only those whose fields read the same too keep the hash order (and may pair wrongly).
# A dict keeps the program's (insertion) order, the same in both runs; a frozenset used as its key is
# written in the stable order too.
# The order and the names are bpdiff's Python adapter's own (adapters/python/_bpdiff_light/setorder.py,
# put beside this file as _bpdiff_setorder.py by hooks.ts), so both adapters write a set alike.
_SETORDER = None


def _setorder():
    global _SETORDER
    if _SETORDER is None:
        import _bpdiff_setorder
        _SETORDER = _bpdiff_setorder
    return _SETORDER


def _plain_repr(obj):
    return _setorder().plain_repr(obj)


def _stable_text(obj, other):
    return _setorder().stable_text(obj, other)


def _ordered(items, other, first=None):
    return _setorder().ordered(items, other, first)


def _holds_set(obj):
    kind = type(obj)
    if kind is set or kind is frozenset:
        return True
    return kind is tuple and any(_holds_set(item) for item in obj)


def _order_sets_in_repr(module):
    SafeRepr = module.SafeRepr
    original_repr_iter = SafeRepr._repr_iter
    if getattr(original_repr_iter, "_bpdiff", False):
        return

    def _repr_iter(self, obj, level, prefix, suffix, comma_after_single_element=False):
        # An empty set as Python writes it, not `{}` (an empty dict).
        if not obj and type(obj) in (set, frozenset):
            return iter(("%s()" % type(obj).__name__,))
        if isinstance(obj, (set, frozenset)):
            try:
                # pydevd shows one fewer than its limit, then `...` in place of the rest.
                limits = self.maxcollection
                if level < len(limits):
                    obj = _ordered(obj, _plain_repr, limits[level])
            except Exception:
                pass
        return original_repr_iter(self, obj, level, prefix, suffix, comma_after_single_element)

    _repr_iter._bpdiff = True
    SafeRepr._repr_iter = _repr_iter


def _name_set_elements(module):
    SetResolver, DictResolver = module.SetResolver, module.DictResolver
    original_contents = SetResolver.get_contents_debug_adapter_protocol
    if getattr(original_contents, "_bpdiff", False):
        return
    original_resolve = SetResolver.resolve
    original_key_to_str = DictResolver.key_to_str
    default_resolver = module.defaultResolver
    constants = module.pydevd_constants
    too_large_attr, too_large_msg = module.TOO_LARGE_ATTR, module.TOO_LARGE_MSG
    len_name = constants.GENERATED_LEN_ATTR_NAME
    len_evaluate_name = module.partial(module._apply_evaluate_name, evaluate_name="len(%s)")
    SafeRepr = module.SafeRepr

    def other(obj):
        # pydevd's SafeRepr, so that a slow __repr__ is bounded as for values (part 4).
        return SafeRepr()(obj)

    def elements(obj, first):
        return _setorder().named_elements(obj, other, first)

    def get_contents_debug_adapter_protocol(self, obj, fmt=None):
        limit = constants.PYDEVD_CONTAINER_RANDOM_ACCESS_MAX_ITEMS
        ret = [(name, item, name) for name, item in elements(obj, limit + 1)]
        if len(obj) > limit + 1:
            ret.append((too_large_attr, too_large_msg % (limit,), None))
        # A subclass of set may have fields of its own.
        from_default_resolver = default_resolver.get_contents_debug_adapter_protocol(obj, fmt=fmt)
        if from_default_resolver:
            ret = from_default_resolver + ret
        ret.append((len_name, len(obj), len_evaluate_name))
        return ret

    def resolve(self, var, attribute):
        if isinstance(attribute, str) and attribute.startswith("{"):
            for name, item in elements(var, None):
                if name == attribute:
                    return item
        return original_resolve(self, var, attribute)

    def key_to_str(self, key, fmt=None):
        if not (fmt and fmt.get("hex", False)) and _holds_set(key):
            return _stable_text(key, _plain_repr)
        return original_key_to_str(self, key, fmt)

    get_contents_debug_adapter_protocol._bpdiff = True
    SetResolver.get_contents_debug_adapter_protocol = get_contents_debug_adapter_protocol
    SetResolver.resolve = resolve
    DictResolver.key_to_str = key_to_str


# (6) Long containers, named as Python indexes them. pydevd lists the first 100 elements of a list and
# groups the rest under `more` (`[100:1100]` buckets of 1000), which bpdiff would name `xs.more[500]`,
# and it stops a dict or a set at 500 entries. bpdiff reads no more than BPDIFF_MAX_CHILDREN children
# of a value (its --max-children, or --max-variables if lower): so pydevd lists that many plus one (to
# show there are more) flat, `xs[500]`, and never the groups. A container longer than that also says
# how long it is (DAP's indexedVariables), so that bpdiff's note reads "600 of 1000 children shown";
# its listing then holds its entries only (pydevd's `len()`, `more` and "Unable to handle" rows go).
_LIST_LIMIT = [None]


def _limit_listing(module):
    limit = _LIST_LIMIT[0]
    module.PYDEVD_CONTAINER_INITIAL_EXPANDED_ITEMS = limit + 1
    module.PYDEVD_CONTAINER_RANDOM_ACCESS_MAX_ITEMS = limit + 1


def _count_elements(module):
    limit = _LIST_LIMIT[0]
    resolvers = _sys.modules["_pydevd_bundle.pydevd_resolver"]
    constants = _sys.modules["_pydevd_bundle.pydevd_constants"]
    element_resolvers = (resolvers.TupleResolver, resolvers.SetResolver, resolvers.DictResolver)
    groups = (resolvers.MoreItems, resolvers.MoreItemsRange)
    not_entries = (resolvers.TOO_LARGE_ATTR, constants.GENERATED_LEN_ATTR_NAME)
    get_type = module.get_type
    AbstractVariable, ObjectVariable = module._AbstractVariable, module._ObjectVariable
    original_var_data = AbstractVariable.get_var_data
    original_children = ObjectVariable.get_children_variables
    if getattr(original_var_data, "_bpdiff", False):
        return

    def count(value):
        """The length of a container cut at the limit, else None."""
        try:
            if isinstance(get_type(value)[2], element_resolvers):
                length = len(value)
                if length > limit:
                    return length
        except Exception:
            pass
        return None

    def get_var_data(self, *args, **kwargs):
        data = original_var_data(self, *args, **kwargs)
        try:
            if data.get("variablesReference"):
                length = count(self.value)
                if length is not None:
                    data["indexedVariables"] = length
        except Exception:
            pass
        return data

    def get_children_variables(self, *args, **kwargs):
        children = original_children(self, *args, **kwargs)
        try:
            if count(self.value) is None:
                return children
            return [child for child in children if child.name not in not_entries and not isinstance(child.value, groups)]
        except Exception:
            return children

    get_var_data._bpdiff = True
    AbstractVariable.get_var_data = get_var_data
    ObjectVariable.get_children_variables = get_children_variables


# (7) A thread stopped at the breakpoint waits for the client's requests in a loop that sleeps 10 ms
# between looks (pydevd.py, _do_wait_suspend). Every request answered on that thread (evaluate, the
# variables of some values) and every `continue` then waits up to 10 ms: a walk over a thousand hits
# (--first-divergence) spent most of its time there. pydevd's `time` is given a sleep whose 10 ms
# pause is 1 ms; everything else is the time module itself.
class _QuickPollTime(object):
    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)

    def sleep(self, seconds):
        if seconds == 0.1 and _thread_start_pause["thread"] == _thread.get_ident():
            return
        self._real.sleep(0.001 if seconds == 0.01 else seconds)


def _quick_suspend_poll(module):
    real = getattr(module, "time", None)
    if real is not None and not isinstance(real, _QuickPollTime):
        module.time = _QuickPollTime(real)


# (8) Once pydevd has connected to the adapter, PyDB.initialize_network starts its reader and writer
# threads and then sleeps 100 ms "to give threads time to start". Thread.start() already returns only
# once the thread runs, and the program then waits for the adapter's configurationDone anyway (an
# event, not a poll): the pause was 100 ms of every Python run (a quarter of a one-run capture). It
# is skipped for that call, on that thread; every other sleep of pydevd is as before.
import _thread

# The thread inside initialize_network, if any (_thread: the interpreter's own, already loaded).
_thread_start_pause = {"thread": None}


def _no_thread_start_pause(module):
    pydb = getattr(module, "PyDB", None)
    real = getattr(pydb, "initialize_network", None)
    if real is None:
        return

    def initialize_network(self, *args, **kwargs):
        _thread_start_pause["thread"] = _thread.get_ident()
        try:
            return real(self, *args, **kwargs)
        finally:
            _thread_start_pause["thread"] = None

    pydb.initialize_network = initialize_network


# (9) pydevd's plugin packages (pydevd_plugins, .extensions, .extensions.types) declare themselves
# namespace packages with pkg_resources when it can be imported, else with pkgutil. Importing
# pkg_resources (setuptools) costs ~45 ms of CPU in each program, before it runs, and two runs side by
# side compete for the cores: while those two modules run, pkg_resources cannot be imported, so they
# take pkgutil's way, as wherever setuptools is not installed. Afterwards the program imports
# pkg_resources as it would have (a program that had imported it already is left alone).
def _without_pkg_resources(exec_module, module):
    hidden = "pkg_resources" not in _sys.modules
    if hidden:
        _sys.modules["pkg_resources"] = None
    try:
        exec_module(module)
    finally:
        if hidden and "pkg_resources" in _sys.modules and _sys.modules["pkg_resources"] is None:
            del _sys.modules["pkg_resources"]


# (10) `bpdiff locate` walks the program from its first line: debugpy's `stopOnEntry`. pydevd honours it
# only in a session started by `launch`; bpdiff starts the program itself and debugpy attaches to it
# (part 3), so pydevd is told the attach asked for it as a launch would. Only `stopOnEntry` reads the
# start's kind; a session that does not ask for it is left as it was.
def _stop_on_entry_when_attached(module):
    processor = module.PyDevJsonCommandProcessor
    original = processor._set_debug_options
    if getattr(original, "_bpdiff", False):
        return

    def _set_debug_options(self, py_db, args, start_reason):
        if start_reason == "attach" and args.get("stopOnEntry") is True:
            start_reason = "launch"
        return original(self, py_db, args, start_reason)

    _set_debug_options._bpdiff = True
    processor._set_debug_options = _set_debug_options


class _PydevdPatcher(object):
    """Watches imports for pydevd's modules and patches each once it has run."""

    def __init__(self, patches, around):
        # Module name -> the functions that patch it, in order.
        self.patches = patches
        # Module name -> a function that runs the module (exec_module, module) in its own way.
        self.around = around

    def find_spec(self, name, path=None, target=None):
        if name not in self.patches and name not in self.around:
            return None
        patches = self.patches.pop(name, [])
        around = self.around.pop(name, None)
        if not self.patches and not self.around:
            try:
                _sys.meta_path.remove(self)
            except ValueError:
                pass
        try:
            import importlib.util
            # Not found here again: its entry is gone.
            spec = importlib.util.find_spec(name)
        except Exception:
            return None
        loader = getattr(spec, "loader", None)
        exec_module = getattr(loader, "exec_module", None)
        if exec_module is None:
            return spec

        def exec_and_patch(module):
            if around is None:
                exec_module(module)
            else:
                around(exec_module, module)
            _apply(patches, module)

        try:
            loader.exec_module = exec_and_patch
        except Exception:
            pass
        return spec


def _apply(patches, module):
    # Each patch on its own: pydevd's internals differ between versions, and one that does not fit
    # leaves that part of pydevd as it was.
    for patch in patches:
        try:
            patch(module)
        except Exception:
            pass


def _install_pydevd_patches():
    patches = {
        _REPR_MODULE: [_order_sets_in_repr],
        "_pydevd_bundle.pydevd_resolver": [_name_set_elements],
        "pydevd": [_quick_suspend_poll, _no_thread_start_pause],
        "_pydevd_bundle.pydevd_process_net_command_json": [_stop_on_entry_when_attached],
    }
    try:
        seconds = float(_os.environ.pop("BPDIFF_VALUE_TIMEOUT", ""))
    except ValueError:
        seconds = 0
    if seconds > 0:
        patches[_REPR_MODULE].append(lambda module: _limit_safe_repr(module, seconds))
    try:
        _LIST_LIMIT[0] = int(_os.environ.pop("BPDIFF_MAX_CHILDREN", ""))
    except ValueError:
        pass
    if _LIST_LIMIT[0] is not None and _LIST_LIMIT[0] > 0:
        patches["_pydevd_bundle.pydevd_constants"] = [_limit_listing]
        patches["_pydevd_bundle.pydevd_suspended_frames"] = [_count_elements]
    for name in list(patches):
        loaded = _sys.modules.get(name)
        if loaded is not None:
            _apply(patches.pop(name), loaded)
    around = {name: _without_pkg_resources for name in ("pydevd_plugins", "pydevd_plugins.extensions", "pydevd_plugins.extensions.types") if name not in _sys.modules}
    if patches or around:
        _sys.meta_path.insert(0, _PydevdPatcher(patches, around))

try:
    _install_pydevd_patches()
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
