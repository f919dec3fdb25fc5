// The function block's calls (call, invoke, callbr), its debug records (#dbg_value and the
// others, which follow the instruction they stand before) and its value symbol table.
import { strtab } from "../ir/module";
import { TK, tyKind, tyA, T_LABEL, isPtr, listAt, listLen, tyFlags } from "../ir/types";
import { VK, vKind, vType, vName, iFlags, iExt, iDbg, ext } from "../ir/values";
import { Op, F_TAIL_SHIFT } from "../ir/opcodes";
import { drNext, drPool, drNOps, newDebugRecord, DR } from "../ir/metadata";
import { bs, enterBlock, nextRecord, REC_END } from "./bitstream";
import { br, bad } from "./read-state";
import { typeOf } from "./read-types";
import { attrListAt } from "./read-attrs";
import { mdAt, getBlock } from "./read-refs";
import { mdForValue } from "./read-metadata";
import { getVal, getPair, make, fmfOf, place } from "./read-values";
import { VALUE_SYMTAB_BLOCK } from "./read-state";

// call / invoke / callbr.
export function readCall(code: i32): bool {
  let n = bs.ops.get(0) < 0 ? 0 : bs.ops.len;
  if (n < 3) return bad("Invalid call record");
  let base = br.stk.len;
  let attrs = attrListAt(bs.ops.get(0)); if (attrs == -2) return false;
  let cc = bs.ops.get(1);
  let s = 2;
  let fmf = 0, ccNum = 0, tail = 0;
  let normal = -1, unwind = -1, nIndirect = 0;
  let explicitTy = false;
  let op = code == 34 ? Op.Call : code == 13 ? Op.Invoke : Op.CallBr;
  br.maskTmp.clear();
  if (code == 34) {
    if ((cc >> 17) & 1) { if (s >= n) return bad("Invalid call record"); fmf = fmfOf(bs.ops.get(s++)); }
    explicitTy = ((cc >> 15) & 1) != 0;
    ccNum = <i32>((cc & 0x7ff) >> 1);
    tail = (cc & 1) != 0 ? 1 : 0;
    if ((cc >> 14) & 1) tail = 2;
    if ((cc >> 16) & 1) tail = 3;
  } else if (code == 13) {
    if (n < 5) return bad("Invalid invoke record");
    // LLVM's reader does not check an invoke's blocks: one it has not becomes a null operand
    // (the verifier's "Operand is null")
    normal = blockOrNull(bs.ops.get(s++));
    unwind = blockOrNull(bs.ops.get(s++));
    explicitTy = ((cc >> 13) & 1) != 0;
    ccNum = <i32>(cc & 0x3ff);
  } else {
    normal = getBlock(bs.ops.get(s++)); if (normal < 0) return false;
    if (s >= n) return bad("Invalid callbr record");
    let k = bs.ops.get(s++);
    if (k < 0 || k > <i64>n) return bad("Invalid callbr record");
    for (let j: i64 = 0; j < k; j++) { if (s >= n) return bad("Invalid callbr record"); let b = getBlock(bs.ops.get(s++)); if (b < 0) return false; br.maskTmp.push(b); }
    nIndirect = <i32>k;
    explicitTy = ((cc >> 15) & 1) != 0;
    ccNum = <i32>((cc & 0x7ff) >> 1);
  }
  let fnTy = -1;
  if (explicitTy) {
    if (s >= n) return bad("Invalid call record");
    fnTy = typeOf(bs.ops.get(s++));
    if (fnTy < 0 || <i32>tyKind.get(fnTy) != TK.Function) return bad("Explicit call type is not a function type");
  }
  let callee = getPair(s); if (callee < 0) return false;
  s = br.pairNext;
  if (!isPtr(vType.get(callee)) && <i32>vKind.get(callee) != VK.InlineAsm) return bad("Callee is not a pointer type");
  if (fnTy < 0) return bad("Invalid call record: no function type");
  let np = listLen(fnTy);
  if (n < s + np) return bad("Insufficient operands to call");
  br.stk.push(callee);
  let nArgs = 0;
  for (let j = 0; j < np; j++) {
    let pt = listAt(fnTy, j);
    let v = pt == T_LABEL ? getBlock(bs.ops.get(s)) : getVal(s, pt);
    if (v < 0) { br.stk.len = base; return false; }
    br.stk.push(v); s++; nArgs++;
  }
  if ((tyFlags.get(fnTy) & 1) == 0) { if (s != n) { br.stk.len = base; return bad("Invalid record"); } }  // (more operands than a fixed-arity type has)
  else while (s < n) { let v = getPair(s); if (v < 0) { br.stk.len = base; return false; } s = br.pairNext; br.stk.push(v); nArgs++; }
  for (let j = 0; j < br.bundleOps.len; j++) br.stk.push(br.bundleOps.get(j));
  if (op == Op.Invoke) { br.stk.push(normal); br.stk.push(unwind); }
  else if (op == Op.CallBr) { br.stk.push(normal); for (let j = 0; j < br.maskTmp.len; j++) br.stk.push(br.maskTmp.get(j)); }
  let rt = tyA.get(fnTy);
  let i = make(op, rt, base); if (i < 0) return false;
  iFlags.set(i, (tail << F_TAIL_SHIFT) | fmf);
  let rec = ext.len;
  ext.push(fnTy); ext.push(attrs); ext.push(ccNum); ext.push(nArgs); ext.push(br.bundleDesc.len >> 1);
  for (let j = 0; j < br.bundleDesc.len; j++) ext.push(br.bundleDesc.get(j));
  ext.push(nIndirect);
  iExt.set(i, rec);
  br.bundleOps.clear(); br.bundleDesc.clear();
  return place(i, rt);
}

