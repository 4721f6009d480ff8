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
_Map = getattr(lldb_providers, "StdHashMapSyntheticProvider", None)
if _Map is not None and hasattr(_Map, "update"):
    _update = _Map.update
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

# 4. u8 and i8 are numbers in Rust, not characters as LLDB's C types show them.
for _type, _format in (("unsigned char", "unsigned decimal"), ("signed char", "decimal"), ("char", "decimal")):
    lldb.debugger.HandleCommand('type format add --category Rust --format "%s" "%s"' % (_format, _type))
