# bpdiff's fixes for the Rust toolchain's lldb formatters. adapters/lldb/hooks.ts copies it into the
# run's own temporary folder and imports it after the toolchain's lib/rustlib/etc/lldb_lookup.py.
# Every fix checks that what it changes exists, so another toolchain's formatters still load as they are.
import lldb
import lldb_lookup
import lldb_providers

# 1. LLDB 19 names the variants of a niche-encoded enum after the low 32 bits of their discriminant
#    value ($variant$0 for the None of Option<String>, whose niche value is 2**63), so the toolchain's
#    provider finds no name for the value it reads and shows the dataful variant: None as Some(""),
#    Err(4) as Ok(""). A name can now stand for N or 2**63 + N (the niche after a usize that never
#    has its high bit set, such as a Vec's capacity): which one, the type of the field that holds
#    the niche says.
_HIGH_BIT_NICHE = ("NoHighBit", "raw_vec::Cap")

def _types_down_to(value, address):
    # The type names from value down to the field that starts at address.
    names = []
    node = value.GetNonSyntheticValue()
    for _ in range(16):
        names.append(node.GetTypeName() or "")
        found = None
        for i in range(node.GetNumChildren()):
            child = node.GetChildAtIndex(i).GetNonSyntheticValue()
            start = child.GetLoadAddress()
            if start != lldb.LLDB_INVALID_ADDRESS and start <= address < start + max(child.GetByteSize(), 1):
                found = child
                break
        if found is None:
            break
        node = found
    return names

def _high_bit_niche(dataful, discr):
    address = discr.GetLoadAddress()
    if address == lldb.LLDB_INVALID_ADDRESS:
        return False
    return any(marker in name for name in _types_down_to(dataful, address) for marker in _HIGH_BIT_NICHE)

_Enum = getattr(lldb_providers, "ClangEncodedEnumProvider", None)
if _Enum is not None and hasattr(_Enum, "_getCurrentVariantIndex"):
    def _variant_index(self, all_variants):
        default_index = 0
        exact = None
        truncated = None
        discr = None
        for i in range(all_variants.GetNumChildren()):
            variant = all_variants.GetChildAtIndex(i)
            member = variant.GetChildMemberWithName("$discr$")
            if not member.IsValid():
                default_index = i
                continue
            discr = member
            value = member.GetValueAsUnsigned()
            name = variant.GetName()
            if exact is None and name == "$variant$%d" % value:
                exact = i
            elif truncated is None and name == "$variant$%d" % (value & 0xFFFFFFFF):
                truncated = i
        if exact is None and truncated is None:
            return default_index
        if discr is not None and discr.GetByteSize() == 8 and discr.GetValueAsUnsigned() < 2**63:
            dataful = all_variants.GetChildAtIndex(default_index)
            if _high_bit_niche(dataful, discr):
                return default_index
        return exact if exact is not None else truncated
    _Enum._getCurrentVariantIndex = _variant_index

_MAX_ITEMS = 100

def _text(value):
    text = value.GetSummary() or value.GetValue()
    if text is None:
        try:
            if lldb_providers.is_tuple_fields(value):
                text = lldb_providers.TupleSummaryProvider(value, {})
            else:
                text = lldb_providers.StructSummaryProvider(value, {})
        except Exception:
            text = "{...}"
    return text

def _sort_key(text):
    try:
        return (0, float(text), text)
    except ValueError:
        return (1, 0.0, text)

# 2. A HashMap/HashSet lists its entries in hash order, which a random seed changes on every run:
#    sort them by key, so that two runs holding the same entries show them the same way.
#    Before that, the table itself is checked and its control bytes read in one go: the toolchain's
#    provider reads them one SBValue at a time, over bucket_mask + 1 of them, and a map not yet
#    initialised (a local whose line has not run: its bucket_mask is whatever the stack held) kept
#    lldb-dap in that loop for good. A table whose bucket count is not a power of two, above 2**24,
#    or below its item count, or whose control bytes do not hold its item count, shows no entries.
_MAX_BUCKETS = 1 << 24