// #dbg_value / #dbg_declare / #dbg_assign / #dbg_label records: they come after the instruction
// they stand before.
export function readDebugRecord(code: i32): bool {
  let n = bs.ops.len;
  if (br.lastInst < 0) return bad("Invalid dbg record: missing instruction");
  let need = code == 65 ? 2 : code == 63 ? 7 : 4;
  if (n < need) return bad("Invalid dbg record");
  let kind = code == 65 ? DR.Label : code == 62 ? DR.Declare : code == 63 ? DR.Assign : code == 66 ? DR.DeclareValue : DR.Value;
  let r = newDebugRecord(kind);
  if (code == 65) {
    let loc = mdAt(bs.ops.get(0)); let lab = mdAt(bs.ops.get(1));
    if (loc < 0 || lab < 0) return false;
    drPool.push(lab); drPool.push(loc);
    drNOps.set(r, 2);
  } else {
    let loc = mdAt(bs.ops.get(0)), v = mdAt(bs.ops.get(1)), ex = mdAt(bs.ops.get(2));
    if (loc < 0 || v < 0 || ex < 0) return false;
    let where: i32;
    if (code == 64) {
      let x = getVal(3, -1); if (x < 0) return false;
      where = mdForValue(x);
    } else { where = mdAt(bs.ops.get(3)); if (where < 0) return false; }
    drPool.push(where); drPool.push(v); drPool.push(ex);
    let cnt = 3;
    if (code == 63) {
      // [.., assign id, address expression, address]
      let id = mdAt(bs.ops.get(4)), ax = mdAt(bs.ops.get(5)), addr = mdAt(bs.ops.get(6));
      if (id < 0 || ax < 0 || addr < 0) return false;
      drPool.push(id); drPool.push(addr); drPool.push(ax); cnt += 3;
    }
    drPool.push(loc); cnt++;
    drNOps.set(r, cnt);
  }
  // append to the instruction's list
  let h = iDbg.get(br.lastInst);
  if (h < 0) iDbg.set(br.lastInst, r);
  else { while (drNext.get(h) >= 0) h = drNext.get(h); drNext.set(h, r); }
  return true;
}

// VALUE_SYMTAB_BLOCK in a function: names of arguments, instructions (ENTRY) and blocks (BBENTRY).
export function readFunctionVST(): bool {
  if (!enterBlock()) return false;
  while (true) {
    let code = nextRecord();
    if (code == REC_END) return true;
    if (code < 0) return false;
    if (code != 1 && code != 2) continue;
    if (bs.ops.len < 1) return bad("Invalid VST record");
    let id = bs.ops.get(0);
    let name = nameOf(1);
    if (code == 2) {
      let b = getBlock(id); if (b < 0) return false;
      vName.set(b, name);
    } else {
      if (id < 0 || id >= <i64>br.valueList.len) return bad("Invalid value name");
      let v = br.valueList.get(<i32>id);
      if (v < 0) return bad("Invalid value name");
      vName.set(v, name);
    }
  }
}
function nameOf(from: i32): i32 {
  let n = bs.ops.len - from;
  let p = heap.alloc(n > 0 ? <usize>(n) : 1);
  for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>bs.ops.get(from + i));
  let s = strtab.intern(p, n);
  heap.free(p);
  return s;
}

// Block `idx` of the body, or -1 (a null operand) for an index it does not have.
function blockOrNull(idx: i64): i32 { return idx >= 0 && idx < <i64>br.blocks.len ? getBlock(idx) : -1; }
