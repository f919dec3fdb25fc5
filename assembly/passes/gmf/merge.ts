// GlobalMergeFunctions (`-passes=global-merge-func`, llvm/lib/CodeGen/GlobalMergeFunctions.cpp)
// as opt-22 runs it. With no codegen data it builds the stable function map (cgdata/map.ts) from
// the module itself and finalizes it (-codegen-data-generate also embeds it, before finalize, as
// an object's __llvm_merge section would hold it); with a map read from codegen data
// (-codegen-data-use-path, or a batch merged across modules) it uses that map as it is. Then it
// merges each of the module's functions that fits a function of the map with its hash: the body
// moves into a new internal, noinline function `<name>.Tgm` inserted just before it, which takes
// the constants that differ between the map's functions as extra parameters; the function
// becomes a thunk that tail-calls its `.Tgm` with its own constants. (Each merged function gets a
// `.Tgm` of its own: the linker folds the identical ones, across modules too.)
//
// Eligible functions: definitions with a name, not nomerge, alwaysinline, available_externally,
// varargs or swifttailcc, without a musttail call. Which operands may become parameters: constant
// operands of loads, stores, calls and invokes (operands.ts mergeIgnores).
//
// What the merged function keeps: the body (block names, debug records and locations, branch
// weights), the function's attributes, calling convention, section, alignment, GC, personality,
// prefix and prologue data, unnamed_addr, partition (Function::copyAttributesFrom), its
// !dbg subprogram; not its comdat or other metadata. The thunk keeps its name, linkage,
// attributes and arguments and loses every metadata attachment (function entry counts
// included, as opt-22) and its personality, prefix and prologue.
//
// All state is in one GlobalMergeFunc object the pass run makes; the hasher, the local map and
// the report records are its own.
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
  createFunction, appendBlock, IRBuilder, copyFunctionAttributes, setLinkage,
} from "../../ir/builder";
import {
  StructuralHasher, FunctionHashInfo, IgnoreRule,
} from "./structural-hash";
import { arenaOperandIndex, llvmOperand } from "./llvm-numbering";
import { mergeIgnores, isLiveFunction, isEligible, CC_SWIFTTAIL } from "./operands";
import { StableFunctionMap, MergeThresholds, VERDICT_NAMES } from "../../cgdata/map";
import { jsonBytes, jsonStrId, jsonNumber } from "../../util/json";
import { writeMapRecord } from "../../cgdata/record";
import { embedMapBytes } from "../../cgdata/embed";
import { u64MapOrder } from "../../util/densemap";
import { stableNameSpan } from "../../util/stable-name";
import { xxh3 } from "../../util/xxh3";
import { Writer } from "../../text/writer";
import { printTypedValue } from "../../text/printer-values";

const TGM_SUFFIX = ".Tgm";

// Where the stable function map comes from (GlobalMergeFunc's HashFunctionMode, plus the first
// phase of a batch merged across modules).
export const enum MapMode {
  Local = 0,     // built from the module and finalized: merges within the module
  Generate = 1,  // the same, and the map before finalize embedded in the module (-codegen-data-generate)
  Use = 2,       // a map read from codegen data (-codegen-data-use-path), used as it is
  Collect = 3,   // the map before finalize serialized for the host; the module is left alone
}

// One merge done: the function (now a thunk), its new body function and the constants passed.
@final class MergeRecord {
  constructor(public key: i32, public fn: i32, public fnName: i32, public body: i32, public params: I32Vec) {}
}

// One hash of the module's functions the map has (LLVM's HashToFuncs entry): the map's group,
// the module's functions with that hash (positions in `infos`), and for the report, local mode's
// group as it was before finalize.
@final class HashGroup {
  funcs: I32Vec = new I32Vec(2);
  constructor(public hash: u64, public grp: i32) {}
}