def _checked_update(self):
    table = self.table()
    inner = table.GetChildMemberWithName("table")
    capacity = inner.GetChildMemberWithName("bucket_mask").GetValueAsUnsigned() + 1
    ctrl = inner.GetChildMemberWithName("ctrl").GetChildAtIndex(0)
    self.size = inner.GetChildMemberWithName("items").GetValueAsUnsigned()
    self.pair_type = table.GetType().GetTemplateArgumentType(0)
    if not self.pair_type.IsValid():
        self.pair_type = lldb_providers.resolve_msvc_template_arg(
            next(lldb_providers.get_template_args(table.GetTypeName())), self.valobj.target)
    if self.pair_type.IsTypedefType():
        self.pair_type = self.pair_type.GetTypedefedType()
    self.pair_type_size = self.pair_type.GetByteSize()
    self.new_layout = not inner.GetChildMemberWithName("data").IsValid()
    if self.new_layout:
        self.data_ptr = ctrl.Cast(self.pair_type.GetPointerType())
    else:
        self.data_ptr = inner.GetChildMemberWithName("data").GetChildAtIndex(0)
    control = None
    if capacity & (capacity - 1) == 0 and self.size <= capacity <= _MAX_BUCKETS:
        error = lldb.SBError()
        control = self.valobj.GetProcess().ReadMemory(ctrl.GetValueAsUnsigned(), capacity, error)
        if not error.Success():
            control = None
    present = [] if control is None else [i for i, byte in enumerate(bytearray(control)) if byte & 128 == 0]
    if len(present) != self.size:
        present = []
    self.size = len(present)
    self.valid_indices = present

_Map = getattr(lldb_providers, "StdHashMapSyntheticProvider", None)
if _Map is not None and hasattr(_Map, "update"):
    _toolchain_update = _Map.update
    def _update(self):
        try:
            _checked_update(self)
        except Exception:
            _toolchain_update(self)
    def _sorted_update(self):
        _update(self)
        try:
            indices = list(self.valid_indices)
            if 1 < len(indices) <= 10000:
                keys = []
                for position in range(len(indices)):
                    element = self.get_child_at_index(position)
                    key = element.GetChildAtIndex(0) if self.show_values else element
                    keys.append((_sort_key(_text(key)), position))
                self.valid_indices = [indices[position] for _, position in sorted(keys)]
        except Exception:
            pass
    _Map.update = _sorted_update

# 3. Collections show their elements, as Rust's {:?} does ([10, 20], {"a": 1}), not "size=2".
_classify = getattr(lldb_lookup, "classify_rust_type", None)
_RustType = getattr(lldb_lookup, "RustType", None)

def _collection_summary(valobj, _dict):
    count = valobj.GetNumChildren()
    kind = _classify(valobj.GetType()) if _classify and _RustType else None
    items = []
    for i in range(min(count, _MAX_ITEMS)):
        child = valobj.GetChildAtIndex(i)
        if _RustType is not None and kind == _RustType.STD_HASH_MAP and child.GetNumChildren() == 2:
            items.append("%s: %s" % (_text(child.GetChildAtIndex(0)), _text(child.GetChildAtIndex(1))))
        else:
            items.append(_text(child))
    if count > _MAX_ITEMS:
        items.append("... %d more" % (count - _MAX_ITEMS))
    if _RustType is not None and kind in (_RustType.STD_HASH_MAP, _RustType.STD_HASH_SET):
        return "{" + ", ".join(items) + "}"
    return "[" + ", ".join(items) + "]"

if hasattr(lldb_lookup, "SizeSummaryProvider"):
    lldb_lookup.SizeSummaryProvider = _collection_summary

# 4. u8 and i8 are numbers in Rust, not characters as LLDB's C types show them. Not a pointer to one
#    (-p, -r): a &str's data_ptr would read as its address in decimal.
for _type, _format in (("unsigned char", "unsigned decimal"), ("signed char", "decimal"), ("char", "decimal")):
    lldb.debugger.HandleCommand('type format add -p -r --category Rust --format "%s" "%s"' % (_format, _type))

# 5. A reference to a &str or a slice (a &&str from iter(), a &&[T]) is the text or the elements it
#    refers to, read through their length: LLDB showed its address, and under it the fat pointer's
#    data_ptr as a C string read past the length to the next NUL (different in two checkouts, whose
#    binaries lay out their strings otherwise).
_REF_TO_FAT = "^&(mut )?(str|\\[.+\\]) \\*+$"

