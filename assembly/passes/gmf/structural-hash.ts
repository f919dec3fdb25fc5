// LLVM 22's detailed structural hash (llvm/lib/IR/StructuralHash.cpp) and its variant with
// differences, StructuralHashWithDifferences, which GlobalMergeFunctions and the codegen data
// (`.cgdata`) stable function maps are built from. Bit for bit LLVM 22's: checked against
// `opt-22 -passes='print<structural-hash><detailed>'` and `<call-target-ignored>`
// (print-hash.ts prints both as opt does).
//
// The hash of a function is the XXH3 stable_hash_combine of the words
//   [4, function header, varargs, argument count, then per block in depth-first successor order
//    a block header and each instruction's hash]
// and an instruction's hash combines its LLVM opcode, the hash of its type, a compare's predicate
// and the hash of each operand in LLVM's operand order. An operand's hash combines the hash of its
// type with the hash of the value: a constant by its contents (constants.ts hashConstant below:
// integers and floats by width and bits, global values by their stable name, strings by their
// bytes, aggregates and expressions by their operands, a few kinds by their type alone), an
// argument by its number and an id, any other value by an id given in order of first sight.
//
// With an ignore rule, an operand the rule accepts is left out of its instruction's hash and its
// hash is recorded under (instruction index, operand index) instead; LLVM keeps those in a
// DenseMap, whose iteration order (util/densemap.ts) decides the order merged functions take
// parameters in. FunctionHashInfo holds one function's result: what a StableFunction entry of a
// stable function map holds (hash, instruction count, the (index pair, operand hash) list), and
// the instructions by index.
import { I32Vec, I64Vec } from "../../util/vec";
import { xxh3 } from "../../util/xxh3";
import { strtab } from "../../ir/module";
import {
  VK, vKind, vType, vName, vA, iOp, iFlags, iNext, iOps, iNOps, opVal, operand, numOperands,
} from "../../ir/values";
import { GK, gKind, gValue, gFirstBlock, gFirstArg, gNumArgs, gValueType, gSection, gFlags, GF_ERASED, GF_DEFINED, globalCount } from "../../ir/globals";
import { TK, T_PTR, tyKind, tyA, tyFlags, TF_VARARG } from "../../ir/types";
import { intWordCount, intWord, fpWord } from "../../ir/constants";
import { Op, F_UNWIND_CALLER } from "../../ir/opcodes";
import { predicate, callNumBundles, bundleTag, bundleNumOps, bundleFirstOp } from "../../ir/inst";
import { zext64 } from "../../util/bits";
import { canonicalMD } from "../../ir/metadata";
import { llvmOpcode, terminatorOf, numSuccessors, successor } from "../mergefunc/hash";
import { PairMap, pairMapOrder } from "../../util/densemap";
import { stableNameSpan, lastIndexOfAscii } from "../../util/stable-name";
import { LocalRange, localRange } from "../../ir/query";
import { IgnoreRule, ignores, isDataSequential, isNull, isString, fpWidth, startsWith } from "./operands";
import { llvmTypeID, llvmNumOperands, arenaOperandIndex, llvmOperand, llvmPredicate, isConstantKind, isConstantValue } from "./llvm-numbering";
export { llvmTypeID, llvmNumOperands, arenaOperandIndex, llvmOperand, isConstantValue };
export { IgnoreRule };


const FUNCTION_HEADER: u64 = 0x62642d6b6b2d6b72;
const BLOCK_HEADER: u64 = 45798;
const GLOBAL_HEADER: u64 = 23456;

// ---- names ----

// stable_hash_name: XXH3 of the stable part of the bytes.
export function stableHashName(p: usize, n: i32): u64 {
  let span = stableNameSpan(p, n);
  return xxh3(p + <usize>(span >> 32), <usize>(span & 0xffffffff));
}
// The stable name of a string-table entry (get_stable_name(F.getName())).
export function stableNameOf(s: i32): string {
  if (s < 0) return "";
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  let span = stableNameSpan(p, n);
  return String.UTF8.decodeUnsafe(p + <usize>(span >> 32), <usize>(span & 0xffffffff), false);
}

// ---- one function's result ----

