# A stopped frame's variables as DAP `variables`, named, typed and written as debugpy (pydevd 1.6, with
# the launch options of adapters/debugpy/adapter.json and bpdiff's sitecustomize) gives them, so that
# captures of the two adapters compare equal:
# - a scope lists the frame's locals or globals, sorted (plain names, then _protected, then __dunder),
#   without special (`__x__`), function and class variables ("hide"), protected ones inline;
# - a value is expandable unless it is None, a number or a string (bool and int subclasses included);
# - list and tuple children are `00`..`NN` (zero-padded) with evaluateName `x[3]`; dict children are
#   named by the key's repr (`x['a']`); set elements `s{'t0'}` (setorder.py); an object's children are
#   its dir() attributes but the hidden kinds, `x.attr`; each container ends with a `len()` child;
# - a container longer than the listing limit (bpdiff's --max-children) lists that many plus one flat
#   and says its length as indexedVariables, without the `len()` row.
import abc
import inspect
import itertools
import re
import sys
import traceback
import types

from . import setorder

LEN_NAME = "len()"
TOO_LARGE_ATTR = "Unable to handle:"
TOO_LARGE_MSG = "Maximum number of items (%s) reached. To show more items customize the value of the PYDEVD_CONTAINER_RANDOM_ACCESS_MAX_ITEMS environment variable."
_METHOD_WRAPPER = type([].__str__)
# An object's identity, as id() gives it but without the audit event id() raises ("builtins.id"): every
# id() calls the runner's audit hook (runmain.py), a Python function, and a step's texts take hundreds.
# object.__hash__ is the interpreter's own pointer hash, whatever the object's class defines: a rotation
# of its address, one number per live object, and none of the program's code runs.
identity = object.__hash__
# What inspect.isroutine or isclass answer by the value's type alone: a subclass of these is a routine,
# whatever the value's __class__ says (isinstance looks at type() first), as are the interpreter's own
# descriptors; a value of these exact metaclasses is a class (one of the program's own metaclasses may make
# isclass raise: is_hidden's own answer then).
_ROUTINE_CLASSES = (types.MethodType, types.FunctionType, types.BuiltinFunctionType)
_ROUTINE_TYPES = frozenset(identity(kind) for kind in (type(str.join), type(object.__init__), type(dict.__dict__["fromkeys"]), _METHOD_WRAPPER, type, abc.ABCMeta))
_BASIC_IMMUTABLE = (int, float, complex, str, bytes, type(None), bool, frozenset)
_PLAIN_CONTAINERS = (list, tuple, dict, set, frozenset)

# Resolvers: how a value's children are listed (None: not expandable).
TUPLE, DICT, SET, FRAME, DEFAULT, NDARRAY = "tuple", "dict", "set", "frame", "default", "ndarray"
# As pydevd's numpy plugin lists an array's first elements (PYDEVD_CONTAINER_NUMPY_MAX_ITEMS).
NUMPY_MAX_ITEMS = 500


def _type_map():
    from collections import OrderedDict, deque
    import types
    kinds = [(OrderedDict, DICT), (type(None), None), (int, None), (float, None), (complex, None), (str, None), (tuple, TUPLE), (list, TUPLE), (dict, DICT), (set, SET), (frozenset, SET), (deque, TUPLE)]
    try:
        from ctypes import Array
        kinds.append((Array, TUPLE))
    except Exception:
        pass
    kinds.append((types.FrameType, FRAME))
    return kinds


_TYPE_MAP = _type_map()
_resolver_cache = {}


def _isinstance(obj, kind):
    try:
        return isinstance(obj, kind)
    except Exception:
        return False


