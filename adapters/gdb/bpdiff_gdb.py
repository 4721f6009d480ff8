# bpdiff's additions to gdb, sourced at the start of each run (hooks.ts puts `source <this file>` in
# cdt-gdb-adapter's initCommands).
#
# 1. The program's exit status, in decimal, on gdb's log stream (not the program's stdout):
#    cdt-gdb-adapter sends only `terminated`, and gdb's own line ("[Inferior 1 (process N) exited
#    with code 03]") writes the status in octal.
# 2. Signals a program uses for its own ends pass without a stop.
# 3. Containers shown by a pretty printer with children (libstdc++'s std::vector, std::map, std::set,
#    std::optional...) are one value, written as gdb's `print` writes them: cdt-gdb-adapter lists no
#    children for them (gdb's MI gives such a "dynamic" variable object no child count), so their
#    value would read `{...}` in every run and hide every change. Strings and values without a
#    printer are as before; a struct that holds a container still lists its members.
# 4. $bpdiff_pass(holds, n), which bpdiff's breakpoint condition calls for --hit N (adapter.json
#    hit_count.condition): the passes through the line counted in gdb, without a stop before the Nth,
#    from the moment the breakpoint that counts was made or given its condition.
# 5. $bpdiff_cpu_arm(id, n) and $bpdiff_cpu_disarm(), which a walk's run to the nth pass calls
#    (adapter.json hit_count.cpu_count): the passes counted by the CPU, with no trap into gdb before
#    the nth (bpdiff_cpu_count.py, copied beside this file).
# 6. The bpdiff-callbacks command, which a walk's steps send (adapter.json locate.callbacks): stops in
#    the program's functions that library code calls back.
# 7. The program's stdout on a terminal of its own (bpdiff_follow_stdout).
# 8. $bpdiff_returns_arm(), $bpdiff_returns_read() and $bpdiff_returns_off() (bpdiff_gdb_returns.py,
#    copied beside this file): the value a function returned, for a walk (adapter.json locate.returned.read).
import os
import re
import sys

import gdb
import gdb.printing

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpdiff_cpu_count  # noqa: E402
import bpdiff_gdb_returns  # noqa: E402,F401  (8. the value a function returned)


def _say_exit(event):
    code = getattr(event, "exit_code", None)
    if code is not None:
        gdb.write("bpdiff: the program exited with code %d\n" % code, gdb.STDLOG)


gdb.events.exited.connect(_say_exit)

# Signals a program uses for its own ends (timers, children, a closed pipe it handles) pass without a
# stop, and without gdb's table of them in the program's output.
gdb.execute("handle SIGUSR1 SIGUSR2 SIGPIPE SIGALRM SIGVTALRM SIGPROF SIGWINCH SIGCHLD nostop noprint pass", to_string=True)

# Set while a container is written out whole: the printers inside it are the original ones.
_writing = [False]


class _WholePrinter(object):
    """A container's value as one text, with no children for the MI to list."""

    def __init__(self, value):
        self.value = value

    def to_string(self):
        _writing[0] = True
        try:
            return self.value.format_string(pretty_structs=False, pretty_arrays=False)
        except gdb.error as error:
            return "<error: %s>" % error
        finally:
            _writing[0] = False


class _Whole(object):
    """A printer lookup (a collection of printers, or a function) whose printers with children write their value whole."""

    def __init__(self, inner):
        self.__dict__["_inner"] = inner

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def __setattr__(self, name, value):
        setattr(self._inner, name, value)

    def __call__(self, value):
        printer = self._inner(value)
        if printer is None or _writing[0] or not hasattr(printer, "children"):
            return printer
        return _WholePrinter(value)


def _wrap_all(printers):
    for index, printer in enumerate(printers):
        if not isinstance(printer, _Whole):
            printers[index] = _Whole(printer)


_register = gdb.printing.register_pretty_printer


def _register_whole(obj, printer, replace=False):
    _register(obj, _Whole(printer), replace)


gdb.printing.register_pretty_printer = _register_whole
# Printers registered before this file was read.
_wrap_all(gdb.pretty_printers)
_wrap_all(gdb.current_progspace().pretty_printers)
for _objfile in gdb.objfiles():
    _wrap_all(_objfile.pretty_printers)


# The frames bpdiff keeps of a stop, less the top (src/session/debug-session.ts FRAMES_KEPT).
_CALLERS_KEPT = 4


