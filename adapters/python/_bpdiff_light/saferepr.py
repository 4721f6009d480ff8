# The text of a value, written as debugpy writes it for bpdiff: pydevd's SafeRepr (strings cut to 2/3
# + 1/3 of their limit around `...`, containers to 15 elements at the outer level and 10 inside, two
# levels deep, long iterables as `<list, len() = N>`), with the changes bpdiff's sitecustomize makes to
# it (adapters/debugpy/sitecustomize.py, parts 4 and 5): a repr that raises reads `<error: repr raised
# ValueError: ...>`, a slow one `<timed out after N s>` (it runs in a helper thread), and sets are
# written in a stable order. Written here again because the debuggee may import nothing of debugpy;
# the same inputs must give the same text (test/integration/python-adapters-agree.test.ts compares the two adapters).
import threading
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


def _parts(obj, level):
    """The parts of the final text (pydevd's SafeRepr._repr)."""
    try:
        obj_repr = type(obj).__repr__
    except Exception:
        obj_repr = None
    for kind, prefix, suffix, comma in _COLLECTIONS:
        if isinstance(obj, kind) and _has_repr_of(obj_repr, kind):
            return _iter_parts(obj, level, prefix, suffix, comma)
    for kind, prefix, suffix, item_prefix, item_sep, item_suffix in _DICTS:
        if isinstance(obj, kind) and _has_repr_of(obj_repr, kind):
            return _dict_parts(obj, level, prefix, suffix, item_prefix, item_sep, item_suffix)
    for kind in _STRINGS:
        if isinstance(obj, kind) and _has_repr_of(obj_repr, kind):
            return _str_parts(obj, level)
    if _is_long_iter(obj):
        return _long_iter_parts(obj)
    return _obj_parts(obj, level)


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


def _iter_parts(obj, level, prefix, suffix, comma_after_single_element=False):
    # An empty set as Python writes it, not `{}` (an empty dict); a set's elements in the stable order.
    if not obj and type(obj) in (set, frozenset):
        yield "%s()" % type(obj).__name__
        return
    if isinstance(obj, (set, frozenset)) and level < len(MAX_COLLECTION):
        try:
            obj = setorder.ordered(obj, setorder.plain_repr, MAX_COLLECTION[level])
        except Exception:
            pass
    yield prefix
    if level >= len(MAX_COLLECTION):
        yield "..."
    else:
        count = MAX_COLLECTION[level]
        yield_comma = False
        for item in obj:
            if yield_comma:
                yield ", "
            yield_comma = True
            count -= 1
            if count <= 0:
                yield "..."
                break
            for part in _parts(item, 100 if item is obj else level + 1):
                yield part
        else:
            if comma_after_single_element and count == MAX_COLLECTION[level] - 1:
                yield ","
    yield suffix


def _long_iter_parts(obj):
    try:
        text = "<%s, len() = %s>" % (type(obj).__name__, len(obj))
    except Exception:
        try:
            text = "<" + type(obj).__name__ + ">"
        except Exception:
            text = "<no repr available for object>"
    yield text


def _dict_parts(obj, level, prefix, suffix, item_prefix, item_sep, item_suffix):
    if not obj:
        yield prefix + suffix
        return
    if level >= len(MAX_COLLECTION):
        yield prefix + "..." + suffix
        return
    yield prefix
    count = MAX_COLLECTION[level]
    yield_comma = False
    for key in list(obj):
        if yield_comma:
            yield ", "
        yield_comma = True
        count -= 1
        if count <= 0:
            yield "..."
            break
        yield item_prefix
        for part in _parts(key, level + 1):
            yield part
        yield item_sep
        try:
            item = obj[key]
        except Exception:
            yield "<?>"
        else:
            for part in _parts(item, 100 if item is obj else level + 1):
                yield part
        yield item_suffix
    yield suffix


def _str_parts(obj, level):
    try:
        limit = MAX_OTHER_INNER if level > 0 else MAX_OTHER_OUTER
        if len(obj) <= limit:
            yield repr(obj)
            return
        left_count, right_count = max(1, int(2 * limit / 3)), max(1, int(limit / 3))
        part1 = repr(obj[:left_count])
        part1 = part1[:part1.rindex("'")]
        part2 = repr(obj[-right_count:])
        part2 = part2[part2.index("'") + 1:]
        yield part1
        yield "..."
        yield part2
    except Exception:
        for part in _obj_parts(obj, level):
            yield part


def _obj_parts(obj, level):
    try:
        text = repr(obj)
    except Exception as error:
        yield "<error: repr raised %s>" % bounded.describe_error(error)
        return
    if type(text) is not str:
        # repr() only returns str; a _Shown stands in for other results pydevd would have kept.
        text = str(text)
    limit = MAX_OTHER_INNER if level > 0 else MAX_OTHER_OUTER
    if limit >= len(text):
        yield text
        return
    left_count, right_count = max(1, int(2 * limit / 3)), max(1, int(limit / 3))
    yield text[:left_count]
    yield "..."
    yield text[-right_count:]


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
    try:
        return "".join(_parts(obj, 0))
    except Exception as error:
        try:
            return "An exception was raised: %r" % (error,)
        except Exception:
            return "An exception was raised"


def bounded_repr(ours):
    """safe_repr_now, bounded in time (bounded.py: `seconds`, 0 for no bound); its helper threads are in
    the set `ours`, the adapter's own threads, which breakpoints never stop."""
    return bounded.Bounded(safe_repr_now, enter=lambda: ours.add(threading.get_ident()), leave=lambda: ours.discard(threading.get_ident()))
