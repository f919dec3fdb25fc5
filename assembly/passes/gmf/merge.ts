// GlobalMergeFunctions (`-passes=global-merge-func`, llvm/lib/CodeGen/GlobalMergeFunctions.cpp)
// as opt-22 runs it on one module: with no codegen data it builds the stable function map from
// the module itself (function-map.ts), then merges each profitable group: every member's body
// moves into a new internal, noinline function `<name>.Tgm` inserted just before it, which takes
// the constants that differ between the members as extra parameters; the member becomes a thunk
// that tail-calls its `.Tgm` with its own constants. (Each member gets a `.Tgm` of its own: the
// linker folds the identical ones.)
//
// Eligible functions: definitions with a name, not nomerge, alwaysinline, available_externally,
// varargs or swifttailcc, without a musttail call. Which operands may become parameters: constant
// operands of loads, stores, calls and invokes (structural-hash.ts mergeIgnores).
//
// What the merged function keeps: the body (block names, debug records and locations, branch
// weights), the function's attributes, calling convention, section, alignment, GC, personality,
// prefix and prologue data, unnamed_addr, partition (Function::copyAttributesFrom), its
// !dbg subprogram; not its comdat or other metadata. The thunk keeps its name, linkage,
// attributes and arguments and loses every metadata attachment (function entry counts
// included, as opt-22) and its personality, prefix and prologue.
//
// All state is in one GlobalMergeFunc object the pass run makes; the hasher, the map and the
// report records are its own.
import { I32Vec, I64Vec } from "../../util/vec";
import { OutBuf } from "../../util/outbuf";
import { strtab } from "../../ir/module";
import {
  VK, vKind, vType, vName, vParent, vA, vFirstUse, iNext, iOps, iOp, iFlags, opVal, opNext, opUser, setOperandSlot,
  replaceAllUsesWith,
} from "../../ir/values";
import {
  GK, gKind, gValue, gLinkage, gFlags, gCC, gAttrs, gMD, gDLL, gFirstBlock, gLastBlock, gFirstArg, gNumArgs,
  gValueType, globalCount, reorderGlobals, Linkage, GF_ERASED, GF_DEFINED,
} from "../../ir/globals";
import { tyA, tyFlags, TF_VARARG, listLen, listAt, functionType, isStruct, isInt, isPtr, isVector, scalarType, tyKind, TK, memberCount, memberType } from "../../ir/types";
import { getPoison, invalidateConstant } from "../../ir/constants";
import { Op, F_TAIL_SHIFT, isCallLike } from "../../ir/opcodes";
import { mdKind, mdA, MK, findAttachment, addAttachment, MDK_DBG } from "../../ir/metadata";
import { fnAttrs, setHasKind, listWithFnEnum, ATTR_NOINLINE, ATTR_NOMERGE, ATTR_ALWAYSINLINE } from "../../ir/attributes";
import {
  createFunction, appendBlock, setInsertPointAtEnd, setInsertPointBefore, buildCall, buildRet, buildCast,
  buildExtractValue, buildInsertValue, copyFunctionAttributes, setLinkage, buildAggregateCast,
} from "../../ir/builder";
import {
  StructuralHasher, FunctionHashInfo, IgnoreRule, mergeIgnores, arenaOperandIndex, llvmOperand,
} from "./structural-hash";
import { StableFunctionMap, MergeOptions, VERDICT_NAMES } from "./function-map";
import { u64MapOrder } from "./densemap";
import { xxh3 } from "../../util/xxh3";
import { Writer } from "../../text/writer";
import { printTypedValue } from "../../text/printer-values";

const CC_SWIFTTAIL: i32 = 20;
const TGM_SUFFIX = ".Tgm";

// One merge done: the function (now a thunk), its new body function and the constants passed.
@final class MergeRecord {
  constructor(public grp: i32, public fn: i32, public fnName: i32, public body: i32, public params: I32Vec) {}
}

