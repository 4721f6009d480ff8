# Steps, the same for both tracing backends: a step is armed on the stopped thread when it resumes,
# and the backend asks it, at each line event of that thread, whether to stop there (on_line), and,
# with a trace function, whether a new frame needs line events at all (traces).
# - stepIn stops at the next line event, in any frame (with justMyCode, in the program's own code only);
# - entry (stopOnEntry) stops at the first line of the program's main code, as stepIn would;
# - next at the next one in the frame it started from, or anywhere once that frame is off the stack
#   (it returned, or a generator yielded); stepOut only once it is off the stack;
# - bpdiffSteps (Locate) counts the line events in frames of the client's roots (user code), where
#   stepIn would stop, records the first `count` after `skip`, then stops at the last one recorded.
#   For bpdiff's own walk (src/walk/lines-streamed.ts) it can also record the step it stands on
#   (`current`), leave values out (`values: false`: a replay to a known step), leave addresses as they
#   are (`mask: false`) and fold each value's children into its text to `depth` levels, as the
#   `variables` requests of a capture would read them: texts equal there mean values equal in bpdiff.
#   Texts writes them, for bpdiffSteps and for bpdiffHits (hits.py) alike.
import hashlib
import os
import re
import time

from .bounded import is_quick
from .depths import Depths
from .rules import adapter_rule, volatile_rule
from .setorder import ADDRESS_TOKEN, masked
from .variables import children, get_type, is_hidden

# Values whose text a step may reuse while the variable holds the same object.
_IMMUTABLE = (int, float, complex, bool, str, bytes, type(None))
# A module's text is its name and file, its children never folded in (a module at a script's top level, every step).
_MODULE = type(os)
_LONGEST_TEXT = 128
# How many masked texts a stream keeps (Texts._masked): more, and it starts again.
_MASKS_KEPT = 4096
# The types whose values bpdiff never masks (isDataType in src/values/normalise.ts), and its quoted strings.
_DATA = (int, float, complex, bool, str, bytes, bytearray)
_QUOTED = re.compile("'(?:[^'\\\\\\n]|\\\\.)*'|\"(?:[^\"\\\\\\n]|\\\\.)*\"")


class Step(object):
    def __init__(self, kind, frame, is_user=None):
        self.kind = kind
        self.frame = frame
        # The stop's reason: a step's, or the entry's.
        self.reason = "entry" if kind == "entry" else "step"
        # justMyCode: a function telling the program's own files from the library's (None: any file).
        self.is_user = is_user
        # Whether a return from the step's frame stops in its caller at once (bpdiffReturns).
        self.stop_on_return = False
        # Whether the step's frame runs in this thread (it has not returned, yielded, or been unwound), as
        # the backend tells it (entered, left): then every other frame that runs here is one it called,
        # known without walking the stack at each line (a recursion 10,000 deep steps as fast as one 10 deep).
        self.active = True

    def follows(self, code):
        """Whether the backend tells this step when frames of `code` start, resume and leave (entered, left)."""
        return self.kind not in ("stepIn", "entry") and code is self.frame.f_code

    def codes(self):
        """The code objects on the stack whose frames the step follows from the start."""
        return [self.frame.f_code] if self.follows(self.frame.f_code) else []

    def entered(self, frame):
        if frame is self.frame:
            self.active = True

    def left(self, frame):
        if frame is self.frame:
            self.active = False

    def traces(self, frame):
        if self.is_user is not None and not self.is_user(frame.f_code.co_filename):
            return False
        return self.kind in ("stepIn", "entry") or frame is self.frame or not self.active

    def on_line(self, frame):
        if self.is_user is not None and not self.is_user(frame.f_code.co_filename):
            return False
        if self.kind in ("stepIn", "entry"):
            return True
        if frame is self.frame:
            return self.kind == "next"
        return not self.active


