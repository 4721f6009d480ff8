# A pass count kept by the CPU, for the native debuggers' walks (gdb's bpdiff_gdb.py, lldb's
# bpdiff_lldb_count.py): shared by both, imported from the run's own folder, where their hooks.ts copy it.
#
# gdb and lldb count a breakpoint's hits by trapping into themselves at every hit (0.4-1.3 ms a pass).
# Linux counts the executions of one instruction address without them (perf_event_open), and sends
# the thread SIGTRAP at the Nth (perf_event_attr.sigtrap, Linux 5.13): the debugger, which traces the
# program, reports that signal as a stop. Two kinds of counter, the first that counts here (probe()):
#
# - "breakpoint": a hardware breakpoint register (PERF_TYPE_BREAKPOINT), a debug exception in the
#   kernel (~10 us) a pass. The signal comes before the instruction runs: the stop stands at the
#   address, at the Nth pass. Some virtual machines open it and never raise the exception (seen on a
#   Firecracker guest: every count 0, no signal).
# - "uprobe": the kernel's uprobe (the uprobe PMU, /sys/bus/event_source/devices/uprobe), a software
#   breakpoint the kernel handles itself (a few us a pass), in any machine; it needs CAP_PERFMON (root).
#   The signal comes after the address's first instruction ran (the kernel runs it before it returns
#   to the program), so the caller arms it for the pass before the one it wants (early()) and lets
#   the debugger's own breakpoint, enabled again, stop the next pass before it runs. The debugger's
#   breakpoint must be disabled before arm() (its 0xCC at the address would hide the uprobe's) and
#   enabled after disarm().
#
# arm(): the counter for the program `pid`, at `address`, to signal its `period`th execution. Refused
# (with why) where the count would not be one of passes or cannot be kept: another architecture, a
# program with more than one thread (each thread counts on its own), a kernel or a policy that refuses
# perf_event_open. Threads made after it inherit it (inherit_thread), each with a count of its own:
# disarm() reads the sum, so a caller that finds it other than `period` at the signal knows that
# several threads passed the address. remove_on_exec: the count is not carried into an exec'd program;
# inherit_thread: nor into a forked one.
import ctypes
import fcntl
import mmap
import os
import platform
import struct
import time

_SYSCALL = {"x86_64": 298, "aarch64": 241}.get(platform.machine())
_PERF_TYPE_BREAKPOINT = 5
_HW_BREAKPOINT_X = 4
_ATTR_SIZE = 128  # PERF_ATTR_SIZE_VER7: the first with sigtrap and sig_data
_INHERIT = 1 << 1
_EXCLUDE_KERNEL = 1 << 5
_EXCLUDE_HV = 1 << 6
_TASK = 1 << 13
_INHERIT_THREAD = 1 << 35
_REMOVE_ON_EXEC = 1 << 36
_SIGTRAP = 1 << 37
_PERF_FLAG_FD_CLOEXEC = 1 << 3
_UPROBE_TYPE = "/sys/bus/event_source/devices/uprobe/type"

_libc = None
_armed = {"fd": None, "period": 0}
# The files this debugger process counts in with a uprobe, each locked (flock) until the process ends
# (or handed on: hand_on()), and the addresses in the program it counted at in each.
_LOCKED = {}
_COUNTED_AT = {}


def _attr(kind, address, period):
    """The perf_event_attr of a counter of `kind` at `address`: for a uprobe, (its file's path, the offset in it)."""
    attr = bytearray(_ATTR_SIZE)
    flags = _EXCLUDE_HV | _REMOVE_ON_EXEC | _SIGTRAP
    if kind == "breakpoint":
        struct.pack_into("IIQQ", attr, 0, _PERF_TYPE_BREAKPOINT, _ATTR_SIZE, 0, period)
        struct.pack_into("Q", attr, 40, flags | _EXCLUDE_KERNEL | _INHERIT | _INHERIT_THREAD)
        # wakeup_events, bp_type, bp_addr, bp_len (an instruction: the size of a long)
        struct.pack_into("IIQQ", attr, 48, 1, _HW_BREAKPOINT_X, address, ctypes.sizeof(ctypes.c_long))
        return bytes(attr), None
    path = ctypes.create_string_buffer(address[0])
    struct.pack_into("IIQQ", attr, 0, _uprobe_type(), _ATTR_SIZE, 0, period)
    # Not inherited: a thread's copy of the event would read uprobe_path, a pointer into the
    # debugger's memory, in the program's, and its pthread_create fail. Threads made while it counts
    # are told by the event's records of the program's clones (_TASK, read back by disarm()).
    struct.pack_into("Q", attr, 40, flags | _TASK)
    # wakeup_events, (unused), uprobe_path, probe_offset
    struct.pack_into("IIQQ", attr, 48, 1, 0, ctypes.addressof(path), address[1])
    return bytes(attr), path


def _uprobe_type():
    try:
        with open(_UPROBE_TYPE) as found:
            return int(found.read())
    except (OSError, ValueError):
        return None


