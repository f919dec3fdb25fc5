// FUNCTION_BLOCK: one function body. Value ids continue the module's (arguments, the body's
// constants, then each instruction with a result); operands are relative to the next value id
// (MODULE_CODE_VERSION >= 1). A value used before its definition gets a placeholder of the type the
// record gives, which the defining instruction then becomes (as the text parser's forward
// references do), so the use-lists come out as the text parser makes them.
import { locationNode } from "./read-debuginfo";
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import {
  TK, tyKind, tyA, tyN, T_VOID, T_LABEL, T_I1, T_I32, T_TOKEN, T_METADATA, isVector, isInt, isFP, isPtr, scalarType,
  withScalar, vectorType, structType, ptrType, listAt, listLen, memberType, memberCount, tyFlags, isAggregate,
  fpMathOperatorType,
} from "../ir/types";
import {
  VK, vKind, vType, vName, vParent, vA, vB, iOp, iFlags, iAux, iExt, iMD, iDbg, iNext, iPrev, ext, newValue,
  appendOperand, appendInst, operand,
} from "../ir/values";
import {
  Op, F_NUW, F_NSW, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW, F_VOLATILE, F_ATOMIC, F_WEAK, F_INALLOCA, F_SWIFTERROR,
  F_CLEANUP, F_UNWIND_CALLER, F_SAMESIGN, F_NNEG, F_TAIL_SHIFT, F_FMF_SHIFT, isTerminator, isCallLike, rmwFeature,
} from "../ir/opcodes";
import { setOrderings, setPredicate } from "../ir/inst";
import { has, Feature, llvmVersion } from "../ir/version";
import { GK, gValueType, gFirstBlock, gLastBlock, gFirstArg, gNumArgs, gFlags, GF_DEFINED } from "../ir/globals";
import { getInt, getSimple, intSExt64, getMDValue } from "../ir/constants";
import { allocaAddrSpace } from "../ir/datalayout";
import { addAttachment, MDK_DBG, drNext, drPool, drNOps, newDebugRecord, DR } from "../ir/metadata";
import { getLocation } from "../ir/debuginfo";
import { bs, advance, enterBlock, skipBlock, readRecord, bsFailed, bitPos, ENTRY_END, ENTRY_BLOCK, ENTRY_ERROR, nextRecord, REC_END } from "./bitstream";
import { setBlockEarlyRank } from "../ir/block-order";
import {
  br, bad, badI, pushValue, CONSTANTS_BLOCK, VALUE_SYMTAB_BLOCK, METADATA_BLOCK, METADATA_ATTACHMENT, USELIST_BLOCK,
} from "./read-state";
import { typeOf } from "./read-types";
import { attrListAt } from "./read-attrs";
import { readConstantsBlock, getConstant, binaryOpcode, binaryFlags, castOpcode } from "./read-constants";
import { readMetadataBlock, readAttachmentBlock, checkMetadataDone } from "./read-metadata";
import { mdAt, mdOrNull, getBlock } from "./read-refs";
import { signRotated } from "./read-attrs";
import { readUseListBlock } from "./read-uselist";
import { mdForValue } from "./read-metadata";
import {
  valueById, getVal, getPair, make, fmfOf, orderingOf, scopeOf, alignOk, setAlignEnc, place,
} from "./read-values";
import { readCall, readDebugRecord, readFunctionVST } from "./read-call-debug";
import { castValid } from "../ir/op-rules";
import { resetExpansion, shuffleMaskExt } from "./read-expand";