@final export class FunctionHashInfo {
  hash: u64 = 0;
  g: i32 = -1;
  // instruction index -> instruction (IndexInstrMap), in hashing order
  insts: I32Vec = new I32Vec(16);
  // the ignored operands, in the order they were recorded (ascending (instruction, operand))
  pairInst: I32Vec = new I32Vec(4);
  pairOp: I32Vec = new I32Vec(4);
  pairHash: I64Vec = new I64Vec(4);
  // positions into the pair lists in the iteration order of the map StructuralHashWithDifferences
  // returns (its IndexOperandHashMap)
  order: I32Vec = new I32Vec(4);
  @inline instCount(): i32 { return this.insts.len; }
  @inline pairCount(): i32 { return this.pairInst.len; }
  clear(): void {
    this.hash = 0; this.g = -1; this.insts.clear(); this.pairInst.clear(); this.pairOp.clear(); this.pairHash.clear(); this.order.clear();
  }
  // The position of pair (inst, op), or -1 (binary search: pairs are ascending).
  findPair(inst: i32, op: i32): i32 {
    let lo = 0, hi = this.pairInst.len - 1;
    while (lo <= hi) {
      let mid = (lo + hi) >> 1;
      let a = this.pairInst.get(mid), b = this.pairOp.get(mid);
      if (a == inst && b == op) return mid;
      if (a < inst || (a == inst && b < op)) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
  }
}

// ---- the hasher ----

// One object per user (a pass run, a printer, a map builder): its caches and scratch are its own.
// Constant and type hashes are cached by id for the hasher's lifetime: make a new hasher after
// constants or globals change (the merge pass hashes every function before it changes any).
@final export class StructuralHasher {
  private words: I64Vec = new I64Vec(256);     // the function's words
  private cw: I64Vec = new I64Vec(64);         // nested word lists (instructions, operands, constants)
  private constHash: Map<i32, u64> = new Map<i32, u64>();
  private typeHashDone: I32Vec = new I32Vec(64);
  private typeHashVal: I64Vec = new I64Vec(64);
  // ids of non-constant values in order of first sight (ValueToId)
  private localIds: Int32Array = new Int32Array(0);
  private localStamp: Int32Array = new Int32Array(0);
  private blockSeen: Int32Array = new Int32Array(0);      // blocks the walk has met (same stamp)
  // (indexed by the function's LocalRange, `range` below)
  private stamp: i32 = 0;
  private otherIds: Map<i32, i32> = new Map<i32, i32>();
  private nextId: i32 = 0;
  private blockStack: I32Vec = new I32Vec(64);
  private layout: PairMap = new PairMap();
  private depth: i32 = 0;

  // ---- words ----
  @inline private combineFrom(base: i32): u64 {
    let h = xxh3(this.cw.ptr + (<usize>base << 3), <usize>(this.cw.len - base) << 3);
    this.cw.len = base;
    return h;
  }

  // hashType: [TypeID, integer width]
  typeHash(t: i32): u64 {
    if (t < this.typeHashDone.len && this.typeHashDone.get(t) != 0) return <u64>this.typeHashVal.get(t);
    let base = this.cw.len;
    this.cw.push(llvmTypeID(t));
    if (<i32>tyKind.get(t) == TK.Int) this.cw.push(tyA.get(t));
    let h = this.combineFrom(base);
    if (t >= this.typeHashDone.len) { this.typeHashDone.resize(t + 1, 0); this.typeHashVal.resize(t + 1, 0); }
    this.typeHashDone.set(t, 1); this.typeHashVal.set(t, <i64>h);
    return h;
  }

  // hashAPInt: [bit width, the 64-bit words]
  private apIntHash(width: i32, c: i32, fp: bool): u64 {
    let base = this.cw.len;
    this.cw.push(width);
    let n = (width + 63) >> 6;
    for (let k = 0; k < n; k++) {
      let lo = fp ? fpWord(c, 2 * k) : intWord(c, 2 * k);
      let hi = fp ? fpWord(c, 2 * k + 1) : intWord(c, 2 * k + 1);
      let w = zext64(lo) | (zext64(hi) << 32);
      let rest = width - 64 * k;
      if (rest < 64) w &= (<u64>1 << <u64>rest) - 1;
      this.cw.push(<i64>w);
    }
    return this.combineFrom(base);
  }