@final export class GlobalMergeFunc {
  hasher: StructuralHasher = new StructuralHasher();
  map: StableFunctionMap = new StableFunctionMap();
  // per group (map order): the parameter locations, as lists of pair positions; the first of
  // each list decides the parameter's order
  paramLocs: Array<I32Vec | null> = [];
  merges: MergeRecord[] = [];
  // for the merged bodies' placement: .Tgm global -> the function it goes before
  private bodyBefore: I32Vec = new I32Vec(16);
  private bodies: I32Vec = new I32Vec(16);
  // old argument value -> new argument value (metadata that wraps arguments follows them)
  private argMoves: Map<i32, i32> = new Map<i32, i32>();
  private names: Set<i32> = new Set<i32>();
  private lastUnique: i32 = 0;
  private args: I32Vec = new I32Vec(16);
  // The global renumbering finish() made (old index -> new), empty when nothing moved.
  newIndex: I32Vec = new I32Vec(0);

  constructor(public options: MergeOptions) {}

  // The run: analyze, finalize, merge. Returns the number of functions merged (thunks made).
  run(): i32 {
    this.analyze();
    this.map.finalize(this.options);
    return this.merge();
  }

  // ---- analyze ----

  private analyze(): void {
    let n = globalCount();
    for (let g = 0; g < n; g++) {
      if (!isLiveFunction(g) || !isEligible(g)) continue;
      let info = new FunctionHashInfo();
      this.hasher.hashFunction(g, IgnoreRule.MergeConstants, info);
      this.map.insert(info);
    }
  }

  // ---- merge ----

  private merge(): i32 {
    let map = this.map;
    let groups = map.groupCount();
    this.paramLocs = new Array<I32Vec | null>(groups);
    let plan = new I32Vec(16);       // (group, entry, compatible SF entry) triples to merge
    // LLVM merges group after group in the iteration order of a DenseMap keyed by hash, its keys
    // the kept groups' in module order of their first function; the order shows in the use lists
    // of constants several groups pass
    let keys = new I64Vec(8), starts = new I32Vec(8);
    for (let grp = 0; grp < groups; grp++) {
      this.paramLocs[grp] = null;
      if (!map.kept(grp)) continue;
      keys.push(map.groupHash.get(grp)); starts.push(plan.len);
      let ms = map.groupMembers[grp];
      let root = map.entries[ms.get(0)];
      for (let j = 0; j < ms.len; j++) {
        let f = map.entries[ms.get(j)];
        if (f.instCount() != root.instCount()) continue;
        if (!this.validSharedConstants(grp, root, f)) continue;
        for (let s = 0; s < ms.len; s++) {
          if (!this.constHashCompatible(grp, s, f)) continue;
          if (this.paramLocs[grp] == null) this.paramLocs[grp] = this.computeParamInfo(grp);
          if (!this.constLocationCompatible(grp, s, f)) continue;
          plan.push(grp); plan.push(ms.get(j)); plan.push(ms.get(s));
          break;
        }
      }
    }
    starts.push(plan.len);
    let groupOrder = u64MapOrder(keys);
    for (let x = 0; x < groupOrder.len; x++) {
      let i = groupOrder.get(x);
      for (let k = starts.get(i), end = starts.get(i + 1); k < end; k += 3) this.mergeOne(plan.get(k), map.entries[plan.get(k + 1)]);
    }
    if (this.merges.length > 0) this.finish();
    return this.merges.length;
  }

