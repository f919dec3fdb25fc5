// Program repository, step 1: the initial digest of every function and global variable
// definition (seed 003, "RepoMetadataGeneration"). A digest is the first 128 bits of BLAKE3 over
//  - the environment: target triple, data layout, module flags, the pipeline text, the wopt version;
//  - the definition: for functions the function type (argument and return types, varargs),
//    attributes (function, return, parameters), calling convention, linkage-related properties,
//    section/alignment/GC/prefix/prologue/personality, attachments, and the body in CFG order
//    (blocks from the entry through each terminator's successors in order, so unreachable blocks
//    and the order of the block list do not count); for variables the content type, constant flag,
//    thread-local mode, alignment, unnamed_addr, the other linkage-related properties and the
//    initializer.
// Not hashed: the definition's own name, names of local values (arguments are hashed by position,
// blocks and instructions by their serial number in the CFG walk), the `!repo_ticket` attachments
// and named metadata other than the module flags. References to other globals are hashed by name.
import { llvmVersion } from "../../ir/version";
import { Blake3 } from "../../util/blake3";
import { I32Vec, U8Vec } from "../../util/vec";
import { ComponentDigests } from "./scc-digest";
import { strtab, targetTriple, dataLayout } from "../../ir/module";
import { TK, tyKind, tyA, tyN, tyFlags, listLen, listAt } from "../../ir/types";
import {
  VK, vKind, vType, vName, vParent, vA, vB, iOp, iFlags, iAux, iExt, iNext, iMD, iDbg, ext, operand, numOperands,
} from "../../ir/values";
import {
  GK, gKind, gValue, gLinkage, gVisibility, gDLL, gTLS, gUnnamed, gFlags, gAddrSpace, gValueType, gSection,
  gPartition, gComdat, gAlign, gGC, gCC, gAttrs, gMD, gFirstBlock, gFirstArg, gNumArgs, gExtra, globalCount,
  GF_DSO_LOCAL, GF_CONSTANT, GF_EXTERN_INIT, GF_DEFINED, GF_ERASED, cdName, cdKind,
} from "../../ir/globals";
import { attrSets, attrLists, AT } from "../../ir/attributes";
import { Op, isTerminator } from "../../ir/opcodes";
import { gepExprSourceType, gepExprHasInRange, gepExprInRangeLo, gepExprInRangeHi } from "../../ir/constants";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, mdCount, FV_RAW, attKind, attMD, attNext,
  mdKindName, nmdName, nmdOps, nmdNOps, nmdPool, drKind, drOps, drNOps, drNext, drPool,
} from "../../ir/metadata";

export const DIGEST_BYTES: i32 = 16;
// v2: alignments are hashed in their encoded form (ir/align.ts), GEP inrange bounds as 64-bit values.
// v3: the environment covers the LLVM version wopt follows (a stored text is in its dialect).
// v4: metadata and final digests per strongly connected component (scc-digest.ts): a cycle's
// digest no longer depends on the path it was entered by; types with parts by their digest.
const VERSION_TAG: string = "wopt 0.1.0 repo digest v4";


// ---- primitive feeders ----
function hBytes(h: Blake3, p: usize, n: i32): void { h.u32(<u32>n); h.update(p, n); }
function hStrId(h: Blake3, s: i32): void { if (s < 0) { h.u32(0xFFFFFFFF); return; } hBytes(h, strtab.ptrOf(s), strtab.lenOf(s)); }
function hString(h: Blake3, s: string): void { let b = String.UTF8.encode(s, false); hBytes(h, changetype<usize>(b), b.byteLength); }

// Index of block `b` in its function's block list (for blockaddress of another function).
function blockIndex(b: i32): i32 {
  let fn = vParent.get(b);
  if (fn < 0 || <i32>vKind.get(fn) != VK.Function) return -1;
  let k = 0;
  for (let x = gFirstBlock.get(vA.get(fn)); x >= 0; x = iNext.get(x)) { if (x == b) return k; k++; }
  return -1;
}

