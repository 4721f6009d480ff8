# Sets read the same in every run. Python orders a set by hash, and string hashes are salted per
# process (PYTHONHASHSEED is left alone: the program must run as it would without bpdiff). So sets are
# written and their elements named in an order of their own: numbers by value, then strings, bytes,
# None, tuples element by element, and anything else by its repr (addresses masked). The same rules as
# adapters/debugpy/sitecustomize.py (part 5) teaches pydevd, so both adapters write a set alike: its
# elements are children named by their value text in braces, `s{'t0'}`, objects whose repr differs
# only by address ordered by their fields and then named `#2`, `#3`...
import re

try:
    from .bounded import describe_error
except ImportError:
    # Beside debugpy's sitecustomize, as _bpdiff_setorder.py (adapters/debugpy/hooks.ts): no package.
    from _bpdiff_bounded import describe_error

SCALARS = (bool, int, float, complex, str, bytes, type(None))
ADDRESS_TOKEN = "0x\u2026"
# The address rule of bpdiff's values (src/values/normalise.ts), applied here to names.
_ADDRESS = re.compile(r"\b0x(?=[0-9a-fA-F]*[1-9a-fA-F])[0-9a-fA-F]{6,}\b")


def masked(text):
    return _ADDRESS.sub(ADDRESS_TOKEN, text)


def plain_repr(obj):
    try:
        return repr(obj)
    except Exception as error:
        return "<error: repr raised %s>" % describe_error(error)


def stable_text(obj, other):
    """The text of a set's element in the stable order; `other` writes what is not a tuple or a set."""
    kind = type(obj)
    if kind is tuple:
        parts = [stable_text(item, other) for item in obj]
        return "(%s%s)" % (", ".join(parts), "," if len(parts) == 1 else "")
    if kind is set or kind is frozenset:
        if not obj:
            return "set()" if kind is set else "frozenset()"
        inner = ", ".join(stable_text(item, other) for item in ordered(obj, other))
        return "{%s}" % inner if kind is set else "frozenset({%s})" % inner
    if kind in SCALARS:
        return repr(obj)
    return masked(other(obj))


def order_key(obj, other):
    """A key that orders any mix of elements, the same in every run."""
    kind = type(obj)
    if kind is int or kind is bool:
        return (0, obj)
    if kind is float:
        return (0, obj) if obj == obj else (8, "nan")
    if kind is str:
        return (1, obj)
    if kind is bytes:
        return (2, obj)
    if obj is None:
        return (3,)
    if kind is tuple:
        return (4, tuple(order_key(item, other) for item in obj))
    text = stable_text(obj, other)
    # Objects that write only their class and address are told apart by their fields.
    return (9, text, fields_text(obj, other) if ADDRESS_TOKEN in text else "")


def fields_text(obj, other, depth=2):
    """The text of an object's fields, bounded: a tie-breaker, not a name."""
    try:
        fields = vars(obj)
    except TypeError:
        return ""
    return _bounded_text(fields, other, depth)


def _bounded_text(obj, other, depth):
    kind = type(obj)
    if kind in SCALARS:
        return repr(obj)
    if depth <= 0:
        return "..."
    if kind is dict:
        items = list(obj.items())[:20]
        return "{%s}" % ", ".join("%s: %s" % (_bounded_text(k, other, depth - 1), _bounded_text(v, other, depth - 1)) for k, v in items)
    if kind is list or kind is tuple:
        return "[%s]" % ", ".join(_bounded_text(item, other, depth - 1) for item in obj[:20])
    if kind is set or kind is frozenset:
        if len(obj) > 20:
            return "{... %d}" % len(obj)
        return "{%s}" % ", ".join(sorted(_bounded_text(item, other, depth - 1) for item in obj))
    text = masked(other(obj))
    return text if ADDRESS_TOKEN not in text else text + fields_text(obj, other, depth - 1)


# Sets of one such kind order natively, the same as by order_key and 20 times faster: NaN, the one
# float out of order, excluded.
_NATIVE_KINDS = ({str}, {bytes}, {int}, {int, bool}, {int, float}, {float}, {int, bool, float})


def ordered_pairs(items, other, first=None):
    """(key, element) in the stable order (only the `first` of them, when given)."""
    import heapq
    kinds = set(map(type, items))
    if kinds in _NATIVE_KINDS and (float not in kinds or not any(item != item for item in items)):
        chosen = heapq.nsmallest(first, items) if first is not None and first < len(items) else sorted(items)
        return [((0,), item) for item in chosen]
    pairs = [(order_key(item, other), index, item) for index, item in enumerate(items)]
    # The index keeps elements of equal keys apart without comparing them.
    if first is not None and first < len(pairs):
        pairs = heapq.nsmallest(first, pairs)
    else:
        pairs.sort()
    return [(key, item) for key, _, item in pairs]


def ordered(items, other, first=None):
    return [item for _, item in ordered_pairs(items, other, first)]


def holds_set(obj):
    kind = type(obj)
    if kind is set or kind is frozenset:
        return True
    return kind is tuple and any(holds_set(item) for item in obj)


def named_elements(obj, other, first):
    """A set's elements with the names bpdiff gives them (`{'t0'}`, `{<Node object at 0x…> #2}`)."""
    named = []
    seen = {}
    for key, item in ordered_pairs(obj, other, first):
        text = key[1] if key[0] == 9 else stable_text(item, other)
        count = seen[text] = seen.get(text, 0) + 1
        named.append(("{%s}" % (text if count == 1 else "%s #%d" % (text, count)), item))
    return named
