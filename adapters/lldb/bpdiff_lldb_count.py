# The CPU's pass count in lldb (adapter.json hit_count.cpu_count): `bpdiff_cpu arm ID N` and
# `bpdiff_cpu disarm`, which a walk's run to the Nth pass sends through lldb-dap's repl. hooks.ts
# copies this file and bpdiff_cpu_count.py (adapters/native/) into the run's own folder and imports
# this one; lldb puts its folder on Python's path, where the other is found.
#
# While armed, breakpoint ID is disabled, so lldb does not trap into itself at each pass (about 1 ms a
# pass): the CPU counts the executions of its one address and signals the Nth with SIGTRAP, which lldb
# reports as a stop there. `disarm` enables the breakpoint again and answers how many passes the CPU
# counted in every thread.
import lldb

import bpdiff_cpu_count

_armed = {"breakpoint": None}


def _arm(target, number, wanted):
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
    pc = process.GetSelectedThread().GetFrameAtIndex(0).GetPC()
    # Where the thread stands at the address, its first execution there counts too.
    period = wanted + (1 if pc == address else 0)
    why = bpdiff_cpu_count.arm(process.GetProcessID(), address, period)
    if why is not None:
        return why
    breakpoint.SetEnabled(False)
    _armed["breakpoint"] = (target, number)
    return period


def _disarm():
    counted = bpdiff_cpu_count.disarm()
    kept, _armed["breakpoint"] = _armed["breakpoint"], None
    if kept is not None:
        breakpoint = kept[0].FindBreakpointByID(kept[1])
        if breakpoint.IsValid():
            breakpoint.SetEnabled(True)
    return counted


def bpdiff_cpu(debugger, command, result, internal_dict):
    words = command.split()
    if len(words) == 3 and words[0] == "arm" and words[1].isdigit() and words[2].isdigit():
        _disarm()
        answer = _arm(debugger.GetSelectedTarget(), int(words[1]), int(words[2]))
        result.AppendMessage("armed %d" % answer if isinstance(answer, int) else "not armed: %s" % answer)
    elif words == ["disarm"]:
        counted = _disarm()
        result.AppendMessage("not armed" if counted is None else "counted %d" % counted)
    else:
        result.SetError("usage: bpdiff_cpu arm BREAKPOINT-ID COUNT | bpdiff_cpu disarm")


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -o -f %s.bpdiff_cpu bpdiff_cpu" % __name__)