  // hashGlobalValue: the stable name's hash, 0 for an unnamed global.
  private globalValueHash(v: i32): u64 {
    let nm = vName.get(v);
    if (nm < 0 || strtab.lenOf(nm) == 0) return 0;
    return stableHashName(strtab.ptrOf(nm), strtab.lenOf(nm));
  }
  // hashGlobalVariable: a `.str*` string's contents, the contents of Objective-C data in the
  // sections LLVM names, else the global's name.
  private globalVariableHash(v: i32): u64 {
    let init = operand(v, 0);
    if (init < 0) return this.globalValueHash(v);
    let nm = vName.get(v);
    if (nm >= 0 && startsWith(nm, ".str")) {
      if (isString(init)) return this.stringHash(init);
    }
    let g = vA.get(v);
    let sec = gSection.get(g);
    if (sec >= 0 && strtab.lenOf(sec) > 0) {
      let p = strtab.ptrOf(sec), n = strtab.lenOf(sec);
      if (lastIndexOfAscii(p, n, "__cfstring") >= 0 || lastIndexOfAscii(p, n, "__cstring") >= 0 || lastIndexOfAscii(p, n, "__objc_classrefs") >= 0 ||
          lastIndexOfAscii(p, n, "__objc_methname") >= 0 || lastIndexOfAscii(p, n, "__objc_selrefs") >= 0) {
        if (this.depth > 64) return 0;
        this.depth++;
        let h = this.constantHash(init);
        this.depth--;
        return h;
      }
    }
    return this.globalValueHash(v);
  }
  // stable_hash_name(getAsString()) of a ConstantDataArray of i8 (0 when c is not one).
  private stringHash(c: i32): u64 {
    let k = <i32>vKind.get(c);
    if (k == VK.ConstData) return stableHashName(strtab.ptrOf(vA.get(c)), strtab.lenOf(vA.get(c)));
    if (k != VK.ConstArray || !isString(c)) return 0;
    let n = numOperands(c);
    let tmp = new Uint8Array(n);
    for (let i = 0; i < n; i++) tmp[i] = <u8>intWord(operand(c, i), 0);
    return stableHashName(changetype<usize>(tmp.buffer), n);
  }

  // hashConstant (cached by constant id).
  constantHash(c: i32): u64 {
    if (this.constHash.has(c)) return this.constHash.get(c);
    let h = this.constantHashUncached(c);
    this.constHash.set(c, h);
    return h;
  }
  private constantHashUncached(c: i32): u64 {
    let base = this.cw.len;
    this.cw.push(<i64>this.typeHash(vType.get(c)));
    let k = <i32>vKind.get(c);
    if (isNull(c)) { this.cw.push(78); return this.combineFrom(base); }   // 'N'
    switch (k) {
      case VK.GlobalVar: { let h = this.globalVariableHash(c); this.cw.push(<i64>h); return this.combineFrom(base); }
      case VK.Function: case VK.Alias: case VK.IFunc: { this.cw.push(<i64>this.globalValueHash(c)); return this.combineFrom(base); }
      case VK.ConstData: { let h = this.stringHash(c); this.cw.push(<i64>h); return this.combineFrom(base); }
      case VK.ConstInt: { let h = this.apIntHash(tyA.get(vType.get(c)), c, false); this.cw.push(<i64>h); return this.combineFrom(base); }
      case VK.ConstFP: { let h = this.apIntHash(fpWidth(vType.get(c)), c, true); this.cw.push(<i64>h); return this.combineFrom(base); }
      case VK.ConstArray: case VK.ConstVector: {
        // ConstantDataArray / ConstantDataVector in LLVM: strings by their bytes, the others by type
        if (isDataSequential(c)) {
          if (isString(c)) this.cw.push(<i64>this.stringHash(c));
          return this.combineFrom(base);
        }
        return this.operandsHash(c, base, numOperands(c));
      }
      case VK.ConstStruct: return this.operandsHash(c, base, numOperands(c));
      case VK.ConstExpr:
        // a shufflevector expression's mask is no operand in LLVM
        return this.operandsHash(c, base, <i32>iOp.get(c) == Op.ShuffleVector ? 2 : numOperands(c));
      case VK.BlockAddress: case VK.DSOLocalEquiv: {
        let gv = operand(c, 0);
        this.cw.push(<i64>(gv >= 0 ? this.globalValueHash(gv) : 0));
        return this.combineFrom(base);
      }
      default: return this.combineFrom(base);   // undef, poison, no_cfi, ptrauth, ...: the type alone
    }
  }
  private operandsHash(c: i32, base: i32, n: i32): u64 {
    for (let i = 0; i < n; i++) {
      let h = this.constantHash(operand(c, i));
      this.cw.push(<i64>h);
    }
    return this.combineFrom(base);
  }