// Definitions that get digests: live functions with a body and live variables with an initializer.
export function isRepoDefinition(g: i32): bool {
  let k = <i32>gKind.get(g);
  if ((gFlags.get(g) & GF_ERASED) != 0 || (k != GK.Func && k != GK.Var)) return false;
  return (gFlags.get(g) & GF_DEFINED) != 0;
}

// ---- metadata: one digest per node, covering what it reaches (scc-digest.ts) ----
// Nodes of the graph: tuples, debug-info nodes and expressions. Strings, values and argument lists
// are leaves, hashed in place where they occur (a value by hValue: function-local ones by their
// serial in the current function, which the verifier allows only outside nodes).
@inline function isGraphNode(k: i32): bool { return k == MK.Tuple || k == MK.Node || k == MK.Expr; }
@final class MetadataGraph {
  constructor(private d: Digests) {}
  @inline count(): i32 { return mdCount(); }
  @inline slots(m: i32): i32 { return <i32>mdKind.get(m) == MK.Expr ? 0 : mdNOps.get(m); }
  // the node in slot i of m, or -1 (a raw field, null or a leaf)
  target(m: i32, i: i32): i32 {
    let s = mdOps.get(m), c: i32;
    if (<i32>mdKind.get(m) == MK.Node) {
      if (mdPool.get(s + 3 * i + 1) == FV_RAW) return -1;
      c = mdPool.get(s + 3 * i + 2);
    } else c = mdPool.get(s + i);
    return c >= 0 && isGraphNode(<i32>mdKind.get(c)) ? c : -1;
  }
  hashHeader(h: Blake3, m: i32): void {
    let k = <i32>mdKind.get(m);
    h.u8(k); h.u8(mdFlags.get(m) & MDF_DISTINCT);
    if (k == MK.Expr) { hStrId(h, mdA.get(m)); return; }
    if (k == MK.Node) hStrId(h, mdA.get(m));
    h.i32(mdNOps.get(m));
  }
  hashSlot(h: Blake3, m: i32, i: i32): void {
    let s = mdOps.get(m), c: i32;
    if (<i32>mdKind.get(m) == MK.Node) {
      hStrId(h, mdPool.get(s + 3 * i));
      if (mdPool.get(s + 3 * i + 1) == FV_RAW) { h.u8(0x72); hStrId(h, mdPool.get(s + 3 * i + 2)); return; }
      c = mdPool.get(s + 3 * i + 2);
    } else c = mdPool.get(s + i);
    if (c < 0 || !isGraphNode(<i32>mdKind.get(c))) this.d.hMD(h, c);
  }
}

// The digests of one pipeline run's repo-metadata (made by passes/repo/pass.ts RepoRun): the
// environment, the initial digests by global, and the hashers' caches and scratch (the CFG walk's
// serials, the digests of types and metadata nodes), all valid for the module as it is while the
// pass runs.
export class Digests {
  private H: Blake3 = new Blake3();
  private env: usize = heap.alloc(16);        // 16-byte environment digest
  initialDigests: U8Vec = new U8Vec();        // 16 bytes per global index
  hasDigest: U8Vec = new U8Vec();             // 1 for definitions that got a digest
  private serial: I32Vec = new I32Vec();      // value id -> serial in the current function walk (-1 none)
  private walkBlocks: I32Vec = new I32Vec();
  private walkValues: I32Vec = new I32Vec();
  private unnamedNum: I32Vec = new I32Vec();  // global index -> number of an unnamed global (-1 named)
  private repoKind: i32 = -1;                 // attachment kind of !repo_ticket (ignored), -1 unknown
  // types with parts by their digest (typeDigest)
  private typeDigestAt: I32Vec = new I32Vec();   // type id -> offset in typeDigests, -1 none, -2 being hashed
  private typeDigests: U8Vec = new U8Vec();
  private typeH: Array<Blake3> = new Array<Blake3>();   // one hasher per nesting level
  private typeDepth: i32 = 0;
  // the metadata nodes' digests (scc-digest.ts)
  private mdDigests!: ComponentDigests<MetadataGraph>;
  constructor() { this.mdDigests = new ComponentDigests<MetadataGraph>(new MetadataGraph(this)); }

