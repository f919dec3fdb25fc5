// Debug-info nodes' fields as the bitcode writer reads them from their text: class and field
// names to LLVM's numbers, a node's fields loaded into slots by name, and each field's value as
// the record wants it (a metadata id, a string id, a number, an enumeration's code).
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { mdA, mdOps, mdNOps, mdPool, FV_MD, FV_RAW } from "../ir/metadata";
import { Enumeration, looksTyped } from "./enumerate";
import { DWARF_NAMES } from "../ir/dwarf-names";
import { ws, FIELD_NAMES, SLOT_CACHE } from "./write-base";

// ---- names -> numbers ----

export function strOf(s: i32): string { return String.UTF8.decodeUnsafe(strtab.ptrOf(s), strtab.lenOf(s)); }
// The classes diRecord knows; a node's class name as one of these (static) strings, or "".
export const CLASS_NAMES: string[] = [
  "DILocation", "GenericDINode", "DISubrange", "DIGenericSubrange", "DIEnumerator", "DIBasicType", "DIFixedPointType",
  "DIStringType", "DIDerivedType", "DISubrangeType", "DICompositeType", "DISubroutineType", "DIFile", "DICompileUnit",
  "DISubprogram", "DILexicalBlock", "DILexicalBlockFile", "DICommonBlock", "DINamespace", "DIMacro", "DIMacroFile",
  "DIModule", "DITemplateTypeParameter", "DITemplateValueParameter", "DIGlobalVariable", "DILocalVariable", "DILabel",
  "DIObjCProperty", "DIImportedEntity", "DIAssignID", "DIGlobalVariableExpression",
];
// Positions in CLASS_NAMES + 1, for the checks made once per node.
export const CLS_LOCATION = 1, CLS_SUBRANGE = 3, CLS_GENERIC_SUBRANGE = 4, CLS_BASIC_TYPE = 6, CLS_FIXED_POINT_TYPE = 7,
  CLS_STRING_TYPE = 8, CLS_DERIVED_TYPE = 9, CLS_SUBRANGE_TYPE = 10, CLS_COMPOSITE_TYPE = 11;
export function className(s: i32): string {
  let k = classId(s);
  return k > 0 ? CLASS_NAMES[k - 1] : "";
}
// A node's class as its position in CLASS_NAMES + 1 (0: not one diRecord knows).
export function classId(s: i32): i32 {
  if (ws.classIndex.len == 0) {
    for (let i = 0; i < CLASS_NAMES.length; i++) {
      let id = strtab.internStr(CLASS_NAMES[i]);
      if (id >= ws.classIndex.len) ws.classIndex.resize(id + 1 + (id >> 2), 0);
      ws.classIndex.set(id, i + 1);
    }
  }
  return s >= 0 && s < ws.classIndex.len ? ws.classIndex.get(s) : 0;
}

// Names the text spells where bitcode has numbers, besides the generated DWARF ones.
export const EXTRA_NAMES: string[] = [
  "CSK_MD5:1", "CSK_SHA1:2", "CSK_SHA256:3", "NoDebug:0", "FullDebug:1", "LineTablesOnly:2", "DebugDirectivesOnly:3",
  "Default:0", "GNU:1", "None:2", "Apple:3", "Binary:0", "Decimal:1", "Rational:2", "true:1", "false:0",
];
export function buildNames(): void {
  for (let pass = 0; pass < 2; pass++) {
    let list = pass == 0 ? DWARF_NAMES : EXTRA_NAMES;
    for (let i = 0; i < list.length; i++) {
      let s = list[i], c = s.lastIndexOf(":");
      let id = strtab.internStr(s.substring(0, c));
      if (id >= ws.nameValue.len) ws.nameValue.resize(id + 1 + (id >> 2), 0);
      ws.nameValue.set(id, I64.parseInt(s.substring(c + 1)) + 1);
    }
  }
}