def _referent(valobj):
    value = valobj.GetNonSyntheticValue()
    while value.GetType().IsPointerType():
        value = value.Dereference()
    return value

# A reference to a collection (a `&Vec<u32>`, a `&HashMap<String, u32>` argument: LLDB names its type
# `...Vec<...> *`) is the collection, its elements under it, as the collection reads: LLDB showed the
# address and under it the collection's raw fields (a Vec's buffer pointer, whose pointee reads as its
# first element alone; a HashMap's hasher keys, drawn at random in every run, and its control bytes).
_REF_TO_COLLECTION = (
    "^(alloc::vec::Vec|alloc::collections::vec_deque::VecDeque|std::collections::hash::map::HashMap"
    "|std::collections::hash::set::HashSet|hashbrown::map::HashMap|hashbrown::set::HashSet)<.+> \\*+$"
)

def _ref_summary(valobj, _dict):
    return _referent(valobj).GetSummary()

class _RefProvider:
    def __init__(self, valobj, _dict):
        self.valobj = valobj
        self.target = None
        self.update()

    def update(self):
        self.target = _referent(self.valobj).GetSyntheticValue()
        return False

    def num_children(self):
        return self.target.GetNumChildren()

    def get_child_index(self, name):
        return self.target.GetIndexOfChildWithName(name)

    def get_child_at_index(self, index):
        return self.target.GetChildAtIndex(index)

    def has_children(self):
        return self.target.MightHaveChildren()

# 6. A slice iterator (iter(), iter_mut()) is the elements it has yet to yield, as Rust's {:?} writes
#    it (Iter(["0.9.0", "2.0.0-rc.1"])): its fields are raw pointers, one of them past the slice's end
#    (its pointee is whatever lies there), or the length where the elements take no room.
def _iter_summary(valobj, _dict):
    value = valobj.GetNonSyntheticValue()
    try:
        start = value.GetChildMemberWithName("ptr").GetChildMemberWithName("pointer")
        end = value.GetChildMemberWithName("end_or_len")
        element = start.GetType().GetPointeeType()
        size = element.GetByteSize()
        if size == 0:
            count = end.GetValueAsUnsigned()
        else:
            count = (end.GetValueAsUnsigned() - start.GetValueAsUnsigned()) // size
        if count < 0 or count > 1 << 32:
            return None
        items = []
        for i in range(min(count, _MAX_ITEMS)):
            item = value.CreateValueFromAddress("[%d]" % i, start.GetValueAsUnsigned() + i * size, element)
            items.append(_text(item))
        if count > _MAX_ITEMS:
            items.append("... %d more" % (count - _MAX_ITEMS))
        name = "IterMut" if "IterMut<" in (value.GetTypeName() or "") else "Iter"
        return "%s([%s])" % (name, ", ".join(items))
    except Exception:
        return None

# 7. A struct is its fields, as Rust's {:?} writes them ({sku:"a", qty:1}), as its elements show it in
#    a collection: LLDB showed a type and an address, so a Vec of structs could not be compared by its
#    children (the Vec lists them, its elements did not). A reference to one reads the same.
_classify_struct = None
try:
    from rust_types import RustType as _Kinds
    _classify_struct = lambda sbtype: _classify(sbtype) == _Kinds.STRUCT  # noqa: E731
except Exception:
    pass

def _is_struct(sbtype, _dict):
    try:
        return _classify_struct is not None and _classify is not None and _classify_struct(sbtype)
    except Exception:
        return False

def _struct_summary(valobj, _dict):
    # A reference to a struct reads as the struct (the address is hidden, -v below), as a Vec of
    # references lists it; a null raw pointer reads as one.
    try:
        if valobj.GetType().IsPointerType() and valobj.GetValueAsUnsigned() == 0:
            return "0x%016x" % 0
        return lldb_providers.StructSummaryProvider(valobj, _dict)
    except Exception:
        return None

