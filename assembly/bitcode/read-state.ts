// The bitcode reader's per-module state: the tables that map the file's ids (types, values,
// attribute lists, metadata, sections, comdats ...) to the arena's, and the error latch. One set
// per module; resetBitcodeReader() (index.ts reset) makes them anew. The reader files import these
// tables directly (the reader is one pass over one module, like the text parser's Reader).
import { I32Vec, I64Vec } from "../util/vec";
import { fail, bsFailed } from "./bitstream";

// ---- types: bitcode type id -> arena type id (-1 not defined yet) ----
export let typeList: I32Vec = new I32Vec();
// a type id used before its definition (only identified structs may be): the placeholder made
export let typeIsFwd: I32Vec = new I32Vec();

// ---- values: bitcode value id -> arena value id; -1 while a constant is still a record ----
export let valueList: I32Vec = new I32Vec();
// per value id: the constant record that defines it (index into the cst* columns), or -1
export let valueCst: I32Vec = new I32Vec();
// the type of each value id (a forward reference's placeholder type, a constant's type)
export let valueTy: I32Vec = new I32Vec();
export let moduleValues: i32 = 0;        // value ids below this are module-level

// constant records waiting to be built (read-constants.ts): code, type, operands in cstOps
export let cstCode: I32Vec = new I32Vec();
export let cstType: I32Vec = new I32Vec();
export let cstOpStart: I32Vec = new I32Vec();
export let cstOpLen: I32Vec = new I32Vec();
export let cstOps: I64Vec = new I64Vec();
export let cstDepth: I32Vec = new I32Vec(); // 0 until built, -1 while being built (a cycle is an error), then its nesting depth

// ---- attributes: group id -> (slot, set); PARAMATTR entries -> arena attribute lists ----
export let groupId: I32Vec = new I32Vec();
export let groupSlot: I32Vec = new I32Vec();
export let groupSet: I32Vec = new I32Vec();
export let attrListOf: I32Vec = new I32Vec();  // paramattr index - 1 -> attribute list id

// ---- module records ----
export let sections: I32Vec = new I32Vec();   // strIds
export let gcNames: I32Vec = new I32Vec();
export let comdats: I32Vec = new I32Vec();    // comdat indexes (ir/globals.ts)
export let bundleTags: I32Vec = new I32Vec(); // strIds
export let syncScopes: I32Vec = new I32Vec(); // strIds ("" is system)
export let globalInits: I32Vec = new I32Vec(); // (global value, initializer value id) pairs
export let aliasInits: I32Vec = new I32Vec();  // (alias/ifunc value, aliasee value id) pairs
export let fnOperands: I32Vec = new I32Vec();  // (function value, personality+1, prefix+1, prologue+1)
export let fnBodies: I32Vec = new I32Vec();    // function values with bodies, in record order
export let nextBody: i32 = 0;
export let relativeIds: bool = false;         // MODULE_CODE_VERSION >= 1
export let strtabPtr: usize = 0;
export let strtabLen: i32 = 0;
export let layoutSettled: bool = false;

export function setNextBody(n: i32): void { nextBody = n; }
export function setRelativeIds(b: bool): void { relativeIds = b; }
export function setStrtab(p: usize, n: i32): void { strtabPtr = p; strtabLen = n; }
export function setModuleValues(n: i32): void { moduleValues = n; }
export function setLayoutSettled(): void { layoutSettled = true; }

// ---- metadata: bitcode metadata id -> arena metadata id (-1 not read yet) ----
export let mdList: I32Vec = new I32Vec();
export let moduleMDs: i32 = 0;
export function setModuleMDs(n: i32): void { moduleMDs = n; }
// metadata kind ids of the file -> arena attachment kinds
export let mdKindMap: I32Vec = new I32Vec();

export function resetBitcodeReader(): void {
  typeList = new I32Vec(); typeIsFwd = new I32Vec();
  valueList = new I32Vec(1024); valueCst = new I32Vec(1024); valueTy = new I32Vec(1024); moduleValues = 0;
  cstCode = new I32Vec(); cstType = new I32Vec(); cstOpStart = new I32Vec(); cstOpLen = new I32Vec();
  cstOps = new I64Vec(); cstDepth = new I32Vec();
  groupId = new I32Vec(); groupSlot = new I32Vec(); groupSet = new I32Vec(); attrListOf = new I32Vec();
  sections = new I32Vec(); gcNames = new I32Vec(); comdats = new I32Vec(); bundleTags = new I32Vec();
  syncScopes = new I32Vec(); globalInits = new I32Vec(); aliasInits = new I32Vec(); fnOperands = new I32Vec();
  fnBodies = new I32Vec(); nextBody = 0; relativeIds = false; strtabPtr = 0; strtabLen = 0; layoutSettled = false;
  mdList = new I32Vec(); moduleMDs = 0; mdKindMap = new I32Vec();
}

// Records an error ("Invalid record"-style, as LLVM's reader words them) and returns false; the
// bitstream layer adds the block and bit offset (bsErrorText).
export function bad(msg: string): bool { return fail(msg); }
export function badI(msg: string): i32 { fail(msg); return -1; }
export function failed(): bool { return bsFailed(); }

// Pushes a value id's arena value (or -1 for a constant still to build) and its type.
export function pushValue(v: i32, cst: i32, ty: i32): i32 {
  let id = valueList.len;
  valueList.push(v); valueCst.push(cst); valueTy.push(ty);
  return id;
}
