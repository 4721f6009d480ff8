# The value a function returned, for the walk by effects (adapter.json locate.returned): lldb-dap 19
# shows none after a step (lldb computes one for its own step out only, which DAP's next and stepIn
# are not). `bpdiff_returns arm`, sent through lldb-dap's repl before a step that asks, sets a
# breakpoint at each return instruction of the function the thread stands in; when the frame returns
# through one (that frame: not a deeper call of the same function), a callback reads the value the
# calling convention left in the return register, and the program goes on unstopped, the step with
# it. `bpdiff_returns read` answers it once, as `returned<TAB>FUNCTION<TAB>TYPE<TAB>VALUE`, or
# `returned nothing` (`read arm`: and watches the frame the stop stands in, for the walk's next step,
# one request a step instead of two); `bpdiff_returns off` removes the breakpoints. (A breakpoint at the return
# address instead, in the caller, where lldb's own step out sets one, made lldb lose the step.)
#
# Only a value returned in a register, whole, is read: an integer, a character, a bool, an enum, a
# pointer, a float or a double, on x86-64 (rax, xmm0) and AArch64 (x0, v0): every calling convention
# there (C's, C++'s, Rust's) returns those so. A struct, a class, a long double or a 128-bit integer is
# not read (their placement depends on the type's layout), nor a value of a thread that is not the one
# the walk follows: the answer is then `returned nothing`, and the walk says the value was not read. A
# function that returns nothing (void) answers `void`.
import lldb

_state = {"breakpoints": [], "want": None, "got": None}
# Each function's return instructions, by its start address.
_returns = {}

_INTEGER_REGISTER = {"x86_64": "rax", "aarch64": "x0", "arm64": "x0"}
_FLOAT_REGISTER = {"x86_64": "xmm0", "aarch64": "v0", "arm64": "v0"}
_SCALAR_CLASSES = lldb.eTypeClassBuiltin | lldb.eTypeClassEnumeration | lldb.eTypeClassPointer
_FLOATS = (lldb.eBasicTypeFloat, lldb.eBasicTypeDouble)
_UNREAD = (
    lldb.eBasicTypeVoid,
    lldb.eBasicTypeLongDouble,
    lldb.eBasicTypeInt128,
    lldb.eBasicTypeUnsignedInt128,
    lldb.eBasicTypeHalf,
    lldb.eBasicTypeFloatComplex,
    lldb.eBasicTypeDoubleComplex,
    lldb.eBasicTypeLongDoubleComplex,
)


def _architecture(target):
    return target.GetTriple().split("-")[0]


def _register_of(target, kind):
    """The register a scalar of this type is returned in, or None where it is not read."""
    kind = kind.GetCanonicalType()
    type_class = kind.GetTypeClass()
    if type_class & lldb.eTypeClassReference:
        kind = kind.GetDereferencedType()
        return _INTEGER_REGISTER.get(_architecture(target)) if kind.IsValid() else None
    if not type_class & _SCALAR_CLASSES or kind.GetByteSize() > 8 or kind.GetByteSize() == 0:
        return None
    basic = kind.GetBasicType()
    if basic in _UNREAD:
        return None
    if basic in _FLOATS:
        return _FLOAT_REGISTER.get(_architecture(target))
    return _INTEGER_REGISTER.get(_architecture(target))


def _clear(target):
    for number in _state["breakpoints"]:
        target.BreakpointDelete(number)
    _state["breakpoints"] = []
    _state["want"] = None


def _returned(frame, bp_loc, extra_args, internal_dict):
    """At the return address: the armed frame's caller, when it is the one stopped in, reads the value."""
    want = _state["want"]
    thread = frame.GetThread()
    if want is None or thread.GetThreadID() != want["thread"] or frame.GetCFA() != want["cfa"]:
        return False
    target = thread.GetProcess().GetTarget()
    kind = want["type"]
    if kind is not None and kind.GetCanonicalType().GetBasicType() == lldb.eBasicTypeVoid:
        _state["got"] = (want["function"], "void", "void")
        _state["want"] = None
        return False
    register = _register_of(target, kind) if kind is not None else None
    if register is not None:
        value = frame.FindRegister(register)
        if value.IsValid():
            data = value.GetData()
            read = target.CreateValueFromData("returned", data, kind)
            if read.IsValid():
                text = read.GetSummary() or read.GetValue()
                if text is not None:
                    _state["got"] = (want["function"], kind.GetDisplayTypeName() or kind.GetName(), text)
    # The armed frame returns: nothing later can be its return. The breakpoints are deleted at the next
    # arm or off, not from their own callback.
    _state["want"] = None
    return False


def _returns_of(target, function):
    """The addresses of the function's return instructions (lldb's disassembly, kept per function)."""
    start = function.GetStartAddress().GetLoadAddress(target)
    found = _returns.get(start)
    if found is None:
        found = [
            instruction.GetAddress().GetLoadAddress(target)
            for instruction in function.GetInstructions(target)
            if (instruction.GetMnemonic(target) or "").split(" ")[0] in ("ret", "retq", "retl", "retw")
        ]
        _returns[start] = found
    return found


def _arm(target):
    _state["got"] = None
    process = target.GetProcess()
    if not process.IsValid() or process.GetState() != lldb.eStateStopped:
        _clear(target)
        return "the program is not stopped"
    thread = process.GetSelectedThread()
    frame = thread.GetFrameAtIndex(0)
    function = frame.GetFunction()
    want = _state["want"]
    # The frame watched already (the walk's steps over its lines): its breakpoints stand.
    if (
        want is not None
        and _state["breakpoints"]
        and want["thread"] == thread.GetThreadID()
        and want["cfa"] == frame.GetCFA()
        and want["start"] == function.GetStartAddress().GetLoadAddress(target)
    ):
        return None
    _clear(target)
    if not frame.IsValid() or not function.IsValid():
        return "no function"
    addresses = _returns_of(target, function)
    if not addresses:
        return "no return instruction"
    for address in addresses:
        breakpoint = target.BreakpointCreateByAddress(address)
        if not breakpoint.IsValid():
            _clear(target)
            return "no breakpoint"
        breakpoint.SetThreadID(thread.GetThreadID())
        breakpoint.SetScriptCallbackFunction("%s._returned" % __name__)
        _state["breakpoints"].append(breakpoint.GetID())
    returns = function.GetType().GetFunctionReturnType()
    _state["want"] = {
        "thread": thread.GetThreadID(),
        "cfa": frame.GetCFA(),
        "start": function.GetStartAddress().GetLoadAddress(target),
        "function": frame.GetDisplayFunctionName() or frame.GetFunctionName() or function.GetName(),
        "type": returns if returns.IsValid() else None,
    }
    return None


def bpdiff_returns(debugger, command, result, internal_dict):
    target = debugger.GetSelectedTarget()
    words = command.split()
    if words == ["arm"]:
        why = _arm(target)
        result.AppendMessage("armed" if why is None else "not armed: %s" % why)
    elif words in (["read"], ["read", "arm"]):
        got, _state["got"] = _state["got"], None
        result.AppendMessage("returned nothing" if got is None else "returned\t%s\t%s\t%s" % got)
        # `read arm`: the walk's next step starts from this stop, in this frame: watched from here.
        if words == ["read", "arm"]:
            why = _arm(target)
            result.AppendMessage("armed" if why is None else "not armed: %s" % why)
    elif words == ["off"]:
        _clear(target)
        _state["got"] = None
        result.AppendMessage("off")
    else:
        result.SetError("usage: bpdiff_returns arm | read | read arm | off")


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -o -f %s.bpdiff_returns bpdiff_returns" % __name__)