// Reads the body of function value fn (the caller's advance() gave its FUNCTION_BLOCK).
export function readFunctionBlock(fn: i32): bool {
  if (!enterBlock()) return false;
  br.bodyEndBit = bitPos() + bs.blockWords * 32;
  let g = vA.get(fn);
  br.fnValue = fn; br.cur = 0; br.lastInst = -1; br.lastLoc = -1; br.forwards = 0;
  br.blocks.clear(); br.instList.clear(); br.bundleOps.clear(); br.bundleDesc.clear();
  br.valueList.len = br.moduleValues; br.valueCst.len = br.moduleValues; br.valueTy.len = br.moduleValues;
  let na = gNumArgs.get(g), a0 = gFirstArg.get(g);
  for (let i = 0; i < na; i++) pushValue(a0 + i, -1, vType.get(a0 + i));
  br.nextValueNo = br.valueList.len;
  br.mdList.len = br.moduleMDs;
  resetExpansion();
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) break;
    if (e == ENTRY_BLOCK) {
      let id = bs.entryBlock;
      if (id == CONSTANTS_BLOCK) {
        if (br.valueList.len != br.nextValueNo) return bad("Invalid constants block after instructions");
        if (!readConstantsBlock()) return false;
        br.nextValueNo = br.valueList.len;
      } else if (id == METADATA_BLOCK) { if (!readMetadataBlock(false)) return false; }
      else if (id == METADATA_ATTACHMENT) { if (!readAttachmentBlock(true)) return false; }
      else if (id == VALUE_SYMTAB_BLOCK) { if (!readFunctionVST()) return false; }
      else if (id == USELIST_BLOCK) { if (!readUseListBlock(br.blocks)) return false; }
      else if (!skipBlock()) return false;
      continue;
    }
    let code = readRecord(bs.entryAbbrev);
    if (bsFailed()) return false;
    // (phi operands LLVM expands on their edge, which is not done here; debug records name values
    // through metadata)
    br.expandOK = code != 16 && !(code >= 60 && code <= 70);
    let ok = readInstRecord(<i32>code);
    br.expandOK = false;
    if (!ok) { if (!bsFailed()) bad("Invalid record"); return false; }
  }
  if (br.bundleDesc.len > 0) return bad("Operand bundles found with no consumer");
  if (br.forwards > 0) return bad("Never resolved value found in function");
  if (br.blocks.len == 0) return bad("Invalid function: no basic blocks");
  // A block left without instructions, or without a terminator, is read as it is (LLVM's reader
  // does too): the verifier reports it.
  for (let i = 0; i < br.blocks.len; i++) if (br.blocks.get(i) < 0) return bad("Invalid function: block " + i.toString() + " has no instructions");
  // link the blocks in order
  let prev = -1;
  for (let i = 0; i < br.blocks.len; i++) {
    let b = br.blocks.get(i);
    vParent.set(b, fn); iPrev.set(b, prev); iNext.set(b, -1);
    if (prev >= 0) iNext.set(prev, b);
    prev = b;
  }
  gFirstBlock.set(g, br.blocks.get(0)); gLastBlock.set(g, prev);
  gFlags.set(g, gFlags.get(g) | GF_DEFINED);
  for (let i = 0; i < br.earlyBlocks.len; i += 3) if (br.earlyBlocks.get(i) == fn) br.earlyBlocks.set(i, -1);
  br.valueList.len = br.moduleValues; br.valueCst.len = br.moduleValues; br.valueTy.len = br.moduleValues;
  if (!checkMetadataDone()) return false;
  br.mdList.len = br.moduleMDs;
  br.fnValue = -1;
  return true;
}


