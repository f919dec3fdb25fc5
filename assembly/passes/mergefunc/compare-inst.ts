// The comparator's order on instructions (FunctionComparator::cmpOperations and cmpGEPs, with
// the operand bundles, flags and attachments each opcode carries) and on basic blocks.
import { VK, vKind, vType, vA, iOp, iFlags, iExt, iNext, iMD, operand, numOperands } from "../../ir/values";
import { TK, tyKind, tyA, listLen, listAt, isVector, scalarType } from "../../ir/types";
import { intWord, intWordCount, intSExt64, intLow64 } from "../../ir/constants";
import { MDK_RANGE, findAttachment } from "../../ir/metadata";
import {
  Op, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_NNEG, F_SAMESIGN, F_FMF_SHIFT, FMF_ALL, F_VOLATILE, F_WEAK,
  F_TAIL_SHIFT,
} from "../../ir/opcodes";
import {
  alignBytes, ordering, failureOrdering, predicate, syncScope, callAttrs, callCC, callNumBundles, bundleTag,
  bundleNumOps, listCount, listItem,
} from "../../ir/inst";
import { indexSizeInBits, typeAllocSize, typeStoreSize, typeIsScalable, structMemberOffset } from "../../ir/datalayout";
import { llvmOpcode } from "./hash";
import { cmpAttrs } from "./compare-attrs";
import { cmpB, cmpI, cmpStr, cmpTypes, cmpU } from "./compare-types";
import { cmpConstants, cmpValues, cmpInstMetadata, cmpMDNode } from "./compare-values";
import { cmp } from "./comparator-state";

// The optional flags LLVM keeps in SubclassOptionalData (wrap, exact, disjoint, nneg, fast-math).
const OPTIONAL_FLAGS: i32 = F_NUW | F_NSW | F_EXACT | F_DISJOINT | F_NNEG | F_SAMESIGN | (FMF_ALL << F_FMF_SHIFT);

function cmpIndexList(l: i32, r: i32): i32 {
  let n = listCount(l);
  let res = cmpI(n, listCount(r)); if (res != 0) return res;
  for (let i = 0; i < n; i++) { res = cmpI(listItem(l, i), listItem(r, i)); if (res != 0) return res; }
  return 0;
}

function cmpOperations(l: i32, r: i32): i32 {
  cmp.needToCmpOperands = true;
  let res = cmpValues(l, r); if (res != 0) return res;
  let op = <i32>iOp.get(l);
  res = cmpI(llvmOpcode(op), llvmOpcode(<i32>iOp.get(r))); if (res != 0) return res;
  if (op == Op.GetElementPtr) {
    cmp.needToCmpOperands = false;
    res = cmpValues(operand(l, 0), operand(r, 0)); if (res != 0) return res;
    return cmpGEPs(l, r);
  }
  let n = numOperands(l);
  res = cmpI(n, numOperands(r)); if (res != 0) return res;
  res = cmpTypes(vType.get(l), vType.get(r)); if (res != 0) return res;
  res = cmpI(iFlags.get(l) & OPTIONAL_FLAGS, iFlags.get(r) & OPTIONAL_FLAGS); if (res != 0) return res;
  for (let i = 0; i < n; i++) { res = cmpTypes(vType.get(operand(l, i)), vType.get(operand(r, i))); if (res != 0) return res; }
  switch (op) {
    case Op.Alloca: {
      res = cmpTypes(iExt.get(l), iExt.get(r)); if (res != 0) return res;
      return cmpI(alignBytes(l), alignBytes(r));
    }
    case Op.Load: {
      res = cmpB((iFlags.get(l) & F_VOLATILE) != 0, (iFlags.get(r) & F_VOLATILE) != 0); if (res != 0) return res;
      res = cmpI(alignBytes(l), alignBytes(r)); if (res != 0) return res;
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      res = cmpI(syncScope(l), syncScope(r)); if (res != 0) return res;
      return cmpInstMetadata(l, r);
    }
    case Op.Store: {
      res = cmpB((iFlags.get(l) & F_VOLATILE) != 0, (iFlags.get(r) & F_VOLATILE) != 0); if (res != 0) return res;
      res = cmpI(alignBytes(l), alignBytes(r)); if (res != 0) return res;
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      return cmpI(syncScope(l), syncScope(r));
    }
    case Op.ICmp: case Op.FCmp: return cmpI(predicate(l), predicate(r));
    case Op.Call: case Op.Invoke: case Op.CallBr: {
      res = cmpI(callCC(l), callCC(r)); if (res != 0) return res;
      res = cmpAttrs(callAttrs(l), callAttrs(r)); if (res != 0) return res;
      let nb = callNumBundles(l);
      res = cmpI(nb, callNumBundles(r)); if (res != 0) return res;
      for (let b = 0; b < nb; b++) {
        res = cmpStr(bundleTag(l, b), bundleTag(r, b)); if (res != 0) return res;
        res = cmpI(bundleNumOps(l, b), bundleNumOps(r, b)); if (res != 0) return res;
      }
      if (op == Op.Call) {
        res = cmpI((iFlags.get(l) >> F_TAIL_SHIFT) & 3, (iFlags.get(r) >> F_TAIL_SHIFT) & 3); if (res != 0) return res;
      }
      return cmpMDNode(findAttachment(iMD.get(l), MDK_RANGE), findAttachment(iMD.get(r), MDK_RANGE));
    }
    case Op.Switch: {
      for (let i = 2; i + 1 < n; i += 2) { res = cmpConstants(operand(l, i), operand(r, i)); if (res != 0) return res; }
      return 0;
    }
    case Op.InsertValue: case Op.ExtractValue: return cmpIndexList(l, r);
    case Op.Fence: {
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      return cmpI(syncScope(l), syncScope(r));
    }
    case Op.AtomicCmpXchg: {
      res = cmpB((iFlags.get(l) & F_VOLATILE) != 0, (iFlags.get(r) & F_VOLATILE) != 0); if (res != 0) return res;
      res = cmpB((iFlags.get(l) & F_WEAK) != 0, (iFlags.get(r) & F_WEAK) != 0); if (res != 0) return res;
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      res = cmpI(failureOrdering(l), failureOrdering(r)); if (res != 0) return res;
      return cmpI(syncScope(l), syncScope(r));
    }
    case Op.AtomicRMW: {
      res = cmpI(predicate(l), predicate(r)); if (res != 0) return res;
      res = cmpB((iFlags.get(l) & F_VOLATILE) != 0, (iFlags.get(r) & F_VOLATILE) != 0); if (res != 0) return res;
      res = cmpI(ordering(l), ordering(r)); if (res != 0) return res;
      return cmpI(syncScope(l), syncScope(r));
    }
    case Op.ShuffleVector: return cmpIndexList(l, r);
    default: return 0;
  }
}

