# The CPU's pass count in lldb (adapter.json hit_count.cpu_count): `bpdiff_cpu arm ID N [WAIT-MS]`,
# `bpdiff_cpu disarm`, `bpdiff_cpu release` (the run is over: another may count in its files) and
# `bpdiff_cpu hand on` (the run stands stopped until the other's count is over), which a walk's run to
# the Nth pass sends through lldb-dap's repl. hooks.ts
# copies this file and bpdiff_cpu_count.py (adapters/native/) into the run's own folder and imports
# this one; lldb puts its folder on Python's path, where the other is found.
#
# While armed, breakpoint ID is disabled, so lldb does not trap into itself at each pass (about 1 ms a
# pass): the CPU counts the executions of its one address and signals the Nth with SIGTRAP, which lldb
# reports as a stop there. `disarm` enables the breakpoint again and answers how many passes the CPU
# counted in every thread. Where the kernel's uprobe counts (bpdiff_cpu_count.early()), the answer is
# `armed N-1 then the breakpoint`: the signal comes just after pass N-1 started, and the breakpoint
# stops pass N.
import lldb

import bpdiff_cpu_count

_armed = {"breakpoint": None}


def _others_at(target, number, address):
    """Whether another enabled breakpoint of lldb's has a location at the address (a uprobe would hide it)."""
    for index in range(target.GetNumBreakpoints()):
        other = target.GetBreakpointAtIndex(index)
        if other.GetID() == number or not other.IsEnabled():
            continue
        for at in range(other.GetNumLocations()):
            location = other.GetLocationAtIndex(at)
            if location.IsEnabled() and location.GetLoadAddress() == address:
                return True
    return False


def _arm(target, number, wanted, wait_ms):
    breakpoint = target.FindBreakpointByID(number)
    process = target.GetProcess()
    if not breakpoint.IsValid():
        return "no breakpoint %d" % number
    if not process.IsValid() or process.GetState() != lldb.eStateStopped:
        return "the program is not stopped"
    locations = [breakpoint.GetLocationAtIndex(i) for i in range(breakpoint.GetNumLocations())]
    if len(locations) != 1:
        return "the breakpoint has %d code locations" % len(locations)
    address = locations[0].GetLoadAddress()
    if address == lldb.LLDB_INVALID_ADDRESS:
        return "the breakpoint's address is not known"
    if bpdiff_cpu_count.early() and _others_at(target, number, address):
        return "another breakpoint is at the address, which a uprobe would hide"
    pc = process.GetSelectedThread().GetFrameAtIndex(0).GetPC()
    period = bpdiff_cpu_count.period_for(wanted, pc == address)
    # Disabled first: lldb's own trap at the address would hide a uprobe's.
    breakpoint.SetEnabled(False)
    why = bpdiff_cpu_count.arm(process.GetProcessID(), address, period, wait_ms)
    if why is not None:
        breakpoint.SetEnabled(True)
        return why
    _armed["breakpoint"] = (target, number, bpdiff_cpu_count.early())
    return period


def _disarm():
    counted = bpdiff_cpu_count.disarm()
    kept, _armed["breakpoint"] = _armed["breakpoint"], None
    if kept is not None:
        breakpoint = kept[0].FindBreakpointByID(kept[1])
        if breakpoint.IsValid():
            if kept[2]:
                # The next hit is the pass wanted: whatever count it was set with (a hitCondition's ignore count) is done.
                breakpoint.SetIgnoreCount(0)
                breakpoint.SetCondition("")
            breakpoint.SetEnabled(True)
    return counted


def bpdiff_cpu(debugger, command, result, internal_dict):
    words = command.split()
    if len(words) in (3, 4) and words[0] == "arm" and all(word.isdigit() for word in words[1:]):
        _disarm()
        wait_ms = int(words[3]) if len(words) == 4 else 0
        answer = _arm(debugger.GetSelectedTarget(), int(words[1]), int(words[2]), wait_ms)
        if not isinstance(answer, int):
            result.AppendMessage("not armed: %s" % answer)
        else:
            then = " then the breakpoint" if bpdiff_cpu_count.early() else ""
            result.AppendMessage("armed %d%s" % (answer, then))
    elif words == ["disarm"]:
        counted = _disarm()
        made = ", and a thread was made, uncounted" if bpdiff_cpu_count.threads_made() else ""
        result.AppendMessage("not armed" if counted is None else "counted %d%s" % (counted, made))
    elif words == ["release"]:
        result.AppendMessage("released %d" % bpdiff_cpu_count.release())
    elif words == ["hand", "on"]:
        # The program stands stopped until the other run's count is over (a walk's run to a pass).
        target = debugger.GetSelectedTarget()
        released = bpdiff_cpu_count.release(trap_at=lambda address: _others_at(target, None, address))
        result.AppendMessage("released %d" % released)
    else:
        result.SetError(
            "usage: bpdiff_cpu arm BREAKPOINT-ID COUNT [WAIT-MS] | bpdiff_cpu disarm | bpdiff_cpu release | bpdiff_cpu hand on"
        )


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -o -f %s.bpdiff_cpu bpdiff_cpu" % __name__)