# 9. A summary is written once a stop: a struct's text holds its fields' texts, a collection's its
#    elements', and lldb-dap asks again for each level a reader expands (the locals, then each field,
#    then each element...), so a parser's growing tree was written over and over at every step. The
#    texts of values in the program's memory are kept for the stop they were read at (the process's
#    stop count, expressions' stops included), by address and type.
_PER_STOP = {"stop": None, "texts": {}}

def _stop_of(valobj):
    # The stop the program stands at: its process and stop count, expressions' stops included.
    process = valobj.GetProcess()
    return (process.GetProcessID(), process.GetStopID(True))

def _per_stop(summary):
    def cached(valobj, _dict):
        try:
            address = valobj.GetLoadAddress()
            if address == lldb.LLDB_INVALID_ADDRESS:
                return summary(valobj, _dict)
            stop = _stop_of(valobj)
            if _PER_STOP["stop"] != stop:
                _PER_STOP["stop"] = stop
                _PER_STOP["texts"] = {}
            key = (address, valobj.GetTypeName(), summary)
        except Exception:
            return summary(valobj, _dict)
        texts = _PER_STOP["texts"]
        if key not in texts:
            texts[key] = summary(valobj, _dict)
        return texts[key]
    return cached

_struct_summary = _per_stop(_struct_summary)
_iter_summary = _per_stop(_iter_summary)
if hasattr(lldb_lookup, "SizeSummaryProvider") and lldb_lookup.SizeSummaryProvider is _collection_summary:
    lldb_lookup.SizeSummaryProvider = _per_stop(_collection_summary)

# 8. A Vec or a String whose line has not run yet (a local declared further on, whose memory holds
#    what the stack held) has a length and a capacity that are whatever was there: the toolchain's
#    providers took a length of billions as it was, and lldb-dap, asked for the frame's variables,
#    walked them for minutes (a `variables` request at a Rust `if let` never answered). A Vec whose
#    length is above its capacity, or whose buffer would exceed 2**40 bytes, has no elements; such a
#    String reads `<not initialised>` instead of reading that many bytes.
_MAX_BYTES = 1 << 40

def _leaf(value):
    # A usize, or a newtype around one (raw_vec::Cap), down to the number; None where there is none.
    for _ in range(4):
        if not value.IsValid():
            return None
        if value.GetNumChildren() == 0:
            return value
        value = value.GetChildAtIndex(0).GetNonSyntheticValue()
    return None

def _unsigned(value):
    leaf = _leaf(value)
    return None if leaf is None else leaf.GetValueAsUnsigned()

def _sane(length, capacity, size):
    # Whether a Vec's (or a String's) length and capacity can be its own, not what the stack held.
    if capacity is None or size == 0:
        return length <= 1 << 32
    return length <= capacity and capacity * size <= _MAX_BYTES

# 10. A String's or a Vec's pointer, length and capacity, reached by the toolchain's field names, took
#     a dozen SBValue lookups each time (a String's summary, its provider's update, twice, each check
#     above): half of a Rust stop's read. Their offsets in the type are found once, from a value in
#     the program's memory, and then read from each value's bytes; a toolchain whose fields are named
#     otherwise is read as before.
_LAYOUTS = {}
_VEC_FIELDS = (("len",), ("buf", "inner", "cap"))
_STRING_FIELDS = (("vec", "buf", "inner", "ptr", "pointer", "pointer"), ("vec", "len"), ("vec", "buf", "inner", "cap"))

def _field(value, path):
    for name in path:
        value = value.GetNonSyntheticValue().GetChildMemberWithName(name)
    value = value.GetNonSyntheticValue()
    return value if value.GetType().IsPointerType() else _leaf(value)

def _learn_layout(raw, paths):
    base = raw.GetLoadAddress()
    if base == lldb.LLDB_INVALID_ADDRESS:
        return None
    layout = []
    for path in paths:
        value = _field(raw, path)
        if value is None or not value.IsValid():
            return False
        start, size = value.GetLoadAddress(), value.GetByteSize()
        if start == lldb.LLDB_INVALID_ADDRESS or size not in (4, 8):
            return False
        if start < base or start + size > base + raw.GetByteSize():
            return False
        layout.append((start - base, size))
    return tuple(layout)

def _numbers(valobj, paths):
    # The numbers at `paths` in valobj (its non-synthetic fields), or None where they cannot be read so.
    try:
        return _read_numbers(valobj, paths)
    except Exception:
        return None