// The number a raw field spells: a decimal or hex integer (maybe negative), a name, or names
// joined by '|'. Sets `badField` when a word is not known. A field text's number is remembered by
// its string id (line numbers, tags and flags repeat from node to node).
function fieldNumber(raw: i32): i64 {
  if (raw < ws.fieldKnown.len && ws.fieldKnown.get(raw) != 0) return ws.fieldValue.get(raw);
  ws.wordUnknown = false;
  let v = parseFieldNumber(raw);
  if (!ws.wordUnknown && raw >= 0) {
    ws.fieldKnown.fit(raw + 1, 0); ws.fieldValue.fit(raw + 1, 0);
    ws.fieldKnown.set(raw, 1); ws.fieldValue.set(raw, v);
  }
  return v;
}
function parseFieldNumber(raw: i32): i64 {
  let p = strtab.ptrOf(raw), n = strtab.lenOf(raw);
  let total: i64 = 0;
  let i = 0;
  while (i < n) {
    while (i < n && (load<u8>(p + <usize>i) == 32 || load<u8>(p + <usize>i) == 124)) i++;
    let st = i;
    while (i < n && load<u8>(p + <usize>i) != 32 && load<u8>(p + <usize>i) != 124) i++;
    if (i == st) break;
    total |= wordNumber(p + <usize>st, i - st);
  }
  return total;
}
export function wordNumber(p: usize, n: i32): i64 {
  let c0 = <i32>load<u8>(p);
  if ((c0 >= 48 && c0 <= 57) || c0 == 45) {
    let neg = c0 == 45;
    let i = neg ? 1 : 0;
    let v: u64 = 0;
    if (n > i + 2 && load<u8>(p + <usize>i) == 48 && (load<u8>(p + <usize>(i + 1)) | 32) == 120) {
      for (i += 2; i < n; i++) {
        let c = <i32>load<u8>(p + <usize>i) | 32;
        v = v * 16 + <u64>(c <= 57 ? c - 48 : c - 87);
      }
    } else for (; i < n; i++) v = v * 10 + <u64>(<i32>load<u8>(p + <usize>i) - 48);
    return neg ? -<i64>v : <i64>v;
  }
  let id = strtab.intern(p, n);
  if (id < ws.nameValue.len && ws.nameValue.get(id) != 0) return ws.nameValue.get(id) - 1;
  ws.wordUnknown = true;
  if (ws.badField.length == 0) ws.badField = String.UTF8.decodeUnsafe(p, n);
  return 0;
}

// ---- a node's fields, by name ----

// A field name's slot. The names are string literals (static data at fixed addresses), so the slot
// is cached by the string's address: one lookup in a small table instead of a search of the list.
export function slotOf(name: string): i32 {
  let a = changetype<usize>(name);
  if (ws.slotCount * 2 >= SLOT_CACHE) return FIELD_NAMES.indexOf(name);
  let h = <i32>((<u32>a * 0x9E3779B1) >>> 23) & (SLOT_CACHE - 1);
  while (true) {
    let k = unchecked(ws.slotKey[h]);
    if (k == a) return unchecked(ws.slotCached[h]);
    if (k == 0) break;
    h = (h + 1) & (SLOT_CACHE - 1);
  }
  let slot = FIELD_NAMES.indexOf(name);
  unchecked(ws.slotKey[h] = a); unchecked(ws.slotCached[h] = slot); ws.slotCount++;
  return slot;
}
export function prepareFields(): void {
  ws.slotTag = new StaticArray<i32>(FIELD_NAMES.length); ws.slotVal = new StaticArray<i32>(FIELD_NAMES.length);
  ws.slotSet = new StaticArray<i32>(FIELD_NAMES.length); ws.loadStamp = 0;
  ws.fieldSlot = new I32Vec();
  for (let i = 0; i < FIELD_NAMES.length; i++) {
    let id = strtab.internStr(FIELD_NAMES[i]);
    if (id >= ws.fieldSlot.len) ws.fieldSlot.resize(id + 1 + (id >> 2), 0);
    ws.fieldSlot.set(id, i + 1);
  }
}
export function loadFields(m: i32): void {
  ws.loadStamp++;
  let s = mdOps.get(m), n = mdNOps.get(m);
  for (let i = 0; i < n; i++) {
    let name = mdPool.get(s + 3 * i);
    let slot = name < ws.fieldSlot.len ? ws.fieldSlot.get(name) - 1 : -1;
    if (slot < 0) continue;
    unchecked(ws.slotTag[slot] = mdPool.get(s + 3 * i + 1));
    unchecked(ws.slotVal[slot] = mdPool.get(s + 3 * i + 2));
    unchecked(ws.slotSet[slot] = ws.loadStamp);
  }
}
@inline export function present(slot: i32): bool { return unchecked(ws.slotSet[slot]) == ws.loadStamp; }