def _in_file(pid, address):
    """Where `address` of process `pid` (0: this one) lies in a file: (its path as bytes, the offset), or why not."""
    try:
        with open("/proc/%s/maps" % ("self" if pid == 0 else pid), "rb") as maps:
            for line in maps:
                fields = line.rstrip(b"\n").split(None, 5)
                start, end = (int(bound, 16) for bound in fields[0].split(b"-"))
                if not start <= address < end:
                    continue
                if len(fields) < 6 or not fields[5].startswith(b"/") or fields[5].endswith(b" (deleted)"):
                    return "the address %#x is in no file the kernel can probe" % address
                return fields[5], address - start + int(fields[2], 16)
    except (OSError, ValueError) as error:
        return "the program's memory map cannot be read (%s)" % error
    return "the address %#x is not mapped" % address


def threads(pid):
    """How many threads the program has now (its /proc task list)."""
    return len(os.listdir("/proc/%d/task" % pid))


def _load():
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
        _libc.syscall.restype = ctypes.c_long
    return _libc


def _target(kind, pid, address):
    """What a counter of `kind` is set at: the address, or for a uprobe (its file's path, the offset), or why not."""
    if kind != "uprobe":
        return address
    if _uprobe_type() is None:
        return "this kernel has no uprobe counter (%s)" % _UPROBE_TYPE
    return _in_file(pid, address)


def _open(kind, pid, target, period):
    """A counter of `kind` of `pid`'s executions at `target` (_target's; pid 0: the calling thread): its descriptor, or why not."""
    _load()
    packed, keep = _attr(kind, target, period)
    attr = ctypes.create_string_buffer(packed, _ATTR_SIZE)
    fd = _libc.syscall(
        ctypes.c_long(_SYSCALL),
        attr,
        ctypes.c_int(pid),
        ctypes.c_int(-1),
        ctypes.c_int(-1),
        ctypes.c_ulong(_PERF_FLAG_FD_CLOEXEC),
    )
    del keep  # the uprobe's path, read by the kernel in the call
    if fd < 0:
        errno = ctypes.get_errno()
        # Where the kernel refuses a user (perf_event_paranoid), root or CAP_PERFMON may open it.
        advice = " (root or CAP_PERFMON may open it)" if errno in (1, 13) else ""
        return "perf_event_open (%s): %s%s" % (kind, os.strerror(errno), advice)
    return fd


_PROBED = {}


def _counts(kind):
    """Whether a counter of `kind` counts three calls this thread makes to a function: None, or why not."""
    target = _target(kind, 0, ctypes.cast(_load().getppid, ctypes.c_void_p).value)
    if isinstance(target, str):
        return target
    fd = _open(kind, 0, target, 1000000)
    if isinstance(fd, str):
        return fd
    try:
        for _ in range(3):
            _libc.getppid()
        counted = struct.unpack("Q", os.read(fd, 8))[0]
    except OSError as error:
        counted = "unreadable (%s)" % error.strerror
    finally:
        os.close(fd)
    if counted != 3:
        return "it counted %s of 3 calls" % counted
    return None


def probe():
    """Whether the CPU counts here: None, or why not (each kind's reason). A kernel may open the
    hardware counter and a virtual machine never raise its debug exception, so each kind's count of
    three calls is read back. The kind that counts is kind()'s answer. Once per process."""
    if "why" in _PROBED:
        return _PROBED["why"]
    why = None
    if _SYSCALL is None:
        why = "no CPU pass count on %s" % platform.machine()
    else:
        reasons = []
        for kind in ("breakpoint", "uprobe"):
            refused = _counts(kind)
            if refused is None:
                _PROBED["kind"] = kind
                break
            reasons.append("%s: %s" % (kind, refused))
        else:
            why = "no counter counts here (%s)" % "; ".join(reasons)
    _PROBED["why"] = why
    return why


def kind():
    """The counter arm() uses: "breakpoint", "uprobe", or None where none counts here."""
    probe()
    return _PROBED.get("kind")


def period_for(wanted, standing_at_address):
    """The period to arm for the `wanted`th pass from where the thread stands: where it stands at the
    address, its first execution there counts too; a uprobe's (early()) one less, since its signal
    comes as that pass starts and the caller's breakpoint stops the next."""
    return wanted + (1 if standing_at_address else 0) - (1 if early() else 0)


def early():
    """Whether the signal comes after the address's first instruction ran (a uprobe): the caller arms
    the count for the pass before the one it stops at, and its own breakpoint stops that one."""
    return kind() == "uprobe"


