# A pass count kept by the CPU, for the native debuggers' walks (gdb's bpdiff_gdb.py, lldb's
# bpdiff_lldb_count.py): shared by both, imported from the run's own folder, where their hooks.ts copy it.
#
# gdb and lldb count a breakpoint's hits by trapping into themselves at every hit (0.4-1.3 ms a pass).
# Linux can count the executions of one instruction address in a hardware breakpoint register instead
# (perf_event_open, PERF_TYPE_BREAKPOINT), at the cost of a debug exception in the kernel (~10 us), and
# send the thread SIGTRAP at the Nth (perf_event_attr.sigtrap, Linux 5.13): the debugger, which traces
# the program, reports that signal as a stop, standing at the address, before its instruction runs.
#
# arm(): the counter for the program `pid`, at `address`, to signal its `period`th execution. Refused
# (with why) where the count would not be one of passes or cannot be kept: another architecture, a
# program with more than one thread (each thread counts on its own), a kernel or a policy that refuses
# perf_event_open. Threads made after it inherit it (inherit_thread), each with a count of its own:
# disarm() reads the sum, so a caller that finds it other than `period` at the signal knows that
# several threads passed the address. remove_on_exec: the count is not carried into an exec'd program;
# inherit_thread: nor into a forked one.
import ctypes
import os
import platform
import struct

_SYSCALL = {"x86_64": 298, "aarch64": 241}.get(platform.machine())
_PERF_TYPE_BREAKPOINT = 5
_HW_BREAKPOINT_X = 4
_ATTR_SIZE = 128  # PERF_ATTR_SIZE_VER7: the first with sigtrap and sig_data
_INHERIT = 1 << 1
_EXCLUDE_KERNEL = 1 << 5
_EXCLUDE_HV = 1 << 6
_INHERIT_THREAD = 1 << 35
_REMOVE_ON_EXEC = 1 << 36
_SIGTRAP = 1 << 37
_PERF_FLAG_FD_CLOEXEC = 1 << 3

_libc = None
_armed = {"fd": None, "period": 0}


def _attr(address, period):
    attr = bytearray(_ATTR_SIZE)
    struct.pack_into("IIQQ", attr, 0, _PERF_TYPE_BREAKPOINT, _ATTR_SIZE, 0, period)
    flags = _INHERIT | _EXCLUDE_KERNEL | _EXCLUDE_HV | _INHERIT_THREAD | _REMOVE_ON_EXEC | _SIGTRAP
    struct.pack_into("Q", attr, 40, flags)
    # wakeup_events, bp_type, bp_addr, bp_len (an instruction: the size of a long)
    struct.pack_into("IIQQ", attr, 48, 1, _HW_BREAKPOINT_X, address, ctypes.sizeof(ctypes.c_long))
    return bytes(attr)


def threads(pid):
    """How many threads the program has now (its /proc task list)."""
    return len(os.listdir("/proc/%d/task" % pid))


def _load():
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
        _libc.syscall.restype = ctypes.c_long
    return _libc


def _open(pid, address, period):
    """A counter of `pid`'s executions of `address` (pid 0: the calling thread): its descriptor, or why not."""
    _load()
    attr = ctypes.create_string_buffer(_attr(address, period), _ATTR_SIZE)
    fd = _libc.syscall(
        ctypes.c_long(_SYSCALL),
        attr,
        ctypes.c_int(pid),
        ctypes.c_int(-1),
        ctypes.c_int(-1),
        ctypes.c_ulong(_PERF_FLAG_FD_CLOEXEC),
    )
    if fd < 0:
        return "perf_event_open: %s" % os.strerror(ctypes.get_errno())
    return fd


_PROBED = {}


def probe():
    """Whether the CPU counts here: None, or why not. A kernel may open the counter and a virtual
    machine never raise its debug exception (seen on a Firecracker guest: every count 0, no signal),
    so the count of three calls this thread makes to a function is read back. Once per process."""
    if "why" in _PROBED:
        return _PROBED["why"]
    why = None
    if _SYSCALL is None:
        why = "no CPU pass count on %s" % platform.machine()
    else:
        address = ctypes.cast(_load().getppid, ctypes.c_void_p).value
        fd = _open(0, address, 1000000)
        if isinstance(fd, str):
            why = fd
        else:
            try:
                for _ in range(3):
                    _libc.getppid()
                counted = struct.unpack("Q", os.read(fd, 8))[0]
            except OSError as error:
                counted = "unreadable (%s)" % error.strerror
            finally:
                os.close(fd)
            if counted != 3:
                why = "the CPU counted %s of 3 calls (its hardware breakpoints do not work on this machine)" % counted
    _PROBED["why"] = why
    return why


def arm(pid, address, period):
    """Starts the count: answers None, or why it was not started (the caller then counts as before)."""
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
    fd = _open(pid, address, period)
    if isinstance(fd, str):
        return fd
    _armed["fd"] = fd
    _armed["period"] = period
    return None


def armed():
    return _armed["fd"] is not None


def disarm():
    """Stops the count: answers the executions counted in every thread since arm(), or None when none was armed."""
    fd = _armed["fd"]
    if fd is None:
        return None
    _armed["fd"] = None
    try:
        return struct.unpack("Q", os.read(fd, 8))[0]
    except OSError:
        return None
    finally:
        os.close(fd)


if __name__ == "__main__":
    # Whether this machine lets a program count (tests, bpdiff doctor).
    _why = probe()
    print("ok" if _why is None else "refused: %s" % _why)
