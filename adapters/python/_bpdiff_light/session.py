# The DAP requests, read and answered by the adapter's own thread. What needs the stopped thread
# (evaluate, continue, the steps) is handed to it (debugger.py); the stack, scopes and variables are
# read here from the frames the stop kept.
import ast
import os
import sys
import threading

from .debugger import Resume
from .hits import HitStream
from .texts import Texts
# Imported here, by the main thread: the DAP thread must import nothing before configurationDone, as the
# main thread holds the import of `site` (this runs from its sitecustomize) until then.
from .library import UserCode
from .runmain import describe_exception
from .saferepr import bounded_repr
from .variables import VariableReader, frame_locals

CAPABILITIES = {
    "supportsConfigurationDoneRequest": True,
    "supportsConditionalBreakpoints": True,
    "supportsHitConditionalBreakpoints": True,
    "supportsEvaluateForHovers": False,
    "supportsExceptionInfoRequest": True,
    "supportsTerminateRequest": True,
    "supportsStepBack": False,
    "supportsSetVariable": False,
    "supportsDelayedStackTraceLoading": True,
    "supportsLogPoints": False,
    "supportTerminateDebuggee": True,
    "supportsBpdiffSteps": True,
    "supportsBpdiffHits": True,
    "exceptionBreakpointFilters": [{"filter": "uncaught", "label": "Uncaught Exceptions", "default": True}],
}

# As pydevd compiles an expression to evaluate (top-level await allowed).
_EVAL_FLAGS = getattr(ast, "PyCF_ALLOW_TOP_LEVEL_AWAIT", 0)


