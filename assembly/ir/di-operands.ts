// The operand order of LLVM's debug-info node classes, as far as metadata numbering needs it.
//
// LLVM stores a DI node's references as MDNode operands in a fixed, class-specific layout that is
// not the order in which the fields are written (DIDerivedType keeps file before scope, DISubprogram
// keeps file, scope, type, unit, declaration, ...). The slot tracker numbers a node and then, depth
// first, the nodes among its operands in that layout order, so the printer has to walk the fields
// the same way (text/slots.ts numberNode).
//
// Only fields that can hold a node are listed: string operands (name, linkageName, identifier,
// producer, ...) and integer fields never take a slot. The relative order is what was observed
// with opt 19 and opt 22 (every node-valued field pointing at its own distinct node, the fields
// written in reverse) and agrees with the `Ops` arrays of DebugInfoMetadata.cpp.
//
// LLVM 19 and 22 agree on the order of the fields both accept. LLVM 21 made DIType sizes and
// offsets operands (`size: !N`, `offset: !N`; after scope, before baseType) and added
// DICompositeType's specification and bitStride and the DISubrangeType and DIFixedPointType
// classes; LLVM 19's parser rejects all of those as node values, so one table serves both versions.
import { StrTab } from "../util/strtab";
import { strtab } from "./module";

// Each class: its name, its node-valued fields in operand order, then "".
const DI_OPERAND_TABLE: string[] = [
  "DILocation", "scope", "inlinedAt", "",
  "DISubrange", "count", "lowerBound", "upperBound", "stride", "",
  "DIGenericSubrange", "count", "lowerBound", "upperBound", "stride", "",
  "DIBasicType", "size", "",
  "DIFixedPointType", "size", "",
  "DIStringType", "size", "stringLength", "stringLengthExpression", "stringLocationExpression", "",
  "DIDerivedType", "file", "scope", "size", "offset", "baseType", "extraData", "annotations", "",
  "DISubrangeType", "file", "scope", "size", "baseType", "lowerBound", "upperBound", "stride", "bias", "",
  "DICompositeType", "file", "scope", "size", "offset", "baseType", "elements", "vtableHolder",
  "templateParams", "discriminator", "dataLocation", "associated", "allocated", "rank", "annotations",
  "specification", "bitStride", "",
  "DISubroutineType", "types", "",
  "DICompileUnit", "file", "enums", "retainedTypes", "globals", "imports", "macros", "",
  "DISubprogram", "file", "scope", "type", "unit", "declaration", "retainedNodes", "containingType",
  "templateParams", "thrownTypes", "annotations", "",
  "DILexicalBlock", "file", "scope", "",
  "DILexicalBlockFile", "file", "scope", "",
  "DINamespace", "scope", "",
  "DICommonBlock", "scope", "declaration", "file", "",
  "DIModule", "file", "scope", "",
  "DITemplateTypeParameter", "type", "",
  "DITemplateValueParameter", "type", "value", "",
  "DIGlobalVariable", "scope", "file", "type", "declaration", "templateParams", "annotations", "",
  "DILocalVariable", "scope", "file", "type", "annotations", "",
  "DILabel", "scope", "file", "",
  "DIGlobalVariableExpression", "var", "expr", "",
  "DIObjCProperty", "file", "type", "",
  "DIImportedEntity", "scope", "entity", "file", "elements", "",
  "DIMacroFile", "file", "nodes", "",
];
// The longest field list above (a bound for the printer's scratch space).
export const DI_MAX_OPERANDS: i32 = 16;

// ---- per-module lookup: strId -> class / field index, and a (class, field) -> rank grid ----
// Small open-addressing tables keyed by strId, built from the names already in the module's
// string table (a name the table does not hold cannot occur in the module, so nothing is added to
// it while printing); rebuilt when the table has grown since (a pass may have added a class).
const HBITS: i32 = 8;
const HSIZE: i32 = 1 << HBITS;
const NAME_MAX: i32 = 64;

// The module's lookup tables, at a fixed address in static memory (the printer asks them for
// every DI node's operands); newDIOperandIndex() puts a new, empty one there.
@final class DIOperandIndex {
  ready: bool = false;
  builtFor: StrTab | null = null;
  builtCount: i32 = -1;
  clsKey: StaticArray<i32> = new StaticArray<i32>(0);
  clsVal: StaticArray<i32> = new StaticArray<i32>(0);
  fldKey: StaticArray<i32> = new StaticArray<i32>(0);
  fldVal: StaticArray<i32> = new StaticArray<i32>(0);
  rankGrid: StaticArray<i8> = new StaticArray<i8>(0);
  nFields: i32 = 0;
  nameBuf: usize = 0;   // bytes of the name being looked up
}
const DI_OPERAND_INDEX_SIZE: usize = 64;
const dio: DIOperandIndex = changetype<DIOperandIndex>(memory.data(<i32>DI_OPERAND_INDEX_SIZE, 16));
export function newDIOperandIndex(): void {
  assert(offsetof<DIOperandIndex>() <= DI_OPERAND_INDEX_SIZE);
  memory.copy(changetype<usize>(dio), changetype<usize>(new DIOperandIndex()), offsetof<DIOperandIndex>());
}

