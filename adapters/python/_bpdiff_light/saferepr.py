# The text of a value, written as debugpy writes it for bpdiff: pydevd's SafeRepr (strings cut to 2/3
# + 1/3 of their limit around `...`, containers to 15 elements at the outer level and 10 inside, two
# levels deep, long iterables as `<list, len() = N>`), with the changes bpdiff's sitecustomize makes to
# it (adapters/debugpy/sitecustomize.py, parts 4 and 5): a repr that raises reads `<error: repr raised
# ValueError: ...>`, a slow one `<timed out after N s>` (it runs in a helper thread), and sets are
# written in a stable order. Written here again because the debuggee may import nothing of debugpy;
# the same inputs must give the same text (test/integration/python-adapters-agree.test.ts compares the two adapters).
import threading
import types
from collections import OrderedDict, deque

from . import bounded, setorder

try:
    from ctypes import Array as _CtypesArray
except Exception:  # an interpreter without ctypes
    _CtypesArray = None


class _Shown(object):
    # Stands for a value whose repr is already known, so the shortening still applies to it.
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


_COLLECTIONS = ((tuple, "(", ")", True), (list, "[", "]", False), (frozenset, "frozenset({", "})", False), (set, "{", "}", False), (deque, "deque([", "])", False))
_DICTS = ((dict, "{", "}", "", ": ", ""), (OrderedDict, "OrderedDict([", "])", "(", ", ", ")"))
_STRINGS = (str, bytes)
_LONG_ITER = (list, tuple, bytearray, range, dict, set, frozenset)
MAX_COLLECTION = (15, 10)
MAX_OTHER_OUTER = 2 ** 16
MAX_OTHER_INNER = 30


def _has_repr_of(obj_repr, kind):
    r = kind.__repr__
    try:
        return obj_repr == r
    except Exception:
        return obj_repr is r


def _write(obj, level, out):
    """Appends the parts of the object's text to `out` (pydevd's SafeRepr._repr, whose generators yield
    them in this order; one list instead of a generator per level, each part yielded again by each)."""
    exact = _EXACT_PARTS.get(type(obj))
    if exact is not None:
        exact(obj, level, out)
        return
    try:
        obj_repr = type(obj).__repr__
    except Exception:
        obj_repr = None
    for kind, prefix, suffix, comma in _COLLECTIONS:
        if isinstance(obj, kind) and _has_repr_of(obj_repr, kind):
            _write_iter(obj, level, out, prefix, suffix, comma)
            return
    for kind, prefix, suffix, item_prefix, item_sep, item_suffix in _DICTS:
        if isinstance(obj, kind) and _has_repr_of(obj_repr, kind):
            _write_dict(obj, level, out, prefix, suffix, item_prefix, item_sep, item_suffix)
            return
    for kind in _STRINGS:
        if isinstance(obj, kind) and _has_repr_of(obj_repr, kind):
            _write_str(obj, level, out)
            return
    if _is_long_iter(obj):
        _write_long_iter(obj, out)
        return
    _write_obj(obj, level, out)


def _is_long_iter(obj, level=0):
    try:
        if isinstance(obj, _STRINGS):
            return len(obj) > MAX_OTHER_INNER
        if not hasattr(obj, "__iter__"):
            return False
        if not isinstance(obj, _LONG_ITER):
            return False
        if obj is iter(obj):
            return False
        if isinstance(obj, range):
            return False
        try:
            module = type(obj).__module__.partition(".")[0]
            if module in ("numpy", "scipy"):
                return False
        except Exception:
            pass
        if level >= len(MAX_COLLECTION):
            return True
        if hasattr(obj, "__len__"):
            try:
                size = len(obj)
            except Exception:
                size = None
            if size is not None and size > MAX_COLLECTION[level]:
                return True
            return any((_is_long_iter(item, level + 1) for item in obj))
        return any(i > MAX_COLLECTION[level] or _is_long_iter(item, level + 1) for i, item in enumerate(obj))
    except Exception:
        return True


def _write_iter(obj, level, out, prefix, suffix, comma_after_single_element=False):
    # An empty set as Python writes it, not `{}` (an empty dict); a set's elements in the stable order.
    if not obj and type(obj) in (set, frozenset):
        out.append("%s()" % type(obj).__name__)
        return
    if isinstance(obj, (set, frozenset)) and level < len(MAX_COLLECTION):
        try:
            obj = setorder.ordered(obj, setorder.plain_repr, MAX_COLLECTION[level])
        except Exception:
            pass
    out.append(prefix)
    if level >= len(MAX_COLLECTION):
        out.append("...")
    else:
        count = MAX_COLLECTION[level]
        comma = False
        for item in obj:
            if comma:
                out.append(", ")
            comma = True
            count -= 1
            if count <= 0:
                out.append("...")
                break
            _write(item, 100 if item is obj else level + 1, out)
        else:
            if comma_after_single_element and count == MAX_COLLECTION[level] - 1:
                out.append(",")
    out.append(suffix)


