# An object's attributes as a stream's texts fold them in (texts.py), without dir() and a bound method
# for each of its class's methods at every step. variables._attributes lists them as pydevd does: every
# name dir() gives but the specials, read with getattr; the texts then leave out the hidden ones (a public
# method: a bound method, is_hidden). On class-heavy code that was a third of a step's time (a
# configparser's `self`: a hundred names, most of them methods).
#
# shown_attributes gives the same entries, in the same order, but for the public methods no text would
# show, read the way getattr reads them, from what the object's class holds (a view of its MRO, first
# definition of each name):
# - a name whose class attribute is a data descriptor (a property, a slot): getattr, as before;
# - a name in the object's own __dict__: its value there (no data descriptor of the class comes first);
# - a public name whose class attribute is a plain function: a bound method, hidden: not read at all;
# - a protected one (_name, __name): bound to the object as getattr binds it, without the lookup;
# - a class attribute without __get__ (a constant, a pattern): the attribute itself; any other: getattr.
# That is how object.__getattribute__ reads an attribute, so the view is used only for an object whose
# class reads them so (its __getattribute__, __dir__, __class__ and __dict__ are object's own, its
# __dict__ a plain dict of str keys). Anything else goes the old way.
# Which names come from the object's __dict__ and which from its class, and the order they are shown in,
# are kept with the class's view for each tuple of the object's own names (its layout): an object whose
# __dict__ has the same names as at the last step is listed without sorting them again.
#
# A view holds while its class and every class in its MRO are unchanged: CPython's version tag of the
# type (tp_version_tag, which its method cache relies on) is cleared whenever the type or one of its
# bases is modified, and a new one is never a number used before. It is read through ctypes where a
# check at the first use shows it behaves so (a release build of CPython 3.8-3.13 on a 64-bit machine);
# elsewhere a view holds for one step only.
import traceback
import types

from .variables import _attributes, _hidden_by_name, identity

_FUNCTION = types.FunctionType
_GETSET = types.GetSetDescriptorType
_OBJECT_GETATTRIBUTE = object.__getattribute__
_OBJECT_DIR = object.__dir__
_OBJECT_CLASS = object.__dict__["__class__"]
# How a name of the class is read: the class attribute itself, getattr, or a method bound to the object (a
# protected one: what getattr gives for a plain function the object's own __dict__ does not hide, without
# looking it up again). A public method is never read.
_PLAIN, _GETATTR, _BOUND = 1, 2, 3
_METHOD = types.MethodType
_EMPTY = {}
_STR_ONLY = {str}
# The views kept (by class): more, and they start again.
_VIEWS_KEPT = 1024
# The layouts a view keeps (by the names of an object's __dict__): more, and they start again.
_LAYOUTS_KEPT = 64
# tp_version_tag's offset in a PyTypeObject (a release build, 64-bit: after the head and 44 pointer-sized slots).
_TAG_OFFSET = 384


class _View(object):
    __slots__ = ("kind", "tag", "address", "entries", "data", "layouts")

    def __init__(self, kind, tag, address, entries, data):
        self.kind = kind
        self.tag = tag
        self.address = address
        self.entries = entries
        self.data = data
        # By the names of an object's own __dict__ (in their order there): its _Layout.
        self.layouts = {}


class _Layout(object):
    """Where an object's attributes come from, for one tuple of names in its __dict__ (each a str): the
    names taken from it, the class's entries read (in the view's order: getattr runs as it did), and the
    order shown, each name with the index of its value among those (the __dict__'s first)."""

    __slots__ = ("own", "entries", "order")

    def __init__(self, view, names):
        data = view.data
        own = [name for name in names if not ((name.startswith("__") and name.endswith("__")) or name in data)]
        taken = set(own)
        self.own = tuple(own)
        self.entries = tuple(entry for entry in view.entries if entry[0] not in taken)
        index = {name: i for i, name in enumerate(own + [entry[0] for entry in self.entries])}
        # dir() sorts its names; _attributes groups them: public, then _protected, then __private.
        groups = ([], [], [])
        for name in sorted(index):
            groups[0 if not name.startswith("_") else 1 if not name.startswith("__") else 2].append((name, index[name]))
        self.order = tuple(groups[0] + groups[1] + groups[2])