  // Every location the root keeps is one function f could take a parameter at.
  private validSharedConstants(grp: i32, root: FunctionHashInfo, f: FunctionHashInfo): bool {
    for (let k = 0; k < root.order.len; k++) {
      let p = root.order.get(k);
      if (this.map.isTrimmed(grp, p)) continue;
      let ii = root.pairInst.get(p);
      if (ii >= f.instCount() || !mergeIgnores(f.insts.get(ii), root.pairOp.get(p))) return false;
    }
    return true;
  }
  // checkConstHashCompatible: f has every location member s keeps, and equal hashes of s map to
  // equal hashes of f.
  private constHashCompatible(grp: i32, s: i32, f: FunctionHashInfo): bool {
    let sf = this.map.entries[this.map.groupMembers[grp].get(s)];
    let oldToCur = new Map<u64, u64>();
    for (let k = 0; k < sf.order.len; k++) {
      let p = sf.order.get(k);
      if (this.map.isTrimmed(grp, p)) continue;
      let q = f.findPair(sf.pairInst.get(p), sf.pairOp.get(p));
      if (q < 0) return false;
      let oldH = <u64>sf.pairHash.get(p), cur = <u64>f.pairHash.get(q);
      if (!oldToCur.has(oldH)) oldToCur.set(oldH, cur);
      else if (oldToCur.get(oldH) != cur) return false;
    }
    return true;
  }
  // checkConstLocationCompatible: the locations of each parameter hold one hash (in member s) and
  // one constant (in f).
  private constLocationCompatible(grp: i32, s: i32, f: FunctionHashInfo): bool {
    let sf = this.map.entries[this.map.groupMembers[grp].get(s)];
    let params = this.paramLocs[grp]!;
    let k = 0;
    while (k < params.len) {
      let n = params.get(k);
      let h0: u64 = 0, c0 = -1;
      for (let i = 0; i < n; i++) {
        let p = params.get(k + 1 + i);
        let h = <u64>sf.pairHash.get(p);
        let c = llvmOperand(f.insts.get(sf.pairInst.get(p)), sf.pairOp.get(p));
        if (i == 0) { h0 = h; c0 = c; }
        else if (c != c0 || h != h0) return false;
      }
      k += n + 1;
    }
    return true;
  }
  // computeParamInfo: one parameter per distinct sequence of the members' hashes at a location
  // (locations where all members agree stay constants), its locations in the root's map order;
  // parameters ordered by their first location. Encoded as [count, positions...] per parameter.
  private computeParamInfo(grp: i32): I32Vec {
    let map = this.map;
    let ms = map.groupMembers[grp];
    let root = map.entries[ms.get(0)];
    let seqKey = new Map<u64, i32>();          // hash of the sequence -> first parameter with it
    let paramFirst = new I32Vec(8);            // per parameter: its first position
    let paramNext = new I32Vec(8);             // chain of parameters with the same sequence hash
    let locs: I32Vec[] = [];
    let seq = new I64Vec(ms.len);
    for (let k = 0; k < root.order.len; k++) {
      let p = root.order.get(k);
      if (map.isTrimmed(grp, p)) continue;
      seq.clear();
      let identical = true;
      let h0 = <u64>root.pairHash.get(p);
      seq.push(<i64>h0);
      for (let j = 1; j < ms.len; j++) {
        let h = map.pairHashOf(grp, j, p);
        if (h != h0) identical = false;
        seq.push(<i64>h);
      }
      if (identical) continue;
      let key = xxh3(seq.ptr, <usize>seq.len << 3);
      let param = -1;
      let cand = seqKey.has(key) ? seqKey.get(key) : -1;
      while (cand >= 0) {
        if (this.sameSequence(grp, paramFirst.get(cand), p)) { param = cand; break; }
        cand = paramNext.get(cand);
      }
      if (param < 0) {
        param = paramFirst.len;
        paramFirst.push(p);
        paramNext.push(seqKey.has(key) ? seqKey.get(key) : -1);
        seqKey.set(key, param);
        locs.push(new I32Vec(4));
      }
      locs[param].push(p);
    }
    // parameters by their first location (instruction index, then operand index)
    let order = new I32Vec(locs.length);
    for (let i = 0; i < locs.length; i++) order.push(i);
    for (let i = 1; i < order.len; i++) {
      let x = order.get(i), j = i - 1;
      while (j >= 0 && pairLess(root, paramFirst.get(x), paramFirst.get(order.get(j)))) { order.set(j + 1, order.get(j)); j--; }
      order.set(j + 1, x);
    }
    let out = new I32Vec(16);
    for (let i = 0; i < order.len; i++) {
      let l = locs[order.get(i)];
      out.push(l.len);
      for (let k = 0; k < l.len; k++) out.push(l.get(k));
    }
    return out;
  }
  private sameSequence(grp: i32, p: i32, q: i32): bool {
    let n = this.map.groupMembers[grp].len;
    for (let j = 0; j < n; j++) if (this.map.pairHashOf(grp, j, p) != this.map.pairHashOf(grp, j, q)) return false;
    return true;
  }

  // ---- one merge ----

  private mergeOne(grp: i32, f: FunctionHashInfo): void {
    let params = this.paramLocs[grp]!;
    let consts = new I32Vec(4);
    let types = new I32Vec(4);
    let k = 0;
    while (k < params.len) {
      let n = params.get(k);
      let p = params.get(k + 1);
      let c = llvmOperand(f.insts.get(f.pairInst.get(p)), f.pairOp.get(p));
      consts.push(c); types.push(vType.get(c));
      k += n + 1;
    }
    let g = f.g;
    let name = vName.get(gValue.get(g));
    let body = this.createMergedFunction(f, types, params);
    this.createThunk(g, consts, body);
    this.merges.push(new MergeRecord(grp, g, name, body, consts));
  }