@inline function slotOf(id: i32): i32 { return <i32>((<u32>id * 0x9E3779B1) >>> (32 - HBITS)); }
function hget(keys: StaticArray<i32>, vals: StaticArray<i32>, id: i32): i32 {
  let h = slotOf(id);
  while (true) {
    let k = unchecked(keys[h]);
    if (k == id) return unchecked(vals[h]);
    if (k < 0) return -1;
    h = (h + 1) & (HSIZE - 1);
  }
}
function hput(keys: StaticArray<i32>, vals: StaticArray<i32>, id: i32, v: i32): void {
  let h = slotOf(id);
  while (unchecked(keys[h]) >= 0 && unchecked(keys[h]) != id) h = (h + 1) & (HSIZE - 1);
  unchecked(keys[h] = id); unchecked(vals[h] = v);
}
// strId of an ASCII name (at most NAME_MAX bytes) if the table holds it, else -1.
function findName(t: StrTab, s: string): i32 {
  let n = s.length;
  for (let i = 0; i < n; i++) store<u8>(dio.nameBuf + <usize>i, <u8>s.charCodeAt(i));
  return t.find(dio.nameBuf, n);
}

export function ensureDIOperands(): void {
  if (dio.ready && dio.builtFor === strtab && dio.builtCount == strtab.count) return;
  if (!dio.ready) {
    dio.ready = true;
    dio.clsKey = new StaticArray<i32>(HSIZE); dio.clsVal = new StaticArray<i32>(HSIZE);
    dio.fldKey = new StaticArray<i32>(HSIZE); dio.fldVal = new StaticArray<i32>(HSIZE);
    dio.nameBuf = heap.alloc(<usize>NAME_MAX);
  }
  dio.builtFor = strtab; dio.builtCount = strtab.count;
  for (let i = 0; i < HSIZE; i++) { dio.clsKey[i] = -1; dio.fldKey[i] = -1; }
  // pass 1: number the classes and the distinct field names present in the module
  let nCls = 0;
  dio.nFields = 0;
  let atClass = true;
  for (let i = 0; i < DI_OPERAND_TABLE.length; i++) {
    let s = DI_OPERAND_TABLE[i];
    if (s.length == 0) { atClass = true; continue; }
    if (atClass) { atClass = false; nCls++; continue; }
    let id = findName(strtab, s);
    if (id >= 0 && hget(dio.fldKey, dio.fldVal, id) < 0) hput(dio.fldKey, dio.fldVal, id, dio.nFields++);
  }
  // pass 2: the rank grid (-1: not an operand of that class)
  if (dio.rankGrid.length < nCls * dio.nFields) dio.rankGrid = new StaticArray<i8>(nCls * dio.nFields);
  for (let i = 0; i < dio.rankGrid.length; i++) dio.rankGrid[i] = -1;
  let c = -1, r = 0, cid = -1;
  atClass = true;
  for (let i = 0; i < DI_OPERAND_TABLE.length; i++) {
    let s = DI_OPERAND_TABLE[i];
    if (s.length == 0) { atClass = true; continue; }
    if (atClass) {
      atClass = false; c++; r = 0;
      cid = findName(strtab, s);
      if (cid >= 0) hput(dio.clsKey, dio.clsVal, cid, c);
      continue;
    }
    let rank = r++;
    if (cid < 0) continue;
    let id = findName(strtab, s);
    if (id < 0) continue;
    dio.rankGrid[c * dio.nFields + hget(dio.fldKey, dio.fldVal, id)] = <i8>rank;
  }
}

// Index of the DI class whose name is strId cls, or -1 for a class without a layout here.
// Call ensureDIOperands() first (after every reset, and again once the string table may have grown).
@inline export function diClassIndex(cls: i32): i32 { return hget(dio.clsKey, dio.clsVal, cls); }
// Operand rank of field strId `name` in class index c (0 = first), or -1 if it is not listed.
@inline export function diFieldRank(c: i32, name: i32): i32 {
  let f = hget(dio.fldKey, dio.fldVal, name);
  return f < 0 ? -1 : <i32>unchecked(dio.rankGrid[c * dio.nFields + f]);
}