class _Pass(gdb.Function):
    """$bpdiff_pass(holds, n): whether the breakpoint stops here, where it is to stop first at the nth
    pass through its line where `holds`. gdb tests a condition at each code location of the line (an
    inlined line, a Rust println! has several), so a hit is told from a pass as bpdiff tells its stops
    apart (src/session/passes.ts): a hit continues the pass of the hit before it when it is in the same
    thread, in the same function called from the same places, further on in the line's code."""

    def __init__(self):
        super(_Pass, self).__init__("bpdiff_pass")
        self.passes = 0
        self.last = None

    def invoke(self, holds, wanted):
        if not bool(holds):
            return 0
        frame = gdb.selected_frame()
        callers = []
        older = frame.older()
        while older is not None and len(callers) < _CALLERS_KEPT:
            callers.append(older.pc())
            older = older.older()
        place = (gdb.selected_thread().num, frame.name(), tuple(callers))
        pc = frame.pc()
        if self.last is None or self.last[0] != place or pc <= self.last[1]:
            self.passes += 1
        self.last = (place, pc)
        return 1 if self.passes >= int(wanted) else 0


_PASS = _Pass()


# The count starts again with each breakpoint that counts: made, or given a condition that calls
# $bpdiff_pass (cdt-gdb-adapter answers each setBreakpoints with new breakpoints, and sets a condition
# after it makes the breakpoint). The walk by effects probes a loop with one such breakpoint at a time
# (adapter.json hit_count.condition_restarts); a hit changes a breakpoint's hit count, not its condition.
_COUNTING = {}


def _counts(breakpoint):
    condition = getattr(breakpoint, "condition", None) or ""
    return "$bpdiff_pass" in condition, condition


def _breakpoint_made(breakpoint):
    counting, condition = _counts(breakpoint)
    _COUNTING[breakpoint.number] = condition
    if counting:
        _PASS.passes = 0
        _PASS.last = None


def _breakpoint_changed(breakpoint):
    counting, condition = _counts(breakpoint)
    if _COUNTING.get(breakpoint.number) != condition:
        _breakpoint_made(breakpoint)


def _breakpoint_gone(breakpoint):
    _COUNTING.pop(breakpoint.number, None)


gdb.events.breakpoint_created.connect(_breakpoint_made)
gdb.events.breakpoint_modified.connect(_breakpoint_changed)
gdb.events.breakpoint_deleted.connect(_breakpoint_gone)


# 5. The CPU's count (bpdiff_cpu_count.py) for breakpoint `id`, standing in for gdb's while it is armed:
#    the breakpoint is disabled, so gdb does not trap at each pass, and enabled again by disarm. The
#    nth pass from where the program stands: where its thread stands at the breakpoint's address,
#    its first execution there counts too (the CPU counts it as the program goes on).
_CPU = {"breakpoint": None}


class _CpuArm(gdb.Function):
    """$bpdiff_cpu_arm(id, n[, wait_ms]): the period armed (the count at which the program stops), or 0 where it was
    not; where a uprobe counts, -P (the signal comes as pass P starts, and the breakpoint stops the next)."""

    def __init__(self):
        super(_CpuArm, self).__init__("bpdiff_cpu_arm")

    def invoke(self, number, wanted, wait_ms=0):
        _cpu_disarm()
        found = [b for b in gdb.breakpoints() if b.number == int(number)]
        inferior = gdb.selected_inferior()
        if not found or inferior.pid <= 0:
            return 0
        locations = [location for location in found[0].locations if location.enabled]
        if len(locations) != 1 or locations[0].address is None:
            return 0
        address = int(locations[0].address)
        if bpdiff_cpu_count.early() and any(
            other.number != found[0].number
            and other.enabled
            and any(at.enabled and at.address is not None and int(at.address) == address for at in other.locations)
            for other in gdb.breakpoints()
        ):
            return 0  # another breakpoint at the address, which a uprobe would hide
        period = bpdiff_cpu_count.period_for(int(wanted), gdb.newest_frame().pc() == address)
        # A uprobe's signal comes as pass `period` starts, and the breakpoint stops the next (the answer is -period).
        early = bpdiff_cpu_count.early()
        # Disabled first: gdb's own trap at the address would hide a uprobe's.
        found[0].enabled = False
        if bpdiff_cpu_count.arm(inferior.pid, address, period, int(wait_ms)) is not None:
            found[0].enabled = True
            return 0
        _CPU["breakpoint"] = found[0]
        _CPU["early"] = early
        _CPU["period"] = period + (1 if early else 0)
        # Negative where a uprobe counts (cdt-gdb-adapter shows a string's value as its length).
        return -period if early else period