  @inline digestPtr(g: i32): usize { return this.initialDigests.ptr + (<usize>g << 4); }
  envDigestPtr(): usize { return this.env; }

  // Types by structure (ids are arena-local); named structs by name and body. A type with parts
  // (aggregates, functions, target types) is hashed once and then stands as its 16-byte digest:
  // -O0 code names large structs in every load, store and getelementptr.
  hType(h: Blake3, t: i32): void {
    if (t < 0) { h.u8(0xFF); return; }
    let k = <i32>tyKind.get(t);
    if (k < TK.Int) { h.u8(k); return; }
    if (k == TK.Int || k == TK.Ptr) { h.u8(k); h.i32(tyA.get(t)); return; }
    this.typeDigestAt.fit(t + 1, -1);
    let at = this.typeDigestAt.get(t);
    if (at == -2) { h.u8(0x52); hStrId(h, tyA.get(t)); return; }   // a struct inside itself (invalid IR)
    if (at < 0) at = this.typeDigest(t, k);
    h.u8(0x54); h.update(this.typeDigests.ptr + <usize>at, 16);
  }
  typeDigest(t: i32, k: i32): i32 {
    this.typeDigestAt.set(t, -2);
    if (this.typeH.length <= this.typeDepth) this.typeH.push(new Blake3());
    let h = this.typeH[this.typeDepth++];
    h.reset();
    h.u8(k);
    switch (k) {
      case TK.Vector: case TK.ScalableVector: case TK.Array: h.u64(<u64>tyN.get(t)); this.hType(h, tyA.get(t)); break;
      case TK.Struct: case TK.Function: {
        h.i32(tyFlags.get(t) & 1);
        if (k == TK.Function) this.hType(h, tyA.get(t));
        let n = listLen(t); h.i32(n);
        for (let i = 0; i < n; i++) this.hType(h, listAt(t, i));
        break;
      }
      case TK.NamedStruct: {
        if (tyA.get(t) >= 0) hStrId(h, tyA.get(t)); else { h.u8(0x23); h.u64(<u64>tyN.get(t)); }
        h.i32(tyFlags.get(t));
        let n = listLen(t); h.i32(n);
        for (let i = 0; i < n; i++) this.hType(h, listAt(t, i));
        break;
      }
      case TK.TargetExt: {
        hStrId(h, tyA.get(t));
        let n = listLen(t), ni = <i32>tyN.get(t);
        h.i32(n); h.i32(ni);
        for (let i = 0; i < n - ni; i++) this.hType(h, listAt(t, i));
        for (let i = n - ni; i < n; i++) h.i32(listAt(t, i));
        break;
      }
      default: break;
    }
    let at = this.typeDigests.len;
    this.typeDigests.reserve(at + 16);
    h.finish(this.typeDigests.ptr + <usize>at, 16);
    this.typeDigests.len = at + 16;
    this.typeDigestAt.set(t, at);
    this.typeDepth--;
    return at;
  }

  hAttrSet(h: Blake3, set: i32): void {
    if (set < 0) { h.i32(0); return; }
    let n = attrSets.lenOf(set) >> 2;
    h.i32(n);
    for (let i = 0; i < n; i++) {
      let tag = attrSets.at(set, i << 2), key = attrSets.at(set, (i << 2) + 1);
      let v0 = attrSets.at(set, (i << 2) + 2), v1 = attrSets.at(set, (i << 2) + 3);
      h.u8(tag);
      switch (tag) {
        case AT.Enum: h.i32(key); break;
        case AT.Int: h.i32(key); h.i32(v0); h.i32(v1); break;
        case AT.Type: h.i32(key); this.hType(h, v0); break;
        case AT.Range: h.i32(key); hStrId(h, v0); break;
        default: hStrId(h, key); hStrId(h, v0); break;
      }
    }
  }
  hAttrList(h: Blake3, list: i32): void {
    if (list < 0) { h.i32(0); return; }
    let n = attrLists.lenOf(list);
    h.i32(n);
    for (let i = 0; i < n; i++) this.hAttrSet(h, attrLists.at(list, i));
  }

