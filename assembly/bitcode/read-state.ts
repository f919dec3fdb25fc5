// The bitcode reader's per-module state, one object (`BitcodeReader`, read as `br`): the tables
// that map the file's ids (types, values, attribute lists, metadata, sections, comdats ...) to the
// arena's, and the registers and scratch of the read-*.ts files. The error latch is the cursor's
// (bitstream.ts). readBitcode() makes both anew for each module.
import { I32Vec, I64Vec } from "../util/vec";
import { fail, bsFailed } from "./bitstream";

// Block ids a function body holds (read-function.ts and its parts; reader.ts names the module's).
export const CONSTANTS_BLOCK = 11, VALUE_SYMTAB_BLOCK = 14, METADATA_BLOCK = 15, METADATA_ATTACHMENT = 16, USELIST_BLOCK = 18;

// The reader of one module: every table and register of the read-*.ts files (the bitstream
// cursor is bitstream.ts's `bs`). readBitcode() makes a new one per read: a new object is the
// reset. The reader's loops touch these fields on every record, so the object lives at a fixed
// address in static memory like the text reader's (text/reader.ts): a field is one load from a
// constant address, as the module-level variables were.
@final export class BitcodeReader {
  // ---- types: bitcode type id -> arena type id (-1 not defined yet) ----
  typeList: I32Vec = new I32Vec();
  // a type id used before its definition (only identified structs may be): the placeholder made
  typeIsFwd: I32Vec = new I32Vec();
  // ---- values: bitcode value id -> arena value id; -1 while a constant is still a record ----
  valueList: I32Vec = new I32Vec(1024);
  // per value id: the constant record that defines it (index into the cst* columns), or -1
  valueCst: I32Vec = new I32Vec(1024);
  // the type of each value id (a forward reference's placeholder type, a constant's type)
  valueTy: I32Vec = new I32Vec(1024);
  moduleValues: i32 = 0; // value ids below this are module-level
  // constant records waiting to be built (read-constants.ts): code, type, operands in cstOps
  cstCode: I32Vec = new I32Vec();
  cstType: I32Vec = new I32Vec();
  cstOpStart: I32Vec = new I32Vec();
  cstOpLen: I32Vec = new I32Vec();
  cstOps: I64Vec = new I64Vec();
  cstDepth: I32Vec = new I32Vec(); // 0 until built, -1 while being built (a cycle is an error), then its nesting depth
  // ---- attributes: group id -> (slot, set); PARAMATTR entries -> arena attribute lists ----
  groupId: I32Vec = new I32Vec();
  groupSlot: I32Vec = new I32Vec();
  groupSet: I32Vec = new I32Vec();
  attrListOf: I32Vec = new I32Vec(); // paramattr index - 1 -> attribute list id
  // ---- module records ----
  sections: I32Vec = new I32Vec(); // strIds
  gcNames: I32Vec = new I32Vec();
  comdats: I32Vec = new I32Vec(); // comdat indexes (ir/globals.ts)
  bundleTags: I32Vec = new I32Vec(); // strIds
  syncScopes: I32Vec = new I32Vec(); // strIds ("" is system)
  globalInits: I32Vec = new I32Vec(); // (global value, initializer value id) pairs
  aliasInits: I32Vec = new I32Vec(); // (alias/ifunc value, aliasee value id) pairs
  fnOperands: I32Vec = new I32Vec(); // (function value, personality+1, prefix+1, prologue+1)
  fnBodies: I32Vec = new I32Vec(); // function values with bodies, in record order
  nextBody: i32 = 0;
  relativeIds: bool = false; // MODULE_CODE_VERSION >= 1
  strtabPtr: usize = 0;
  strtabLen: i32 = 0;
  layoutSettled: bool = false;
  // ---- metadata: bitcode metadata id -> arena metadata id (-1 not read yet) ----
  mdList: I32Vec = new I32Vec();
  moduleMDs: i32 = 0;
  // metadata kind ids of the file -> arena attachment kinds
  mdKindMap: I32Vec = new I32Vec();

  // ---- read-attrs.ts's ----
  entries: I32Vec = new I32Vec(64);
  attrOrder: I32Vec = new I32Vec(16);
  sorted: I32Vec = new I32Vec(64);
  attrScratch: I32Vec = new I32Vec(16);
  memUpgradeNow: i32 = -1;
  rangeEnd: i32 = 0;

  // ---- read-constants.ts's ----
  cstStack: I32Vec = new I32Vec(64);
  words: I32Vec = new I32Vec(16);
  depth: i32 = 0; // constants being built, one inside the other
  deepest: i32 = 0; // the deepest operand getConstant gave the constant being built
  // blocks named by a blockaddress before their function's body: (function value, index, block)
  earlyBlocks: I32Vec = new I32Vec();

