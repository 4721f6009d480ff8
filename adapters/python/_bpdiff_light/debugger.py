# The debugger's state and its one stop at a time. A thread that reaches a breakpoint, ends a step or
# raises an uncaught exception calls suspend(): it takes the stop (another thread that stops meanwhile
# waits for it), says `stopped`, then waits for the client's word: `evaluate` runs there, in the
# stopped thread, as pydevd does; stack, scopes and variables are read by the DAP thread from the
# frames kept here; continue and the steps let it go. The tracing backends (monitor.py on 3.12+,
# tracing.py and the hooks of instrument.py before) decide when to call it.
import os
import threading

from .breakpoints import Breakpoints, canonical
from .hits import HitStream
from .variables import References

try:
    from queue import SimpleQueue
except ImportError:  # pragma: no cover - 3.8+ always has it
    from queue import Queue as SimpleQueue


class ThreadState(object):
    def __init__(self, ident, number, name):
        self.ident = ident
        self.id = number
        self.name = name
        self.stopped = False
        self.commands = SimpleQueue()
        # The stop: its frames (innermost first) with their lines, and the exception, if any.
        self.frames = []
        self.exception = None
        # The step armed for this thread: None or a Step (see steps.py / the backends).
        self.step = None
        # Where a step just stopped: the breakpoint hook on that same line does not stop again.
        self.just_stopped = None
        # The function a step left, how and with what: ("return", name, value) as it returned, ("raised",
        # name, exception) as an exception unwound it; or None. Shown at the step's stop as the caller's
        # `(return) NAME` local, as debugpy names it, or `(raised) NAME`.
        self.returned = None
        # The exception passing through the frame a step started in (tracing.py, before 3.12): (frame,
        # exception) from its `exception` event until the frame runs a line again (it caught it) or returns.
        self.raising = None


class Resume(object):
    """How a stopped thread goes on: 'continue', 'next', 'stepIn', 'stepOut', 'steps' (bpdiffSteps) or 'hits' (bpdiffHits)."""

    def __init__(self, kind, request=None):
        self.kind = kind
        self.request = request


