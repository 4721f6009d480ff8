# The texts a stream compares (steps.py's bpdiffSteps, hits.py's bpdiffHits): each value whole (a long
# one as a hash), addresses masked as bpdiff masks them, children folded in to `depth` levels, as the
# `variables` requests of a capture would read them: texts equal there mean values equal in bpdiff.
import hashlib
import os
import re
import types

from .bounded import describe_error, is_quick
from .saferepr import MAX_OTHER_OUTER, safe_repr_now
from .rules import adapter_rule, volatile_rule
from .setorder import ADDRESS_TOKEN, masked
from .attributes import shown_attributes
from .variables import DEFAULT, _hidden_by_name, identity, children, get_type, is_hidden

# Values whose text a step may reuse while the variable holds the same object.
_IMMUTABLE = (int, float, complex, bool, str, bytes, type(None))
_METHOD = types.MethodType
# Children whose text is their repr's alone, at any depth (no children of their own), kept by type and
# value (not float: 0.0 == -0.0).
_SCALARS = frozenset((int, bool, str, type(None)))
# The longest text a stream keeps from step to step by its parts (a method's, a number's, a string's,
# whose key is no longer than its text): 4,096 of them at most in each cache (_MASKS_KEPT), so a few
# megabytes at most, whatever the program's values.
_KEPT_TEXT_LENGTH = 1024
_PATTERN = type(re.compile(""))
# How many regular expressions' texts a stream keeps (Texts._patterns): more, and it starts again.
_PATTERNS_KEPT = 256
# A module's text is its name and file, its children never folded in (a module at a script's top level, every step).
_MODULE = type(os)
_LONGEST_TEXT = 128
# How many masked texts a stream keeps (Texts._masked): more, and it starts again.
_MASKS_KEPT = 4096
# The types whose values bpdiff never masks (isDataType in src/values/normalise.ts), and its quoted strings.
_DATA = (int, float, complex, bool, str, bytes, bytearray)
_QUOTED = re.compile("'(?:[^'\\\\\\n]|\\\\.)*'|\"(?:[^\"\\\\\\n]|\\\\.)*\"")


# What a step's texts computed in one piece answer when out of time: not a dict, never taken for them.
_LATE = object()


class _Unbounded(BaseException):
    """A repr that may run the program's code, met where the step's texts are written in the stopped
    thread itself (a BaseException: no `except Exception` on the way takes it for the value's error)."""


