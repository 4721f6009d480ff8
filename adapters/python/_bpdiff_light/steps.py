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
#   Texts (texts.py) writes them, for bpdiffSteps and for bpdiffHits (hits.py) alike.
import os
import time

from .depths import Depths
from .texts import Texts


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
        # program's last line did is read before it ends (as pdb stops at a frame's return). An
        # exception that unwinds it is shown there (a test's failed assertion, caught by its runner).
        if state.returned is not None and state.returned[0] != "raised":
            state.returned = None
        debugger.suspend(frame, step.reason)
        return
    debugger.suspend(caller, step.reason)