def _tag_reader():
    """A function giving a type's version tag from its address, or None where it does not behave as the tag."""
    try:
        import ctypes
        import sys

        if ctypes.sizeof(ctypes.c_void_p) != 8 or hasattr(sys, "gettotalrefcount") or sys.implementation.name != "cpython":
            return None
        from_address = ctypes.c_uint.from_address

        def read(address):
            return from_address(address + _TAG_OFFSET).value

        base = type("_BpdiffTagBase", (object,), {"x": 1})
        derived = type("_BpdiffTagDerived", (base,), {})
        probe = derived()
        getattr(probe, "x")
        first = read(id(derived))
        if first == 0 or read(id(base)) == 0 or read(id(derived)) != first:
            return None
        base.y = 2  # a base modified: the derived class's tag is cleared, and a new one differs
        after = read(id(derived))
        getattr(probe, "x")
        again = read(id(derived))
        if after == first or again in (0, first):
            return None
        return read
    except Exception:
        return None


_read_tag = None
_tag_checked = False
_views = {}


def _tag_of(address):
    global _read_tag, _tag_checked
    if not _tag_checked:
        _tag_checked = True
        _read_tag = _tag_reader()
    return _read_tag(address) if _read_tag is not None else 0


def _make_view(kind, address):
    """The class's view (None: its objects are not read as object.__getattribute__ reads them)."""
    first = {}
    for klass in kind.__mro__:
        for name, attr in klass.__dict__.items():
            if name not in first:
                first[name] = attr
    if first.get("__getattribute__") is not _OBJECT_GETATTRIBUTE or first.get("__dir__") is not _OBJECT_DIR:
        return None
    if first.get("__class__") is not _OBJECT_CLASS:
        return None
    own_dict = first.get("__dict__")
    if own_dict is not None and type(own_dict) is not _GETSET:
        return None
    entries = []
    data = set()
    for name in sorted(first):
        if type(name) is not str:
            return None
        if name.startswith("__") and name.endswith("__"):
            continue
        attr = first[name]
        kind_of_attr = type(attr)
        if hasattr(kind_of_attr, "__set__") or hasattr(kind_of_attr, "__delete__"):
            data.add(name)
            how = _GETATTR
        elif kind_of_attr is _FUNCTION:
            if _hidden_by_name(name) is None:
                continue  # a bound method, hidden: never read (an object's own value of that name is read from its __dict__)
            how = _BOUND
        elif hasattr(kind_of_attr, "__get__"):
            how = _GETATTR
        else:
            how = _PLAIN
        entries.append((name, how, attr))
    # Its tag once a name is looked up in it (a lookup gives the class one if it had none; __mro__ would not:
    # the metaclass's data descriptor answers that alone).
    getattr(kind, "__getattribute__", None)
    return _View(kind, _tag_of(address) if address else 0, address, tuple(entries), frozenset(data))


def _view_of(kind, step_views):
    # By the class's identity: a metaclass's own __eq__ or __hash__ never runs.
    key = identity(kind)
    view = _views.get(key)
    if view is not None and view.kind is kind and _read_tag is not None and _read_tag(view.address) == view.tag:
        return view
    known = step_views.get(key)
    if known is not None and known[0] is kind:
        return known[1]
    address = id(kind) if (_tag_checked is False or _read_tag is not None) else 0
    view = _make_view(kind, address)
    step_views[key] = (kind, view)
    if view is not None and view.tag != 0:
        if len(_views) >= _VIEWS_KEPT:
            _views.clear()
        _views[key] = view
    return view


def _read(obj, name):
    try:
        return getattr(obj, name)
    except Exception as error:
        # As pydevd shows an attribute that raises (a property): the traceback, from the program's frames.
        return "".join(traceback.format_exception(type(error), error, error.__traceback__.tb_next))


def shown_attributes(obj, step_views):
    """(name, value) of the object's attributes as _attributes lists them, but the public methods (hidden).
    `step_views`: the views made this step (a dict the caller keeps for one step)."""
    kind = type(obj)
    view = _view_of(kind, step_views)
    if view is None:
        return [(name, value) for name, value, _suffix in _attributes(obj)]
    try:
        own = obj.__dict__
    except Exception:
        own = _EMPTY
    if type(own) is not dict:
        return [(name, value) for name, value, _suffix in _attributes(obj)]
    names = tuple(own)
    # Each name a str (its own hash and equality: no key of the program's is hashed here), or the old way.
    if names and set(map(type, names)) != _STR_ONLY:
        return [(name, value) for name, value, _suffix in _attributes(obj)]
    layout = view.layouts.get(names)
    if layout is None:
        if len(view.layouts) >= _LAYOUTS_KEPT:
            view.layouts.clear()
        layout = view.layouts[names] = _Layout(view, names)
    values = [own[name] for name in layout.own]
    for name, how, attr in layout.entries:
        values.append(attr if how == _PLAIN else _METHOD(attr, obj) if how == _BOUND else _read(obj, name))
    return [(name, values[i]) for name, i in layout.order]