@final export class GlobalMergeFunc {
  hasher: StructuralHasher = new StructuralHasher();
  map: StableFunctionMap;
  // the module's eligible functions, hashed once, in module order
  infos: FunctionHashInfo[] = [];
  // the map's record (Collect) or the bytes embedded (Generate)
  record: OutBuf | null = null;
  // for the report: the module's groups of two or more functions with one hash before finalize
  // (local modes), and the hashes merge looked at
  private localGroups: I32Vec[] = [];
  private localHashes: I64Vec = new I64Vec(8);
  private localGroupIds: I32Vec = new I32Vec(8);
  private groups: HashGroup[] = [];
  merges: MergeRecord[] = [];
  // for the merged bodies' placement: .Tgm global -> the function it goes before
  private bodyBefore: I32Vec = new I32Vec(16);
  private bodies: I32Vec = new I32Vec(16);
  // old argument value -> new argument value (metadata that wraps arguments follows them)
  private argMoves: Map<i32, i32> = new Map<i32, i32>();
  private names: Set<i32> = new Set<i32>();
  private lastUnique: i32 = 0;
  private args: I32Vec = new I32Vec(16);
  // builds the casts of the merged bodies' new arguments and the thunks
  private builder: IRBuilder = new IRBuilder();
  private v1: I32Vec = new I32Vec(8);
  // The global renumbering finish() made (old index -> new), empty when nothing moved.
  newIndex: I32Vec = new I32Vec(0);

  // `used`: the map read from codegen data (mode Use); `moduleId`: the module identifier the
  // local map records for each function.
  constructor(public options: MergeThresholds, public mode: MapMode, used: StableFunctionMap | null, public moduleId: string) {
    this.map = used != null ? used : new StableFunctionMap();
  }

  // GlobalMergeFunc::run. Returns the number of functions merged (thunks made).
  run(): i32 {
    this.hashFunctions();
    if (this.mode != MapMode.Use) {
      this.analyze();
      if (this.mode == MapMode.Collect || this.mode == MapMode.Generate) {
        if (this.map.isEmpty()) return 0;
        let o = new OutBuf();
        writeMapRecord(this.map, o);
        this.record = o;
        if (this.mode == MapMode.Collect) return 0;
        embedMapBytes(o.buf.ptr, o.len);
      }
      this.map.finalize(false, this.options);
    }
    return this.merge();
  }

  // ---- analyze ----

  private hashFunctions(): void {
    let n = globalCount();
    for (let g = 0; g < n; g++) {
      if (!isLiveFunction(g) || !isEligible(g)) continue;
      let info = new FunctionHashInfo();
      this.hasher.hashFunction(g, IgnoreRule.MergeConstants, info);
      this.infos.push(info);
    }
  }

  // The local map: every eligible function under its stable name and the module identifier, its
  // ignored operands in the order its hash info's map lists them.
  private analyze(): void {
    let map = this.map;
    let mod = String.UTF8.encode(this.moduleId, false);
    let modPtr = changetype<usize>(mod), modLen = mod.byteLength;
    let keys = this.localHashes;
    for (let i = 0; i < this.infos.length; i++) {
      let info = this.infos[i];
      let nm = vName.get(gValue.get(info.g));
      let p = strtab.ptrOf(nm), span = stableNameSpan(p, strtab.lenOf(nm));
      let e = map.beginFunctionNamed(info.hash, p + <usize>(span >> 32), <i32>(span & 0xffffffff), modPtr, modLen, <u32>info.instCount());
      assert(e == i);
      for (let k = 0; k < info.order.len; k++) {
        let q = info.order.get(k);
        map.addOperandHash(<u32>info.pairInst.get(q), <u32>info.pairOp.get(q), <u64>info.pairHash.get(q));
      }
      map.endFunction();
    }
    // the groups of two or more, before finalize erases any (entries are the infos' positions)
    for (let g = map.firstGroup(); g >= 0; g = map.nextGroup(g)) {
      if (map.groupSize(g) < 2) continue;
      let v = new I32Vec(map.groupSize(g));
      map.groupEntries(g, v);
      this.localGroups.push(v);
      keys.push(<i64>map.groupHash(g));
      this.localGroupIds.push(g);
    }
  }

  // ---- merge ----

  private merge(): i32 {
    let map = this.map;
    // LLVM merges hash after hash in the iteration order of a DenseMap keyed by hash, filled in
    // module order of the functions whose hash the map has; the order shows in the use lists of
    // constants several groups pass
    let keys = new I64Vec(8);
    let index = new Map<u64, i32>();
    for (let i = 0; i < this.infos.length; i++) {
      let h = this.infos[i].hash;
      let grp = map.findHash(h);
      if (grp < 0) continue;
      let k = index.has(h) ? index.get(h) : -1;
      if (k < 0) { k = this.groups.length; index.set(h, k); keys.push(<i64>h); this.groups.push(new HashGroup(h, grp)); }
      this.groups[k].funcs.push(i);
    }
    let order = u64MapOrder(keys);
    for (let x = 0; x < order.len; x++) this.mergeHash(order.get(x));
    if (this.merges.length > 0) this.finish();
    return this.merges.length;
  }

