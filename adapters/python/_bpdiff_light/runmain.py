# The program's main code (the script, `-m` module or `-c` code), run by the adapter at the moment the
# interpreter would run it: an audit hook sees its `exec` event (no Python frame below it for a script
# or -c, runpy's _run_code for -m), runs that code itself in the same globals, and ends the hook with
# SystemExit and the program's own exit status, so the interpreter then finishes as it would have
# (threads joined, atexit handlers, objects finalised). Taking the run over gives the adapter the exit
# status and the uncaught exception (a stop with reason "exception" before Python prints it), and on
# Python 3.8-3.11 lets it run the script compiled with its breakpoint hooks.
import atexit
import sys
import threading

from .instrument import read_source


def exit_status(error):
    code = error.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    return 1


def describe_exception(error):
    kind = type(error)
    name = getattr(kind, "__qualname__", None) or getattr(kind, "__name__", None) or str(kind)
    try:
        text = str(error)
    except Exception:
        text = ""
    # As pydevd's exceptionInfo: the description of an exception without a message is said so.
    return name, text or "exception: no description"


class Runner(object):
    def __init__(self, debugger, mode):
        self.dbg = debugger
        self.mode = mode
        self.exit_code = None
        self.interrupted = False
        self.running = False
        self.finished = False
        self.main_ident = threading.get_ident()
        atexit.register(self._at_exit)

        def audit(event, args):
            if event == "exec":
                self._audit(event, args)

        # Audit hooks run untraced unless they say otherwise: the program runs inside this one.
        audit.__cantrace__ = True
        sys.addaudithook(audit)
        self._thread_hook = threading.excepthook
        threading.excepthook = self._thread_exception

    def _audit(self, event, args):
        if event != "exec":
            return
        code = args[0]
        if self.mode is not None and not self.running and not self.finished:
            run_globals = self._main_globals(code)
            if run_globals is not None:
                self.running = True
                self._run(code, run_globals)
                return
        backend = self.dbg.backend
        met = getattr(backend, "met_code", None)
        if met is not None and self.dbg.active and getattr(code, "co_name", None) == "<module>":
            met(code)

    def _main_globals(self, code):
        if getattr(code, "co_name", None) != "<module>":
            return None
        # The first frame below the audit hook that is not the adapter's: none for the interpreter's main.
        caller = sys._getframe(1)
        while caller is not None and self.dbg.is_own(caller.f_code.co_filename):
            caller = caller.f_back
        if self.mode in ("script", "code"):
            if caller is not None:
                return None
            return sys.modules["__main__"].__dict__
        if caller is None or caller.f_code.co_name != "_run_code" or caller.f_globals.get("__name__") != "runpy":
            return None
        run_globals = caller.f_locals.get("run_globals")
        if isinstance(run_globals, dict) and run_globals.get("__name__") == "__main__":
            return run_globals
        return None

    def _code_to_run(self, code):
        backend = self.dbg.backend
        compile_file = getattr(backend, "compile_file", None)
        if compile_file is None or code in getattr(backend, "hooked_code", ()):
            return code
        key = self.dbg.key_of(code.co_filename)
        if key not in self.dbg.breakpoints.by_file:
            return code
        try:
            return compile_file(read_source(self.dbg.path_of(code.co_filename)), code.co_filename)
        except Exception:
            return code

    def _run(self, code, run_globals):
        code = self._code_to_run(code)
        dbg = self.dbg
        if dbg.stop_on_entry and dbg.backend is not None and dbg.active:
            # The first line of the main code is the entry stop, as a stepIn from here would find it.
            from .debugger import Resume
            dbg.backend.arm(dbg.state(), Resume("entry"), sys._getframe())
        try:
            exec(code, run_globals)
        except SystemExit as error:
            self._ended(exit_status(error), None)
            raise
        except BaseException as error:
            tb = error.__traceback__
            while tb is not None and self.dbg.is_own(tb.tb_frame.f_code.co_filename):
                tb = tb.tb_next
            self._uncaught(error, tb)
            interrupted = isinstance(error, KeyboardInterrupt)
            # Python ends on an uncaught Ctrl-C by SIGINT, after its shutdown (see _at_exit).
            self.interrupted = interrupted
            self._ended(130 if interrupted else 1, None)
            tb = self._with_runpy_frames(tb)
            try:
                # Python prints the exception's own traceback: the adapter's frames are taken off it.
                error.__traceback__ = tb
                sys.last_type, sys.last_value, sys.last_traceback = type(error), error, tb
                sys.excepthook(type(error), error, tb)
            except BaseException:
                pass
            raise SystemExit(1)
        self._ended(0, None)
        raise SystemExit(0)

    def _with_runpy_frames(self, tb):
        """For -m, the traceback Python prints starts in runpy: its frames go back in front."""
        if self.mode != "module":
            return tb
        import types
        outer = []
        frame = sys._getframe(0)
        while frame is not None:
            if not self.dbg.is_own(frame.f_code.co_filename):
                outer.append(frame)
            frame = frame.f_back
        for frame in outer:
            tb = types.TracebackType(tb, frame, frame.f_lasti, frame.f_lineno)
        return tb

    def _uncaught(self, error, tb):
        dbg = self.dbg
        state = dbg.threads.get(threading.get_ident())
        step = state.step if state is not None else None
        if getattr(step, "answer", None) is not None:
            name, text = describe_exception(error)
            dbg.backend.disarm(state)
            step.answer({"exitCode": 130 if isinstance(error, KeyboardInterrupt) else 1, "exception": "%s: %s" % (name, text)})
            return
        # Ctrl-C ends the program: no stop that would keep it waiting.
        if "uncaught" in dbg.exception_filters and dbg.active and tb is not None and not isinstance(error, KeyboardInterrupt):
            name, text = describe_exception(error)
            dbg.suspend(None, "exception", description=text, text=name, exception=(type(error), error, tb))

    def _ended(self, code, _exception):
        self.exit_code = code
        self.finished = True
        dbg = self.dbg
        state = dbg.threads.get(threading.get_ident())
        step = state.step if state is not None else None
        if step is not None:
            # The main code is over: a step does not go on into the interpreter's shutdown.
            dbg.backend.disarm(state)
            if getattr(step, "answer", None) is not None:
                step.answer({"exitCode": code})

    def _thread_exception(self, args):
        if args.exc_type is not SystemExit and "uncaught" in self.dbg.exception_filters and self.dbg.active and args.exc_traceback is not None:
            name, text = describe_exception(args.exc_value)
            self.dbg.suspend(None, "exception", description=text, text=name, exception=(args.exc_type, args.exc_value, args.exc_traceback))
        return self._thread_hook(args)

    def _at_exit(self):
        # Registered before the program ran: it runs after the program's own atexit handlers.
        self.finished = True
        dbg = self.dbg
        # After the program's threads and its own atexit handlers: a hit there is a hit too.
        dbg.end_hits({"exitCode": self.exit_code})
        if self.exit_code is not None:
            dbg.send_event("exited", {"exitCode": self.exit_code})
        dbg.send_event("terminated", {})
        if self.interrupted:
            import os
            import signal
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except Exception:
                    pass
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
