# Python 3.12 and later: sys.monitoring (PEP 669) with a tool id of bpdiff's own. Running to a
# breakpoint costs next to nothing: PY_START, the one global event, looks at each code object once
# (DISABLE) and turns on LINE events only for code objects that hold a breakpoint line; there, a line
# without a breakpoint is disabled after its first event. LINE events are global only while a thread
# steps, or while a stop holds the program's other threads at their next line.
import gc
import sys
import threading
import types

from .steps import make_step, stop_in_caller

_mon = sys.monitoring
_E = _mon.events
_DISABLE = _mon.DISABLE
# The events of a code whose frames a step follows (steps.py: entered, left), set on that code alone;
# an exception unwinding a frame, and a generator resumed by throw(), are told only globally (while a
# thread steps).
_FOLLOW = _E.PY_START | _E.PY_RESUME | _E.PY_RETURN | _E.PY_YIELD
_FOLLOW_GLOBAL = _E.PY_UNWIND | _E.PY_THROW


def _free_tool():
    for tool in (_mon.DEBUGGER_ID, 1, 2, 3, 4, 5):
        if _mon.get_tool(tool) is None:
            return tool
    raise RuntimeError("every sys.monitoring tool id is taken")


class MonitorBackend(object):
    def __init__(self, debugger):
        self.dbg = debugger
        self.tool = _free_tool()
        _mon.use_tool_id(self.tool, "bpdiff")
        _mon.register_callback(self.tool, _E.PY_START, self._on_start)
        _mon.register_callback(self.tool, _E.LINE, self._on_line)
        _mon.register_callback(self.tool, _E.PY_RETURN, self._on_return)
        _mon.register_callback(self.tool, _E.PY_RESUME, self._on_resume)
        _mon.register_callback(self.tool, _E.PY_THROW, self._on_resume)
        _mon.register_callback(self.tool, _E.PY_YIELD, self._on_yield)
        _mon.register_callback(self.tool, _E.PY_UNWIND, self._on_unwind)
        self._lines = {}
        # The code objects given the _FOLLOW events.
        self._followed = set()
        self._stepping = set()
        self._holding = False
        self._released = threading.Event()
        self._released.set()
        self._lock = threading.Lock()
        self._global_line = False
        _mon.set_events(self.tool, _E.PY_START)

    # -- breakpoints ---------------------------------------------------------------------------
    def _code_lines(self, code):
        lines = self._lines.get(code)
        if lines is None:
            lines = self._lines[code] = frozenset(line for _, _, line in code.co_lines() if line is not None)
        return lines

    def _wants(self, code):
        by_line = self.dbg.breakpoints.by_file.get(self.dbg.key_of(code.co_filename))
        return bool(by_line) and not self._code_lines(code).isdisjoint(by_line)

    def _on_start(self, code, offset):
        if self._stepping and code in self._followed:
            # A code followed already (its breakpoints' lines set when it was first met, or when set).
            step = self._step()
            if step is not None:
                step.entered(sys._getframe(1))
            return None
        if self._wants(code):
            self._add_events(code, _E.LINE)
        if self._stepping:
            step = self._step()
            if step is not None and step.follows(code):
                self._follow(code)
                step.entered(sys._getframe(1))
            # Disabled here, a code's start would be disabled for the thread that follows it too.
            if code in self._followed:
                return None
        return _DISABLE

    def _add_events(self, code, events):
        # Added to the code's own events, never in their place: a breakpoint's LINE and a step's _FOLLOW both stay.
        _mon.set_local_events(self.tool, code, _mon.get_local_events(self.tool, code) | events)

    def _follow(self, code):
        if code not in self._followed:
            self._followed.add(code)
            self._add_events(code, _FOLLOW)

    def _step(self):
        state = self.dbg.threads.get(threading.get_ident())
        return state.step if state is not None else None

    def breakpoints_changed(self, keys):
        """New breakpoints: code objects that exist already (a module imported before) are looked at too."""
        _mon.restart_events()
        loaded = any(getattr(module, "__file__", None) and self.dbg.key_of(module.__file__) in keys for module in list(sys.modules.values()))
        if not loaded:
            return
        for obj in gc.get_objects():
            code = obj.__code__ if isinstance(obj, types.FunctionType) else getattr(obj, "gi_code", None) or getattr(obj, "cr_code", None)
            if isinstance(code, types.CodeType):
                self._watch_tree(code)

    def continued(self, frame):
        """This thread runs on after a stop: the code it stands in (a module's, which no function holds) meets a breakpoint set while it stood."""
        outer = frame
        while outer is not None:
            if self._wants(outer.f_code):
                self._add_events(outer.f_code, _E.LINE)
            outer = outer.f_back

    def _watch_tree(self, code):
        if self._wants(code):
            self._add_events(code, _E.LINE)
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                self._watch_tree(const)

    # -- line events ---------------------------------------------------------------------------
    def _on_line(self, code, line):
        dbg = self.dbg
        filename = code.co_filename
        if dbg.is_own(filename):
            return _DISABLE
        ident = threading.get_ident()
        if ident in dbg.ours:
            return None
        state = dbg.threads.get(ident)
        if state is not None and state.stopped:
            return None
        key = dbg.key_of(filename)
        frame = sys._getframe(1)
        at = dbg.breakpoints.at(key, line)
        if at:
            if dbg.breakpoint_hit(frame, key, line):
                return None
            state = dbg.threads.get(ident)
        if state is not None and state.step is not None:
            step = state.step
            if code not in self._followed and step.follows(code):
                # A frame the step follows, started before its code was followed: its leaving is told from now on.
                self._follow(code)
            if step.on_line(frame):
                self.stop_step(state, frame)
            return None
        if self._holding and dbg.current is not None:
            self._released.wait()
            return None
        if at or self._global_line:
            return None
        return _DISABLE

    def _on_return(self, code, offset, value):
        """A frame returns (PY_RETURN: not an exception unwinding it): off the stack, for the step; and when
        it is the frame the step started in, its value is the step's to show."""
        if not self._stepping:
            return _DISABLE
        state = self.dbg.threads.get(threading.get_ident())
        step = state.step if state is not None else None
        if step is not None:
            frame = sys._getframe(1)
            step.left(frame)
            if getattr(step, "stop_on_return", False) and frame is step.frame:
                state.returned = ("return", code.co_name, value)
                stop_in_caller(self.dbg, state, frame)
        return None

    def _on_resume(self, code, offset, *exception):
        """A generator or coroutine resumes (PY_RESUME; PY_THROW, told globally, by throw())."""
        if not self._stepping:
            return _DISABLE if not exception else None
        step = self._step()
        if step is not None:
            step.entered(sys._getframe(1))
        return None

    def _on_yield(self, code, offset, value):
        if not self._stepping:
            return _DISABLE
        step = self._step()
        if step is not None:
            step.left(sys._getframe(1))
        return None

    def _on_unwind(self, code, offset, exception):
        """An exception leaves a frame (told globally, while a thread steps); when it is the frame the step
        started in, the exception is the step's to show, as a value returned is."""
        step = self._step() if self._stepping else None
        if step is not None:
            frame = sys._getframe(1)
            step.left(frame)
            if getattr(step, "stop_on_return", False) and frame is step.frame:
                state = self.dbg.threads.get(threading.get_ident())
                state.returned = ("raised", code.co_name, exception)
                stop_in_caller(self.dbg, state, frame)
        return None

    def stop_step(self, state, frame):
        step = state.step
        if getattr(step, "answer", None) is not None:
            self.dbg.suspend(frame, "step", before_event=lambda _state: step.answer())
        else:
            self.dbg.suspend(frame, step.reason)

    # -- steps and holds -----------------------------------------------------------------------
    def arm(self, state, resume, frame, ended=None):
        state.returned = None
        state.step = make_step(resume, frame, self.dbg, ended)
        self._add_events(frame.f_code, _E.PY_RETURN)
        for code in state.step.codes():
            self._follow(code)
        with self._lock:
            self._stepping.add(state.ident)
            self._update()
        # Events a code's callback disabled while no thread stepped (DISABLE) are told again.
        _mon.restart_events()

    def disarm(self, state):
        state.step = None
        with self._lock:
            if state.ident in self._stepping:
                self._stepping.discard(state.ident)
                self._update()

    def hold_others(self, hold):
        if hold:
            others = [thread for thread in threading.enumerate() if thread.ident not in self.dbg.ours and thread.ident != threading.get_ident()]
            if not others:
                return
            self._released.clear()
            self._holding = True
        elif not self._holding:
            return
        else:
            self._holding = False
            self._released.set()
        with self._lock:
            self._update()

    def _update(self):
        wanted = bool(self._stepping) or self._holding
        if wanted == self._global_line:
            return
        self._global_line = wanted
        _mon.set_events(self.tool, _E.PY_START | (_E.LINE | _FOLLOW_GLOBAL if wanted else 0))
        if wanted:
            # Lines disabled while nothing stepped must report again.
            _mon.restart_events()

    def shutdown(self):
        try:
            _mon.set_events(self.tool, 0)
            _mon.register_callback(self.tool, _E.PY_START, None)
            _mon.register_callback(self.tool, _E.LINE, None)
            for event in (_E.PY_RETURN, _E.PY_RESUME, _E.PY_THROW, _E.PY_YIELD, _E.PY_UNWIND):
                _mon.register_callback(self.tool, event, None)
            _mon.free_tool_id(self.tool)
        except Exception:
            pass
        self._released.set()