  private createMergedFunction(f: FunctionHashInfo, constTypes: I32Vec, params: I32Vec): i32 {
    let g = f.g;
    let fv = gValue.get(g);
    let fTy = gValueType.get(g);
    let nOrig = listLen(fTy);
    let ptys = new I32Vec(nOrig + constTypes.len);
    for (let i = 0; i < nOrig; i++) ptys.push(listAt(fTy, i));
    for (let i = 0; i < constTypes.len; i++) ptys.push(constTypes.get(i));
    let nTy = functionType(tyA.get(fTy), ptys, 0, ptys.len, false);
    let ng = createFunction(nTy, <i32>gLinkage.get(g), 0, this.bodyName(vName.get(fv)));
    let nv = gValue.get(ng);
    let sp = findAttachment(gMD.get(g), MDK_DBG);
    if (sp >= 0) gMD.set(ng, addAttachment(-1, MDK_DBG, sp));
    copyFunctionAttributes(ng, g);
    gDLL.set(ng, 0);
    setLinkage(ng, Linkage.Internal);
    gAttrs.set(ng, listWithFnEnum(gAttrs.get(ng), ATTR_NOINLINE));
    // the body moves
    gFirstBlock.set(ng, gFirstBlock.get(g)); gLastBlock.set(ng, gLastBlock.get(g));
    for (let b = gFirstBlock.get(ng); b >= 0; b = iNext.get(b)) {
      vParent.set(b, nv);
      // LLVM 22's blockaddress names the block alone (its function is the block's parent): one
      // of a moved block now names the merged function
      for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
        let u = opUser.get(s);
        if (<i32>vKind.get(u) == VK.BlockAddress && iOps.get(u) + 1 == s) {
          invalidateConstant(u);
          setOperandSlot(iOps.get(u), nv);
        }
      }
    }
    gFirstBlock.set(g, -1); gLastBlock.set(g, -1);
    gFlags.set(ng, gFlags.get(ng) | GF_DEFINED);
    // the old arguments' uses go to the new ones
    for (let i = 0; i < nOrig; i++) {
      let oa = gFirstArg.get(g) + i, na = gFirstArg.get(ng) + i;
      replaceAllUsesWith(oa, na);
      this.argMoves.set(oa, na);
    }
    // the constants become the new arguments
    let k = 0, pi = 0;
    while (k < params.len) {
      let n = params.get(k);
      let arg = gFirstArg.get(ng) + nOrig + pi;
      for (let i = 0; i < n; i++) {
        let p = params.get(k + 1 + i);
        let inst = f.insts.get(f.pairInst.get(p));
        let slot = iOps.get(inst) + arenaOperandIndex(inst, f.pairOp.get(p));
        let orig = opVal.get(slot);
        if (vType.get(orig) != vType.get(arg)) {
          setInsertPointBefore(inst);
          setOperandSlot(slot, buildAggregateCast(arg, vType.get(orig)));
        } else setOperandSlot(slot, arg);
      }
      k += n + 1; pi++;
    }
    this.bodyBefore.push(g); this.bodies.push(ng);
    return ng;
  }

  // The thunk: g's own arguments and the constants, passed to the merged body by a tail call.
  private createThunk(g: i32, consts: I32Vec, body: i32): void {
    let fv = gValue.get(g);
    // Function::dropAllReferences: the metadata, personality, prefix and prologue go
    gMD.set(g, -1);
    for (let k = 0; k < 3; k++) setOperandSlot(iOps.get(fv) + k, -1);
    let bb = appendBlock(g, -1);
    setInsertPointAtEnd(bb);
    let toTy = gValueType.get(body);
    let args = this.args;
    args.clear();
    let n = gNumArgs.get(g);
    for (let i = 0; i < n; i++) args.push(buildAggregateCast(gFirstArg.get(g) + i, listAt(toTy, i)));
    for (let i = 0; i < consts.len; i++) args.push(buildAggregateCast(consts.get(i), listAt(toTy, n + i)));
    let swiftTail = gCC.get(body) == CC_SWIFTTAIL && gCC.get(g) == CC_SWIFTTAIL;
    let ci = buildCall(toTy, gValue.get(body), args, 0, args.len, gAttrs.get(body), gCC.get(body), swiftTail ? 2 : 1);
    let rt = tyA.get(gValueType.get(g));
    if (<i32>tyKind.get(rt) == TK.Void) buildRet(-1); else buildRet(buildAggregateCast(ci, rt));
  }

  // `<name>.Tgm`, made unique in the module as its symbol table does (`.N` with a running N).
  private bodyName(nm: i32): i32 {
    if (this.names.size == 0) {
      let n = globalCount();
      for (let g = 0; g < n; g++) { if ((gFlags.get(g) & GF_ERASED) != 0) continue; let x = vName.get(gValue.get(g)); if (x >= 0) this.names.add(x); }
    }
    let id = withSuffix(nm, TGM_SUFFIX);
    let base = id;
    while (this.names.has(id)) id = withSuffix(base, "." + (++this.lastUnique).toString());
    this.names.add(id);
    return id;
  }

  // After the merges: metadata that wrapped the old arguments follows them, and each merged body
  // takes its place just before its function.
  private finish(): void {
    let keys = this.argMoves.keys();
    if (keys.length > 0) {
      let n = mdKind.len;
      for (let m = 0; m < n; m++) {
        if (<i32>mdKind.get(m) != MK.Value) continue;
        let v = mdA.get(m);
        if (v >= 0 && this.argMoves.has(v)) mdA.set(m, this.argMoves.get(v));
      }
    }
    let ng = globalCount();
    let before = new I32Vec(ng); before.resize(ng, -1);
    let isBody = new I32Vec(ng); isBody.resize(ng, 0);
    for (let i = 0; i < this.bodies.len; i++) { before.set(this.bodyBefore.get(i), this.bodies.get(i)); isBody.set(this.bodies.get(i), 1); }
    let order = new I32Vec(ng);
    for (let g = 0; g < ng; g++) {
      if (isBody.get(g) != 0) continue;
      if (before.get(g) >= 0) order.push(before.get(g));
      order.push(g);
    }
    this.newIndex = new I32Vec(ng); this.newIndex.resize(ng, -1);
    for (let i = 0; i < ng; i++) this.newIndex.set(order.get(i), i);
    reorderGlobals(0, order);
    for (let g = 0; g < ng; g++) vA.set(gValue.get(g), g);
    for (let i = 0; i < this.merges.length; i++) {
      let r = this.merges[i];
      r.fn = this.newIndex.get(r.fn); r.body = this.newIndex.get(r.body);
    }
  }

  // ---- the report ----

  // {"pass":"global-merge-func","groups":[...],"functionsMerged":N,"groupsMerged":N,"parametersAdded":N}
  writeReport(o: OutBuf, w: Writer): void {
    let map = this.map;
    o.str("{\"pass\":\"global-merge-func\",\"groups\":[");
    let first = true;
    let groupsMerged = 0, paramsAdded = 0;
    for (let grp = 0; grp < map.groupCount(); grp++) {
      let ms = map.groupMembers[grp];
      let merged = 0;
      for (let i = 0; i < this.merges.length; i++) if (this.merges[i].grp == grp) merged++;
      if (ms.len < 2 && merged == 0) continue;
      if (!first) o.byte(44);
      first = false;
      let root = map.entries[ms.get(0)];
      o.str("\n  {\"hash\":\""); o.hex(<u64>map.groupHash.get(grp), 16, false);
      o.str("\",\"functions\":[");
      for (let j = 0; j < ms.len; j++) {
        if (j > 0) o.byte(44);
        jsonString(o, vName.get(gValue.get(this.indexNow(map.entries[ms.get(j)].g))));
      }
      o.str("],\"instructions\":"); o.int(root.instCount());
      o.str(",\"benefit\":"); jsonNumber(o, map.benefit[grp]);
      o.str(",\"cost\":"); jsonNumber(o, map.cost[grp]);
      o.str(",\"decision\":\""); o.str(verdictName(map.verdict.get(grp))); o.byte(34);
      if (merged > 0) {
        groupsMerged++;
        o.str(",\"instructionsSaved\":"); o.int(root.instCount() * (merged - 1));
        o.str(",\"merges\":[");
        let k = 0;
        for (let i = 0; i < this.merges.length; i++) {
          let r = this.merges[i];
          if (r.grp != grp) continue;
          if (k++ > 0) o.byte(44);
          o.str("\n    {\"thunk\":"); jsonString(o, r.fnName);
          o.str(",\"body\":"); jsonString(o, vName.get(gValue.get(r.body)));
          o.str(",\"parameters\":[");
          for (let p = 0; p < r.params.len; p++) {
            if (p > 0) o.byte(44);
            let t = new OutBuf();
            printTypedValue(w, t, r.params.get(p));
            jsonBytes(o, t.buf.ptr, t.len);
            paramsAdded++;
          }
          o.str("]}");
        }
        o.str("]");
      }
      o.byte(125);
    }
    o.str(first ? "]" : "\n]");
    o.str(",\"functionsMerged\":"); o.int(this.merges.length);
    o.str(",\"groupsMerged\":"); o.int(groupsMerged);
    o.str(",\"parametersAdded\":"); o.int(paramsAdded);
    o.str("}\n");
  }
  private indexNow(g: i32): i32 { return g < this.newIndex.len ? this.newIndex.get(g) : g; }
}