def _cpu_disarm():
    counted = bpdiff_cpu_count.disarm()
    breakpoint, _CPU["breakpoint"] = _CPU["breakpoint"], None
    if breakpoint is not None and breakpoint.is_valid():
        if _CPU.get("early"):
            # The next hit is the pass wanted: the count it was set with ($bpdiff_pass) is done.
            breakpoint.condition = None
        breakpoint.enabled = True
    return -1 if counted is None else counted


def _cpu_thread_made(_event):
    # A thread made while the CPU counts would count on its own: gdb takes the count over, the
    # breakpoint enabled again with a condition that stops it at the pass the CPU was to stop at.
    breakpoint = _CPU["breakpoint"]
    if breakpoint is None:
        return
    period = _CPU["period"]
    counted = _cpu_disarm()
    if counted >= 0 and breakpoint.is_valid():
        breakpoint.condition = "$bpdiff_pass(1, %d)" % max(1, period - counted)


gdb.events.new_thread.connect(_cpu_thread_made)


class _CpuDisarm(gdb.Function):
    """$bpdiff_cpu_disarm(): the passes the CPU counted since $bpdiff_cpu_arm (every thread's), or -1."""

    def __init__(self):
        super(_CpuDisarm, self).__init__("bpdiff_cpu_disarm")

    def invoke(self):
        return _cpu_disarm()


class _CpuRelease(gdb.Function):
    """$bpdiff_cpu_release(): the run is over; other debuggers may count in the files this one counted in (how many)."""

    def __init__(self):
        super(_CpuRelease, self).__init__("bpdiff_cpu_release")

    def invoke(self):
        return bpdiff_cpu_count.release()


class _CpuHandOn(gdb.Function):
    """$bpdiff_cpu_hand_on(): the program stands stopped until the other run's count is over (a walk's run
    to a pass): other debuggers may count in the files this one counted in, but a file where one of
    gdb's breakpoints is at an address counted at (how many it let go)."""

    def __init__(self):
        super(_CpuHandOn, self).__init__("bpdiff_cpu_hand_on")

    def invoke(self):
        def trap_at(address):
            return any(
                breakpoint.enabled
                and any(at.enabled and at.address is not None and int(at.address) == address for at in breakpoint.locations)
                for breakpoint in gdb.breakpoints()
            )

        return bpdiff_cpu_count.release(trap_at=trap_at)


_CpuRelease()
_CpuHandOn()
_CpuArm()
_CpuDisarm()


# 6. Stops where library code calls the program back (adapter.json locate.callbacks): a comparator
#    that qsort calls, which a walk's step over the library would let run unseen. `bpdiff-callbacks on
#    HEX` enables a breakpoint at the start of each function whose file lies in the folders (made the
#    first time, from `info functions`, past each one's prologue as gdb sets a breakpoint on a
#    function's first line); `bpdiff-callbacks off` disables them.
_CALLBACKS = {"folders": None, "breakpoints": []}


def _under(path, folders):
    return any(path == folder or path.startswith(folder.rstrip("/") + "/") for folder in folders)


def _functions_in(folders):
    """(file, line) of each function `info functions` lists in a file under the folders."""
    found = []
    file = None
    for text in gdb.execute("info functions -n", to_string=True).splitlines():
        header = re.match(r"^File (.+):$", text)
        if header:
            file = header.group(1)
            continue
        entry = re.match(r"^(\d+):\s", text)
        if not entry or file is None:
            continue
        line = int(entry.group(1))
        try:
            sals = gdb.decode_line("%s:%d" % (file, line))[1] or []
        except gdb.error:
            continue
        full = sals[0].symtab.fullname() if sals and sals[0].symtab is not None else None
        if full is not None and _under(full, folders):
            found.append((full, line))
    return found