def _read_numbers(valobj, paths):
    raw = valobj.GetNonSyntheticValue()
    key = (raw.GetTypeName(), raw.GetByteSize(), paths)
    layout = _LAYOUTS.get(key)
    if layout is None:
        try:
            layout = _learn_layout(raw, paths)
        except Exception:
            layout = False  # the toolchain's fields are not what they were looked for as
        if layout is None:
            return None
        _LAYOUTS[key] = layout
    if layout is False:
        return None
    data = raw.GetData()
    error = lldb.SBError()
    numbers = [data.GetUnsignedInt64(error, offset) if size == 8 else data.GetUnsignedInt32(error, offset)
               for offset, size in layout]
    return None if error.Fail() else numbers

def _vec_sane(vec, size):
    vec = vec.GetNonSyntheticValue()
    numbers = _numbers(vec, _VEC_FIELDS)
    if numbers is not None:
        length, capacity = numbers
    else:
        length = vec.GetChildMemberWithName("len").GetValueAsUnsigned()
        capacity = _unsigned(vec.GetChildMemberWithName("buf").GetChildMemberWithName("inner").GetChildMemberWithName("cap"))
    return _sane(length, capacity, size)

def _checked_length(provider_name, vec_of, size_of):
    provider = getattr(lldb_providers, provider_name, None)
    if provider is None or not hasattr(provider, "update"):
        return
    update = provider.update
    def checked(self):
        result = update(self)
        try:
            if not _vec_sane(vec_of(self), size_of(self)):
                self.length = 0
        except Exception:
            pass
        return result
    provider.update = checked

_checked_length("StdVecSyntheticProvider", lambda self: self.valobj, lambda self: self.element_type_size)
_checked_length(
    "StdStringSyntheticProvider", lambda self: self.valobj.GetChildMemberWithName("vec"), lambda self: 1)

_string_summary = getattr(lldb_providers, "StdStringSummaryProvider", None)
if _string_summary is not None:
    def _checked_string_summary(valobj, _dict):
        numbers = _numbers(valobj, _STRING_FIELDS)
        if numbers is not None:
            pointer, length, capacity = numbers
            if not _sane(length, capacity, 1):
                return "<not initialised>"
            if length == 0:
                return '""'
            error = lldb.SBError()
            data = valobj.GetProcess().ReadMemory(pointer, length, error)
            if error.Success():
                return '"' + data.decode("utf8", "replace") + '"'
        try:
            vec = valobj.GetNonSyntheticValue().GetChildMemberWithName("vec")
            if vec.IsValid() and not _vec_sane(vec, 1):
                return "<not initialised>"
        except Exception:
            pass
        return _string_summary(valobj, _dict)
    lldb_providers.StdStringSummaryProvider = _checked_string_summary
    if getattr(lldb_lookup, "StdStringSummaryProvider", None) is _string_summary:
        lldb_lookup.StdStringSummaryProvider = _checked_string_summary

# A String's provider: its length from the String's bytes (10.); its pointer and element type, which
# only its elements need, found as the toolchain finds them when an element is asked for.
_StringProvider = getattr(lldb_providers, "StdStringSyntheticProvider", None)
if _StringProvider is not None and hasattr(_StringProvider, "get_child_at_index"):
    _string_update = _StringProvider.update
    _string_child = _StringProvider.get_child_at_index

    def _quick_string_update(self):
        numbers = _numbers(self.valobj, _STRING_FIELDS)
        if numbers is None:
            self._deferred = False
            return _string_update(self)
        _, length, capacity = numbers
        self.length = length if _sane(length, capacity, 1) else 0
        self._deferred = True
        return None

    def _string_element(self, index):
        if getattr(self, "_deferred", False):
            self._deferred = False
            _string_update(self)
        return _string_child(self, index)

    _StringProvider.update = _quick_string_update
    _StringProvider.get_child_at_index = _string_element

