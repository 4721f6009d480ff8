# The adapter's rules (adapters/python/adapter.json) as the value pipeline applies them, for the texts a
# stream writes (texts.py's Texts): its normalise rules, JavaScript regular expressions and replacements
# (src/values/normalise.ts), and its volatile rules for a folded child (src/values/volatile.ts).
import re

_JS_NAMED_GROUP = re.compile(r"\(\?<(?![=!])")
_JS_BACKREFERENCE = re.compile(r"\\k<(\w+)>")
_JS_REPLACEMENT = re.compile(r"\$(?:(\$)|(&)|<(\w+)>|(\d{1,2}))")
_JS_FLAGS = {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL}


def adapter_rule(rule):
    """The adapter's normalise rule (a JavaScript regular expression and replacement, as the value
    pipeline applies it: src/values/normalise.ts) as a function of a text."""
    flags = 0
    for flag in str(rule.get("flags") or ""):
        flags |= _JS_FLAGS.get(flag, 0)
    try:
        pattern = re.compile(_JS_BACKREFERENCE.sub(r"(?P=\1)", _JS_NAMED_GROUP.sub("(?P<", rule["pattern"])), flags)
    except re.error as error:
        raise ValueError("the adapter's normalise rule %r is not a pattern Python takes (%s): write it without what only JavaScript's regular expressions have (a lookbehind of varying length)" % (rule["pattern"], error))
    replacement = str(rule.get("replacement", ""))

    def expand(match):
        def one(part):
            dollar, whole, name, number = part.groups()
            if dollar:
                return "$"
            if whole:
                return match.group(0)
            if name:
                return match.group(name) or ""
            if int(number) <= pattern.groups:
                return match.group(int(number)) or ""
            return part.group(0)
        return _JS_REPLACEMENT.sub(one, replacement)

    return lambda text: pattern.sub(expand, text)


def volatile_rule(rule):
    """The adapter's volatile rule, as the value pipeline applies it (src/values/volatile.ts) to a folded
    child: a function of (its type, `.` and its name, its parent's text) giving the child's new text,
    or None where the rule does not apply. Only a rule that rewrites the whole value is applied here;
    without the others a stream's texts are finer than the pipeline's, never coarser."""
    if rule.get("pattern") is not None or rule.get("keep_children") is not None or rule.get("replacement") is None:
        return None
    return _Volatile(rule)


class _Volatile(object):
    """A volatile rule's tests: the child's own (its type and path) told apart from its parent's, so that
    a stream asks the parent's only of the few children whose own pass (a thread's ident among ints)."""

    def __init__(self, rule):
        def test(key):
            return re.compile(_JS_NAMED_GROUP.sub("(?P<", rule[key])) if rule.get(key) is not None else None

        self.type, self.path, self.parent = test("type"), test("path"), test("parent_value")
        self.replacement = str(rule["replacement"])

    def by_path(self, path):
        return self.path is None or self.path.search(path) is not None

    def by_type(self, type_name):
        return self.type is None or self.type.search(type_name) is not None

    def by_child(self, type_name, path):
        return self.by_type(type_name) and self.by_path(path)

    def rewrite(self, type_name, parent_text):
        """The child's new text, its own tests passed, or None where its parent's does not."""
        if self.parent is not None and self.parent.search(parent_text) is None:
            return None
        return self.replacement.replace("${type}", type_name)

    def __call__(self, type_name, path, parent_text):
        return self.rewrite(type_name, parent_text) if self.by_child(type_name, path) else None
