# Start-up, from the sitecustomize of this folder: the DAP thread on bpdiff's file descriptor, the main
# thread held until `configurationDone` (the breakpoints are set by then), then the tracing backend of
# this Python, the import hook (3.8-3.11) and the runner of the main code. When bpdiff leaves, the
# program ends (or, after a disconnect that says so, runs on without a debugger).
import os
import sys
import threading

from .debugger import Debugger
from .session import Session
from .wire import Wire


def _mode():
    """Which main code the interpreter runs next: a script, `-m`, `-c`, or nothing the adapter takes over."""
    argv = sys.argv
    if getattr(sys.flags, "inspect", 0) or not argv or argv[0] == "":
        return None
    if argv[0] == "-c":
        return "code"
    if argv[0] == "-m":
        return "module"
    return "script"


def start(fd, own_dir):
    os.set_inheritable(fd, False)
    wire = Wire(fd)
    debugger = Debugger(wire.event, own_dir)
    session = Session(wire, debugger)
    state = {"runner": None}

    def gone(terminate):
        runner = state["runner"]
        if terminate and not (runner is not None and runner.finished):
            os._exit(0)
        # The program runs on (or is ending already): no stop, no trace, nothing kept alive.
        debugger.release_all()
        backend = debugger.backend
        if backend is not None:
            backend.shutdown()
        session.configured.set()
        wire.close()

    session.on_gone = gone

    def forked():
        # A child made by fork() has no DAP thread and shares the socket: it runs on without a debugger,
        # its copy of the descriptor closed (shutting it down would end the parent's connection too).
        debugger.active = False
        wire.closed = True
        try:
            os.close(fd)
        except OSError:
            pass
        backend = debugger.backend
        if backend is not None:
            backend.shutdown()

    os.register_at_fork(after_in_child=forked)
    thread = threading.Thread(target=session.serve, name="bpdiff-dap")
    thread.daemon = True
    thread.start()
    session.configured.wait()
    if not debugger.active:
        return
    debugger.state()  # the main thread is thread 1
    if sys.version_info >= (3, 12):
        from .monitor import MonitorBackend
        backend = MonitorBackend(debugger)
    else:
        from .instrument import HookFinder
        from .tracing import TraceBackend
        backend = TraceBackend(debugger)
        sys.meta_path.insert(0, HookFinder(debugger.breakpoints.files, backend.compile_file))
    debugger.backend = backend
    if debugger.breakpoints.files():
        backend.breakpoints_changed(debugger.breakpoints.files())
    from .runmain import Runner
    state["runner"] = Runner(debugger, _mode())