  // The module's functions with one hash: each merges when it fits one of the map's functions.
  private mergeHash(key: i32): void {
    let map = this.map;
    let hg = this.groups[key];
    let sfs = new I32Vec(map.groupSize(hg.grp));
    map.groupEntries(hg.grp, sfs);
    let root = sfs.get(0);
    let params: I32Vec | null = null;
    let fits = new I32Vec(4);
    for (let j = 0; j < hg.funcs.len; j++) {
      let f = this.infos[hg.funcs.get(j)];
      if (<i32>map.instCountOf(root) != f.instCount()) continue;
      if (!this.validSharedConstants(root, f)) continue;
      for (let s = 0; s < sfs.len; s++) {
        let sf = sfs.get(s);
        if (!this.constHashCompatible(sf, f)) continue;
        if (params == null) params = this.computeParamInfo(sfs);
        if (!this.constLocationCompatible(sf, f, params)) continue;
        fits.push(hg.funcs.get(j));
        break;
      }
    }
    for (let j = 0; j < fits.len; j++) this.mergeOne(key, this.infos[fits.get(j)], params!);
  }

  // Every location the map's first function keeps is one f could take a parameter at.
  private validSharedConstants(root: i32, f: FunctionHashInfo): bool {
    let map = this.map;
    for (let k = 0, n = map.pairCount(root); k < n; k++) {
      let ii = <i32>map.pairInst(root, k);
      if (ii >= f.instCount() || !mergeIgnores(f.insts.get(ii), <i32>map.pairOpnd(root, k))) return false;
    }
    return true;
  }
  // checkConstHashCompatible: f has every location map function sf keeps, and equal hashes of sf
  // map to equal hashes of f.
  private constHashCompatible(sf: i32, f: FunctionHashInfo): bool {
    let map = this.map;
    let oldToCur = new Map<u64, u64>();
    for (let k = 0, n = map.pairCount(sf); k < n; k++) {
      let q = f.findPair(<i32>map.pairInst(sf, k), <i32>map.pairOpnd(sf, k));
      if (q < 0) return false;
      let oldH = map.pairHash(sf, k), cur = <u64>f.pairHash.get(q);
      if (!oldToCur.has(oldH)) oldToCur.set(oldH, cur);
      else if (oldToCur.get(oldH) != cur) return false;
    }
    return true;
  }
  // checkConstLocationCompatible: the locations of each parameter hold one hash (in sf) and one
  // constant (in f).
  private constLocationCompatible(sf: i32, f: FunctionHashInfo, params: I32Vec): bool {
    let map = this.map;
    let k = 0;
    while (k < params.len) {
      let n = params.get(k);
      let h0: u64 = 0, c0 = -1;
      for (let i = 0; i < n; i++) {
        let inst = params.get(k + 1 + 2 * i), opnd = params.get(k + 2 + 2 * i);
        let at = map.findPair(sf, <u32>inst, <u32>opnd);
        let h = at >= 0 ? map.pairHash(sf, at) : 0;
        let c = llvmOperand(f.insts.get(inst), opnd);
        if (i == 0) { h0 = h; c0 = c; }
        else if (c != c0 || h != h0) return false;
      }
      k += 2 * n + 1;
    }
    return true;
  }
  // The hash map function e keeps at (inst, opnd) (0 when it keeps none there).
  private hashAt(e: i32, inst: u32, opnd: u32): u64 {
    let at = this.map.findPair(e, inst, opnd);
    return at >= 0 ? this.map.pairHash(e, at) : 0;
  }
  // computeParamInfo: one parameter per distinct sequence of the map functions' hashes at a
  // location (locations where all agree stay constants), its locations in the first function's
  // map order; parameters ordered by their first location. Encoded per parameter as
  // [count, (instruction, operand) × count].
  private computeParamInfo(sfs: I32Vec): I32Vec {
    let map = this.map;
    let root = sfs.get(0);
    let seqKey = new Map<u64, i32>();          // hash of the sequence -> first parameter with it
    let paramFirst = new I32Vec(8);            // per parameter: its first location's position in root
    let paramNext = new I32Vec(8);             // chain of parameters with the same sequence hash
    let locs: I32Vec[] = [];
    let seq = new I64Vec(sfs.len);
    for (let k = 0, n = map.pairCount(root); k < n; k++) {
      let inst = map.pairInst(root, k), opnd = map.pairOpnd(root, k);
      seq.clear();
      let identical = true;
      let h0 = map.pairHash(root, k);
      seq.push(<i64>h0);
      for (let j = 1; j < sfs.len; j++) {
        let h = this.hashAt(sfs.get(j), inst, opnd);
        if (h != h0) identical = false;
        seq.push(<i64>h);
      }
      if (identical) continue;
      let key = xxh3(seq.ptr, <usize>seq.len << 3);
      let param = -1;
      let cand = seqKey.has(key) ? seqKey.get(key) : -1;
      while (cand >= 0) {
        if (this.sameSequence(sfs, paramFirst.get(cand), k)) { param = cand; break; }
        cand = paramNext.get(cand);
      }
      if (param < 0) {
        param = paramFirst.len;
        paramFirst.push(k);
        paramNext.push(seqKey.has(key) ? seqKey.get(key) : -1);
        seqKey.set(key, param);
        locs.push(new I32Vec(4));
      }
      locs[param].push(<i32>inst); locs[param].push(<i32>opnd);
    }
    // parameters by their first location (instruction index, then operand index)
    let order = new I32Vec(locs.length);
    for (let i = 0; i < locs.length; i++) order.push(i);
    for (let i = 1; i < order.len; i++) {
      let x = order.get(i), j = i - 1;
      while (j >= 0 && firstLocLess(locs[x], locs[order.get(j)])) { order.set(j + 1, order.get(j)); j--; }
      order.set(j + 1, x);
    }
    let out = new I32Vec(16);
    for (let i = 0; i < order.len; i++) {
      let l = locs[order.get(i)];
      out.push(l.len >> 1);
      for (let k = 0; k < l.len; k++) out.push(l.get(k));
    }
    return out;
  }
  // Whether the map functions' hashes at root positions p and q are the same sequence.
  private sameSequence(sfs: I32Vec, p: i32, q: i32): bool {
    let map = this.map, root = sfs.get(0);
    if (map.pairHash(root, p) != map.pairHash(root, q)) return false;
    let pi = map.pairInst(root, p), po = map.pairOpnd(root, p), qi = map.pairInst(root, q), qo = map.pairOpnd(root, q);
    for (let j = 1; j < sfs.len; j++) if (this.hashAt(sfs.get(j), pi, po) != this.hashAt(sfs.get(j), qi, qo)) return false;
    return true;
  }

