# The program's functions that library code calls back (adapter.json locate.callbacks): a closure that
# Rust's Iterator::map calls from inside collect(), a comparator qsort calls. A walk that steps out of
# the library (or that lldb steps over it: hooks.ts RUST_STEP_AVOID) lets the library run at full
# speed, and a call back into the program's code would run unseen. `bpdiff_callbacks on FOLDER...`,
# sent through lldb-dap's repl before a step that should stop there, sets a breakpoint at the start of
# every function whose code lies under the folders (the walk's user code) and enables it; `off` disables
# it again, before a step over a line or a run to a later pass, which must not stop in the calls. With
# them on, lldb-dap's walk steps into a line by a step over it (adapter.json step_in_by_next), so they
# are the only way into the user's functions: those of every module loaded (the project's own shared
# libraries too), made again when a module was loaded since.
# hooks.ts copies this file into the run's own folder and imports it.
import os
import shlex

import lldb

# The breakpoints, and the folders they were made for (the walk adds folders as it finds the program's code).
_made = {"breakpoints": [], "folders": None, "modules": None, "inlined": []}


def _under(path, folders):
    return any(path == folder or path.startswith(folder.rstrip(os.sep) + os.sep) for folder in folders)


def _path_of(spec):
    if not spec.IsValid() or spec.GetFilename() is None:
        return None
    return os.path.normpath(os.path.join(spec.GetDirectory() or "", spec.GetFilename()))


def _file_of(address):
    return _path_of(address.GetLineEntry().GetFileSpec())


def _functions(target, folders):
    """The program's functions whose source is under the folders: found through the line tables of the
    compile units there (the functions their lines are in), whose own first line is under them too (not
    the standard library's generic code, which Rust compiles into the program's units)."""
    found = {}
    inlined = set()
    # Every module loaded: the program's own shared libraries too (a C project's libshapes.so), whose
    # functions a step into a line enters as it does the executable's.
    for module_index in range(target.GetNumModules()):
        module = target.GetModuleAtIndex(module_index)
        for unit_index in range(module.GetNumCompileUnits()):
            unit = module.GetCompileUnitAtIndex(unit_index)
            spec = unit.GetFileSpec()
            if not _under(os.path.normpath(os.path.join(spec.GetDirectory() or "", spec.GetFilename() or "")), folders):
                continue
            for entry_index in range(unit.GetNumLineEntries()):
                entry = unit.GetLineEntryAtIndex(entry_index)
                address = entry.GetStartAddress()
                function = address.GetFunction()
                if not function.IsValid():
                    continue
                # A line of the user's code inlined into a function (an optimised build, #[inline(always)]):
                # no breakpoint stops there, where a step in enters it.
                # (Line 0, code of no line, is the compiler's: Rust's debug build puts it inside the standard
                # library's #[inline(always)] helpers.)
                entry_file = _path_of(entry.GetFileSpec())
                if entry.GetLine() > 0 and entry_file is not None and _under(entry_file, folders):
                    block = address.GetBlock().GetContainingInlinedBlock()
                    if block.IsValid():
                        inlined.add(block.GetInlinedName() or "?")
                start = function.GetStartAddress()
                key = (module_index, start.GetFileAddress())
                if key in found:
                    continue
                file = _file_of(start)
                found[key] = function if file is not None and _under(file, folders) else None
    return [function for function in found.values() if function is not None], sorted(inlined)


def _make(target, folders):
    """One breakpoint at the start (after the prologue) of each function whose code is under the folders."""
    for number in _made["breakpoints"]:
        target.BreakpointDelete(number)
    made = []
    functions, inlined = _functions(target, folders)
    for function in functions:
        address = function.GetStartAddress()
        address.OffsetAddress(function.GetPrologueByteSize())
        breakpoint = target.BreakpointCreateBySBAddress(address)
        if breakpoint.IsValid():
            breakpoint.SetEnabled(False)
            made.append(breakpoint.GetID())
    _made["breakpoints"] = made
    _made["folders"] = folders
    _made["modules"] = target.GetNumModules()
    _made["inlined"] = inlined


def _set(target, enabled):
    for number in _made["breakpoints"]:
        breakpoint = target.FindBreakpointByID(number)
        if breakpoint.IsValid():
            breakpoint.SetEnabled(enabled)


def bpdiff_callbacks(debugger, command, result, internal_dict):
    target = debugger.GetSelectedTarget()
    words = shlex.split(command)
    if len(words) >= 2 and words[0] == "on":
        folders = sorted(os.path.normpath(folder) for folder in words[1:])
        # Made again for other folders, or when a library was loaded since (dlopen).
        if _made["folders"] != folders or _made.get("modules") != target.GetNumModules():
            _make(target, folders)
        _set(target, True)
        inlined = _made.get("inlined") or []
        # Functions of the user's inlined somewhere: a step into a line must stay a step in (adapter.json
        # step_in_by_next's pattern does not match this answer).
        suffix = ", %d inlined (%s)" % (len(inlined), ", ".join(inlined[:3])) if inlined else ""
        result.AppendMessage("callbacks on %d%s" % (len(_made["breakpoints"]), suffix))
    elif words == ["off"]:
        _set(target, False)
        result.AppendMessage("callbacks off")
    else:
        result.SetError("usage: bpdiff_callbacks on FOLDER... | bpdiff_callbacks off")


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -o -f %s.bpdiff_callbacks bpdiff_callbacks" % __name__)