function verdictName(v: i32): string { return VERDICT_NAMES[v]; }

// ---- eligibility ----

function isLiveFunction(g: i32): bool {
  return <i32>gKind.get(g) == GK.Func && (gFlags.get(g) & GF_ERASED) == 0;
}
// isEligibleFunction (LLVM 22).
export function isEligible(g: i32): bool {
  if ((gFlags.get(g) & GF_DEFINED) == 0 || gFirstBlock.get(g) < 0) return false;
  let fa = fnAttrs(gAttrs.get(g));
  if (setHasKind(fa, ATTR_NOMERGE) || setHasKind(fa, ATTR_ALWAYSINLINE)) return false;
  if (<i32>gLinkage.get(g) == Linkage.Available) return false;
  if ((tyFlags.get(gValueType.get(g)) & TF_VARARG) != 0) return false;
  if (gCC.get(g) == CC_SWIFTTAIL) return false;
  let nm = vName.get(gValue.get(g));
  if (nm < 0 || strtab.lenOf(nm) == 0) return false;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      if (isCallLike(<i32>iOp.get(i)) && ((iFlags.get(i) >> F_TAIL_SHIFT) & 3) == 2) return false;
    }
  }
  return true;
}


// ---- JSON ----
function jsonString(o: OutBuf, s: i32): void {
  if (s < 0) { o.str("null"); return; }
  jsonBytes(o, strtab.ptrOf(s), strtab.lenOf(s));
}
function jsonBytes(o: OutBuf, p: usize, n: i32): void {
  o.byte(34);
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c == 34 || c == 92) { o.byte(92); o.byte(c); }
    else if (c < 32) { o.str("\\u00"); o.byte(hexDigit(c >> 4)); o.byte(hexDigit(c & 15)); }
    else o.byte(c);
  }
  o.byte(34);
}
function hexDigit(d: i32): i32 { return d < 10 ? 48 + d : 87 + d; }
// A JSON number for a double (integers without a fraction; infinities and NaN as strings).
function jsonNumber(o: OutBuf, x: f64): void {
  if (isNaN(x)) { o.str("\"nan\""); return; }
  if (!isFinite(x)) { o.str(x > 0 ? "\"inf\"" : "\"-inf\""); return; }
  if (x == Math.floor(x) && Math.abs(x) < 1e15) { o.i64(<i64>x); return; }
  o.str(x.toString());
}

// The string-table entry of name `nm` followed by `suffix`.
function withSuffix(nm: i32, suffix: string): i32 {
  let o = new OutBuf();
  if (nm >= 0) o.strId(strtab, nm);
  o.str(suffix);
  return strtab.intern(o.buf.ptr, o.len);
}
// IndexPair order: instruction index, then operand index.
function pairLess(info: FunctionHashInfo, p: i32, q: i32): bool {
  let a = info.pairInst.get(p), b = info.pairInst.get(q);
  return a < b || (a == b && info.pairOp.get(p) < info.pairOp.get(q));
}