function readInstRecord(code: i32): bool {
  let n = bs.ops.len;
  let base = br.stk.len;
  switch (code) {
    case 1: { // DECLAREBLOCKS
      if (n < 1 || bs.ops.get(0) < 1 || bs.ops.get(0) > 0x1000000) return bad("Invalid declareblocks record");
      if (br.blocks.len > 0) return bad("Invalid declareblocks record: blocks declared twice");
      // every block ends in a record of at least one bit: more blocks than bits left cannot be
      if (<u64>bs.ops.get(0) > br.bodyEndBit - bitPos()) return bad("Invalid declareblocks record: more blocks than the function block holds");
      let cnt = <i32>bs.ops.get(0);
      br.blocks.resize(cnt, -1);
      // blocks a blockaddress named before this body
      let early = false;
      for (let i = 0; i < br.earlyBlocks.len; i += 3) {
        if (br.earlyBlocks.get(i) != br.fnValue) continue;
        let idx = br.earlyBlocks.get(i + 1);
        if (idx >= cnt) return bad("Invalid blockaddress: block " + idx.toString() + " out of range");
        br.blocks.set(idx, br.earlyBlocks.get(i + 2));
        early = true;
      }
      // LLVM's reader makes the other blocks now, in order, and numbers them all (the early ones
      // included) in layout order as it inserts them into the function: value ids follow that
      // order, and a body with early blocks ranks every block by its place (ir/block-order.ts)
      for (let i = 0; i < cnt; i++) {
        let b = getBlock(i);
        if (early) setBlockEarlyRank(b, i);
      }
      return true;
    }
    case 2: { // BINOP [a pair, b, opcode, flags?]
      let a = getPair(0); if (a < 0) return false;
      let s = br.pairNext;
      let b = getVal(s, vType.get(a)); if (b < 0) return false;
      if (s + 1 >= n) return bad("Invalid binary operator record");
      let o = binaryOpcode(bs.ops.get(s + 1), vType.get(a));
      if (o < 0) return bad("Invalid binary operator record");
      let flags = 0;
      if (s + 2 < n) flags = isFP(scalarType(vType.get(a))) ? fmfOf(bs.ops.get(s + 2)) : binaryFlags(o, bs.ops.get(s + 2));
      br.stk.push(a); br.stk.push(b);
      let i = make(o, vType.get(a), base); if (i < 0) return false;
      iFlags.set(i, flags);
      return place(i, vType.get(i));
    }
    case 56: { // UNOP [a pair, opcode, fmf?]
      let a = getPair(0); if (a < 0) return false;
      let s = br.pairNext;
      if (s >= n || bs.ops.get(s) != 0 || !isFP(scalarType(vType.get(a)))) return bad("Invalid unary operator record");
      br.stk.push(a);
      let i = make(Op.FNeg, vType.get(a), base); if (i < 0) return false;
      if (s + 1 < n) iFlags.set(i, fmfOf(bs.ops.get(s + 1)));
      return place(i, vType.get(i));
    }
    case 3: { // CAST [a pair, destty, opcode, flags?]
      let a = getPair(0); if (a < 0) return false;
      let s = br.pairNext;
      if (s + 1 >= n) return bad("Invalid cast record");
      let t = typeOf(bs.ops.get(s)); let o = castOpcode(bs.ops.get(s + 1));
      if (t < 0 || o < 0) return bad("Invalid cast record");
      // LLVM's reader refuses a cast CastInst::castIsValid rejects (a bitcast between pointers of
      // two address spaces, which it upgrades, aside)
      if (!castValid(o, vType.get(a), t) && !(o == Op.BitCast && isPtr(scalarType(vType.get(a))) && isPtr(scalarType(t)))) return bad("Invalid cast");
      let flags = 0;
      if (s + 2 < n) {
        let x = bs.ops.get(s + 2);
        if (o == Op.ZExt || o == Op.UIToFP) flags = (x & 1) != 0 ? F_NNEG : 0;
        else if (o == Op.Trunc) flags = ((x & 1) != 0 ? F_NUW : 0) | ((x & 2) != 0 ? F_NSW : 0);
        else if (o == Op.FPTrunc || o == Op.FPExt) flags = fmfOf(x);
      }
      br.stk.push(a);
      let i = make(o, t, base); if (i < 0) return false;
      iFlags.set(i, flags);
      return place(i, t);
    }
    case 43: { // GEP [flags, srcty, base pair, index pairs...]
      if (n < 3) return bad("Invalid gep record");
      let bits = bs.ops.get(0);
      let src = typeOf(bs.ops.get(1)); if (src < 0) return bad("Invalid gep record");
      let p = getPair(2); if (p < 0) return false;
      let pt = vType.get(p);
      // (a base of another type is read, as LLVM's reader reads it: the GEP has the base's type
      // and the verifier reports it)
      br.stk.push(p);
      let rt = pt;
      let s = br.pairNext;
      while (s < n) {
        let x = getPair(s); if (x < 0) { br.stk.len = base; return false; }
        s = br.pairNext;
        let it = vType.get(x);
        if (isVector(it) && !isVector(rt)) rt = vectorType(rt, tyN.get(it), <i32>tyKind.get(it) == TK.ScalableVector);
        br.stk.push(x);
      }
      let flags = ((bits & 1) != 0 ? F_INBOUNDS | F_GEP_NUSW : 0) | ((bits & 2) != 0 ? F_GEP_NUSW : 0) | ((bits & 4) != 0 ? F_GEP_NUW : 0);
      let i = make(Op.GetElementPtr, rt, base); if (i < 0) return false;
      iFlags.set(i, flags); iExt.set(i, src);
      return place(i, rt);
    }
    case 26: case 27: { // EXTRACTVAL [agg pair, idx...] / INSERTVAL [agg pair, val pair, idx...]
      let a = getPair(0); if (a < 0) return false;
      let s = br.pairNext;
      br.stk.push(a);
      let v = -1;
      if (code == 27) { v = getPair(s); if (v < 0) { br.stk.len = base; return false; } s = br.pairNext; br.stk.push(v); }
      // (LLVM's reader's messages)
      let what = code == 26 ? "EXTRACTVAL: " : "INSERTVAL: ";
      if (s >= n) { br.stk.len = base; return bad(what + "Invalid instruction with 0 indices"); }
      let t = vType.get(a);
      br.maskTmp.clear();
      for (let j = s; j < n; j++) {
        let x = bs.ops.get(j);
        if (!isAggregate(t)) { br.stk.len = base; return bad(what + "Invalid type"); }
        if (<u64>x > 0xffffffff) { br.stk.len = base; return bad("Invalid value"); }
        if (x >= memberCount(t)) { br.stk.len = base; return bad(what + (<i32>tyKind.get(t) == TK.Array ? "Invalid array index" : "Invalid struct index")); }
        br.maskTmp.push(<i32>x);
        t = memberType(t, <i32>x);
      }
      if (code == 27 && vType.get(v) != t) { br.stk.len = base; return bad("Inserted value type doesn't match aggregate type"); }
      let rt = code == 26 ? t : vType.get(a);
      let i = make(code == 26 ? Op.ExtractValue : Op.InsertValue, rt, base); if (i < 0) return false;
      let e = ext.len; ext.push(br.maskTmp.len);
      for (let j = 0; j < br.maskTmp.len; j++) ext.push(br.maskTmp.get(j));
      iExt.set(i, e);
      return place(i, rt);
    }
    case 29: { // VSELECT [t pair, f, cond pair, fmf?]
      let a = getPair(0); if (a < 0) return false;
      let s = br.pairNext;
      let b = getVal(s, vType.get(a)); if (b < 0) return false;
      let c = getPair(s + 1); if (c < 0) return false;
      if (scalarType(vType.get(c)) != T_I1) return bad("Invalid type for value");
      let after = br.pairNext;
      br.stk.push(c); br.stk.push(a); br.stk.push(b);
      let i = make(Op.Select, vType.get(a), base); if (i < 0) return false;
      if (after < n && fpMathOperatorType(vType.get(i), llvmVersion)) iFlags.set(i, fmfOf(bs.ops.get(after)));
      return place(i, vType.get(i));
    }
    case 6: { // EXTRACTELT [vec pair, idx pair]
      let a = getPair(0); if (a < 0) return false;
      let x = getPair(br.pairNext); if (x < 0) return false;
      if (!isVector(vType.get(a))) return bad("Invalid type for value");
      br.stk.push(a); br.stk.push(x);
      let rt = tyA.get(vType.get(a));
      let i = make(Op.ExtractElement, rt, base); if (i < 0) return false;
      return place(i, rt);
    }
    case 7: { // INSERTELT [vec pair, elt, idx pair]
      let a = getPair(0); if (a < 0) return false;
      if (!isVector(vType.get(a))) return bad("Invalid type for value");
      let el = getVal(br.pairNext, tyA.get(vType.get(a))); if (el < 0) return false;
      let x = getPair(br.pairNext + 1); if (x < 0) return false;
      br.stk.push(a); br.stk.push(el); br.stk.push(x);
      let i = make(Op.InsertElement, vType.get(a), base); if (i < 0) return false;
      return place(i, vType.get(i));
    }
    case 8: { // SHUFFLEVEC [v1 pair, v2, mask pair]
      let a = getPair(0); if (a < 0) return false;
      let b = getVal(br.pairNext, vType.get(a)); if (b < 0) return false;
      let m = getPair(br.pairNext + 1); if (m < 0) return false;
      let mt = vType.get(m);
      if (!isVector(vType.get(a)) || !isVector(mt)) return bad("Invalid type for value");
      let cnt = <i32>tyN.get(mt);
      let rt = vectorType(tyA.get(vType.get(a)), cnt, <i32>tyKind.get(mt) == TK.ScalableVector);
      br.stk.push(a); br.stk.push(b);
      let i = make(Op.ShuffleVector, rt, base); if (i < 0) return false;
      iExt.set(i, shuffleMaskExt(m, cnt));
      return place(i, rt);
    }
    case 9: case 28: { // CMP/CMP2 [a pair, b, pred, flags?]
      let a = getPair(0); if (a < 0) return false;
      let s = br.pairNext;
      let b = getVal(s, vType.get(a)); if (b < 0) return false;
      if (s + 1 >= n) return bad("Invalid record: operand number exceeded available operands");
      let pred = bs.ops.get(s + 1);
      let fp = isFP(scalarType(vType.get(a)));
      if (fp ? (pred < 0 || pred > 15) : (pred < 32 || pred > 41)) return bad(fp ? "Invalid fcmp predicate" : "Invalid icmp predicate");
      let flags = 0;
      // an integer compare's flags (samesign) are unknown to the readers of versions before them
      if (s + 2 < n && !fp && !has(Feature.SameSign)) return bad("Invalid record: flags on an integer compare");
      if (s + 2 < n) flags = fp ? fmfOf(bs.ops.get(s + 2)) : ((bs.ops.get(s + 2) & 1) != 0 ? F_SAMESIGN : 0);
      br.stk.push(a); br.stk.push(b);
      let rt = withScalar(vType.get(a), T_I1);
      let i = make(fp ? Op.FCmp : Op.ICmp, rt, base); if (i < 0) return false;
      iFlags.set(i, flags); setPredicate(i, <i32>pred);
      return place(i, rt);
    }
    case 10: { // RET [val pair]?
      if (n > 0) { let v = getPair(0); if (v < 0) return false; if (br.pairNext != n) return bad("Invalid ret record"); br.stk.push(v); }
      let i = make(Op.Ret, T_VOID, base); if (i < 0) return false;
      return place(i, T_VOID);
    }
    case 11: { // BR [bb] or [bb, bb, cond]
      if (n != 1 && n != 3) return bad("Invalid br record");
      let t = getBlock(bs.ops.get(0)); if (t < 0) return false;
      if (n == 3) {
        let f = getBlock(bs.ops.get(1)); if (f < 0) return false;
        let c = getVal(2, T_I1); if (c < 0) return false;
        br.stk.push(c); br.stk.push(t); br.stk.push(f);
      } else br.stk.push(t);
      let i = make(Op.Br, T_VOID, base); if (i < 0) return false;
      return place(i, T_VOID);
    }
    case 12: { // SWITCH [opty, cond, default, (case value id, bb)*]
      if (n < 3 || (n & 1) == 0) return bad("Invalid switch record");
      let t = typeOf(bs.ops.get(0)); if (t < 0) return bad("Invalid switch record");
      let c = getVal(1, t); if (c < 0) return false;
      let d = getBlock(bs.ops.get(2)); if (d < 0) return false;
      br.stk.push(c); br.stk.push(d);
      for (let j = 3; j + 1 < n; j += 2) {
        let cv = valueById(bs.ops.get(j), t); if (cv < 0) { br.stk.len = base; return false; }
        if (<i32>vKind.get(cv) != VK.ConstInt) { br.stk.len = base; return bad("Invalid switch record: case is not an integer"); }
        let b = getBlock(bs.ops.get(j + 1)); if (b < 0) { br.stk.len = base; return false; }
        br.stk.push(cv); br.stk.push(b);
      }
      let i = make(Op.Switch, T_VOID, base); if (i < 0) return false;
      return place(i, T_VOID);
    }
    case 31: { // INDIRECTBR [opty, addr, dests...]
      if (n < 2) return bad("Invalid indirectbr record");
      let t = typeOf(bs.ops.get(0)); if (t < 0) return bad("Invalid indirectbr record");
      let a = getVal(1, t); if (a < 0) return false;
      br.stk.push(a);
      for (let j = 2; j < n; j++) { let b = getBlock(bs.ops.get(j)); if (b < 0) { br.stk.len = base; return false; } br.stk.push(b); }
      let i = make(Op.IndirectBr, T_VOID, base); if (i < 0) return false;
      return place(i, T_VOID);
    }
    case 15: { let i = make(Op.Unreachable, T_VOID, base); if (i < 0) return false; return place(i, T_VOID); }
    case 39: { // RESUME [val pair]
      let v = getPair(0); if (v < 0) return false;
      br.stk.push(v);
      let i = make(Op.Resume, T_VOID, base); if (i < 0) return false;
      return place(i, T_VOID);
    }
    case 16: { // PHI [ty, (val signed, bb)*, fmf?]
      if (n < 1) return bad("Invalid phi record");
      let t = typeOf(bs.ops.get(0)); if (t < 0) return bad("Invalid phi record");
      let pairs = (n - 1) >> 1;
      // a trailing fast-math word only for an FPMathOperator type
      if (((n - 1) & 1) == 1 && !fpMathOperatorType(t, llvmVersion)) return bad("Invalid phi record");
      for (let j = 0; j < pairs; j++) {
        let raw = bs.ops.get(1 + 2 * j);
        let id = br.relativeIds ? <i64>br.nextValueNo - signRotated(raw) : raw;
        let v = valueById(id, t); if (v < 0) { br.stk.len = base; return false; }
        let b = getBlock(bs.ops.get(2 + 2 * j)); if (b < 0) { br.stk.len = base; return false; }
        br.stk.push(v); br.stk.push(b);
      }
      let i = make(Op.Phi, t, base); if (i < 0) return false;
      if ((n & 1) == 0) iFlags.set(i, fmfOf(bs.ops.get(n - 1)));
      return place(i, t);
    }
    case 19: { // ALLOCA [instty, opty, op (absolute), packed align, as?]
      if (n != 4 && n != 5) return bad("Invalid alloca record");
      let rec = bs.ops.get(3);
      let t = typeOf(bs.ops.get(0));
      if ((rec & 64) == 0) return bad("Invalid alloca record: the typed-pointer form is not read");
      let st = typeOf(bs.ops.get(1));
      if (t < 0 || st < 0) return bad("Invalid alloca record");
      let size = valueById(bs.ops.get(2), st); if (size < 0) return false;
      if (!isInt(vType.get(size))) return bad("alloca element count must have integer type");
      let al = (rec & 31) | (((rec >> 8) & 7) << 5);
      if (!alignOk(al)) return bad("Invalid alignment value");
      let as = n == 5 ? bs.ops.get(4) : <i64>allocaAddrSpace();
      if (as < 0 || as > 0xffffff) return bad("Invalid alloca record: address space");
      br.stk.push(size);
      let i = make(Op.Alloca, ptrType(<i32>as), base); if (i < 0) return false;
      iFlags.set(i, ((rec & 32) != 0 ? F_INALLOCA : 0) | ((rec & 128) != 0 ? F_SWIFTERROR : 0));
      iExt.set(i, t); setAlignEnc(i, al);
      return place(i, vType.get(i));
    }
    case 20: case 41: { // LOAD [ptr pair, ty, align, vol] / LOADATOMIC [..., ordering, ssid]
      let p = getPair(0); if (p < 0) return false;
      let s = br.pairNext;
      let extra = code == 41 ? 2 : 0;
      if (!isPtr(vType.get(p))) return bad("Load operand is not a pointer type");
      if (n != s + 3 + extra) return bad(code == 41 ? "Invalid load atomic record" : "Invalid load record");
      let t = typeOf(bs.ops.get(s)); if (t < 0) return bad("Missing load type");
      let al = bs.ops.get(s + 1);
      if (!alignOk(al)) return bad("Invalid alignment value");
      br.stk.push(p);
      let i = make(Op.Load, t, base); if (i < 0) return false;
      let flags = bs.ops.get(s + 2) != 0 ? F_VOLATILE : 0;
      let ss = -1, ord = 0;
      if (code == 41) {
        ord = orderingOf(bs.ops.get(s + 3)); ss = scopeOf(bs.ops.get(s + 4));
        // (LLVM 19 and 22 say no more for a wrong ordering or a missing align)
        if (ord <= 0 || ord == 5 || ord == 6 || al == 0) return bad("Invalid record");
        flags |= F_ATOMIC;
      }
      iFlags.set(i, flags); iExt.set(i, ss); setAlignEnc(i, al); setOrderings(i, ord, 0);
      return place(i, t);
    }
    case 44: case 45: { // STORE [ptr pair, val pair, align, vol] / STOREATOMIC [..., ordering, ssid]
      let p = getPair(0); if (p < 0) return false;
      let v = getPair(br.pairNext); if (v < 0) return false;
      let s = br.pairNext;
      let extra = code == 45 ? 2 : 0;
      if (code == 45 && !isPtr(vType.get(p))) return bad("Invalid record"); // (LLVM 19 and 22 say no more)
      if (n != s + 2 + extra) return bad(code == 45 ? "Invalid store atomic record" : "Invalid store record");
      // (LLVM's typeCheckLoadStoreInst, after the record's length)
      if (!isPtr(vType.get(p))) return bad("Load/Store operand is not a pointer type");
      let al = bs.ops.get(s);
      if (!alignOk(al)) return bad("Invalid alignment value");
      br.stk.push(v); br.stk.push(p);
      let i = make(Op.Store, T_VOID, base); if (i < 0) return false;
      let flags = bs.ops.get(s + 1) != 0 ? F_VOLATILE : 0;
      let ss = -1, ord = 0;
      if (code == 45) {
        ord = orderingOf(bs.ops.get(s + 2)); ss = scopeOf(bs.ops.get(s + 3));
        // (LLVM 19 and 22 say no more for a wrong ordering or a missing align)
        if (ord <= 0 || ord == 4 || ord == 6 || al == 0) return bad("Invalid record");
        flags |= F_ATOMIC;
      }
      iFlags.set(i, flags); iExt.set(i, ss); setAlignEnc(i, al); setOrderings(i, ord, 0);
      return place(i, T_VOID);
    }
    case 46: { // CMPXCHG [ptr pair, cmp pair, new, vol, success, ssid, failure, weak, align?]
      let p = getPair(0); if (p < 0) return false;
      let c = getPair(br.pairNext); if (c < 0) return false;
      let s = br.pairNext;
      let nv = getVal(s, vType.get(c)); if (nv < 0) return false;
      s++;
      if (n < s + 5 || n > s + 6 || !isPtr(vType.get(p))) return bad("Invalid cmpxchg record");
      let so = orderingOf(bs.ops.get(s + 1)), fo = orderingOf(bs.ops.get(s + 3));
      if (so < 2) return bad("Invalid cmpxchg success ordering");
      if (fo < 2 || fo == 5 || fo == 6) return bad("Invalid cmpxchg failure ordering");
      let al: i64 = 0;
      if (n == s + 6) { al = bs.ops.get(s + 5); if (!alignOk(al)) return bad("Invalid alignment value"); }
      if (al == 0) return bad("Invalid cmpxchg record: no alignment");
      br.stk.push(p); br.stk.push(c); br.stk.push(nv);
      br.maskTmp.clear(); br.maskTmp.push(vType.get(c)); br.maskTmp.push(T_I1);
      let rt = structType(br.maskTmp, 0, 2, false);
      let i = make(Op.AtomicCmpXchg, rt, base); if (i < 0) return false;
      iFlags.set(i, (bs.ops.get(s) != 0 ? F_VOLATILE : 0) | (bs.ops.get(s + 4) != 0 ? F_WEAK : 0));
      iExt.set(i, scopeOf(bs.ops.get(s + 2))); setAlignEnc(i, al); setOrderings(i, so, fo);
      return place(i, rt);
    }
    case 59: { // ATOMICRMW [ptr pair, val pair, op, vol, ordering, ssid, align?]
      let p = getPair(0); if (p < 0) return false;
      let v = getPair(br.pairNext); if (v < 0) return false;
      let s = br.pairNext;
      if ((n != s + 4 && n != s + 5) || !isPtr(vType.get(p))) return bad("Invalid atomicrmw record");
      let rop = bs.ops.get(s);
      // an operation newer than the target version is unknown to its reader
      if (rop < 0 || rop > 20 || (rmwFeature(<i32>rop) >= 0 && !has(rmwFeature(<i32>rop)))) return bad("Invalid record"); // (LLVM says no more)
      let o = orderingOf(bs.ops.get(s + 2));
      if (o < 2) return bad("Invalid record"); // (LLVM 19 and 22 say no more)
      let al: i64 = 0;
      if (n == s + 5) { al = bs.ops.get(s + 4); if (!alignOk(al)) return bad("Invalid alignment value"); }
      if (al == 0) return bad("Invalid atomicrmw record: no alignment");
      br.stk.push(p); br.stk.push(v);
      let i = make(Op.AtomicRMW, vType.get(v), base); if (i < 0) return false;
      iFlags.set(i, bs.ops.get(s + 1) != 0 ? F_VOLATILE : 0); iExt.set(i, scopeOf(bs.ops.get(s + 3)));
      setAlignEnc(i, al); setOrderings(i, o, 0); setPredicate(i, <i32>rop);
      return place(i, vType.get(i));
    }
    case 36: { // FENCE [ordering, ssid]
      if (n != 2) return bad("Invalid fence record");
      let o = orderingOf(bs.ops.get(0));
      if (o < 4) return bad("Invalid record"); // (LLVM 19 and 22 say no more)
      let i = make(Op.Fence, T_VOID, base); if (i < 0) return false;
      iExt.set(i, scopeOf(bs.ops.get(1))); setOrderings(i, o, 0);
      return place(i, T_VOID);
    }
    case 23: { // VAARG [valistty, valist, resty]
      if (n < 3) return bad("Invalid va_arg record");
      let t = typeOf(bs.ops.get(0)); let rt = typeOf(bs.ops.get(2));
      if (t < 0 || rt < 0) return bad("Invalid va_arg record");
      let v = getVal(1, t); if (v < 0) return false;
      br.stk.push(v);
      let i = make(Op.VAArg, rt, base); if (i < 0) return false;
      return place(i, rt);
    }
    case 58: { // FREEZE [val pair]
      let v = getPair(0); if (v < 0) return false;
      if (br.pairNext != n) return bad("Invalid freeze record");
      br.stk.push(v);
      let i = make(Op.Freeze, vType.get(v), base); if (i < 0) return false;
      return place(i, vType.get(i));
    }
    case 47: { // LANDINGPAD [ty, cleanup, n, (kind, val pair)*]
      if (n < 3) return bad("Invalid landingpad record");
      let t = typeOf(bs.ops.get(0)); if (t < 0) return bad("Invalid landingpad record");
      let cleanup = bs.ops.get(1) != 0;
      let cnt = bs.ops.get(2);
      if (cnt < 0 || cnt > <i64>n) return bad("Invalid landingpad record");
      let s = 3;
      br.maskTmp.clear();
      for (let j: i64 = 0; j < cnt; j++) {
        if (s >= n) { br.stk.len = base; return bad("Invalid landingpad record"); }
        br.maskTmp.push(bs.ops.get(s) != 0 ? 1 : 0);
        let v = getPair(s + 1); if (v < 0) { br.stk.len = base; return false; }
        s = br.pairNext;
        br.stk.push(v);
      }
      let i = make(Op.LandingPad, t, base); if (i < 0) return false;
      iFlags.set(i, cleanup ? F_CLEANUP : 0);
      let e = ext.len; ext.push(br.maskTmp.len);
      for (let j = 0; j < br.maskTmp.len; j++) ext.push(br.maskTmp.get(j));
      iExt.set(i, e);
      return place(i, t);
    }
    case 48: { // CLEANUPRET [pad, bb?]
      if (n != 1 && n != 2) return bad("Invalid cleanupret record");
      let p = getVal(0, T_TOKEN); if (p < 0) return false;
      br.stk.push(p);
      if (n == 2) { let b = getBlock(bs.ops.get(1)); if (b < 0) { br.stk.len = base; return false; } br.stk.push(b); }
      let i = make(Op.CleanupRet, T_VOID, base); if (i < 0) return false;
      iFlags.set(i, n == 1 ? F_UNWIND_CALLER : 0);
      return place(i, T_VOID);
    }
    case 49: { // CATCHRET [pad, bb]
      if (n != 2) return bad("Invalid catchret record");
      let p = getVal(0, T_TOKEN); if (p < 0) return false;
      let b = getBlock(bs.ops.get(1)); if (b < 0) return false;
      br.stk.push(p); br.stk.push(b);
      let i = make(Op.CatchRet, T_VOID, base); if (i < 0) return false;
      return place(i, T_VOID);
    }
    case 52: { // CATCHSWITCH [parent, n, handlers..., unwind?]
      if (n < 2) return bad("Invalid catchswitch record");
      let p = getVal(0, T_TOKEN); if (p < 0) return false;
      let h = bs.ops.get(1);
      if (h < 0 || h + 2 > <i64>n || h + 3 < <i64>n) return bad("Invalid catchswitch record");
      br.stk.push(p);
      for (let j = 0; j < <i32>h; j++) { let b = getBlock(bs.ops.get(2 + j)); if (b < 0) { br.stk.len = base; return false; } br.stk.push(b); }
      let unwind = <i64>n == h + 3;
      if (unwind) { let b = getBlock(bs.ops.get(n - 1)); if (b < 0) { br.stk.len = base; return false; } br.stk.push(b); }
      let i = make(Op.CatchSwitch, T_TOKEN, base); if (i < 0) return false;
      iFlags.set(i, unwind ? 0 : F_UNWIND_CALLER);
      return place(i, T_TOKEN);
    }
    case 50: case 51: { // CATCHPAD / CLEANUPPAD [parent, n, (val pair)*]
      if (n < 2) return bad("Invalid catchpad/cleanuppad record");
      let p = getVal(0, T_TOKEN); if (p < 0) return false;
      let cnt = bs.ops.get(1);
      if (cnt < 0 || cnt > <i64>n) return bad("Invalid catchpad/cleanuppad record");
      br.stk.push(p);
      let s = 2;
      for (let j: i64 = 0; j < cnt; j++) { let v = getPair(s); if (v < 0) { br.stk.len = base; return false; } s = br.pairNext; br.stk.push(v); }
      if (s != n) { br.stk.len = base; return bad("Invalid catchpad/cleanuppad record"); }
      let i = make(code == 50 ? Op.CatchPad : Op.CleanupPad, T_TOKEN, base); if (i < 0) return false;
      return place(i, T_TOKEN);
    }
    case 55: { // OPERAND_BUNDLE [tag, values...]
      if (n < 1 || bs.ops.get(0) < 0 || bs.ops.get(0) >= <i64>br.bundleTags.len) return bad("Invalid operand bundle record");
      let s = 1, cnt = 0;
      while (s < n) {
        // a metadata operand is marked by the top bit of its id
        let raw = bs.ops.get(s);
        let v: i32;
        if ((raw & 0x80000000) != 0 && (raw >> 32) == 0) {
          let m = mdAt(raw & 0x7fffffff); if (m < 0) return false;
          v = getMDValue(m); s++;
        } else { v = getPair(s); if (v < 0) return false; s = br.pairNext; }
        br.bundleOps.push(v); cnt++;
      }
      br.bundleDesc.push(br.bundleTags.get(<i32>bs.ops.get(0))); br.bundleDesc.push(cnt);
      return true;
    }
    case 34: case 13: case 57: return readCall(code);
    case 35: { // DEBUG_LOC [line, col, scope+1, ia+1, implicit?, ...]
      if (br.lastInst < 0 || n < 4) return bad("Invalid debug loc record");
      let sc = bs.ops.get(2), ia = bs.ops.get(3);
      let scope = sc == 0 ? -1 : mdAt(sc - 1); if (sc != 0 && scope < 0) return false;
      let inl = ia == 0 ? -1 : mdAt(ia - 1); if (ia != 0 && inl < 0) return false;
      if (scope < 0) return bad("Invalid debug loc record");
      let group: u64 = n >= 7 ? <u64>bs.ops.get(5) : 0, rank: u64 = n >= 7 ? <u64>bs.ops.get(6) & 0xff : 0;
      br.lastLoc = group != 0 || rank != 0
        ? locationNode(<u64>bs.ops.get(0) & 0xffffffff, <u64>bs.ops.get(1) & 0xffff, scope, inl, n >= 5 && bs.ops.get(4) != 0, group, rank, false)
        : getLocation(bs.ops.get(0) & 0xffffffff, bs.ops.get(1) & 0xffff, scope, inl, n >= 5 && bs.ops.get(4) != 0);
      iMD.set(br.lastInst, addAttachment(iMD.get(br.lastInst), MDK_DBG, br.lastLoc));
      return true;
    }
    case 33: { // DEBUG_LOC_AGAIN
      if (br.lastInst < 0 || br.lastLoc < 0) return bad("Invalid debug_loc_again record");
      iMD.set(br.lastInst, addAttachment(iMD.get(br.lastInst), MDK_DBG, br.lastLoc));
      return true;
    }
    case 60: return true;  // BLOCKADDR_USERS: only LLVM's lazy loading needs it
    case 61: case 62: case 63: case 64: case 65: case 66: return readDebugRecord(code);
    default: return bad("Invalid record: unknown instruction code " + code.toString());
  }
}