def _lock(where, wait_ms):
    """Takes the file a uprobe at `where` (_target's) is set in for this process's life: None, or why not.

    The kernel keeps one uprobe per file and offset for every process, and a debugger's own trap at
    that address in a program that was counted by a uprobe is taken for the uprobe's while another
    program's uprobe is set there (the debugger never sees it), and taken away when that uprobe is
    (the kernel puts the instruction back). Two runs of one program, bpdiff's A and B, would hide
    each other's breakpoints: so one debugger at a time counts in a file, and keeps it until it ends
    (its program's breakpoints may come back to the address at any time). Others wait up to
    `wait_ms`, then count as before."""
    try:
        found = os.stat(where[0])
        if (found.st_dev, found.st_ino) in _LOCKED:
            return None
        fd = os.open(where[0], os.O_RDONLY | os.O_CLOEXEC)
    except OSError as error:
        return "%s cannot be opened to count in (%s)" % (where[0].decode(errors="replace"), error.strerror)
    deadline = time.monotonic() + max(0, wait_ms) / 1000.0
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            _LOCKED[(found.st_dev, found.st_ino)] = fd
            return None
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                return "another debugger counts in %s (one at a time: a uprobe hides the other's breakpoints at its address)" % where[0].decode(errors="replace")
            time.sleep(0.005)
        except OSError as error:
            os.close(fd)
            return "%s cannot be locked to count in (%s)" % (where[0].decode(errors="replace"), error.strerror)


def arm(pid, address, period, wait_ms=0):
    """Starts the count: answers None, or why it was not started (the caller then counts as before).
    `wait_ms`: how long to wait for another debugger's count in the same file to end (a uprobe's)."""
    disarm()
    why = probe()
    if why is not None:
        return why
    if period < 1:
        return "a count of %d passes" % period
    try:
        if threads(pid) != 1:
            return "the program has %d threads, each with a count of its own" % threads(pid)
    except OSError as error:
        return "the program's threads cannot be read (%s)" % error.strerror
    target = _target(kind(), pid, address)
    if isinstance(target, str):
        return target
    if kind() == "uprobe":
        why = _lock(target, wait_ms)
        if why is not None:
            return why
        _COUNTED_AT.setdefault(_file_key(target[0]), set()).add(address)
    fd = _open(kind(), pid, target, period)
    if isinstance(fd, str):
        return fd
    if kind() == "uprobe":
        _armed["records"] = _records(fd)
        if _armed["records"] is None:
            os.close(fd)
            return "the count's records of the program's threads cannot be mapped"
    _armed["fd"] = fd
    _armed["period"] = period
    return None


def armed():
    return _armed["fd"] is not None


def disarm():
    """Stops the count: answers the executions counted since arm() (every thread's where a hardware
    breakpoint counts), or None when none was armed. threads_made() says whether the program made a
    thread meanwhile that a uprobe's count did not count."""
    fd = _armed["fd"]
    if fd is None:
        return None
    _armed["fd"] = None
    records, _armed["records"] = _armed.get("records"), None
    _armed["threads"] = False
    try:
        counted = struct.unpack("Q", os.read(fd, 8))[0]
        if records is not None:
            _armed["threads"] = _made_threads(records)
        return counted
    except OSError:
        return None
    finally:
        if records is not None:
            records.close()
        os.close(fd)


def release(trap_at=None):
    """Lets other debuggers count in the files this one counted in (the program will not run again:
    its run is over). Answers how many files it let go.

    With `trap_at` (whether the debugger has a trap of its own set at an address of the program): the
    program stands stopped and will not run until the other debugger's count is over (a walk's runs
    reach their passes together, and neither moves on before both did: the debuggers' `hand on`). The kernel's harm is
    then only at the addresses this one counted at: as another's uprobe there is taken away, it puts
    the instruction back in every program a uprobe was once set in, over a trap of the debugger's own.
    A file where the debugger has one there is kept."""
    if _armed["fd"] is not None:
        return 0
    released = 0
    for key, fd in list(_LOCKED.items()):
        if trap_at is not None and any(trap_at(address) for address in _COUNTED_AT.get(key, ())):
            continue
        os.close(fd)
        del _LOCKED[key]
        _COUNTED_AT.pop(key, None)
        released += 1
    return released


def _file_key(path):
    found = os.stat(path)
    return (found.st_dev, found.st_ino)


def threads_made():
    """Whether the program made a thread while the last count ran, uncounted (a uprobe's count)."""
    return bool(_armed.get("threads"))


_PAGE = mmap.PAGESIZE
_RECORD_FORK = 7


def _records(fd):
    """The event's ring buffer (one page of records after its header page), where the kernel writes a
    record for each clone the counted thread makes (the event's task flag); None where it is refused."""
    try:
        return mmap.mmap(fd, 2 * _PAGE, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
    except (OSError, ValueError):
        return None


def _made_threads(records):
    """Whether the records hold a clone that made a thread (a fork's child is another program), or
    were too many to read (taken as one, so the count is not trusted)."""
    head = struct.unpack_from("Q", records, 1024)[0]
    if head > _PAGE:
        return True
    at = 0
    while at + 8 <= head:
        kind, _misc, size = struct.unpack_from("IHH", records, _PAGE + at)
        if size < 8:
            return True
        if kind == _RECORD_FORK and at + 16 <= head:
            pid, ppid = struct.unpack_from("II", records, _PAGE + at + 8)
            if pid == ppid:
                return True
        at += size
    return False


if __name__ == "__main__":
    # Whether this machine lets a program count (tests, bpdiff doctor).
    _why = probe()
    print("ok (%s)" % kind() if _why is None else "refused: %s" % _why)