class Debugger(object):
    def __init__(self, send_event, own_dir):
        self.send_event = send_event
        self.own_dir = own_dir
        # The adapter's own code is its package and the sitecustomize that starts it; not the rest of
        # its folder, which holds its DAP tests' programs in a checkout (adapters/python/test).
        self.own_prefix = os.path.join(own_dir, "_bpdiff_light") + os.sep
        self.own_files = (os.path.join(own_dir, "sitecustomize.py"),)
        self.ours = set()
        self.threads = {}
        self.breakpoints = Breakpoints()
        self.refs = References()
        self.exception_filters = set()
        self.backend = None
        self.current = None
        self.active = True
        self._stop_lock = threading.Lock()
        self._threads_lock = threading.Lock()
        self._next_thread = 1
        self._filename_keys = {}
        self.start_cwd = os.getcwd()
        # The attach's options: stop at the main code's first line; steps only in the program's own code.
        self.stop_on_entry = False
        self.user_code = None
        # bpdiffHits: the hits recorded since the program was let go (hits.py), or None.
        self.hits = None
        # How a watch expression is evaluated in a frame: (True, value) or (False, its error's text) (the session's).
        self.evaluate = None

    # -- threads -------------------------------------------------------------------------------
    def state(self, ident=None):
        ident = threading.get_ident() if ident is None else ident
        found = self.threads.get(ident)
        if found is not None:
            return found
        with self._threads_lock:
            found = self.threads.get(ident)
            if found is None:
                thread = threading._active.get(ident) if hasattr(threading, "_active") else None
                name = thread.name if thread is not None else "Thread-%d" % ident
                found = ThreadState(ident, self._next_thread, name)
                self._next_thread += 1
                self.threads[ident] = found
        self.send_event("thread", {"reason": "started", "threadId": found.id})
        return found

    def by_id(self, number):
        for state in list(self.threads.values()):
            if state.id == number:
                return state
        return None

    def program_threads(self):
        """[(id, name)] of the program's threads alive now (the adapter's own left out)."""
        listed = []
        for thread in threading.enumerate():
            ident = thread.ident
            if ident is None or ident in self.ours:
                continue
            listed.append((self.state(ident).id, thread.name))
        return listed

    # -- files and frames ----------------------------------------------------------------------
    def is_own(self, filename):
        return filename.startswith(self.own_prefix) or filename in self.own_files

    def key_of(self, filename):
        """The canonical path of a code object's file (cached: asked on every event of a hooked file)."""
        key = self._filename_keys.get(filename)
        if key is None:
            path = filename if os.path.isabs(filename) else os.path.join(self.start_cwd, filename)
            key = self._filename_keys[filename] = canonical(path) if not filename.startswith("<") else filename
        return key

    def path_of(self, filename):
        if filename.startswith("<") or os.path.isabs(filename):
            return filename
        return os.path.normpath(os.path.join(self.start_cwd, filename))

    def stack_of(self, frame):
        frames = []
        while frame is not None:
            if not self.is_own(frame.f_code.co_filename):
                frames.append((frame, frame.f_lineno))
            frame = frame.f_back
        return frames

    def stack_of_traceback(self, tb):
        frames = []
        while tb is not None:
            if not self.is_own(tb.tb_frame.f_code.co_filename):
                frames.append((tb.tb_frame, tb.tb_lineno))
            tb = tb.tb_next
        frames.reverse()
        return frames

    # -- hits ----------------------------------------------------------------------------------
    def breakpoint_hit(self, frame, key, line):
        """A thread reached a breakpoint line: stops when a breakpoint there says so."""
        found = self.breakpoints.at(key, line)
        if not found or not self.active:
            return False
        ident = threading.get_ident()
        if ident in self.ours:
            return False
        state = self.state(ident)
        if state.stopped:
            return False  # code run by an evaluate of the stopped thread
        if state.just_stopped is not None:
            stepped_here = state.just_stopped == (frame, line)
            state.just_stopped = None
            if stepped_here:
                return False
        hit_ids = []
        error = None
        for breakpoint in found:
            stops, failed = breakpoint.check(frame)
            if stops:
                hit_ids.append(breakpoint.id)
                error = error or failed
        if not hit_ids:
            return False
        stream = self.hits
        if stream is not None and error is None:
            if stream.writing == ident:
                return False  # code run by the texts of a hit being recorded
            said = stream.record(frame)
            if said == "recorded":
                return True
            if said == "full":
                if self.hits is stream:
                    self.hits = None
                self.suspend(frame, "breakpoint", hit_ids=hit_ids, before_event=lambda _state: stream.answer(last=True))
                return True
        if error is not None:
            self.suspend(frame, "breakpoint", hit_ids=hit_ids, description="condition error", text=error)
        else:
            self.suspend(frame, "breakpoint", hit_ids=hit_ids)
        return True

    def suspend(self, frame, reason, hit_ids=None, description=None, text=None, exception=None, before_event=None):
        """Stops this thread until the client lets it go; then arms what it asked for (a step)."""
        ident = threading.get_ident()
        if ident in self.ours or not self.active:
            return
        state = self.state(ident)
        with self._stop_lock:
            if not self.active:
                return
            state.stopped = True
            # The step that ends here: a stream of steps asked from here carries on its depths (steps.py).
            ended = state.step
            if self.backend is not None:
                self.backend.disarm(state)
            state.exception = exception
            state.frames = self.stack_of_traceback(exception[2]) if exception is not None else self.stack_of(frame)
            self.current = state
            backend = self.backend
            if backend is not None:
                backend.hold_others(True)
            resume = None
            try:
                # A stop that ends a stream of hits other than its last hit's (an exception, a condition
                # error): the hits so far are answered before it is said.
                pending = self.hits
                if pending is not None:
                    self.hits = None
                    pending.answer()
                if before_event is not None:
                    before_event(state)
                body = {"reason": reason, "threadId": state.id, "allThreadsStopped": True, "preserveFocusHint": False}
                if hit_ids:
                    body["hitBreakpointIds"] = hit_ids
                if description is not None:
                    body["description"] = description
                if text is not None:
                    body["text"] = text
                self.send_event("stopped", body)
                resume = self._serve(state)
                if resume.kind == "hits":
                    # Set while the stop is held: a hit in another thread cannot come before the stream.
                    self.hits = self._hit_stream(resume.request, frame)
            finally:
                self.refs.clear()
                state.frames = []
                state.exception = None
                state.stopped = False
                self.current = None
                if backend is not None:
                    backend.hold_others(False)
        if resume is not None and resume.kind not in ("continue", "hits") and self.backend is not None and self.active:
            self.backend.arm(state, resume, frame, ended)
        elif resume is not None and frame is not None and self.backend is not None and self.active:
            self.backend.continued(frame)
        return resume

    def _hit_stream(self, request, frame):
        stream = HitStream(request["arguments"], self.value_text, self.evaluate, request["respond"])
        if request["arguments"].get("current") and frame is not None:
            stream.record(frame, current=True)
        return stream

    def end_hits(self, ended):
        """The program ends: a stream of hits answers with what it recorded, and that it ended."""
        stream = self.hits
        if stream is not None:
            self.hits = None
            stream.answer(ended)

    def _serve(self, state):
        while True:
            command = state.commands.get()
            if isinstance(command, Resume):
                return command
            try:
                command()
            except Exception:
                pass

    def resume(self, state, resume):
        state.commands.put(resume)

    def run_in(self, state, function):
        """Runs `function` in the stopped thread `state` (an evaluate)."""
        state.commands.put(function)

    def release_all(self):
        """Lets every stopped thread go without a step (the client left)."""
        self.active = False
        self.hits = None
        for state in list(self.threads.values()):
            state.step = None
            if state.stopped:
                state.commands.put(Resume("continue"))
