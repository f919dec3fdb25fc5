// The bitcode writer's base, below every part of it: the block ids and the BLOCKINFO abbreviation
// numbers the parts share, the writer (BcWriter: output, enumeration, record scratch) and its
// tables and registers (WriterState, `ws`). write-module.ts (the entry) makes both for one write
// and calls the parts (write-attrs, write-constants, write-meta, write-function, write-uselist),
// which import this file and none of each other's callers.
import { I64Vec, U8Vec, I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { BitWriter } from "./bitwriter";
import { Enumeration } from "./enumerate";

// Block ids.
export const MODULE_BLOCK: i32 = 8, PARAMATTR_BLOCK: i32 = 9, PARAMATTR_GROUP_BLOCK: i32 = 10,
  CONSTANTS_BLOCK: i32 = 11, FUNCTION_BLOCK: i32 = 12, IDENTIFICATION_BLOCK: i32 = 13, VALUE_SYMTAB_BLOCK: i32 = 14,
  METADATA_BLOCK: i32 = 15, METADATA_ATTACHMENT_BLOCK: i32 = 16, TYPE_BLOCK: i32 = 17, OPERAND_BUNDLE_TAGS_BLOCK: i32 = 21,
  METADATA_KIND_BLOCK: i32 = 22, STRTAB_BLOCK: i32 = 23, SYNC_SCOPE_NAMES_BLOCK: i32 = 26;

// Abbreviations every block of an id shares (BLOCKINFO), as LLVM's writer defines them
// (write-module.ts writeBlockInfo defines them in this order).

// VALUE_SYMTAB_BLOCK
export const AB_VST_ENTRY8: i32 = 4, AB_VST_ENTRY7: i32 = 5, AB_VST_ENTRY6: i32 = 6, AB_VST_BBENTRY6: i32 = 7;
// CONSTANTS_BLOCK
export const AB_CST_SETTYPE: i32 = 4, AB_CST_INTEGER: i32 = 5, AB_CST_CE_CAST: i32 = 6, AB_CST_NULL: i32 = 7;
// FUNCTION_BLOCK
export const AB_FN_LOAD: i32 = 4, AB_FN_BINOP: i32 = 5, AB_FN_BINOP_FLAGS: i32 = 6, AB_FN_CAST: i32 = 7,
  AB_FN_CAST_FLAGS: i32 = 8, AB_FN_RET_VOID: i32 = 9, AB_FN_RET_VAL: i32 = 10, AB_FN_UNREACHABLE: i32 = 11,
  AB_FN_GEP: i32 = 12, AB_FN_STORE: i32 = 13, AB_FN_BR_UNCOND: i32 = 14, AB_FN_BR_COND: i32 = 15, AB_FN_CMP: i32 = 16,
  AB_FN_CMP_FLAGS: i32 = 17, AB_FN_DEBUG_LOC: i32 = 18;

// The writer's state for one module.
@final export class BcWriter {
  w: BitWriter = new BitWriter();
  e: Enumeration;
  version: i32;
  vals: I64Vec = new I64Vec(64);
  strtabOut: U8Vec = new U8Vec(1024);
  error: string = "";
  sectionIds: I32Vec = new I32Vec();   // strtab ids of section names, in record order
  gcIds: I32Vec = new I32Vec();
  comdatIds: I32Vec = new I32Vec();    // comdat index -> record number + 1 (0: not written yet)
  locAbbrev: i32 = 0;                  // the DILocation abbreviation of the open METADATA_BLOCK (0 none)
  vstOffsetAt: u64 = 0;                // bit position of the VSTOFFSET record's offset field
  fnStart: I64Vec = new I64Vec();      // global index -> bit position of its function block
  typeBits: i32 = 1;                   // width of a fixed type-id field
  constructor(e: Enumeration, version: i32) { this.e = e; this.version = version; }

  fail(msg: string): void { if (this.error.length == 0) this.error = msg; }
  // Appends bytes to the string table; returns their offset.
  strtabAdd(s: i32): i64 {
    if (s < 0) return 0;
    let off = this.strtabOut.len, n = strtab.lenOf(s), p = strtab.ptrOf(s);
    for (let i = 0; i < n; i++) this.strtabOut.push(load<u8>(p + <usize>i));
    return off;
  }
  strLen(s: i32): i64 { return s < 0 ? 0 : strtab.lenOf(s); }
  // vals = the bytes of s
  pushChars(s: i32): void {
    let p = strtab.ptrOf(s), n = strtab.lenOf(s);
    for (let i = 0; i < n; i++) this.vals.push(load<u8>(p + <usize>i));
  }
  typeId(t: i32): i64 { return this.e.typeOf(t); }
  valueId(v: i32): i64 { return this.e.vid(v); }
}

// Signed values as LLVM writes them in VBR fields: the magnitude shifted left, the sign in bit 0.
@inline export function signedVBR(v: i64): i64 { return v >= 0 ? v << 1 : ((-v) << 1) | 1; }

// ---- the writer's tables and registers ----

// Every field name a DI node can have gets a slot (write-di-fields.ts); a node's fields are loaded into the slots.
export const FIELD_NAMES: string[] = [
  "scope", "line", "column", "inlinedAt", "isImplicitCode", "atomGroup", "atomRank", "tag", "header", "operands",
  "lowerBound", "upperBound", "stride", "count", "name", "value", "isUnsigned", "size", "align", "flags", "encoding",
  "dataSize", "num_extra_inhabitants", "kind", "factor", "numerator", "denominator", "stringLength",
  "stringLengthExpression", "stringLocationExpression", "baseType", "file", "offset", "extraData", "dwarfAddressSpace",
  "annotations", "ptrAuthKey", "ptrAuthIsAddressDiscriminated", "ptrAuthExtraDiscriminator", "ptrAuthIsaPointer",
  "ptrAuthAuthenticatesNullValues", "bias", "elements", "runtimeLang", "enumKind", "vtableHolder", "templateParams",
  "identifier", "discriminator", "dataLocation", "associated", "allocated", "rank", "specification", "bitStride", "types",
  "cc", "filename", "directory", "checksumkind", "checksum", "source", "language", "sourceLanguageName",
  "sourceLanguageVersion", "producer", "isOptimized", "runtimeVersion", "splitDebugFilename", "emissionKind", "enums",
  "retainedTypes", "globals", "imports", "macros", "dwoId", "splitDebugInlining", "debugInfoForProfiling",
  "nameTableKind", "rangesBaseAddress", "sysroot", "sdk", "linkageName", "type", "isLocal", "isDefinition",
  "scopeLine", "containingType", "virtuality", "virtualIndex", "thisAdjustment", "spFlags", "unit", "declaration",
  "retainedNodes", "thrownTypes", "targetFuncName", "keyInstructions", "exportSymbols", "nodes", "configMacros",
  "includePath", "apinotes", "isDecl", "defaulted", "arg", "isArtificial", "coroSuspendIdx", "setter", "getter",
  "attributes", "entity", "var", "expr",
];
export const SLOT_SCOPE = 0, SLOT_LINE = 1, SLOT_COLUMN = 2, SLOT_INLINED_AT = 3, SLOT_IMPLICIT = 4, SLOT_ATOM_GROUP = 5,
  SLOT_ATOM_RANK = 6;
export const SLOT_CACHE: i32 = 1024;   // a power of two, above twice the call sites that name a field

// The writer's tables and registers besides BcWriter's: the caches of names and field texts
// write-di-fields.ts reads DI fields through, the loaded node's fields, write-function.ts's
// instruction numbering, write-module.ts's attribute codes. One per
// write: writeModuleBitcode() makes it (newWriterState) before anything is enumerated, so a new
// object is the reset. It lives at a fixed address in static memory, like the readers' state
// (read-state.ts), so that a field is one load from a constant address, as the module-level
// variables were; the functions that read it need no writer handed to them.
@final export class WriterState {
  // ---- names -> numbers (built on first use: they intern names into the module's strtab) ----
  classIndex: I32Vec = new I32Vec();   // strtab id -> class + 1
  nameValue: I64Vec = new I64Vec();    // strtab id -> value + 1 (0: unknown)
  badField: string = "";               // the first word of a field text that is not a known name
  fieldValue: I64Vec = new I64Vec();   // string id -> the number it spells
  fieldKnown: U8Vec = new U8Vec();     // string id -> 1 when fieldValue holds it
  wordUnknown: bool = false;           // a word since the flag was cleared was not a known name
  // ---- the loaded node's fields, by slot ----
  fieldSlot: I32Vec = new I32Vec();    // strtab id -> slot + 1
  slotTag: StaticArray<i32> = new StaticArray<i32>(FIELD_NAMES.length);
  slotVal: StaticArray<i32> = new StaticArray<i32>(FIELD_NAMES.length);
  slotSet: StaticArray<i32> = new StaticArray<i32>(FIELD_NAMES.length);
  loadStamp: i32 = 0;
  slotKey: StaticArray<usize> = new StaticArray<usize>(SLOT_CACHE);   // field name literal's address
  slotCached: StaticArray<i32> = new StaticArray<i32>(SLOT_CACHE);    // -> its slot
  slotCount: i32 = 0;
  // ---- write-function.ts ----
  instId: i64 = 0;                     // the value id the next value-producing instruction gets
  blockNo: I32Vec = new I32Vec();      // block value id -> number in its function (fit on demand)
  localMD: I32Vec = new I32Vec();      // the function's local metadata, in id order
  typedOperands: i32 = 0;              // operands of the current instruction written with their type
                                       // (a record with one has no abbreviation)
  // ---- write-module.ts ----
  attrCode: I32Vec = new I32Vec();     // attribute kind -> its bitcode code (built on first use)
}
const WRITER_STATE_SIZE: usize = 256;
export const ws: WriterState = changetype<WriterState>(memory.data(<i32>WRITER_STATE_SIZE, 16));
export function newWriterState(): void {
  assert(offsetof<WriterState>() <= WRITER_STATE_SIZE);
  memory.copy(changetype<usize>(ws), changetype<usize>(new WriterState()), offsetof<WriterState>());
}

