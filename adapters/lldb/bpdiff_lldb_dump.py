# A stopped frame's locals in one answer (adapter.json frame_dump), for bpdiff's frame reader: one
# repl request a stop instead of a `variables` request for each container (a Rust stop of inventory.rs
# asked ~11 of them, 57 ms through lldb-dap; this answers the same tree in ~5 ms).
#
# `bpdiff_dump DEPTH MAX_CHILDREN MAX_VARIABLES NO_EXPAND_HEX` answers one line,
# `bpdiff_dump\t` then JSON: {"locals": [NODE...], "cut": false}, where NODE is
# [name, value, type, evaluateName, expandable, indexed, children, count, declaration]:
# - the texts lldb-dap 19 makes of the same SBValue (JSONUtils.cpp's VariableDescription and
#   CreateVariable): the value is `<error: MESSAGE>` for a value in error, else its value and summary
#   (either alone where the other is empty), else its type and load address (`Type @ 0x...`); the type
#   is the type's display name; the evaluateName its expression path; a local whose name another local
#   of the frame has too is named `name @ file:line` (its declaration);
# - expandable: lldb-dap gives the variable a reference (MightHaveChildren); indexed: the count
#   lldb-dap gives as indexedVariables (an array type), or null;
# - children: read to DEPTH levels below the locals, at most MAX_CHILDREN + 1 of each (so the reader
#   notices a cut), none for a null pointer or a type NO_EXPAND_HEX names (the hex of a JSON list of
#   regular expressions: the definition's no_expand_types), null where not read; count: how many
#   children lldb-dap would list (GetNumChildren);
# - declaration: the local's [path, line], or null (children: always null).
# Past MAX_VARIABLES values the dump stops and says "cut": true (bpdiff then reads by requests, as
# it did before). The frame is the one lldb-dap's evaluate selected (its frameId).
import binascii
import json
import re

import lldb

_patterns = {}
_NULL_POINTER = re.compile(r"^0x0+$")


def _no_expand(hexed):
    found = _patterns.get(hexed)
    if found is None:
        words = json.loads(binascii.unhexlify(hexed).decode("utf-8")) if hexed != "-" else []
        found = [re.compile(word) for word in words]
        _patterns[hexed] = found
    return found


def _text(value):
    error = value.GetError()
    if error.Fail():
        return "<error: %s>" % (error.GetCString() or "")
    shown = value.GetValue() or ""
    summary = value.GetSummary() or ""
    if shown and summary:
        return shown + " " + summary
    if shown or summary:
        return shown or summary
    type_name = value.GetType().GetDisplayTypeName() or ""
    address = value.GetLoadAddress()
    if type_name and address != lldb.LLDB_INVALID_ADDRESS:
        return "%s @ 0x%x" % (type_name, address)
    return type_name


def _path(value):
    stream = lldb.SBStream()
    value.GetExpressionPath(stream)
    return stream.GetData() or ""


def _safe(text):
    # lldb's bytes that are not UTF-8 come as lone surrogates (SWIG's surrogateescape); lldb-dap
    # writes each such sequence as U+FFFD (llvm::json::fixUTF8).
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


class _Dump:
    def __init__(self, depth, max_children, max_variables, no_expand):
        self.depth = depth
        self.max_children = max_children
        self.left = max_variables
        self.no_expand = no_expand
        self.cut = False

    def node(self, value, name, level, declaration):
        self.left -= 1
        if self.left < 0:
            self.cut = True
        text = _text(value)
        kind = value.GetType()
        type_name = kind.GetDisplayTypeName() or "<no-type>"
        expandable = bool(value.MightHaveChildren())
        indexed = None
        children = None
        count = 0
        if kind.IsArrayType():
            indexed = value.GetNumChildren()
        elif value.IsSynthetic():
            first = value.GetChildAtIndex(0)
            if first.IsValid() and first.GetName() == "[0]":
                indexed = value.GetNumChildren()
        if expandable:
            count = value.GetNumChildren() if indexed is None else indexed
            if (
                level < self.depth
                and not self.cut
                and not _NULL_POINTER.match(text)
                and not any(pattern.search(type_name) for pattern in self.no_expand)
            ):
                children = []
                for index in range(min(count, self.max_children + 1)):
                    child = value.GetChildAtIndex(index)
                    if not child.IsValid():
                        continue
                    children.append(self.node(child, child.GetName() or "<null>", level + 1, None))
                    if self.cut:
                        break
        return [_safe(name), _safe(text), _safe(type_name), _safe(_path(value)), expandable, indexed, children, count, declaration]


def _declaration(value):
    declared = value.GetDeclaration()
    if not declared.IsValid():
        return None
    spec = declared.GetFileSpec()
    if not spec.IsValid():
        return None
    return spec, declared.GetLine()


def _dump(frame, dump):
    values = frame.GetVariables(True, True, False, True)
    listed = [values.GetValueAtIndex(index) for index in range(values.GetSize())]
    listed = [value for value in listed if value.IsValid()]
    names = {}
    for value in listed:
        name = value.GetName() or "<null>"
        names[name] = names.get(name, 0) + 1
    nodes = []
    for value in listed:
        name = value.GetName() or "<null>"
        declared = _declaration(value)
        shown = name
        if names[name] > 1:
            if declared is not None and declared[0].GetFilename() and declared[1] > 0:
                shown = "%s @ %s:%d" % (name, declared[0].GetFilename(), declared[1])
            elif value.GetLocation():
                shown = "%s @ %s" % (name, value.GetLocation())
        where = None if declared is None or not declared[0].fullpath or not declared[1] else [_safe(declared[0].fullpath), declared[1]]
        nodes.append(dump.node(value, shown, 0, where))
        if dump.cut:
            break
    return nodes


def bpdiff_dump(debugger, command, result, internal_dict):
    words = command.split()
    try:
        depth, max_children, max_variables = int(words[0]), int(words[1]), int(words[2])
        no_expand = _no_expand(words[3])
    except (IndexError, ValueError, re.error, binascii.Error) as error:
        result.SetError("usage: bpdiff_dump DEPTH MAX_CHILDREN MAX_VARIABLES NO_EXPAND_HEX (%s)" % error)
        return
    frame = debugger.GetSelectedTarget().GetProcess().GetSelectedThread().GetSelectedFrame()
    if not frame.IsValid():
        result.SetError("no frame selected")
        return
    dump = _Dump(depth, max_children, max_variables, no_expand)
    try:
        nodes = _dump(frame, dump)
    except Exception as error:  # bpdiff then reads by requests
        result.SetError("bpdiff_dump: %s: %s" % (type(error).__name__, error))
        return
    result.AppendMessage("bpdiff_dump\t" + json.dumps({"locals": nodes, "cut": dump.cut}, separators=(",", ":")))


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -o -f %s.bpdiff_dump bpdiff_dump" % __name__)