// Field accessors for the loaded node. md(): metadata id + 1 (0 null); str(): a string's id + 1;
// num(): the number the text spells (def when absent).
export function md(e: Enumeration, name: string): i64 { return mdAt(e, slotOf(name), name); }
export function mdAt(e: Enumeration, s: i32, name: string): i64 {
  if (!present(s)) return 0;
  let tag = unchecked(ws.slotTag[s]), v = unchecked(ws.slotVal[s]);
  if (tag == FV_MD) return v < 0 ? 0 : <i64>e.mdOf(v) + 1;
  // a raw `"..."` in a metadata position is a string; `i64 0` or `ptr @g` a constant
  if (strtab.lenOf(v) >= 2 && load<u8>(strtab.ptrOf(v)) == 34) return str(e, name);
  if (looksTyped(v)) { let m = e.rawValueMD(v); return m < 0 ? 0 : <i64>e.mdOf(m) + 1; }
  return 0;
}
export function str(e: Enumeration, name: string): i64 {
  let s = slotOf(name);
  if (!present(s)) return 0;
  let tag = unchecked(ws.slotTag[s]), v = unchecked(ws.slotVal[s]);
  if (tag == FV_MD) return v < 0 ? 0 : <i64>e.mdOf(v) + 1;
  let id = e.rawString(v);
  return id < 0 ? 0 : <i64>e.strIndex.get(id) + 1;
}
export function num(name: string, def: i64 = 0): i64 { return numAt(slotOf(name), def); }
export function numAt(s: i32, def: i64 = 0): i64 {
  if (!present(s)) return def;
  if (unchecked(ws.slotTag[s]) != FV_RAW) return def;
  return fieldNumber(unchecked(ws.slotVal[s]));
}
function isMDField(name: string): bool { let s = slotOf(name); return present(s) && unchecked(ws.slotTag[s]) == FV_MD; }
// An integer-or-metadata field as metadata: a metadata field's id + 1, an integer's i64 constant.
export function intOrMD(e: Enumeration, name: string): i64 {
  let s = slotOf(name);
  if (!present(s)) return 0;
  if (unchecked(ws.slotTag[s]) == FV_MD) return md(e, name);
  return <i64>e.mdOf(e.intMD(fieldNumber(unchecked(ws.slotVal[s])))) + 1;
}

// Numbers the i64 constants that integer-or-metadata fields need as metadata (DISubrange bounds and
// the like): called by the enumerator for each DI node before it is numbered.
export function nodeIntConstants(e: Enumeration, m: i32): void {
  if (ws.nameValue.len == 0) buildNames();
  if (ws.fieldSlot.len == 0) prepareFields();
  let cls = classId(mdA.get(m));
  let sub = cls == CLS_SUBRANGE, gsub = cls == CLS_GENERIC_SUBRANGE;
  let styp = cls == CLS_SUBRANGE_TYPE, comp = cls == CLS_COMPOSITE_TYPE;
  if (isSizedType(cls)) {
    // a size given as metadata: the record holds size and offset as metadata (LLVM 22)
    loadFields(m);
    if (isMDField("size") || isMDField("offset")) {
      let names: string[] = ["size", "offset"];
      for (let i = 0; i < 2; i++) if (!isMDField(names[i])) e.metadata(e.intMD(num(names[i])));
    }
  }
  if (!sub && !gsub && !styp && !comp) return;
  loadFields(m);
  if (sub && subrangeVersion() < 2) return;
  let names: string[] = comp ? ["rank"] : ["count", "lowerBound", "upperBound", "stride", "bias"];
  for (let i = 0; i < names.length; i++) {
    let s = slotOf(names[i]);
    if (present(s) && unchecked(ws.slotTag[s]) == FV_RAW) e.metadata(e.intMD(fieldNumber(unchecked(ws.slotVal[s]))));
  }
}
function isSizedType(cls: i32): bool {
  return cls == CLS_BASIC_TYPE || cls == CLS_FIXED_POINT_TYPE || cls == CLS_STRING_TYPE || cls == CLS_DERIVED_TYPE ||
    cls == CLS_SUBRANGE_TYPE || cls == CLS_COMPOSITE_TYPE;
}
// Is the loaded type's size (or offset) metadata? Then LLVM 22's record flags it and holds both as
// metadata (numbers as i64 constants).
export function sizeAsMD(v22: bool): bool { return v22 && (isMDField("size") || isMDField("offset")); }

// DISubrange is written in its latest form (version 2): every field metadata, integers as i64
// constants; the older forms cannot leave the lower bound out.
export function subrangeVersion(): i32 { return 2; }