def _set_callbacks(folders):
    """The breakpoints at the start of the folders' functions enabled, made the first time for them; all disabled for no folders. How many are enabled."""
    if folders and folders != _CALLBACKS["folders"]:
        for breakpoint in _CALLBACKS["breakpoints"]:
            if breakpoint.is_valid():
                breakpoint.delete()
        made = []
        for file, line in _functions_in(folders):
            try:
                made.append(gdb.Breakpoint(source=file, line=line, internal=True))
            except (gdb.error, RuntimeError):
                continue
        _CALLBACKS["breakpoints"] = made
        _CALLBACKS["folders"] = folders
    enabled = 0
    for breakpoint in _CALLBACKS["breakpoints"]:
        if breakpoint.is_valid():
            breakpoint.enabled = bool(folders)
            enabled += 1 if folders else 0
    return enabled


class _CallbacksCommand(gdb.Command):
    """bpdiff-callbacks on HEX (the folders' UTF-8, a folder a line, in hexadecimal) | bpdiff-callbacks off."""

    def __init__(self):
        super(_CallbacksCommand, self).__init__("bpdiff-callbacks", gdb.COMMAND_BREAKPOINTS)

    def invoke(self, argument, from_tty):
        words = argument.split()
        if len(words) == 2 and words[0] == "on":
            folders = sorted(f for f in bytes.fromhex(words[1]).decode("utf-8").split("\n") if f)
        elif words == ["off"]:
            folders = []
        else:
            raise gdb.GdbError("usage: bpdiff-callbacks on HEX | bpdiff-callbacks off")
        # Nothing written: cdt-gdb-adapter passes gdb's streams on as the program's output.
        _set_callbacks(folders)


_CallbacksCommand()


# 7. The program's stdout on a terminal of its own, passed on to gdb's console stream (the MI's
#    ~"..." records, which cdt-gdb-adapter sends as `stdout` output events). Left on gdb's stdout (the
#    MI pipe), the program's lines would be read as MI: a line's leading digits as a command token
#    (`   81.55` arrived as `.55`). A terminal also makes C's and Fortran's stdio write each line as it
#    ends, as a terminal would, instead of once a buffer fills: a walk by effects sees what each line
#    wrote. hooks.ts calls `python bpdiff_follow_stdout(LINK)` and redirects the program's stdout to
#    LINK (a link to the terminal made here, in the run's folder); its stderr stays on gdb's stderr,
#    which cdt-gdb-adapter passes on as is.
def bpdiff_follow_stdout(link):
    import codecs
    import collections
    import fcntl
    import os
    import select
    import signal
    import threading
    import tty

    master, follower = os.openpty()
    # Raw: a "\n" stays "\n" (no "\r\n"), and nothing is echoed.
    tty.setraw(follower)
    fcntl.fcntl(master, fcntl.F_SETFL, fcntl.fcntl(master, fcntl.F_GETFL) | os.O_NONBLOCK)
    try:
        os.unlink(link)
    except OSError:
        pass
    os.symlink(os.ttyname(follower), link)
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    lock = threading.Lock()
    pending = collections.deque()

    def take():
        """What the terminal holds now, decoded, queued in the order it was written (under the lock)."""
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # nothing more for now (EAGAIN), or the terminal is gone
                return
            if not data:
                return
            text = decoder.decode(data)
            if text:
                pending.append(text)

    def flush():
        # On gdb's own thread: the queued text, in order, as console output.
        with lock:
            texts = list(pending)
            pending.clear()
        if texts:
            gdb.write("".join(texts), gdb.STDOUT)
            gdb.flush(gdb.STDOUT)

    def pump():
        while True:
            try:
                select.select([master], [], [], 1.0)
            except OSError:
                return
            with lock:
                take()
                queued = len(pending) > 0
            if queued:
                gdb.post_event(flush)

    def settle(_event):
        # A stop or the program's end: what it wrote before is passed on before gdb says so, not after.
        with lock:
            take()
        flush()

    gdb.events.stop.connect(settle)
    gdb.events.exited.connect(settle)
    thread = threading.Thread(target=pump, name="bpdiff-stdout", daemon=True)
    # The thread must take no signal of gdb's: a SIGCHLD taken there instead of on gdb's own thread
    # leaves gdb waiting for the program it starts (gdb 14's gdb.block_signals() exists for this; gdb
    # 13 has none). A new thread starts with the mask of the thread that starts it.
    if hasattr(gdb, "block_signals"):
        with gdb.block_signals():
            thread.start()
    else:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
        try:
            thread.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    # The follower end stays open here, so that the terminal keeps its settings between the program's opens.
    bpdiff_follow_stdout.kept = (master, follower, thread)