def _resolver_of(obj, type_object):
    resolver = _resolver_cache.get(type_object, _resolver_cache)
    if resolver is not _resolver_cache:
        return resolver
    resolver = DEFAULT
    # pydevd's plugins come first: a numpy array lists its summary (min, max, shape...), not its attributes.
    numpy = sys.modules.get("numpy")
    ndarray = getattr(numpy, "ndarray", None) if numpy is not None else None
    if ndarray is not None and isinstance(type_object, type) and issubclass(type_object, ndarray):
        _resolver_cache[type_object] = NDARRAY
        return NDARRAY
    for kind, found in _TYPE_MAP:
        if _isinstance(obj, kind):
            resolver = found
            break
    _resolver_cache[type_object] = resolver
    return resolver


# The builtin types whose instances cannot fake their __class__, by id (no type's own __eq__ or __hash__
# runs): (type name, resolver) at once, as get_type would find them (the stream asks it of every value).
_EXACT_TYPES = {}
for _kind in (int, float, complex, bool, str, bytes, type(None), list, tuple, dict, set, frozenset):
    _EXACT_TYPES[identity(_kind)] = (_kind.__name__, _resolver_of(_kind(), _kind))
del _kind
# More of the interpreter's types that no value can fake: neither routines nor classes.
_DATA_TYPES = frozenset(identity(kind) for kind in (type(re.compile("")), type(re.match("", "")), type(type.__dict__)))


def get_type(obj):
    """(type name, resolver) as pydevd's get_type: the type by __class__, which a proxy may fake."""
    known = _EXACT_TYPES.get(identity(type(obj)))
    if known is not None:
        return known
    try:
        try:
            type_object = obj.__class__
            return type_object.__name__, _resolver_of(obj, type_object)
        except Exception:
            type_object = type(obj)
            try:
                return type_object.__name__, _resolver_of(obj, type_object)
            except Exception:
                return str(type_object.__name__), DEFAULT
    except Exception:
        return "Unable to get Type", None


def sorted_attributes_key(name):
    if name.startswith("__"):
        return (3, name) if name.endswith("__") else (2, name)
    if name.startswith("_"):
        return (1, name)
    return (0, name)


# What a name alone answers for is_hidden (True, False, or None: the value decides), by name: a few
# hundred names a program, each met at every step. Started again past _NAMES_KEPT (a dict's keys are names too).
_BY_NAME = {}
_NAMES_KEPT = 8192


def _hidden_by_name(name):
    if name.startswith("'"):
        if name.endswith("'"):
            return False
        i = name.find("__' (")
        if i >= 0:
            name = name[1:i + 2]
    if name == LEN_NAME:
        return False
    if name.startswith("__") and name.endswith("__"):
        return True
    if name.startswith("_") or name.endswith("__"):
        return False
    return None


def is_hidden(name, value):
    """True for what the launch options hide: special, function and class variables (protected stay)."""
    by_name = _BY_NAME.get(name, _BY_NAME)
    if by_name is _BY_NAME:
        if len(_BY_NAME) >= _NAMES_KEPT:
            _BY_NAME.clear()
        by_name = _BY_NAME[name] = _hidden_by_name(name)
    if by_name is not None:
        return by_name
    # The answers of inspect.isroutine and isclass for the exact types met most (a bound method: hidden;
    # a number, a string or a builtin container: not), without their checks.
    kind = type(value)
    if identity(kind) in _EXACT_TYPES or identity(kind) in _DATA_TYPES:
        return False
    if identity(kind) in _ROUTINE_TYPES or issubclass(kind, _ROUTINE_CLASSES):
        return True
    try:
        if inspect.isroutine(value) or isinstance(value, _METHOD_WRAPPER):
            return True
        return inspect.isclass(value)
    except Exception:
        return False