  // ---- one merge ----

  private mergeOne(key: i32, f: FunctionHashInfo, params: I32Vec): void {
    let consts = new I32Vec(4);
    let types = new I32Vec(4);
    let k = 0;
    while (k < params.len) {
      let c = llvmOperand(f.insts.get(params.get(k + 1)), params.get(k + 2));
      consts.push(c); types.push(vType.get(c));
      k += 2 * params.get(k) + 1;
    }
    let g = f.g;
    let name = vName.get(gValue.get(g));
    let body = this.createMergedFunction(f, types, params);
    this.createThunk(g, consts, body);
    this.merges.push(new MergeRecord(key, g, name, body, consts));
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
        let inst = f.insts.get(params.get(k + 1 + 2 * i)), opnd = params.get(k + 2 + 2 * i);
        let slot = iOps.get(inst) + arenaOperandIndex(inst, opnd);
        let orig = opVal.get(slot);
        if (vType.get(orig) != vType.get(arg)) {
          this.builder.setInsertPointBefore(inst);
          setOperandSlot(slot, this.builder.buildAggregateCast(arg, vType.get(orig)));
        } else setOperandSlot(slot, arg);
      }
      k += 2 * n + 1; pi++;
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
    let b = this.builder;
    b.setInsertPointAtEnd(bb);
    let toTy = gValueType.get(body);
    let args = this.args;
    args.clear();
    let n = gNumArgs.get(g);
    for (let i = 0; i < n; i++) args.push(b.buildAggregateCast(gFirstArg.get(g) + i, listAt(toTy, i)));
    for (let i = 0; i < consts.len; i++) args.push(b.buildAggregateCast(consts.get(i), listAt(toTy, n + i)));
    let swiftTail = gCC.get(body) == CC_SWIFTTAIL && gCC.get(g) == CC_SWIFTTAIL;
    let ci = b.buildCall(toTy, gValue.get(body), args, 0, args.len, gAttrs.get(body), gCC.get(body), swiftTail ? 2 : 1);
    let rt = tyA.get(gValueType.get(g));
    if (<i32>tyKind.get(rt) == TK.Void) b.buildRet(-1); else b.buildRet(b.buildAggregateCast(ci, rt));
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