class Roots(object):
    """Whether a code object's file lies in the client's roots (folders or files), cached by filename."""

    def __init__(self, roots, path_of):
        self.folders = []
        self.files = set()
        for root in roots:
            for form in {os.path.abspath(root), os.path.realpath(root)}:
                if os.path.isdir(form):
                    self.folders.append(form.rstrip(os.sep) + os.sep)
                else:
                    self.files.add(form)
        self.path_of = path_of
        self._known = {}

    def __call__(self, filename):
        known = self._known.get(filename)
        if known is None:
            path = self.path_of(filename)
            forms = {path, os.path.realpath(path)} if not path.startswith("<") else set()
            known = self._known[filename] = any(form in self.files or any(form.startswith(folder) for folder in self.folders) for form in forms)
        return known


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
            try:
                return self._values(items, self._quick)
            except _Unbounded:
                pass
            found = self._within(lambda: self._values(items, self._direct), _LATE)
            if type(found) is dict:
                return found
            self._whole = False
        return self._values(items, self.value_text)

    def _values(self, items, repr_of):
        values = {}
        reused = self._reused
        # The texts of the objects this step has written (by id and depth, each object held so that its id
        # stays its own): an object reached again (a parser's actions, listed in several of its fields) is
        # written once. Only within the step: nothing of the program runs between, but the reprs.
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
        key = (id(value), depth)
        known = memo.get(key)
        if known is not None and known[0] is value:
            return known[1]
        text = self._text_of(value, depth, repr_of or self.value_text, memo)
        memo[key] = (value, text)
        return text

    def _text_of(self, value, depth, repr_of, memo):
        raw = repr_of(value)
        text = self._masked(value, raw)
        type_name, resolver = get_type(value)
        if depth <= 0 or resolver is None or type_name == "module":
            return "%s: %s" % (type_name, text)
        parts = []
        try:
            listed = children(value, resolver, self.max_children, repr_of)
        except Exception as error:
            listed = [("<children>", "%s: %s" % (type(error).__name__, error), None, False)]
        for name, child, _suffix, _element in listed:
            if not is_hidden(name, child):
                parts.append("%s=%s" % (name, self.volatile_text(child, name, raw) or self.text_of(child, depth - 1, repr_of, memo)))
        return "%s: %s {%s}" % (type_name, text, ", ".join(parts))

    def volatile_text(self, child, name, parent_text):
        """The child's text as an adapter's volatile rule rewrites it (a thread's ids), else None."""
        if not self.volatile:
            return None
        type_name = get_type(child)[0]
        # The rules whose tests of the child itself pass, by its type and name (a few of each, every step).
        key = (type_name, name)
        rules = self._volatile_by_child.get(key)
        if rules is None:
            rules = self._volatile_by_child[key] = [rule for rule in self.volatile if rule.by_child(type_name, "." + name)]
        for rule in rules:
            text = rule.rewrite(type_name, parent_text)
            if text is not None:
                return "%s: %s" % (type_name, text)
        return None

    def shorten(self, text):
        if self.apart and any(part in text for part in self.apart):
            text = self.apart_mark + text
        if len(text) > _LONGEST_TEXT:
            return "#" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        return text[:self.max_length]