  // A global referenced by name (unnamed ones by their number, as the printer shows them).
  hGlobalRef(h: Blake3, v: i32): void {
    h.u8(0x67); h.u8(vKind.get(v));
    let nm = vName.get(v);
    if (nm >= 0) hStrId(h, nm); else { h.u8(0x23); h.i32(this.unnamedNum.get(vA.get(v))); }
  }

  // Any operand value.
  hValue(h: Blake3, v: i32): void {
    if (v < 0) { h.u8(0); return; }
    let k = <i32>vKind.get(v);
    h.u8(k + 1);
    switch (k) {
      case VK.Arg: h.i32(vA.get(v)); return;
      case VK.Block: case VK.Inst: {
        let s = v < this.serial.len ? this.serial.get(v) : -1;
        h.i32(s);   // -1: defined in an unreachable block (or another function's block)
        return;
      }
      case VK.GlobalVar: case VK.Function: case VK.Alias: case VK.IFunc: this.hGlobalRef(h, v); return;
      case VK.ConstInt: case VK.ConstFP: {
        this.hType(h, vType.get(v));
        let s = vA.get(v), n = vB.get(v);
        h.i32(n);
        for (let i = 0; i < n; i++) h.i32(ext.get(s + i));
        return;
      }
      case VK.ConstData: this.hType(h, vType.get(v)); hStrId(h, vA.get(v)); return;
      case VK.InlineAsm: this.hType(h, vType.get(v)); h.i32(iFlags.get(v)); hStrId(h, vA.get(v)); hStrId(h, vB.get(v)); return;
      case VK.MDValue: this.hMD(h, vA.get(v)); return;
      case VK.ConstExpr: {
        this.hType(h, vType.get(v));
        let op = <i32>iOp.get(v);
        h.u8(op); h.i32(iFlags.get(v)); h.i32(iAux.get(v));
        if (op == Op.GetElementPtr) {
          this.hType(h, gepExprSourceType(v));
          if (gepExprHasInRange(v)) { h.u64(<u64>gepExprInRangeLo(v)); h.u64(<u64>gepExprInRangeHi(v)); }
        }
        break;
      }
      case VK.BlockAddress: {
        this.hType(h, vType.get(v));
        let fnv = operand(v, 0), bb = operand(v, 1);
        this.hValue(h, fnv);
        h.i32(bb >= 0 && <i32>vKind.get(bb) == VK.Block ? blockIndex(bb) : -2);
        return;
      }
      default: this.hType(h, vType.get(v)); break;
    }
    // aggregates, expressions, dso_local_equivalent, no_cfi, ptrauth: operands
    let n = numOperands(v);
    h.i32(n);
    for (let i = 0; i < n; i++) this.hValue(h, operand(v, i));
  }


  hMD(h: Blake3, m: i32): void {
    if (m < 0) { h.u8(0x6E); return; }
    let k = <i32>mdKind.get(m);
    if (k == MK.String) { h.u8(0x73); hStrId(h, mdA.get(m)); return; }
    if (k == MK.Value) { h.u8(0x76); this.hValue(h, mdA.get(m)); return; }
    if (k == MK.ArgList) {
      h.u8(0x61); let s = mdOps.get(m), n = mdNOps.get(m); h.i32(n);
      for (let i = 0; i < n; i++) this.hMD(h, mdPool.get(s + i));
      return;
    }
    if (k == MK.Forward) { h.u8(0x66); return; }
    this.mdDigests.ensure(m);
    h.u8(0x4E); h.update(this.mdDigests.digest(m), 16);
  }

  hAttachments(h: Blake3, head: i32): void {
    let n = 0;
    for (let a = head; a >= 0; a = attNext.get(a)) if (attKind.get(a) != this.repoKind) n++;
    h.i32(n);
    for (let a = head; a >= 0; a = attNext.get(a)) {
      if (attKind.get(a) == this.repoKind) continue;
      hStrId(h, mdKindName.get(attKind.get(a)));
      this.hMD(h, attMD.get(a));
    }
  }