  // ---- values ----
  private range: LocalRange = new LocalRange();
  private beginFunctionIds(g: i32): void {
    let r = this.range;
    localRange(g, r);
    let size = r.size;
    if (this.localIds.length < size) {
      let c = this.localIds.length < 256 ? 256 : this.localIds.length;
      while (c < size) c <<= 1;
      this.localIds = new Int32Array(c); this.localStamp = new Int32Array(c); this.blockSeen = new Int32Array(c); this.stamp = 0;
    }
    this.stamp++;
  }
  // Marks block b met by the walk; false when it already was.
  private visit(b: i32): bool {
    let k = this.range.index(b);
    if (k < 0) return false;
    if (unchecked(this.blockSeen[k]) == this.stamp) return false;
    unchecked(this.blockSeen[k] = this.stamp);
    return true;
  }
  // ValueToId: the id of a non-constant value, given on first sight.
  private valueId(v: i32): i32 {
    let k = <i32>vKind.get(v);
    // (inline asm and metadata values made while the body was read lie in its id range too)
    let at = this.range.index(v);
    if (at >= 0 && (k == VK.Arg || k == VK.Block || k == VK.Inst)) {
      let k = at;
      if (unchecked(this.localStamp[k]) == this.stamp) return unchecked(this.localIds[k]);
      unchecked(this.localStamp[k] = this.stamp);
      let id = this.nextId++;
      unchecked(this.localIds[k] = id);
      return id;
    }
    // metadata as a value is one object per (uniqued) node in LLVM
    let key = k == VK.MDValue ? -2 - canonicalMD(vA.get(v)) : v;
    if (this.otherIds.has(key)) return this.otherIds.get(key);
    let id = this.nextId++;
    this.otherIds.set(key, id);
    return id;
  }
  // hashOperand: [type hash, value hash]; hashValue: a constant's hash, else [argument number, id].
  private operandHash(v: i32): u64 {
    let base = this.cw.len;
    // inline asm is a `ptr` value in LLVM (the arena keeps its function type)
    let k = <i32>vKind.get(v);
    this.cw.push(<i64>this.typeHash(k == VK.InlineAsm ? T_PTR : vType.get(v)));
    let vh: u64;
    if (isConstantKind(<i32>vKind.get(v))) vh = this.constantHash(v);
    else {
      let b2 = this.cw.len;
      if (<i32>vKind.get(v) == VK.Arg) this.cw.push(vA.get(v));
      this.cw.push(this.valueId(v));
      vh = this.combineFrom(b2);
    }
    this.cw.push(<i64>vh);
    return this.combineFrom(base);
  }

  // ---- instructions and functions ----
  private instructionHash(i: i32, rule: IgnoreRule, info: FunctionHashInfo | null): u64 {
    let base = this.cw.len;
    this.cw.push(llvmOpcode(<i32>iOp.get(i)));
    this.cw.push(<i64>this.typeHash(vType.get(i)));
    let op = <i32>iOp.get(i);
    if (op == Op.ICmp || op == Op.FCmp) this.cw.push(llvmPredicate(i));
    let instIdx = 0;
    if (info != null) { instIdx = info.insts.len; info.insts.push(i); }
    let n = llvmNumOperands(i);
    for (let k = 0; k < n; k++) {
      let v = llvmOperand(i, k);
      let h = this.operandHash(v);
      if (rule != IgnoreRule.None && info != null && ignores(rule, i, k)) {
        info.pairInst.push(instIdx); info.pairOp.push(k); info.pairHash.push(<i64>h);
      } else this.cw.push(<i64>h);
    }
    return this.combineFrom(base);
  }

