# bpdiff's formatters for C++ values that LLDB 19 cannot show. adapters/lldb/hooks.ts copies it into
# the run's own temporary folder and imports it for a breakpoint in a C++ file.
#
# libstdc++'s std::u16string and std::u32string (std::basic_string<char16_t> and <char32_t>): LLDB has
# formatters for std::string and std::wstring only, and shows these as `std::u16string @ 0x...` with no
# children, so every such string compared equal once the address was masked. Each is read as LLDB
# reads a std::wstring, through its data pointer and its length (never to a NUL past it), and
# written as C++ writes it: u"h!", U"w!". Its first target.max-string-summary-length characters
# (1024) are shown, then `...`. A string whose memory cannot be read says so as an error.
import lldb

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0", '"': '\\"', "\\": "\\\\"}


def _escape(text):
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append("\\x%02x" % ord(char))
        else:
            out.append(char)
    return "".join(out)


def _max_length(valobj):
    target = valobj.GetTarget()
    try:
        value = lldb.SBDebugger.GetInternalVariableValue("target.max-string-summary-length", target.GetDebugger().GetInstanceName())
        return int(value.GetStringAtIndex(0))
    except Exception:
        return 1024


def _string_summary(valobj, width, encoding, prefix):
    raw = valobj.GetNonSyntheticValue()
    if raw.GetType().IsPointerType() or raw.GetType().IsReferenceType():
        raw = raw.Dereference()
    data = raw.GetChildMemberWithName("_M_dataplus").GetChildMemberWithName("_M_p")
    size = raw.GetChildMemberWithName("_M_string_length")
    if not data.IsValid() or not size.IsValid():
        return None
    length = size.GetValueAsUnsigned()
    shown = min(length, _max_length(valobj))
    if shown == 0:
        return prefix + '""'
    error = lldb.SBError()
    memory = valobj.GetProcess().ReadMemory(data.GetValueAsUnsigned(), shown * width, error)
    if not error.Success() or memory is None:
        return "<error: cannot read the %d characters of the string at 0x%x>" % (length, data.GetValueAsUnsigned())
    text = memory.decode(encoding, "backslashreplace")
    return '%s"%s"%s' % (prefix, _escape(text), "..." if shown < length else "")


def u16_summary(valobj, _dict):
    return _string_summary(valobj, 2, "utf-16-le", "u")


def u32_summary(valobj, _dict):
    return _string_summary(valobj, 4, "utf-32-le", "U")


def __lldb_init_module(debugger, _dict):
    for kind, function in (("char16_t", "u16"), ("char32_t", "u32")):
        debugger.HandleCommand(
            'type summary add -w bpdiff-cpp -F %s.%s_summary -x "^std::(__cxx11::)?(basic_string<%s(, ?std::char_traits<%s ?>, ?std::allocator<%s ?> ?)?>|%sstring)( const)?$"'
            % (__name__, function, kind, kind, kind, function)
        )
    debugger.HandleCommand("type category enable bpdiff-cpp")