  // ---- the environment ----
  computeEnvironment(pipeline: string, repoAttachmentKind: i32): void {
    this.repoKind = repoAttachmentKind;
    let g = globalCount();
    this.unnamedNum.clear(); this.unnamedNum.resize(g, -1);
    let n = 0;
    for (let pass = 0; pass < 4; pass++) {
      let want = pass == 0 ? GK.Var : pass == 1 ? GK.Alias : pass == 2 ? GK.IFunc : GK.Func;
      for (let i = 0; i < g; i++) {
        if (<i32>gKind.get(i) != want || (gFlags.get(i) & GF_ERASED) != 0) continue;
        if (vName.get(gValue.get(i)) < 0) this.unnamedNum.set(i, n++);
      }
    }
    this.H.reset();
    hString(this.H, VERSION_TAG);
    this.H.i32(llvmVersion);
    hStrId(this.H, targetTriple); hStrId(this.H, dataLayout);
    hString(this.H, pipeline);
    // module flags change code generation (PIC level, code model, ...)
    for (let i = 0; i < nmdName.len; i++) {
      let nm = nmdName.get(i);
      if (!strtab.eqStr(nm, "llvm.module.flags")) continue;
      let s = nmdOps.get(i), c = nmdNOps.get(i);
      this.H.i32(c);
      for (let j = 0; j < c; j++) this.hMD(this.H, nmdPool.get(s + j));
    }
    this.H.finish(this.env, 16);
  }

  // Properties every global object shares.
  hCommon(h: Blake3, g: i32): void {
    h.u8(gLinkage.get(g)); h.u8(gVisibility.get(g)); h.u8(gDLL.get(g)); h.u8(gTLS.get(g)); h.u8(gUnnamed.get(g));
    h.i32(gFlags.get(g) & (GF_DSO_LOCAL | GF_CONSTANT | GF_EXTERN_INIT));
    h.i32(gAddrSpace.get(g)); h.i32(gAlign.get(g));
    hStrId(h, gSection.get(g)); hStrId(h, gPartition.get(g)); hStrId(h, gExtra.get(g));
    let c = gComdat.get(g);
    if (c < 0) h.u8(0);
    else {
      h.u8(1); h.u8(cdKind.get(c));
      // a comdat named after the definition itself does not hash the name
      if (cdName.get(c) == vName.get(gValue.get(g))) h.u8(0); else { h.u8(1); hStrId(h, cdName.get(c)); }
    }
    // a variable's attributes are one set, a function's a list (function, return, parameters)
    if (<i32>gKind.get(g) == GK.Var) this.hAttrSet(h, gAttrs.get(g)); else this.hAttrList(h, gAttrs.get(g));
    this.hAttachments(h, gMD.get(g));
    this.hType(h, gValueType.get(g));
  }

  // CFG-ordered walk: blocks in breadth-first order of the terminators' successors from the
  // entry; serials for blocks and instructions in that order (arguments are hashed by index).
  numberBody(g: i32): void {
    this.walkBlocks.clear(); this.walkValues.clear();
    let entry = gFirstBlock.get(g);
    if (entry < 0) return;
    let next = 0;
    this.mark(entry, next++); this.walkBlocks.push(entry);
    for (let k = 0; k < this.walkBlocks.len; k++) {
      let b = this.walkBlocks.get(k);
      let t = vB.get(b);
      if (t < 0 || !isTerminator(<i32>iOp.get(t))) continue;
      let n = numOperands(t);
      for (let i = 0; i < n; i++) {
        let s = operand(t, i);
        if (s >= 0 && <i32>vKind.get(s) == VK.Block && this.serial.get(s) < 0) { this.mark(s, next++); this.walkBlocks.push(s); }
      }
    }
    for (let k = 0; k < this.walkBlocks.len; k++)
      for (let i = vA.get(this.walkBlocks.get(k)); i >= 0; i = iNext.get(i)) this.mark(i, next++);
  }
  @inline mark(v: i32, s: i32): void { this.serial.set(v, s); this.walkValues.push(v); }
  // The reachable blocks of g in CFG walk order (valid until the next digest call).
  cfgBlocks(g: i32): I32Vec {
    if (this.serial.len < vKind.len) this.serial.resize(vKind.len, -1);
    this.numberBody(g);
    for (let k = 0; k < this.walkValues.len; k++) this.serial.set(this.walkValues.get(k), -1);
    return this.walkBlocks;
  }

