# The program's functions that library code calls back (adapter.json locate.callbacks): a closure that
# Rust's Iterator::map calls from inside collect(), a comparator qsort calls. A walk that steps out of
# the library (or that lldb steps over it: hooks.ts RUST_STEP_AVOID) lets the library run at full
# speed, and a call back into the program's code would run unseen. `bpdiff_callbacks on FOLDER...`,
# sent through lldb-dap's repl before a step that should stop there, sets a breakpoint with a location
# at the start of every function whose code lies under the folders (the walk's user code) and enables
# it; `off` disables it again, before a step over a line or a run to a later pass, which must not stop
# in the calls. With it on, lldb-dap's walk steps into a line by a step over it (adapter.json
# step_in_by_next), so it is the only way into the user's functions: those of every module, the
# project's own shared libraries too, and those the program loads later (dlopen), which lldb gives the
# breakpoint's resolver (UserFunctions) as it loads them.
# hooks.ts copies this file into the run's own folder and imports it.
import json
import os
import shlex

import lldb

# The labels lldb-dap gives its own breakpoints, whose changes it sends as `breakpoint` events.
_DAP_LABELS = ("dap", "vscode")

# The breakpoint (its id), the folders it was made for (the walk adds folders as it finds the program's
# code), and the names of the user's functions found inlined into others.
_made = {"breakpoint": None, "folders": None, "inlined": set()}


def _under(path, folders):
    return any(path == folder or path.startswith(folder.rstrip(os.sep) + os.sep) for folder in folders)


def _path_of(spec):
    if not spec.IsValid() or spec.GetFilename() is None:
        return None
    return os.path.normpath(os.path.join(spec.GetDirectory() or "", spec.GetFilename()))


def _file_of(address):
    return _path_of(address.GetLineEntry().GetFileSpec())


def _functions(module, folders, inlined):
    """The module's functions whose source is under the folders: found through the line tables of the
    compile units there (the functions their lines are in), whose own first line is under them too (not
    the standard library's generic code, which Rust compiles into the program's units). Adds to `inlined`
    the names of the user's functions inlined into others."""
    found = {}
    for unit_index in range(module.GetNumCompileUnits()):
        unit = module.GetCompileUnitAtIndex(unit_index)
        unit_file = _path_of(unit.GetFileSpec())
        if unit_file is None or not _under(unit_file, folders):
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
            key = start.GetFileAddress()
            if key in found:
                continue
            file = _file_of(start)
            found[key] = function if file is not None and _under(file, folders) else None
    return [function for function in found.values() if function is not None]


class UserFunctions:
    """A scripted breakpoint resolver: a location at the start (after the prologue) of each function whose
    code is under the folders (extra_args' `folders`), in every module, and lldb asks it again for each
    module loaded later (a library the program dlopens mid-walk: its functions are stopped in from then
    on, within the very step that loads it too)."""

    def __init__(self, breakpoint, extra_args, internal_dict):
        self.breakpoint = breakpoint
        folders = extra_args.GetValueForKey("folders")
        self.folders = [folders.GetItemAtIndex(index).GetStringValue(4096) for index in range(folders.GetSize())]

    def __callback__(self, context):
        module = context.GetModule()
        if not module.IsValid():
            return
        for function in _functions(module, self.folders, _made["inlined"]):
            address = function.GetStartAddress()
            address.OffsetAddress(function.GetPrologueByteSize())
            self.breakpoint.AddLocation(address)

    def __get_depth__(self):
        return lldb.eSearchDepthModule

    def get_short_help(self):
        return "bpdiff: the user's functions under " + ", ".join(self.folders)


def _make(target, folders):
    """The breakpoint at the user's functions under the folders, made disabled (`on` enables it)."""
    if _made["breakpoint"] is not None:
        target.BreakpointDelete(_made["breakpoint"])
    _made["inlined"] = set()
    extra = lldb.SBStructuredData()
    extra.SetFromJSON(json.dumps({"folders": folders}))
    breakpoint = target.BreakpointCreateFromScript(
        "%s.UserFunctions" % __name__, extra, lldb.SBFileSpecList(), lldb.SBFileSpecList(), False
    )
    _made["breakpoint"] = breakpoint.GetID() if breakpoint.IsValid() else None
    _made["folders"] = folders
    if breakpoint.IsValid():
        breakpoint.SetEnabled(False)
        # lldb-dap tells the client of locations added to the breakpoints that carry its label (dap;
        # vscode before LLVM 18) by a `breakpoint` event: so bpdiff learns that a library was loaded
        # whose functions the resolver took (and asks `on` again, for its inlined ones).
        for label in _DAP_LABELS:
            breakpoint.AddName(label)


def _set(target, enabled):
    if _made["breakpoint"] is None:
        return None
    breakpoint = target.FindBreakpointByID(_made["breakpoint"])
    if breakpoint.IsValid():
        breakpoint.SetEnabled(enabled)
    return breakpoint


def bpdiff_callbacks(debugger, command, result, internal_dict):
    target = debugger.GetSelectedTarget()
    words = shlex.split(command)
    if len(words) >= 2 and words[0] == "on":
        folders = sorted(os.path.normpath(folder) for folder in words[1:])
        # Made again for other folders only: lldb asks the resolver of each library loaded since itself.
        if _made["folders"] != folders:
            _make(target, folders)
        breakpoint = _set(target, True)
        inlined = sorted(_made["inlined"])
        # Functions of the user's inlined somewhere: a step into a line must stay a step in (adapter.json
        # step_in_by_next's pattern does not match this answer).
        suffix = ", %d inlined (%s)" % (len(inlined), ", ".join(inlined[:3])) if inlined else ""
        locations = breakpoint.GetNumLocations() if breakpoint is not None and breakpoint.IsValid() else 0
        result.AppendMessage("callbacks on %d%s" % (locations, suffix))
    elif words == ["off"]:
        _set(target, False)
        result.AppendMessage("callbacks off")
    else:
        result.SetError("usage: bpdiff_callbacks on FOLDER... | bpdiff_callbacks off")


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -o -f %s.bpdiff_callbacks bpdiff_callbacks" % __name__)