  // ---- read-debuginfo.ts's ----
  nameIds: I32Vec = new I32Vec();
  quoted: I32Vec = new I32Vec(); // MDString strId -> strId of its quoted, escaped text
  enumIds: I32Vec = new I32Vec(); // (table, index) -> strId of the name, cached
  fields: I32Vec = new I32Vec(64); // the node being built: (name, tag, value) triples
  diScratch: usize = 0;
  scratchCap: i32 = 0;
  exprConst: I32Vec = new I32Vec(); // per arena node: 1 when a DIExpression is a signed constant
  exprConstVal: I64Vec = new I64Vec();
  failedOp: bool = false;

  // ---- read-function.ts's: the body being read ----
  fnValue: i32 = -1;
  nextValueNo: i32 = 0;
  blocks: I32Vec = new I32Vec(64); // block index -> block value (-1: not made yet)
  cur: i32 = 0; // the block instructions go to
  lastInst: i32 = -1;
  lastLoc: i32 = -1;
  instList: I32Vec = new I32Vec(256); // every instruction in order (attachments name them)
  stk: I32Vec = new I32Vec(64);
  bundleOps: I32Vec = new I32Vec(16); // pending operand bundles: values
  bundleDesc: I32Vec = new I32Vec(8); // (tag strId, count) pairs
  maskTmp: I32Vec = new I32Vec(16);
  forwards: i32 = 0; // placeholders still waiting for their definition
  bodyEndBit: u64 = 0; // where the function block ends
  pairNext: i32 = 0;
  // read-expand.ts: per constant record whether it expands (0 not known, 1 no, 2 yes, 3 being
  // looked at); the names given in the body; value id -> instruction pairs within one use
  expandMemo: I32Vec = new I32Vec();
  expandNames: I32Vec = new I32Vec();
  expandBuilt: I32Vec = new I32Vec();
  lastUnique: i32 = 0;
  expandOK: bool = false; // reading an instruction's operands: constant expressions LLVM would not keep expand (read-expand.ts)

  // ---- read-metadata.ts's ----
  pendingName: i32 = -1;
  mdStack: I32Vec = new I32Vec(64);
  nextMD: i32 = 0;
  inFunction: bool = false;
  attachFn: i32 = -1;
  derefMoved: bool = false;
  elts: I64Vec = new I64Vec(16);

  // ---- read-types.ts's ----
  tyScratch: I32Vec = new I32Vec(16);
  unnamedStructs: i64 = 0;
  bytes: I32Vec = new I32Vec(64);
  tyTmp: usize = 0;
  tmpCap: i32 = 0;

  // ---- read-uselist.ts's ----
  // the records: value, indexes (start, length) in recIdx
  recValue: I32Vec = new I32Vec();
  recStart: I32Vec = new I32Vec();
  recLen: I32Vec = new I32Vec();
  recIdx: I32Vec = new I32Vec();
  // scratch of applyUseListOrders
  ulOrder: I32Vec = new I32Vec(64);
  perm: I32Vec = new I32Vec(64);
  want: I32Vec = new I32Vec(64);
  ulTmp: I32Vec = new I32Vec(64);
  sortKeys: I64Vec = new I64Vec(64);
}
const READER_SIZE: usize = 1024;
export const br: BitcodeReader = changetype<BitcodeReader>(memory.data(<i32>READER_SIZE, 16));
export function newBitcodeReader(): void {
  assert(offsetof<BitcodeReader>() <= READER_SIZE);
  memory.copy(changetype<usize>(br), changetype<usize>(new BitcodeReader()), offsetof<BitcodeReader>());
}

export function setNextBody(n: i32): void { br.nextBody = n; }
export function setRelativeIds(b: bool): void { br.relativeIds = b; }
export function setStrtab(p: usize, n: i32): void { br.strtabPtr = p; br.strtabLen = n; }
export function setModuleValues(n: i32): void { br.moduleValues = n; }
export function setLayoutSettled(): void { br.layoutSettled = true; }
export function setModuleMDs(n: i32): void { br.moduleMDs = n; }

// Records an error ("Invalid record"-style, as LLVM's reader words them) and returns false; the
// bitstream layer adds the block and bit offset (bsErrorText).
export function bad(msg: string): bool { return fail(msg); }
export function badI(msg: string): i32 { fail(msg); return -1; }
export function failed(): bool { return bsFailed(); }

// Pushes a value id's arena value (or -1 for a constant still to build) and its type.
export function pushValue(v: i32, cst: i32, ty: i32): i32 {
  let id = br.valueList.len;
  br.valueList.push(v); br.valueCst.push(cst); br.valueTy.push(ty);
  return id;
}
