# A value's repr bounded in time, written once for both of bpdiff's Python adapters: its own (the
# variables of _bpdiff_light, saferepr.py) and debugpy's (pydevd's SafeRepr, patched by
# adapters/debugpy/sitecustomize.py part 4, beside which adapters/debugpy/hooks.ts puts this file as
# _bpdiff_bounded.py). A repr that may run the program's code runs in a helper thread for at most
# `seconds`, else reads `<timed out after N s>`; a repr that raises reads `<error: repr raised
# ValueError: ...>`. Imports nothing of the package: it must load on its own beside debugpy.
import _thread
import collections
import re
import threading
import types

# The repr of these runs no code of the program: no helper thread needed (a handoff costs ~30 us).
SCALARS = (int, float, complex, bool, type(None), str, bytes)
_QUICK_CONTAINERS = (list, tuple, set, frozenset, dict, collections.deque)
# Written by the interpreter's own code, never the program's: modules, functions, classes (without a
# metaclass of the program's), ranges, compiled patterns (a class no program can derive from).
_OWN_REPR = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.BuiltinMethodType, type, range, bytearray, types.CodeType, re.Pattern)


def describe_error(error):
    try:
        text = str(error)
    except Exception:
        text = ""
    name = type(error).__name__
    return "%s: %s" % (name, text) if text else name


def is_quick(obj):
    """Whether the repr of `obj` runs no code of the program (a container's first 100 elements looked at)."""
    kind = type(obj)
    if kind in SCALARS or kind in _OWN_REPR or kind.__repr__ is object.__repr__ or kind.__repr__ is type.__repr__:
        return True
    if kind not in _QUICK_CONTAINERS:
        return False
    shown = 0
    # Containers inside it are looked at whole, 100 elements at most in all.
    inner = [100]
    for item in (obj.items() if kind is dict else obj):
        for part in (item if kind is dict else (item,)):
            if type(part) not in SCALARS and not _holds_scalars(part, inner):
                return False
        shown += 1
        if shown == 100:
            break
    return True


def _holds_scalars(obj, budget):
    """Whether `obj` is a plain container of scalars and such containers, `budget` elements at most."""
    kind = type(obj)
    if kind not in _QUICK_CONTAINERS:
        return False
    for item in (obj.items() if kind is dict else obj):
        for part in (item if kind is dict else (item,)):
            budget[0] -= 1
            if budget[0] < 0 or type(part) not in SCALARS and not _holds_scalars(part, budget):
                return False
    return True


class _Worker(threading.Thread):
    """Computes one repr at a time; left to finish alone when it takes too long. Woken by a bare lock
    (released to wake it), not a threading.Event: an Event's set and wait are a Condition's Python code,
    a tenth of a class-heavy step's time (argparse), where a lock's are the interpreter's own."""

    def __init__(self, owner):
        threading.Thread.__init__(self, name="bpdiff-repr")
        self.daemon = True
        self.job = None
        self.abandoned = False
        self.wake = _thread.allocate_lock()
        self.wake.acquire()
        self._owner = owner
        if owner.mark is not None:
            owner.mark(self)
        self.start()

    def run(self):
        if self._owner.enter is not None:
            self._owner.enter()
        try:
            while True:
                self.wake.acquire()
                job = self.job
                if job is None:
                    return
                job()
                if self.abandoned:
                    return
        finally:
            if self._owner.leave is not None:
                self._owner.leave()


class Bounded(object):
    """`compute(obj)` (or the `compute` of a call), in a helper thread for at most `seconds` (0: no
    bound) when it may run the program's code. `mark(thread)` before a helper starts, `enter()` and
    `leave()` in it: how each adapter keeps breakpoints and its own thread lists off its helpers."""

    def __init__(self, compute=None, mark=None, enter=None, leave=None):
        self.compute = compute
        self.mark = mark
        self.enter = enter
        self.leave = leave
        self.seconds = 0.0
        self._idle = []
        self._lock = threading.Lock()

    def __call__(self, obj, compute=None):
        compute = compute or (lambda: self.compute(obj))
        try:
            quick = self.seconds <= 0 or is_quick(obj)
        except Exception:
            quick = False
        if quick:
            return compute()
        return self.within(compute, "<timed out after %g s>" % self.seconds)

    def within(self, compute, late):
        """`compute()` in a helper thread for at most `seconds`, else `late` (the helper left to finish
        alone); what it raises reads as a repr's error."""
        # Held until the job is done: released by the helper, acquired here within the bound.
        done = _thread.allocate_lock()
        done.acquire()
        result = [None]

        def job():
            try:
                result[0] = compute()
            except BaseException as error:
                result[0] = "<error: repr raised %s>" % describe_error(error)
            done.release()

        with self._lock:
            worker = self._idle.pop() if self._idle else None
        if worker is None:
            worker = _Worker(self)
        worker.job = job
        worker.wake.release()
        if done.acquire(True, self.seconds):
            with self._lock:
                self._idle.append(worker)
            return result[0]
        # The worker stays with the slow repr and ends after it; the next value gets a new one. Its wake lock
        # is held (since it took the job) until released here: it returns, abandoned, whether it finishes
        # the job before it sees that or after (then woken with no job).
        worker.job = None
        worker.abandoned = True
        worker.wake.release()
        return late