# 11. The toolchain's providers read their value's fields in __init__ (update()) and LLDB has them
#     update() again at once: a Vec's, a HashMap's (its keys' texts, to sort them), each twice a stop.
#     An update at the stop a provider last read its value at is not done again.
def _once_a_stop(provider):
    update = provider.update

    def updated(self):
        try:
            stop = _stop_of(self.valobj)
        except Exception:
            return update(self)
        if getattr(self, "_bpdiff_read_at", None) == stop:
            return None
        result = update(self)
        self._bpdiff_read_at = stop
        return result

    provider.update = updated

for _name in ("StdVecSyntheticProvider", "StdVecDequeSyntheticProvider", "StdHashMapSyntheticProvider"):
    _provider = getattr(lldb_providers, _name, None)
    if _provider is not None and hasattr(_provider, "update"):
        _once_a_stop(_provider)

# 12. The toolchain gives every type a Python provider (`.*`): a plain struct its fields, a number or a
#     pointer its own children, as LLDB shows them anyway, at the cost of a Python call or two a value.
#     Types that LLDB shows so itself go without: the toolchain's provider stays for all others (enums,
#     tuples, the standard library's types, a pointer, which it shows as a pointer and not as what it
#     points to, and a typedef), chosen once a type by a recognizer in place of the catch-all pattern.
_PLAIN = None
try:
    _PLAIN = (_Kinds.STRUCT, _Kinds.OTHER)
except Exception:
    pass

def _needs_provider(sbtype, _dict):
    try:
        if sbtype.IsPointerType() or sbtype.IsReferenceType() or sbtype.IsTypedefType():
            return True
        return _classify(sbtype) not in _PLAIN
    except Exception:
        return True

def _provider_by_recognizer(debugger):
    if _PLAIN is None or _classify is None or not hasattr(lldb, "eFormatterMatchCallback"):
        return
    category = debugger.GetCategory("Rust")
    catch_all = lldb.SBTypeNameSpecifier(".*", True)
    provider = category.GetSyntheticForType(catch_all)
    if not provider.IsValid() or provider.GetData() != "lldb_lookup.synthetic_lookup":
        return
    recognizer = lldb.SBTypeNameSpecifier("%s._needs_provider" % __name__, lldb.eFormatterMatchCallback)
    if category.AddTypeSynthetic(recognizer, lldb.SBTypeSynthetic.CreateWithClassName("lldb_lookup.synthetic_lookup")):
        category.DeleteTypeSynthetic(catch_all)

# 13. LLDB asks inspect.signature() for a Python formatter's parameters at every call (a summary's, a
#     provider's num_children): a sixth of a Rust stop's read. Each function says its own, computed once.
def _signatures_said():
    import inspect
    import sys
    functions = []
    for module in (lldb_lookup, lldb_providers, sys.modules[__name__]):
        for item in list(vars(module).values()):
            if inspect.isfunction(item):
                functions.append(item)
            elif inspect.isclass(item) and item.__module__ in ("lldb_providers", "lldb_lookup", __name__):
                functions.extend(member for member in vars(item).values() if inspect.isfunction(member))
    for function in functions:
        try:
            if "__signature__" not in vars(function):
                function.__signature__ = inspect.signature(function)
        except (TypeError, ValueError, AttributeError):
            pass

def __lldb_init_module(debugger, _dict):
    # Once the module is imported: lldb looks a recognizer function up by its name as it is added.
    for command in (
        'type summary add -F %s._ref_summary -e -x -h "%s" --category Rust' % (__name__, _REF_TO_FAT),
        'type synthetic add -l %s._RefProvider -x "%s" --category Rust' % (__name__, _REF_TO_FAT),
        'type summary add -F %s._ref_summary -e -x -h "%s" --category Rust' % (__name__, _REF_TO_COLLECTION),
        'type synthetic add -l %s._RefProvider -x "%s" --category Rust' % (__name__, _REF_TO_COLLECTION),
        'type summary add -F %s._iter_summary -e -x -h "^core::slice::iter::Iter(Mut)?<.+>$" --category Rust' % __name__,
    ):
        debugger.HandleCommand(command)
    if hasattr(lldb_providers, "StructSummaryProvider") and _classify_struct is not None:
        debugger.HandleCommand('type summary add -F %s._struct_summary -e -h -v --recognizer-function %s._is_struct --category Rust' % (__name__, __name__))
    _provider_by_recognizer(debugger)
    _signatures_said()