class Session(object):
    def __init__(self, wire, debugger):
        self.wire = wire
        self.dbg = debugger
        self.configured = threading.Event()
        self.gone = False
        self.repr = bounded_repr(debugger.ours)
        # bpdiff's listing limit (--max-children): longer containers list this many plus one, flat.
        self.limit = 2 ** 31
        self.reader = VariableReader(debugger.refs, self.repr, self.limit)
        debugger.value_text = self.repr
        debugger.evaluate = self.evaluate_in
        # Set by the bootstrap: what to do once the client leaves (end the program, or let it run).
        self.on_gone = None
        self.runner = None

    def serve(self):
        self.dbg.ours.add(threading.get_ident())
        while True:
            message = self.wire.read()
            if message is None:
                break
            if message.get("type") != "request":
                continue
            command = message.get("command", "")
            handler = getattr(self, "on_" + command, None)
            try:
                if handler is None:
                    self.wire.respond(message, success=False, message="bpdiff's Python adapter does not support '%s'" % command)
                else:
                    handler(message, message.get("arguments") or {})
            except Exception as error:
                self.wire.respond(message, success=False, message="%s: %s" % (type(error).__name__, error))
        if not self.gone and self.on_gone is not None:
            self.on_gone(True)

    # -- configuration -------------------------------------------------------------------------
    def on_initialize(self, request, args):
        self.wire.respond(request, dict(CAPABILITIES))

    def on_attach(self, request, args):
        seconds = args.get("valueTimeout")
        if isinstance(seconds, (int, float)) and seconds > 0:
            self.repr.seconds = float(seconds)
        self.dbg.stop_on_entry = args.get("stopOnEntry") is True
        if args.get("justMyCode") is True:
            self.dbg.user_code = UserCode(self.dbg.path_of)
        limit = args.get("maxChildren")
        if isinstance(limit, int) and limit > 0:
            self.limit = self.reader.limit = limit
        self.wire.respond(request)
        self.wire.event("initialized")
        self.wire.event("process", {"name": sys.argv[0] if sys.argv else "python", "systemProcessId": os.getpid(), "isLocalProcess": True, "startMethod": "attach", "pointerSize": 64})

    on_launch = on_attach

    def on_setBreakpoints(self, request, args):
        path = (args.get("source") or {}).get("path")
        if not path:
            raise ValueError("setBreakpoints needs source.path")
        wanted = args.get("breakpoints")
        if wanted is None:
            wanted = [{"line": line} for line in args.get("lines") or []]
        made = self.dbg.breakpoints.set_file(path, wanted)
        if self.dbg.backend is not None:
            self.dbg.backend.breakpoints_changed(self.dbg.breakpoints.files())
        self.wire.respond(request, {"breakpoints": [breakpoint.describe() for breakpoint in made]})

    def on_setExceptionBreakpoints(self, request, args):
        self.dbg.exception_filters = set(args.get("filters") or [])
        self.wire.respond(request, {"breakpoints": []})

    def on_configurationDone(self, request, args):
        self.wire.respond(request)
        self.configured.set()

    def on_threads(self, request, args):
        self.wire.respond(request, {"threads": [{"id": number, "name": name} for number, name in self.dbg.program_threads()]})

    # -- a stop --------------------------------------------------------------------------------
    def _stopped_thread(self, args):
        state = self.dbg.by_id(args.get("threadId")) if args.get("threadId") is not None else self.dbg.current
        if state is None or not state.stopped:
            state = self.dbg.current
        if state is None or not state.stopped:
            raise ValueError("the thread is not stopped")
        return state

    def on_stackTrace(self, request, args):
        state = self._stopped_thread(args)
        frames = state.frames
        start = args.get("startFrame") or 0
        levels = args.get("levels") or 0
        chosen = frames[start:start + levels] if levels else frames[start:]
        listed = []
        for frame, line in chosen:
            path = self.dbg.path_of(frame.f_code.co_filename)
            listed.append({"id": self.dbg.refs.add(("frame", frame, state)), "name": frame.f_code.co_name, "source": {"path": path, "name": os.path.basename(path)}, "line": line, "column": 1})
        self.wire.respond(request, {"stackFrames": listed, "totalFrames": len(frames)})

    def _frame(self, ref):
        item = self.dbg.refs.get(ref)
        if item is None or item[0] != "frame":
            raise ValueError("no frame %s (the thread has run on)" % ref)
        return item[1], item[2]

    def on_scopes(self, request, args):
        frame, _ = self._frame(args.get("frameId"))
        refs = self.dbg.refs
        self.wire.respond(request, {"scopes": [
            {"name": "Locals", "variablesReference": refs.add(("scope", frame, "locals")), "expensive": False, "presentationHint": "locals"},
            {"name": "Globals", "variablesReference": refs.add(("scope", frame, "globals")), "expensive": False},
        ]})

    def on_variables(self, request, args):
        item = self.dbg.refs.get(args.get("variablesReference"))
        variables = []
        if item is not None and item[0] == "scope":
            frame = item[1]
            variables = self.reader.scope_variables(self._locals(frame) if item[2] == "locals" else frame.f_globals)
        elif item is not None and item[0] == "value":
            _, value, evaluate_name, resolver = item
            variables = self.reader.value_children(value, evaluate_name, resolver, args.get("filter"), args.get("start") or 0, args.get("count") or 0)
        self.wire.respond(request, {"variables": variables})

    def _locals(self, frame):
        """A frame's locals; at a step's stop in the frame it returned to, the value returned as `(return) NAME`
        (or the exception that unwound it, `(raised) NAME`)."""
        names = frame_locals(frame)
        state = self.dbg.current
        returned = getattr(state, "returned", None) if state is not None else None
        if returned is not None and state.frames and state.frames[0][0] is frame:
            names = dict(names)
            names["(%s) %s" % (returned[0], returned[1])] = returned[2]
        return names

    def on_evaluate(self, request, args):
        frame_id = args.get("frameId")
        if frame_id is None:
            raise ValueError("evaluate needs a frameId (a stopped frame)")
        frame, state = self._frame(frame_id)
        self.dbg.run_in(state, lambda: self._evaluate(request, args, frame))

    def evaluate_in(self, expression, frame):
        """(True, the value) of an expression in a frame, or (False, its error's text): an evaluate's, and a hit stream's watch."""
        namespace = dict(frame.f_globals)
        namespace.update(frame_locals(frame))
        if "globals" not in namespace:
            namespace["globals"] = lambda: frame.f_globals
        try:
            return True, eval(compile(_dedent(expression), "<string>", "eval", _EVAL_FLAGS), namespace)
        except (Exception, KeyboardInterrupt) as error:
            found, result = _mangled(expression, namespace)
            if found:
                return True, result
            return False, "%s: %s" % (type(error).__name__, error)

    def _evaluate(self, request, args, frame):
        expression = args.get("expression", "")
        context = args.get("context")
        ok, result = self.evaluate_in(expression, frame)
        if not ok:
            message = result
            if context == "hover":
                message = "Exception occurred during evaluation."
            self.wire.respond(request, {"result": message if context != "hover" else "", "variablesReference": 0}, success=False, message=message)
            return
        if context == "repl" and result is None:
            self.wire.respond(request, {"result": "", "variablesReference": 0})
            return
        data = self.reader.var_data(expression, result, expression)
        body = {"result": data["value"], "type": data["type"], "variablesReference": data["variablesReference"]}
        for key in ("presentationHint", "indexedVariables"):
            if key in data:
                body[key] = data[key]
        self.wire.respond(request, body)

    def on_exceptionInfo(self, request, args):
        state = self._stopped_thread(args)
        if state.exception is None:
            raise ValueError("the thread did not stop at an exception")
        import traceback
        kind, error, tb = state.exception
        name, text = describe_exception(error)
        self.wire.respond(request, {"exceptionId": name, "description": text, "breakMode": "unhandled", "details": {
            "message": text, "typeName": name, "stackTrace": "".join(traceback.format_exception(kind, error, tb)),
            "source": self.dbg.path_of(state.frames[0][0].f_code.co_filename) if state.frames else "",
        }})

    # -- going on ------------------------------------------------------------------------------
    def _resume(self, request, args, kind):
        state = self._stopped_thread(args)
        body = {"allThreadsContinued": True} if kind == "continue" else None
        self.wire.respond(request, body)
        # bpdiffReturns (bpdiff's walk by effects): a step that returns from its function stops in the
        # caller at once, on the line of the call, where the value returned is shown (steps.stop_in_caller).
        self.dbg.resume(state, Resume(kind, {"arguments": args} if args.get("bpdiffReturns") else None))

    def on_continue(self, request, args):
        self._resume(request, args, "continue")

    def on_next(self, request, args):
        self._resume(request, args, "next")

    def on_stepIn(self, request, args):
        self._resume(request, args, "stepIn")

    def on_stepOut(self, request, args):
        self._resume(request, args, "stepOut")

    def on_bpdiffSteps(self, request, args):
        state = self._stopped_thread(args)
        if not isinstance(args.get("roots"), list):
            raise ValueError("bpdiffSteps needs roots: the folders and files of the user's code")
        _check_texts(args, self.dbg.value_text)
        self.dbg.resume(state, Resume("steps", {"arguments": args, "respond": lambda body: self.wire.respond(request, body)}))

    def on_bpdiffHits(self, request, args):
        state = self._stopped_thread(args)
        _check_texts(args, self.dbg.value_text)
        if int(args.get("count", 0) or 0) <= 0:
            # The hit it stands on only: written by the stopped thread (a watch runs the program's code), which stays stopped.
            frame = state.frames[0][0] if state.frames else None

            def here():
                stream = HitStream(args, self.dbg.value_text, self.dbg.evaluate, lambda body: self.wire.respond(request, body))
                if frame is not None:
                    stream.record(frame, current=True)
                stream.answer(last=True)
            self.dbg.run_in(state, here)
            return
        self.dbg.resume(state, Resume("hits", {"arguments": args, "respond": lambda body: self.wire.respond(request, body)}))

    def on_disconnect(self, request, args):
        self.gone = True
        self.wire.respond(request)
        if self.on_gone is not None:
            self.on_gone(bool(args.get("terminateDebuggee", False)))

    def on_terminate(self, request, args):
        self.gone = True
        self.wire.respond(request)
        self.wire.event("terminated", {})
        if self.on_gone is not None:
            self.on_gone(True)


def _dedent(expression):
    lines = expression.splitlines(True)
    for line in lines:
        if line.strip():
            strip = len(line) - len(line.lstrip())
            if strip and all(not part[:strip].strip() for part in lines):
                return "".join(part[strip:] for part in lines)
            break
    return expression


def _mangled(expression, namespace):
    """pydevd's second try for `self.__field` (a name mangled by its class)."""
    if ".__" not in expression:
        return False, None
    try:
        parts = expression.split(".")
        current = namespace[parts[0]]
        for part in parts[1:]:
            if part.startswith("__") and not hasattr(current, part):
                part = "_%s%s" % (current.__class__.__name__, part)
            current = getattr(current, part)
        return True, current
    except Exception:
        return False, None


def _check_texts(args, value_text):
    """A stream's texts made here first, in the session's thread: a rule Python cannot compile (a
    JavaScript pattern it does not take) is this request's error, which bpdiff reads at once, not an
    error in the program's thread that would leave the request unanswered until bpdiff's timeout."""
    Texts(args, value_text)