def _write_long_iter(obj, out):
    try:
        text = "<%s, len() = %s>" % (type(obj).__name__, len(obj))
    except Exception:
        try:
            text = "<" + type(obj).__name__ + ">"
        except Exception:
            text = "<no repr available for object>"
    out.append(text)


def _write_dict(obj, level, out, prefix, suffix, item_prefix, item_sep, item_suffix):
    if not obj:
        out.append(prefix + suffix)
        return
    if level >= len(MAX_COLLECTION):
        out.append(prefix + "..." + suffix)
        return
    out.append(prefix)
    count = MAX_COLLECTION[level]
    comma = False
    for key in list(obj):
        if comma:
            out.append(", ")
        comma = True
        count -= 1
        if count <= 0:
            out.append("...")
            break
        out.append(item_prefix)
        _write(key, level + 1, out)
        out.append(item_sep)
        try:
            item = obj[key]
        except Exception:
            out.append("<?>")
        else:
            _write(item, 100 if item is obj else level + 1, out)
        out.append(item_suffix)
    out.append(suffix)


def _write_str(obj, level, out):
    try:
        limit = MAX_OTHER_INNER if level > 0 else MAX_OTHER_OUTER
        if len(obj) <= limit:
            out.append(repr(obj))
            return
        left_count, right_count = max(1, int(2 * limit / 3)), max(1, int(limit / 3))
        part1 = repr(obj[:left_count])
        part1 = part1[:part1.rindex("'")]
        part2 = repr(obj[-right_count:])
        part2 = part2[part2.index("'") + 1:]
    except Exception:
        _write_obj(obj, level, out)
        return
    out.append(part1)
    out.append("...")
    out.append(part2)


def _write_obj(obj, level, out):
    try:
        text = repr(obj)
    except Exception as error:
        out.append("<error: repr raised %s>" % bounded.describe_error(error))
        return
    if type(text) is not str:
        # repr() only returns str; a _Shown stands in for other results pydevd would have kept.
        text = str(text)
    limit = MAX_OTHER_INNER if level > 0 else MAX_OTHER_OUTER
    if limit >= len(text):
        out.append(text)
        return
    left_count, right_count = max(1, int(2 * limit / 3)), max(1, int(limit / 3))
    out.append(text[:left_count])
    out.append("...")
    out.append(text[-right_count:])


# The parts of a value of one of these exact types (whose repr no program can change), as _write finds
# them through its tables and checks: the path it takes for each, looked up at once.
_EXACT_PARTS = {
    tuple: lambda obj, level, out: _write_iter(obj, level, out, "(", ")", True),
    list: lambda obj, level, out: _write_iter(obj, level, out, "[", "]", False),
    frozenset: lambda obj, level, out: _write_iter(obj, level, out, "frozenset({", "})", False),
    set: lambda obj, level, out: _write_iter(obj, level, out, "{", "}", False),
    deque: lambda obj, level, out: _write_iter(obj, level, out, "deque([", "])", False),
    dict: lambda obj, level, out: _write_dict(obj, level, out, "{", "}", "", ": ", ""),
    OrderedDict: lambda obj, level, out: _write_dict(obj, level, out, "OrderedDict([", "])", "(", ", ", ")"),
    str: _write_str,
    bytes: _write_str,
}
# Not containers, not strings: _write writes their repr (_is_long_iter is False for them: none is an
# instance of a long iterable's type, whatever attributes it has).
for _kind in (int, float, complex, bool, type(None), type, types.FunctionType, types.BuiltinFunctionType, types.MethodType):
    _EXACT_PARTS[_kind] = _write_obj
del _kind


# The text of these is their repr while it is not longer than the outer limit (SafeRepr's own path
# for them, without its checks): the locate stream writes thousands of them a second.
_PLAIN_REPR = (int, float, bool, type(None))


def safe_repr_now(obj):
    """The text, computed in this thread."""
    kind = type(obj)
    if kind in _PLAIN_REPR or (kind is str and len(obj) <= MAX_OTHER_OUTER):
        text = repr(obj)
        if len(text) <= MAX_OTHER_OUTER:
            return text
    out = []
    try:
        _write(obj, 0, out)
        return "".join(out)
    except Exception as error:
        try:
            return "An exception was raised: %r" % (error,)
        except Exception:
            return "An exception was raised"


def bounded_repr(ours):
    """safe_repr_now, bounded in time (bounded.py: `seconds`, 0 for no bound); its helper threads are in
    the set `ours`, the adapter's own threads, which breakpoints never stop."""
    return bounded.Bounded(safe_repr_now, enter=lambda: ours.add(threading.get_ident()), leave=lambda: ours.discard(threading.get_ident()))
