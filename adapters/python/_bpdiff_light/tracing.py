# Python 3.8 to 3.11: breakpoints are hook calls compiled into the breakpoint files (instrument.py), so
# a program runs untraced to its breakpoint. A trace function (sys.settrace) is used only:
# - by a thread that steps, from the stop on, and only for frames the step may stop in;
# - for a breakpoint file whose code was compiled without hooks (imported before bpdiff took over, or
#   compiled by another import hook such as pytest's): every thread started afterwards, and the thread
#   that met that code, trace calls into that file (correct, slower).
# Other threads are not held while one is stopped: only a thread that reaches a breakpoint or ends a
# step waits for the stop before its own (Python gives no way to stop another thread here short of a
# trace function in every thread, which is the cost this design avoids).
import builtins
import sys
import threading

from .instrument import HOOK_NAME, Sites, compile_with_hooks
from .steps import make_step, stop_in_caller


class TraceBackend(object):
    def __init__(self, debugger):
        self.dbg = debugger
        self.sites = Sites()
        self.fallback = set()
        self.hooked_code = set()
        setattr(builtins, HOOK_NAME, self._hook)

    # -- hooks compiled into the breakpoint files ----------------------------------------------
    def _hook(self, site):
        key, line = self.sites.places[site]
        self.dbg.breakpoint_hit(sys._getframe(1), key, line)

    def compile_file(self, source, path):
        """A breakpoint file's code, with a hook at each bound breakpoint line."""
        key = self.dbg.key_of(path)
        lines = self.dbg.breakpoints.by_file.get(key) or {}
        code = compile_with_hooks(source, path, key, sorted(lines), self.sites)
        self.hooked_code.add(code)
        return code

    def met_code(self, code):
        """A module's code about to run (the `exec` audit event): a breakpoint file without hooks is traced."""
        if code in self.hooked_code:
            return
        key = self.dbg.key_of(code.co_filename)
        if key in self.dbg.breakpoints.by_file and key not in self.fallback:
            self.fallback.add(key)
            threading.settrace(self._call)
            sys.settrace(self._call)

    def breakpoints_changed(self, keys):
        """Breakpoints in files already loaded (never compiled with their hooks) are traced."""
        loaded = set()
        for module in list(sys.modules.values()):
            filename = getattr(module, "__file__", None)
            if filename:
                loaded.add(self.dbg.key_of(filename))
        # A file whose breakpoints are all gone is traced no more (a walk's breakpoint set for one run on to a pass).
        self.fallback &= set(keys)
        missed = (set(keys) & loaded) - self.fallback
        if missed:
            self.fallback |= missed
            threading.settrace(self._call)
            sys.settrace(self._call)

    def continued(self, frame):
        """This thread runs on after a stop: a breakpoint set while it stood, in a file already loaded,
        is met in the frames it stands in too (sys.settrace from the adapter's thread reached only that thread)."""
        if not self.fallback:
            return
        sys.settrace(self._call)
        outer = frame
        while outer is not None:
            if self.dbg.key_of(outer.f_code.co_filename) in self.fallback:
                outer.f_trace = self._line
            outer = outer.f_back

    # -- the trace function --------------------------------------------------------------------
    def _call(self, frame, event, arg):
        dbg = self.dbg
        code = frame.f_code
        filename = code.co_filename
        if dbg.is_own(filename):
            return None
        state = dbg.threads.get(threading.get_ident())
        step = state.step if state is not None else None
        if step is not None:
            # A frame starts or a generator resumes: the step knows its depth, or that its frame runs again.
            step.entered(frame)
            if step.traces(frame):
                return self._line
        if self.fallback and dbg.key_of(filename) in self.fallback:
            return self._line
        return None

    def _line(self, frame, event, arg):
        if event == "return":
            # Returned, yielded or unwound by an exception: off the stack, for the step.
            state = self.dbg.threads.get(threading.get_ident())
            step = state.step if state is not None else None
            if step is not None:
                step.left(frame)
            self._returned(frame, arg)
            return self._line
        if event == "exception":
            # An exception passes through the step's frame: it unwinds it unless the frame runs a line again.
            state = self.dbg.threads.get(threading.get_ident())
            if state is not None and state.step is not None and frame is state.step.frame:
                state.raising = (frame, arg[1])
            return self._line
        if event != "line":
            return self._line
        dbg = self.dbg
        ident = threading.get_ident()
        if ident in dbg.ours:
            return None
        state = dbg.threads.get(ident)
        if state is not None and state.stopped:
            return self._line
        line = frame.f_lineno
        key = dbg.key_of(frame.f_code.co_filename)
        if key in self.fallback and dbg.breakpoints.at(key, line):
            if dbg.breakpoint_hit(frame, key, line):
                return self._line
            state = dbg.threads.get(ident)
        if state is None:
            return self._line
        state.just_stopped = None
        if state.raising is not None and state.raising[0] is frame:
            # The frame caught the exception: a line of it runs.
            state.raising = None
        step = state.step
        if step is not None and step.on_line(frame):
            # The hook compiled on this line runs next: it must not stop a second time.
            if key not in self.fallback and dbg.breakpoints.at(key, line):
                state.just_stopped = (frame, line)
            if getattr(step, "answer", None) is not None:
                dbg.suspend(frame, "step", before_event=lambda _state: step.answer())
            else:
                dbg.suspend(frame, step.reason)
        return self._line

    def _returned(self, frame, value):
        """The frame a step started in returns, or an exception unwinds it: its value, or the exception, is
        the step's to show."""
        state = self.dbg.threads.get(threading.get_ident())
        if state is None or state.step is None or frame is not state.step.frame:
            return
        raising, state.raising = state.raising, None
        # Only a step that asked for it (bpdiffReturns) shows the value: others stop as they always did.
        if not getattr(state.step, "stop_on_return", False):
            return
        # A frame an exception unwinds gets `return` with None after its `exception` event, and no line between.
        if raising is not None and raising[0] is frame and value is None:
            state.returned = ("raised", frame.f_code.co_name, raising[1])
        else:
            state.returned = ("return", frame.f_code.co_name, value)
        stop_in_caller(self.dbg, state, frame)

    # -- steps ---------------------------------------------------------------------------------
    def arm(self, state, resume, frame, ended=None):
        state.returned = None
        state.raising = None
        state.step = make_step(resume, frame, self.dbg, ended)
        sys.settrace(self._call)
        line = self._line
        outer = frame
        while outer is not None:
            # A frame traced since an earlier step is not asked its code again (an audit event each: a
            # stack 10,000 deep is walked at every batch of bpdiffSteps).
            if outer.f_trace != line and not self.dbg.is_own(outer.f_code.co_filename):
                outer.f_trace = line
            outer = outer.f_back

    def disarm(self, state):
        if state.step is None:
            return
        state.step = None
        if state.ident == threading.get_ident() and not self.fallback:
            sys.settrace(None)

    def hold_others(self, hold):
        pass

    def shutdown(self):
        self.fallback.clear()
        threading.settrace(None)
        sys.settrace(None)
        if getattr(builtins, HOOK_NAME, None) == self._hook:
            setattr(builtins, HOOK_NAME, lambda site: None)