class Locate(Step):
    """bpdiffSteps: the steps counted, the response sent from the stop that ends them."""

    def __init__(self, frame, arguments, path_of, value_text, respond, is_own=None, ended=None):
        Step.__init__(self, "steps", frame)
        self.count = max(0, int(arguments.get("count", 0) or 0))
        self.skip = max(0, int(arguments.get("skip", 0) or 0))
        self.roots = list(arguments.get("roots") or [])
        self.is_root = Roots(self.roots, path_of)
        self.path_of = path_of
        self.texts = Texts(arguments, value_text)
        self.respond = respond
        self.is_own = is_own or (lambda filename: False)
        self.with_values = arguments.get("values", True) is not False
        seconds = arguments.get("seconds")
        self.deadline = time.monotonic() + float(seconds) if seconds else None
        self.steps = []
        self.seen = 0
        self._paths = {}
        # The batch before, stopped right here (the thread has not run since), knows the stack's depths
        # already: a stack 10,000 deep is not walked again at each batch.
        carried = getattr(ended, "depths", None)
        if carried is not None and ended.roots == self.roots and carried.kept and carried.kept[-1][0] is frame:
            self.depths = carried
        else:
            self.depths = Depths(self.is_root, self.is_own, frame)

    def follows(self, code):
        filename = code.co_filename
        return self.is_root(filename) and not self.is_own(filename)

    def codes(self):
        return list({id(kept[0].f_code): kept[0].f_code for kept in self.depths.kept}.values())

    def entered(self, frame):
        if self.follows(frame.f_code):
            self.depths.entered(frame)

    def left(self, frame):
        if self.follows(frame.f_code):
            self.depths.left(frame)

    def here(self, frame):
        """The step the thread stands on, recorded first (`current`); True when that is all of them."""
        if not self.is_root(frame.f_code.co_filename):
            return False
        return self.on_line(frame)

    def traces(self, frame):
        return self.is_root(frame.f_code.co_filename)

    def on_line(self, frame):
        code = frame.f_code
        if not self.is_root(code.co_filename):
            return False
        self.seen += 1
        if self.seen > self.skip:
            self.steps.append(self.record(frame, code))
            # A batch that takes longer than `seconds` ends early (slow code): each answer comes in time.
            if self.deadline is not None and not self.seen & 63 and time.monotonic() > self.deadline:
                return True
        elif self.deadline is not None and not self.seen & 1023 and time.monotonic() > self.deadline:
            # Out of time while skipping: it stops there, and the answer's `seen` says how far it went.
            return True
        return self.seen >= max(1, self.skip + self.count)

    def record(self, frame, code):
        filename = code.co_filename
        path = self._paths.get(filename)
        if path is None:
            path = self._paths[filename] = self.path_of(filename)
        # The frames in the roots, and the stack's depth as stackTrace's totalFrames says it.
        depth, frames = self.depths.at(frame)
        values = self.texts.values(frame.f_locals) if self.with_values else {}
        return {"file": path, "line": frame.f_lineno, "function": code.co_name, "depth": depth, "frames": frames, "values": values}

    def answer(self, ended=None):
        self.respond({"steps": self.steps, "ended": ended, "seen": self.seen})
        self.steps = []


def make_step(resume, frame, debugger, ended=None):
    """The step a stopped thread resumes with; `ended`, the step that stopped it (or None)."""
    if resume.kind == "steps":
        request = resume.request
        step = Locate(frame, request["arguments"], debugger.path_of, debugger.value_text, request["respond"], debugger.is_own, ended)
        if request["arguments"].get("current"):
            # bpdiff asks for at least two steps with it, so the first never ends the batch.
            step.here(frame)
        return step
    step = Step(resume.kind, frame, debugger.user_code)
    step.stop_on_return = resume.request is not None and bool(resume.request["arguments"].get("bpdiffReturns"))
    return step


def stop_in_caller(debugger, state, frame):
    """A step's frame returns to a caller of the user's: the step stops there, on the line of the call (the
    caller has not gone on yet), so the value it returned is read at the stop, as other debuggers step
    out of a function to the middle of the caller's line (only a step that asked for it: bpdiffReturns)."""
    step = state.step
    if not isinstance(step, Step) or not step.stop_on_return:
        return
    caller = frame.f_back
    filename = caller.f_code.co_filename if caller is not None else None
    if filename is None or debugger.is_own(filename) or (step.is_user is not None and not step.is_user(filename)):
        # Nothing of the user's to stop in after it (a module's code returning to its runner): the step
        # stops in the frame itself, on its last line, once that line has run, so that what the
        # program's last line did is read before it ends (as pdb stops at a frame's return).
        state.returned = None
        debugger.suspend(frame, step.reason)
        return
    debugger.suspend(caller, step.reason)