def _attributes(obj):
    """(name, value, evaluate suffix) of an object's attributes, as pydevd's DefaultResolver lists them."""
    used_dict = False
    try:
        names = dir(obj)
    except Exception:
        names = []
    if not names:
        try:
            names = list(obj.__dict__)
            used_dict = True
        except Exception:
            names = []
    found = {}
    named = True
    for name in names:
        if type(name) is str:
            text = name
        else:
            text = "%r" % (name,)
            named = False
        if text.startswith("__") and text.endswith("__"):
            continue  # special variables are hidden: not read at all
        try:
            value = obj.__dict__[name] if used_dict else getattr(obj, name)
        except Exception as error:
            # As pydevd shows an attribute that raises (a property): the traceback, from the program's frames.
            value = "".join(traceback.format_exception(type(error), error, error.__traceback__.tb_next))
        found[text] = value
    suffix = ".__dict__[%s]" if used_dict else ".%s"
    if named and not used_dict:
        # dir() sorts its names: grouped as sorted_attributes_key groups them, each group keeps that order.
        groups = ([], [], [])
        for name, value in found.items():
            groups[0 if not name.startswith("_") else 1 if not name.startswith("__") else 2].append((name, value, suffix % name))
        return groups[0] + groups[1] + groups[2]
    return [(name, value, suffix % name) for name, value in sorted(found.items(), key=lambda item: sorted_attributes_key(item[0]))]


def _ndarray_entries(obj):
    """An array as pydevd's numpy plugin lists it: min, max, shape, dtype, size and its first elements."""
    found = {}
    if obj.size > 1024 * 1024:
        found["min"] = "ndarray too big, calculating min would slow down debugging"
        found["max"] = "ndarray too big, calculating max would slow down debugging"
    elif obj.size == 0:
        found["min"] = found["max"] = "array is empty"
    elif hasattr(obj, "dtype") and obj.dtype.kind in "biufc":
        found["min"] = obj.min()
        found["max"] = obj.max()
    else:
        found["min"] = found["max"] = "not a numeric object"
    found["shape"] = obj.shape
    found["dtype"] = obj.dtype
    found["size"] = obj.size
    try:
        found["[0:%s] " % (len(obj),)] = list(obj[0:NUMPY_MAX_ITEMS])
    except Exception:
        pass
    return [(name, value, None, False) for name, value in sorted(found.items(), key=lambda item: sorted_attributes_key(item[0]))]


def _index_format(length):
    return "%0" + str(len(str(length - 1))) + "d"


def _len_child(obj):
    return (LEN_NAME, len(obj), lambda parent: "len(%s)" % (parent,), False)


def _key_text(key):
    if setorder.holds_set(key):
        return setorder.stable_text(key, setorder.plain_repr)
    return "%r" % (key,)


def _repr_is_value(obj):
    try:
        if isinstance(obj, tuple):
            return all(_repr_is_value(item) for item in obj)
        return isinstance(obj, _BASIC_IMMUTABLE)
    except Exception:
        return False


def children(obj, resolver, limit, other_repr):
    """(name, value, evaluate suffix or function or None, is element) of a container, pydevd's order."""
    entries = []
    cut = False
    if resolver == TUPLE:
        length = len(obj)
        name_of = _index_format(length)
        for i, item in enumerate(obj):
            entries.append((name_of % i, item, "[%s]" % i, True))
            if i >= limit:
                cut = True
                break
    elif resolver == DICT:
        seen = set()
        for i, (key, value) in enumerate(obj.items(), 1):
            text = _key_text(key)
            if text in seen:
                text = "%s (id: %s)" % (text, id(key))
            seen.add(text)
            entries.append((text, value, "[%s]" % _key_text(key) if _repr_is_value(key) else None, True))
            if i >= limit + 1:
                cut = True
                break
    elif resolver == SET:
        for name, item in setorder.named_elements(obj, other_repr, limit + 1):
            entries.append((name, item, name, True))
        cut = len(obj) > limit + 1
    elif resolver == NDARRAY:
        return _ndarray_entries(obj)
    elif resolver == FRAME:
        return [(name, value, None, False) for name, value in (("__internals__", {}), ("f_locals", obj.f_locals), ("stack", _frame_stack(obj)))]
    if resolver == DEFAULT:
        return [entry + (False,) for entry in _attributes(obj)]
    # The builtin containers have no attributes of their own to show (methods and dunders are hidden).
    attributes = [] if type(obj) in _PLAIN_CONTAINERS else [entry + (False,) for entry in _attributes(obj)]
    try:
        counted = len(obj) > limit
    except Exception:
        counted = False
    if counted:
        # Longer than bpdiff reads: its entries only, its length said as indexedVariables.
        return attributes + entries
    if cut and resolver != TUPLE:
        entries.append((TOO_LARGE_ATTR, TOO_LARGE_MSG % (limit + 1,), None, False))
    return attributes + entries + [_len_child(obj)]