  hInstruction(h: Blake3, i: i32): void {
    let op = <i32>iOp.get(i);
    h.u8(op); this.hType(h, vType.get(i));
    h.i32(iFlags.get(i)); h.i32(iAux.get(i));
    let e = iExt.get(i);
    switch (op) {
      case Op.Alloca: case Op.GetElementPtr: this.hType(h, e); break;
      case Op.Load: case Op.Store: case Op.Fence: case Op.AtomicCmpXchg: case Op.AtomicRMW: hStrId(h, e); break;
      case Op.Call: case Op.Invoke: case Op.CallBr: {
        this.hType(h, ext.get(e)); this.hAttrList(h, ext.get(e + 1));
        let nb = ext.get(e + 4);
        h.i32(ext.get(e + 2)); h.i32(ext.get(e + 3)); h.i32(nb);
        for (let b = 0; b < nb; b++) { hStrId(h, ext.get(e + 5 + 2 * b)); h.i32(ext.get(e + 6 + 2 * b)); }
        h.i32(ext.get(e + 5 + 2 * nb));
        break;
      }
      case Op.ShuffleVector: case Op.ExtractValue: case Op.InsertValue: case Op.LandingPad: {
        let n = ext.get(e); h.i32(n);
        for (let k = 0; k < n; k++) h.i32(ext.get(e + 1 + k));
        break;
      }
      default: break;
    }
    let n = numOperands(i);
    h.i32(n);
    for (let k = 0; k < n; k++) this.hValue(h, operand(i, k));
    this.hAttachments(h, iMD.get(i));
    for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
      h.u8(0x64); h.u8(drKind.get(r));
      let s = drOps.get(r), c = drNOps.get(r);
      h.i32(c);
      for (let k = 0; k < c; k++) this.hMD(h, drPool.get(s + k));
    }
  }

  // The initial digest of definition g into initialDigests (16 bytes at digestPtr(g)).
  computeInitialDigest(g: i32): void {
    if (this.serial.len < vKind.len) this.serial.resize(vKind.len, -1);
    let h = this.H;
    h.reset();
    h.update(this.env, 16);
    let isFn = <i32>gKind.get(g) == GK.Func;
    h.u8(isFn ? 0x46 : 0x56);
    this.hCommon(h, g);
    let v = gValue.get(g);
    if (isFn) {
      h.i32(gCC.get(g)); hStrId(h, gGC.get(g));
      this.hValue(h, operand(v, 0)); this.hValue(h, operand(v, 1)); this.hValue(h, operand(v, 2));
      this.numberBody(g);
      h.i32(gNumArgs.get(g));
      h.i32(this.walkBlocks.len);
      for (let k = 0; k < this.walkBlocks.len; k++) {
        let b = this.walkBlocks.get(k);
        let c = 0;
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) c++;
        h.i32(c);
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) this.hInstruction(h, i);
      }
      for (let k = 0; k < this.walkValues.len; k++) this.serial.set(this.walkValues.get(k), -1);
    } else {
      this.hValue(h, operand(v, 0));
    }
    if (this.initialDigests.len < (globalCount() << 4)) { this.initialDigests.reserve(globalCount() << 4); this.initialDigests.len = globalCount() << 4; }
    if (this.hasDigest.len < globalCount()) this.hasDigest.resize(globalCount(), 0);
    h.finish(this.digestPtr(g), 16);
    this.hasDigest.set(g, 1);
  }

}
export { GF_DEFINED, gFirstArg };