// GEPOperator::accumulateConstantOffset into a `bits`-wide offset; false when an index is not a
// constant integer (or steps over a scalable type). The offset is left in cmp.gepOffset.
function accumulateConstantOffset(gep: i32, bits: i32): bool {
  let off: u64 = 0;
  let cur = iExt.get(gep);             // source element type
  let n = numOperands(gep);
  for (let k = 1; k < n; k++) {
    let idx = operand(gep, k);
    let indexed: i32, isStruct = false;
    if (k == 1) indexed = cur;
    else {
      let ck = <i32>tyKind.get(cur);
      if (ck == TK.Struct || ck == TK.NamedStruct) isStruct = true;
      else if (ck != TK.Array && ck != TK.Vector && ck != TK.ScalableVector) return false;
      indexed = -1;
    }
    if (<i32>vKind.get(idx) != VK.ConstInt) return false;
    let zero = true;
    for (let i = 0; i < intWordCount(idx); i++) if (intWord(idx, i) != 0) { zero = false; break; }
    if (isStruct) {
      let fi = <i32>intLow64(idx);
      if (intWordCount(idx) > 2 || fi < 0 || fi >= listLen(cur)) return false;
      let ft = listAt(cur, fi);
      if (!zero) {
        if (typeIsScalable(ft)) return false;
        off += <u64>structMemberOffset(cur, fi);
      }
      cur = ft;
      continue;
    }
    let vec = false;
    if (k > 1) { vec = isVector(cur); indexed = tyA.get(cur); }
    if (!zero) {
      if (typeIsScalable(indexed)) return false;
      let stride: u64 = vec ? <u64>typeStoreSize(indexed) : <u64>typeAllocSize(indexed);
      let w = tyA.get(vType.get(idx));
      let v: u64 = w <= 64 ? <u64>intSExt64(idx) : intLow64(idx);
      off += v * stride;
    }
    cur = indexed;
  }
  cmp.gepOffset = bits >= 64 ? off : off & ((<u64>1 << <u64>bits) - 1);
  return true;
}

function cmpGEPs(l: i32, r: i32): i32 {
  let asl = tyA.get(scalarType(vType.get(operand(l, 0)))), asr = tyA.get(scalarType(vType.get(operand(r, 0))));
  let res = cmpI(asl, asr); if (res != 0) return res;
  let bits = indexSizeInBits(asl);
  if (accumulateConstantOffset(l, bits)) {
    let offL = cmp.gepOffset;
    if (accumulateConstantOffset(r, bits)) return cmpU(offL, cmp.gepOffset);
  }
  res = cmpTypes(iExt.get(l), iExt.get(r)); if (res != 0) return res;
  let n = numOperands(l);
  res = cmpI(n, numOperands(r)); if (res != 0) return res;
  for (let i = 0; i < n; i++) { res = cmpValues(operand(l, i), operand(r, i)); if (res != 0) return res; }
  return 0;
}

export function cmpBasicBlocks(bl: i32, br: i32): i32 {
  let il = vA.get(bl), ir = vA.get(br);
  while (il >= 0 && ir >= 0) {
    let res = cmpOperations(il, ir); if (res != 0) return res;
    if (cmp.needToCmpOperands) {
      let n = numOperands(il);
      for (let i = 0; i < n; i++) { res = cmpValues(operand(il, i), operand(ir, i)); if (res != 0) return res; }
    }
    il = iNext.get(il); ir = iNext.get(ir);
  }
  if (il >= 0) return 1;
  if (ir >= 0) return -1;
  return 0;
}