def _frame_stack(frame):
    names = []
    while frame is not None:
        try:
            names.append("frame: %s [%s:%s]  id:%s" % (frame.f_code.co_name, frame.f_code.co_filename.rsplit("/", 1)[-1], frame.f_lineno, id(frame)))
        except Exception:
            names.append("frame object")
        frame = frame.f_back
    return names


def indexed_count(obj, resolver, limit):
    """A container's length when it is longer than the listing limit, else None."""
    if resolver not in (TUPLE, DICT, SET):
        return None
    try:
        length = len(obj)
    except Exception:
        return None
    return length if length > limit else None


def scope_entries(mapping):
    """A frame's locals or globals, as pydevd lists a scope: sorted by name, the hidden kinds left out."""
    entries = [(name, value) for name, value in list(mapping.items()) if not is_hidden(name, value)]
    entries.sort(key=lambda item: sorted_attributes_key(item[0]))
    return entries


class References(object):
    """The objects behind the numbers of one stop (frames, scopes, values); forgotten when it resumes."""

    def __init__(self):
        # A counter both the DAP thread and the stopped thread (evaluate) draw from: next() is atomic.
        self._numbers = itertools.count(1)
        self._items = {}

    def add(self, item):
        ref = next(self._numbers)
        self._items[ref] = item
        return ref

    def get(self, ref):
        return self._items.get(ref)

    def clear(self):
        self._items.clear()


class VariableReader(object):
    """Writes variables for DAP; `repr` is the bounded SafeRepr, `limit` bpdiff's listing limit."""

    def __init__(self, refs, bounded_repr, limit):
        self.refs = refs
        self.repr = bounded_repr
        self.limit = limit

    def var_data(self, name, value, evaluate_name):
        type_name, resolver = get_type(value)
        data = {"name": name, "value": self.repr(value), "type": type_name}
        if evaluate_name is not None:
            data["evaluateName"] = evaluate_name
        if resolver is not None:
            data["variablesReference"] = self.refs.add(("value", value, evaluate_name, resolver))
            count = indexed_count(value, resolver, self.limit)
            if count is not None:
                data["indexedVariables"] = count
        else:
            data["variablesReference"] = 0
        attributes = ["rawString"] if type_name in ("str", "bytes", "bytearray") else []
        if name in (LEN_NAME, TOO_LARGE_ATTR):
            attributes.append("readOnly")
        if attributes:
            data["presentationHint"] = {"attributes": attributes}
        return data

    def scope_variables(self, mapping):
        return [self.var_data(name, value, name) for name, value in scope_entries(mapping)]

    def value_children(self, value, evaluate_name, resolver, which=None, start=0, count=0):
        listed = []
        for name, child, suffix, element in children(value, resolver, self.limit, self.repr):
            if which == "indexed" and not element or which == "named" and element:
                continue
            if is_hidden(name, child):
                continue
            listed.append((name, child, suffix))
        if which is not None and (start or count):
            listed = listed[start:start + count] if count else listed[start:]
        result = []
        for name, child, suffix in listed:
            if evaluate_name and suffix is not None:
                child_name = suffix(evaluate_name) if callable(suffix) else evaluate_name + suffix
            else:
                child_name = None
            result.append(self.var_data(name, child, child_name))
        return result


def frame_locals(frame):
    try:
        return frame.f_locals
    except Exception:
        return {}