class Texts(object):
    """The texts a stream compares: each value whole (a long one as a hash), addresses masked as bpdiff
    masks them, children folded in to `depth` levels, as the `variables` requests of a capture read them."""

    def __init__(self, arguments, value_text):
        self.value_text = value_text
        self.max_length = max(1, int(arguments.get("maxValueLength", 0) or 1000))
        self.mask = arguments.get("mask", True) is not False
        # bpdiff's own rule for addresses (src/values/normalise.ts), so that texts equal here are equal there.
        self.addresses = re.compile(arguments["addresses"]) if arguments.get("addresses") else None
        # The adapter's own rules (a cut address in a container), applied after the addresses as bpdiff applies them.
        self.rules = [adapter_rule(rule) for rule in arguments.get("rules") or []] if self.addresses is not None else []
        self.volatile = [rule for rule in (volatile_rule(rule) for rule in arguments.get("volatile") or []) if rule is not None] if self.addresses is not None else []
        self.depth = max(0, int(arguments.get("depth", 0) or 0))
        self.max_children = max(1, int(arguments.get("maxChildren", 0) or 100))
        # Texts the value pipeline of each run would rewrite its own way (a path of one run's): marked, so they never agree.
        self.apart = [text for text in arguments.get("apart") or [] if isinstance(text, str) and text]
        self.apart_mark = str(arguments.get("apartMark") or "")
        self._reused = {}
        self._masks = {}
        self._volatile_by_child = {}
        self._volatile_by_name = {}
        self._patterns = {}
        # The `name=TEXT` of methods bound to objects, by name, qualified name, the object's repr and whether folded (_method_part).
        self._method_parts = {}
        # The texts of numbers, strings, booleans and None met as children, by type and value (short ones).
        self._scalars = {}
        # What a child's name alone says (Texts._name_says), by name.
        self._names = {}
        # A repr bounded in time (bounded.py) hands each value that may run the program's code to a helper
        # thread: on class-heavy code dozens a step, each a wait on another thread (most of a walk's time
        # on a loaded machine). A step's texts are computed in one piece there instead, each repr in it
        # unbounded, within the bound of one repr: a step done in that time had no repr that would have
        # run out of it. One that is not done in time leaves the texts to be computed value by value, each
        # repr bounded alone, as before (the rest of the batch too: a slow repr is met again).
        self._within = getattr(value_text, "within", None)
        self._direct = getattr(value_text, "compute", None)
        self._whole = callable(self._within) and callable(self._direct)

    def _quick(self, value):
        try:
            quick = is_quick(value)
        except Exception:
            quick = False
        if not quick:
            raise _Unbounded()
        return self._direct(value)

    def values(self, variables):
        """Each variable's text (the hidden kinds left out), from a frame's locals or globals."""
        items = list(variables.items())
        if self._whole:
            if not self.value_text.seconds > 0:
                return self._values(items, self._direct)
            # A step whose reprs run none of the program's code (numbers, strings, containers of them, objects
            # written by their class and address) needs no helper: it is written here, as a bounded repr writes
            # them here too, and goes to the helper at the first repr that may run the program's code.
            # What it wrote before that repr (the texts of whole values, the reprs) the helper uses again.
            memo = {}
            try:
                return self._values(items, self._quick, memo)
            except _Unbounded:
                pass
            found = self._within(lambda: self._values(items, self._direct, memo), _LATE)
            if type(found) is dict:
                return found
            self._whole = False
        return self._values(items, self.value_text)

    def _values(self, items, repr_of, memo=None):
        values = {}
        reused = self._reused
        # The texts of the objects this step has written (by id and depth, each object held so that its id
        # stays its own): an object reached again (a parser's actions, listed in several of its fields) is
        # written once. Only within the step: nothing of the program runs between, but the reprs.
        if memo is None:
            memo = {}
        for name, value in items:
            kind = type(value)
            if kind in _IMMUTABLE:
                if name.startswith("__") and name.endswith("__"):
                    continue
                known = reused.get(name)
                if known is not None and known[0] is value:
                    values[name] = known[1]
                    continue
                text = self.shorten(self.masked_text(value, repr_of))
                reused[name] = (value, text)
                values[name] = text
            elif kind is _MODULE:
                known = reused.get(name)
                if known is not None and known[0] is value:
                    if known[1] is not None:
                        values[name] = known[1]
                    continue
                text = None if is_hidden(name, value) else self.shorten(self.text_of(value, self.depth, repr_of, memo) if self.depth else self.masked_text(value, repr_of))
                reused[name] = (value, text)
                if text is not None:
                    values[name] = text
            elif not is_hidden(name, value):
                values[name] = self.shorten(self.text_of(value, self.depth, repr_of, memo) if self.depth else self.masked_text(value, repr_of))
        return values

    def masked_text(self, value, repr_of=None):
        """The value's text with its addresses masked as bpdiff masks them (src/values/normalise.ts)."""
        return self._masked(value, (repr_of or self.value_text)(value))

    def _masked(self, value, text):
        if self.addresses is not None:
            # The same text is masked the same way, whatever wrote it: one already masked is looked up (an
            # object's repr comes again at every step, and the rules below cost more than the repr).
            data = type(value) in _DATA
            known = self._masks.get((data, text))
            if known is not None:
                return known
            if len(self._masks) >= _MASKS_KEPT:
                self._masks.clear()
            masked_text = self._masks[(data, text)] = self._mask_addresses(data, text)
            return masked_text
        return masked(text) if self.mask else text

    def _mask_addresses(self, data, text):
        # bpdiff masks no address in a value of a data type, and none in a quoted string in another's text.
        if not data:
            parts = []
            last = 0
            for quoted in _QUOTED.finditer(text):
                parts.append(self.addresses.sub(ADDRESS_TOKEN, text[last:quoted.start()]))
                parts.append(quoted.group(0))
                last = quoted.end()
            parts.append(self.addresses.sub(ADDRESS_TOKEN, text[last:]))
            text = "".join(parts)
        for rule in self.rules:
            text = rule(text)
        return text

    def text_of(self, value, depth, repr_of=None, memo=None):
        """The value's text, its type's name, and its children's (as `variables` lists them) to `depth` levels."""
        if memo is None:
            memo = {}
        key = (identity(value), depth)
        known = memo.get(key)
        if known is not None and known[0] is value:
            return known[1]
        if type(value) is _PATTERN:
            return self._pattern_text(value, depth, repr_of or self.value_text, memo)
        text = self._text_of(value, depth, repr_of or self.value_text, memo)
        memo[key] = (value, text)
        return text

    def _pattern_text(self, pattern, depth, repr_of, memo):
        """A compiled regular expression's text, kept from step to step: nothing of it can change (its
        pattern, flags, groups), and the rules that write it are the stream's own. Only a text written
        whole is kept, never one a bounded repr cut short (value by value, out of time)."""
        key = (identity(pattern), depth)
        known = self._patterns.get(key)
        if known is not None and known[0] is pattern:
            return known[1]
        text = self._text_of(pattern, depth, repr_of, memo)
        memo[key] = (pattern, text)
        if repr_of is not self.value_text:
            if len(self._patterns) >= _PATTERNS_KEPT:
                self._patterns.clear()
            self._patterns[key] = (pattern, text)
        return text

    def _text_of(self, value, depth, repr_of, memo):
        if type(value) is _METHOD and self._direct is safe_repr_now:
            text = self._method_text(value, depth, memo)
            if text is not None:
                return text
        # An object reached again at another depth (an action in a parser's list, then in its map) has its
        # repr written once a step too, as its method's have (_method_text).
        key = ("shown", identity(value))
        known = memo.get(key)
        if known is not None and known[0] is value:
            raw = known[1]
        else:
            raw = repr_of(value)
            memo[key] = (value, raw)
        text = self._masked(value, raw)
        type_name, resolver = get_type(value)
        if depth <= 0 or resolver is None or type_name == "module":
            return "%s: %s" % (type_name, text)
        parts = []
        try:
            if resolver == DEFAULT:
                # An object's attributes but its public methods (hidden: attributes.py), its class read once.
                # Listed once a step, as its repr is (an object reached again at another depth).
                listed_key = ("listed", identity(value))
                known = memo.get(listed_key)
                if known is not None and known[0] is value:
                    listed = known[1]
                else:
                    views = memo.get("views")
                    if views is None:
                        views = memo["views"] = {}
                    listed = shown_attributes(value, views)
                    memo[listed_key] = (value, listed)
            else:
                listed = ((name, child) for name, child, _suffix, _element in children(value, resolver, self.max_children, repr_of))
        except Exception as error:
            listed = [("<children>", "%s: %s" % (type(error).__name__, error))]
        methods = self._direct is safe_repr_now
        scalars = self._scalars
        names = self._names
        for name, child in listed:
            # What the name alone says, found once a name: whether it hides the child (True, False, or None:
            # the value decides, as is_hidden), and whether a volatile rule may rewrite it.
            by_name = names.get(name)
            if by_name is None:
                by_name = self._name_says(name)
            if by_name[0] is True or (by_name[0] is None and is_hidden(name, child)):
                continue
            if by_name[1]:
                parts.append("%s=%s" % (name, self.volatile_text(child, name, raw) or self.text_of(child, depth - 1, repr_of, memo)))
                continue
            kind = type(child)
            if kind in _SCALARS:
                # A number, a string, True, False or None: its text is its repr's, kept from step to step by value.
                key = (kind, child)
                child_text = scalars.get(key)
                if child_text is None:
                    child_text = self.text_of(child, depth - 1, repr_of, memo)
                    # Only a short one kept (a long string, a number of thousands of digits is not): the cache stays small.
                    if len(child_text) <= _KEPT_TEXT_LENGTH:
                        if len(scalars) >= _MASKS_KEPT:
                            scalars.clear()
                        scalars[key] = child_text
                parts.append("%s=%s" % (name, child_text))
                continue
            if methods and kind is _METHOD:
                part = self._method_part(name, child, depth - 1, memo)
                if part is not None:
                    parts.append(part)
                    continue
            parts.append("%s=%s" % (name, self.text_of(child, depth - 1, repr_of, memo)))
        return "%s: %s {%s}" % (type_name, text, ", ".join(parts))

    def _method_part(self, name, method, depth, memo):
        """`name=TEXT` of a method bound to an object, as the loop above writes it (no volatile rule for
        its name), kept from step to step: the text is made of the function's qualified name and its
        object's repr alone (_method_text), so both, read again at each step, find it. None where
        _method_text does not write it."""
        function = method.__func__
        if type(function) is not types.FunctionType or function.__dict__:
            return None
        qualname = function.__qualname__
        owner_repr = self._owner_repr(method.__self__, memo)
        kept = owner_repr[1] and type(owner_repr[2]) is str and type(qualname) is str
        key = (name, qualname, owner_repr[2], depth > 0) if kept else None
        if key is not None:
            part = self._method_parts.get(key)
            if part is not None:
                return part
        text = self._method_text(method, depth, memo)
        if text is None:
            return None
        part = "%s=%s" % (name, text)
        # Only a short one kept (its key holds the object's repr too): the cache stays small.
        if key is not None and len(part) <= _KEPT_TEXT_LENGTH:
            if len(self._method_parts) >= _MASKS_KEPT:
                self._method_parts.clear()
            self._method_parts[key] = part
        return part

    @staticmethod
    def _owner_repr(owner, memo):
        """(owner, True, repr(owner)) or (owner, False, the error it raised): once a step for each object."""
        key = ("repr", identity(owner))  # repr() itself: a SafeRepr text of it (key "shown") may be cut
        known = memo.get(key)
        if known is None or known[0] is not owner:
            try:
                known = memo[key] = (owner, True, repr(owner))
            except Exception as error:
                known = memo[key] = (owner, False, error)
        return known

    def _method_text(self, method, depth, memo):
        """The text of a method bound to an object, as _text_of writes it, its object's repr read once a step
        (an object's protected methods are each folded in, and each one's text holds that repr); None where
        the method is not of a plain function without attributes of its own (then _text_of writes it).
        Its repr is `<bound method QUALNAME of REPR>` (CPython 3.6 to 3.13), written by safe_repr_now as any
        other object's, in this thread, as a bound repr writes a method's (bounded.is_quick)."""
        function = method.__func__
        if type(function) is not types.FunctionType or function.__dict__:
            return None
        name = function.__qualname__
        if type(name) is not str:
            return None
        known = self._owner_repr(method.__self__, memo)
        if known[1]:
            raw = "<bound method %s of %s>" % (name, known[2]) if type(known[2]) is str else None
            if raw is None:
                return None
            if len(raw) > MAX_OTHER_OUTER:
                left, right = max(1, int(2 * MAX_OTHER_OUTER / 3)), max(1, int(MAX_OTHER_OUTER / 3))
                raw = raw[:left] + "..." + raw[-right:]
        else:
            raw = "<error: repr raised %s>" % describe_error(known[2])
        text = self._masked(method, raw)
        return "method: %s {}" % text if depth > 0 else "method: %s" % text

    def volatile_text(self, child, name, parent_text):
        """The child's text as an adapter's volatile rule rewrites it (a thread's ids), else None."""
        named = self._named_rules(name)
        if not named:
            return None
        type_name = get_type(child)[0]
        # Of those, the rules whose test of the child's type passes too (a few of each, every step).
        key = (type_name, name)
        rules = self._volatile_by_child.get(key)
        if rules is None:
            rules = self._volatile_by_child[key] = [rule for rule in named if rule.by_type(type_name)]
        for rule in rules:
            text = rule.rewrite(type_name, parent_text)
            if text is not None:
                return "%s: %s" % (type_name, text)
        return None

    def _name_says(self, name):
        """(is_hidden by the name alone, whether a volatile rule's path test passes for it), kept by name."""
        if len(self._names) >= _MASKS_KEPT:
            self._names.clear()
        says = self._names[name] = (_hidden_by_name(name), bool(self._named_rules(name)))
        return says

    def _named_rules(self, name):
        """The volatile rules whose test of a child's path passes, by its name alone: most names have none (no type read)."""
        if not self.volatile:
            return None
        named = self._volatile_by_name.get(name)
        if named is None:
            if len(self._volatile_by_name) >= _MASKS_KEPT:
                self._volatile_by_name.clear()
            named = self._volatile_by_name[name] = [rule for rule in self.volatile if rule.by_path("." + name)]
        return named

    def shorten(self, text):
        if self.apart and any(part in text for part in self.apart):
            text = self.apart_mark + text
        if len(text) > _LONGEST_TEXT:
            return "#" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        return text[:self.max_length]