  // {"pass":"global-merge-func","codegenData":bool,"groups":[...],"functionsMerged":N,
  // "groupsMerged":N,"parametersAdded":N}. Local map: each group of two or more of the module's
  // functions with one hash, in module order, with finalize's decision. Codegen data: each hash of
  // the module's functions the map has, with the number of functions the map has for it.
  writeReport(o: OutBuf, w: Writer): void {
    let map = this.map;
    let used = this.mode == MapMode.Use;
    o.str("{\"pass\":\"global-merge-func\",\"codegenData\":"); o.str(used ? "true" : "false");
    o.str(",\"groups\":[");
    let first = true;
    let groupsMerged = 0, paramsAdded = 0;
    let n = used ? this.groups.length : this.localGroups.length;
    let byFirst = new I32Vec(n);
    for (let i = 0; i < n; i++) byFirst.push(i);
    if (!used) {
      // the map's groups in module order of their first function
      let lg = this.localGroups;
      for (let i = 1; i < n; i++) {
        let x = byFirst.get(i), j = i - 1;
        while (j >= 0 && lg[x].get(0) < lg[byFirst.get(j)].get(0)) { byFirst.set(j + 1, byFirst.get(j)); j--; }
        byFirst.set(j + 1, x);
      }
    }
    for (let x = 0; x < n; x++) {
      let i = byFirst.get(x);
      let hash: u64, funcs: I32Vec, grp: i32;
      if (used) { let hg = this.groups[i]; hash = hg.hash; funcs = hg.funcs; grp = hg.grp; }
      else { funcs = this.localGroups[i]; hash = <u64>this.localHashes.get(i); grp = this.localGroupIds.get(i); }
      let key = this.keyOfHash(hash);
      let merged = 0;
      for (let m = 0; m < this.merges.length; m++) if (this.merges[m].key == key && key >= 0) merged++;
      if (!first) o.byte(44);
      first = false;
      o.str("\n  {\"hash\":\""); o.hex(hash, 16, false);
      o.str("\",\"functions\":[");
      for (let j = 0; j < funcs.len; j++) {
        if (j > 0) o.byte(44);
        jsonStrId(o, strtab, vName.get(gValue.get(this.indexNow(this.infos[funcs.get(j)].g))));
      }
      o.str("],\"instructions\":"); o.int(this.infos[funcs.get(0)].instCount());
      if (used) {
        o.str(",\"programFunctions\":"); o.int(map.groupSize(grp));
        o.str(",\"decision\":\""); o.str(merged > 0 ? "merged with codegen data" : "no compatible function in codegen data"); o.byte(34);
      } else {
        o.str(",\"benefit\":"); jsonNumber(o, map.benefit[grp]);
        o.str(",\"cost\":"); jsonNumber(o, map.cost[grp]);
        o.str(",\"decision\":\""); o.str(VERDICT_NAMES[map.verdict.get(grp)]); o.byte(34);
      }
      if (merged > 0) {
        groupsMerged++;
        if (!used) { o.str(",\"instructionsSaved\":"); o.int(this.infos[funcs.get(0)].instCount() * (merged - 1)); }
        o.str(",\"merges\":[");
        let k = 0;
        for (let m = 0; m < this.merges.length; m++) {
          let r = this.merges[m];
          if (r.key != key) continue;
          if (k++ > 0) o.byte(44);
          o.str("\n    {\"thunk\":"); jsonStrId(o, strtab, r.fnName);
          o.str(",\"body\":"); jsonStrId(o, strtab, vName.get(gValue.get(r.body)));
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
  // The position in `groups` of the hash merge looked at, or -1.
  private keyOfHash(h: u64): i32 {
    for (let i = 0; i < this.groups.length; i++) if (this.groups[i].hash == h) return i;
    return -1;
  }
  private indexNow(g: i32): i32 { return g < this.newIndex.len ? this.newIndex.get(g) : g; }
}

// The string-table entry of name `nm` followed by `suffix`.
function withSuffix(nm: i32, suffix: string): i32 {
  let o = new OutBuf();
  if (nm >= 0) o.strId(strtab, nm);
  o.str(suffix);
  return strtab.intern(o.buf.ptr, o.len);
}
// IndexPair order of two parameters' first locations ([inst, opnd, ...]): instruction index,
// then operand index.
function firstLocLess(a: I32Vec, b: I32Vec): bool {
  let x = a.get(0), y = b.get(0);
  return x < y || (x == y && a.get(1) < b.get(1));
}