  // The words of one function (update(F)) after `prev` (the running hash: 4 for a function alone).
  // The words of definition g; plain: each instruction as the hash of its opcode alone.
  private functionWords(g: i32, prev: u64, rule: IgnoreRule, info: FunctionHashInfo | null, plain: bool = false): u64 {
    let words = this.words;
    words.clear();
    words.push(<i64>prev);
    words.push(<i64>FUNCTION_HEADER);
    words.push((tyFlags.get(gValueType.get(g)) & TF_VARARG) != 0 ? 1 : 0);
    words.push(gNumArgs.get(g));
    let entry = gFirstBlock.get(g);
    if (entry >= 0) {
      // (a block's id is given when it is first used as an operand, independently of the walk)
      let stack = this.blockStack;
      stack.clear(); stack.push(entry); this.visit(entry);
      while (stack.len > 0) {
        let b = stack.pop();
        words.push(<i64>BLOCK_HEADER);
        for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
          let h = plain ? this.opcodeHash(i) : this.instructionHash(i, rule, info);
          this.words.push(<i64>h);
        }
        let t = terminatorOf(b);
        let ns = numSuccessors(t);
        for (let s = 0; s < ns; s++) {
          let sb = successor(t, s);
          if (sb >= 0 && this.visit(sb)) stack.push(sb);
        }
      }
    }
    return xxh3(this.words.ptr, <usize>this.words.len << 3);
  }

  // StructuralHash(F, true) (rule None) or StructuralHashWithDifferences(F, rule): the hash of
  // definition g, and with `info` its instructions and ignored operands.
  hashFunction(g: i32, rule: IgnoreRule, info: FunctionHashInfo | null): u64 {
    this.nextId = 0;
    this.otherIds.clear();
    this.beginFunctionIds(g);
    if (info != null) info.clear();
    let h = this.functionWords(g, 4, rule, info);
    if (info != null) {
      info.hash = h; info.g = g;
      this.orderPairs(info);
    }
    return h;
  }

  // The iteration order of the IndexOperandHashMap that recorded the pairs (a DenseMap filled in
  // recording order): the order global-merge-func hands them to its stable function map in.
  private orderPairs(info: FunctionHashInfo): void {
    pairMapOrder(this.layout, info.pairInst, info.pairOp, 0, info.pairInst.len, info.order);
  }

  // StructuralHash(M, detailed): the globals with initializers (not llvm.*), then the definitions,
  // chained; value ids run on across the module's functions.
  moduleHash(detailed: bool): u64 {
    let h: u64 = 4;
    let n = globalCount();
    for (let g = 0; g < n; g++) {
      if (<i32>gKind.get(g) != GK.Var || (gFlags.get(g) & GF_ERASED) != 0) continue;
      let v = gValue.get(g);
      if (operand(v, 0) < 0) continue;
      let nm = vName.get(v);
      if (nm >= 0 && startsWith(nm, "llvm.")) continue;
      this.words.clear();
      this.words.push(<i64>h); this.words.push(<i64>GLOBAL_HEADER); this.words.push(llvmTypeID(gValueType.get(g)));
      h = xxh3(this.words.ptr, <usize>this.words.len << 3);
    }
    this.nextId = 0;
    this.otherIds.clear();
    for (let g = 0; g < n; g++) {
      if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0 || (gFlags.get(g) & GF_DEFINED) == 0 || gFirstBlock.get(g) < 0) continue;
      this.beginFunctionIds(g);
      h = this.functionWords(g, h, IgnoreRule.None, null, !detailed);
    }
    return h;
  }
  // StructuralHash(F, false): each instruction as the hash of its opcode alone.
  plainFunctionHash(g: i32): u64 {
    this.beginFunctionIds(g);
    return this.functionWords(g, 4, IgnoreRule.None, null, true);
  }
  private opcodeHash(i: i32): u64 {
    let base = this.cw.len;
    this.cw.push(llvmOpcode(<i32>iOp.get(i)));
    return this.combineFrom(base);
  }
}
