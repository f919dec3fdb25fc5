// Printing of operands: local/global references by name or slot, constants, inline asm; and of
// metadata: operands, node bodies, the numbered and named metadata tables, attachments and debug
// records, with the slots a Writer's SlotTable (slots.ts) assigned. One file because each calls
// the other: a value operand can be metadata (`metadata !0`), a metadata operand a value (`i32 1`).
import { zext64 } from "../util/bits";
import { OutBuf } from "../util/outbuf";
import { Writer } from "./writer";
import { strtab } from "../ir/module";
import { printName, printType, printEscapedId, printEscaped, printMDIdent } from "./printer-types";
import { TK, tyKind, tyA, tyN, T_PTR, T_I1, T_I8, T_HALF, T_BFLOAT, T_FLOAT, T_DOUBLE, T_X86FP80, T_FP128, T_PPCFP128, isVector, listLen } from "../ir/types";
import { VK, vKind, vType, vName, vA, vB, iOp, iFlags, iAux, iExt, ext, operand, numOperands, vParent } from "../ir/values";
import { intWordCount, intWord, fpWord, fpBits64, intSExt64, gepExprHasInRange, gepExprInRangeLo, gepExprInRangeHi } from "../ir/constants";
import { Op, OP_NAMES, isCast, isBinary, F_NUW, F_NSW, F_EXACT, F_DISJOINT, F_INBOUNDS, F_GEP_NUSW, F_GEP_NUW, F_NNEG, ICMP_NAMES, FCMP_NAMES } from "../ir/opcodes";
import { formatDoubleLLVM } from "../util/fp";
import { gValue, gFlags, GF_NUMBERED } from "../ir/globals";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, mdCount, nmdName, nmdOps, nmdNOps, nmdPool,
  attKind, attMD, attNext, mdKindName, drKind, drOps, drNOps, drNext, drPool, DR, DR_NAMES, FV_MD, FV_RAW, canonicalMD,
} from "../ir/metadata";
import { has, Feature } from "../ir/version";
import { tyFlags as tyFlagsOf } from "../ir/types";
import { blockSlotInFunction } from "./slots";

// A reference to a value without its type.
export function printValueRef(w: Writer, out: OutBuf, v: i32): void {
  if (v < 0) { out.str("<null operand!>"); return; }
  let k = <i32>vKind.get(v);
  switch (k) {
    case VK.Arg: case VK.Block: case VK.Inst: {
      let nm = vName.get(v);
      if (nm >= 0) printName(out, 37, nm);
      else { let slot = w.slots.local; let s = v < slot.len ? slot.get(v) : -1; if (s >= 0) { out.byte(37); out.int(s); } else out.str("<badref>"); }
      return;
    }
    case VK.GlobalVar: case VK.Function: case VK.Alias: case VK.IFunc: {
      let nm = vName.get(v);
      if (nm >= 0) printName(out, 64, nm);
      else {
        let slot = w.slots.global; let s = v < slot.len ? slot.get(v) : -1;
        if (s >= 0) { out.byte(64); out.int(s); let refs = w.fragmentRefs; if (refs !== null) refs.push(v); } else out.str("<badref>");
      }
      return;
    }
    case VK.InlineAsm: {
      out.str("asm ");
      let f = iFlags.get(v);
      if (f & 1) out.str("sideeffect ");
      if (f & 2) out.str("alignstack ");
      if (f & 4) out.str("inteldialect ");
      if (f & 8) out.str("unwind ");
      out.byte(34); printEscapedId(out, vA.get(v)); out.str("\", \""); printEscapedId(out, vB.get(v)); out.byte(34);
      return;
    }
    case VK.MDValue: printMDOperand(w, out, canonicalMD(vA.get(v)), false); return;
    default: printConstant(w, out, v);
  }
}
// Type and value.
export function printTypedValue(w: Writer, out: OutBuf, v: i32): void {
  if (v < 0) { out.str("<null operand!>"); return; }
  printType(w, out, printedType(v)); out.byte(32); printValueRef(w, out, v);
}

// The type printed before a value: inline asm is kept with its function type, but as a value
// (an operand other than the callee, which only bitcode can make) LLVM types it `ptr`.
export function printedType(v: i32): i32 {
  return <i32>vKind.get(v) == VK.InlineAsm ? T_PTR : vType.get(v);
}

function printFP(w: Writer, out: OutBuf, c: i32): void {
  let fpText = w.fpText;
  let t = vType.get(c);
  if (t == T_DOUBLE || t == T_FLOAT) {
    let bits: u64;
    if (t == T_DOUBLE) bits = fpBits64(c);
    else {
      let fb = <u32>fpWord(c, 0);
      let f = reinterpret<f32>(fb);
      if (f != f) {
        // NaN: widen the payload as APFloat does (quiet bit stays where it is).
        let sign = <u64>(fb >>> 31), payload = <u64>(fb & 0x7fffff);
        bits = (sign << 63) | (<u64>0x7ff << 52) | (payload << 29);
      } else bits = reinterpret<u64>(<f64>f);
    }
    fpText.clear();
    if (formatDoubleLLVM(bits, fpText)) { out.bytes(fpText.ptr, fpText.len); return; }
    out.str("0x"); out.hex(bits, bits == 0 ? 1 : 16 - (<i32>clz<u64>(bits) >> 2), true); return;
  }
  if (t == T_HALF) { out.str("0xH"); out.hex(zext64(fpWord(c, 0)), 4, true); return; }
  if (t == T_BFLOAT) { out.str("0xR"); out.hex(zext64(fpWord(c, 0)), 4, true); return; }
  if (t == T_X86FP80) {
    out.str("0xK"); out.hex(zext64(fpWord(c, 2)) & 0xffff, 4, true);
    out.hex(zext64(fpWord(c, 0)) | (zext64(fpWord(c, 1)) << 32), 16, true); return;
  }
  // fp128 / ppc_fp128: low 64 bits then high 64 bits
  out.str(t == T_FP128 ? "0xL" : "0xM");
  out.hex(zext64(fpWord(c, 0)) | (zext64(fpWord(c, 1)) << 32), 16, true);
  out.hex(zext64(fpWord(c, 2)) | (zext64(fpWord(c, 3)) << 32), 16, true);
}

function printInt(w: Writer, out: OutBuf, c: i32): void {
  let bigWords = w.bigWords, bigDigits = w.bigDigits;
  let t = vType.get(c);
  if (t == T_I1) { out.str(intWord(c, 0) != 0 ? "true" : "false"); return; }
  let width = tyA.get(t);
  if (width <= 64) { out.i64(intSExt64(c)); return; }
  // wide: two's complement words -> signed decimal
  let n = (width + 31) >> 5;
  bigWords.clear();
  for (let i = 0; i < n; i++) bigWords.push(intWord(c, i));
  let top = width - (n - 1) * 32;
  let neg = ((bigWords.get(n - 1) >>> (top - 1)) & 1) != 0;
  if (neg) {
    // negate: invert within width and add one
    let carry: u64 = 1;
    for (let i = 0; i < n; i++) {
      let x = zext64(~bigWords.get(i)) + carry;
      bigWords.set(i, <i32>(x & 0xffffffff)); carry = x >>> 32;
    }
    if (top < 32) bigWords.set(n - 1, bigWords.get(n - 1) & ((1 << top) - 1));
  }
  bigDigits.clear();
  let nonzero = true;
  while (nonzero) {
    let r: u64 = 0; nonzero = false;
    for (let i = n - 1; i >= 0; i--) {
      let x = (r << 32) | zext64(bigWords.get(i));
      let q = x / 1000000000; r = x % 1000000000;
      bigWords.set(i, <i32>q);
      if (q != 0) nonzero = true;
    }
    for (let d = 0; d < 9; d++) { bigDigits.push(<u8>(48 + <i32>(r % 10))); r /= 10; if (!nonzero && r == 0) break; }
  }
  while (bigDigits.len > 1 && bigDigits.get(bigDigits.len - 1) == 48) bigDigits.len--;
  if (neg) out.byte(45);
  for (let i = bigDigits.len - 1; i >= 0; i--) out.byte(bigDigits.get(i));
}

export function printConstant(w: Writer, out: OutBuf, c: i32): void {
  let k = <i32>vKind.get(c);
  switch (k) {
    case VK.ConstInt: printInt(w, out, c); return;
    case VK.ConstFP: printFP(w, out, c); return;
    case VK.ConstNull: out.str("null"); return;
    case VK.ConstUndef: out.str("undef"); return;
    case VK.ConstPoison: out.str("poison"); return;
    case VK.ConstZero: out.str("zeroinitializer"); return;
    case VK.ConstNone: out.str("none"); return;
    case VK.ConstData: { out.str("c\""); printEscapedId(out, vA.get(c)); out.byte(34); return; }
    case VK.ConstArray: {
      out.byte(91);
      let n = numOperands(c);
      for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printTypedValue(w, out, operand(c, i)); }
      out.byte(93); return;
    }
    case VK.ConstStruct: {
      let packed = (tyFlagsOf.get(vType.get(c)) & 1) != 0;
      if (packed) out.byte(60);
      let n = numOperands(c);
      if (n == 0) out.str("{}");
      else {
        out.str("{ ");
        for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printTypedValue(w, out, operand(c, i)); }
        out.str(" }");
      }
      if (packed) out.byte(62);
      return;
    }
    case VK.ConstVector: {
      let n = numOperands(c);
      if (printsAsSplat(c)) { printSplat(w, out, operand(c, 0)); return; }
      out.byte(60);
      for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printTypedValue(w, out, operand(c, i)); }
      out.byte(62); return;
    }
    case VK.BlockAddress: {
      out.str("blockaddress("); printValueRef(w, out, operand(c, 0)); out.str(", ");
      printBlockAddressBlock(out, operand(c, 0), operand(c, 1));
      out.byte(41); return;
    }
    case VK.DSOLocalEquiv: out.str("dso_local_equivalent "); printValueRef(w, out, operand(c, 0)); return;
    case VK.NoCFI: out.str("no_cfi "); printValueRef(w, out, operand(c, 0)); return;
    case VK.PtrAuth: {
      out.str("ptrauth (");
      let n = numOperands(c);
      for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printTypedValue(w, out, operand(c, i)); }
      out.byte(41); return;
    }
    case VK.ConstExpr: printConstExpr(w, out, c); return;
    case VK.Forward: out.str("<badref>"); return;  // LLVM's placeholder: an argument of no function
  }
  out.str("<unknown constant>");
}
function printBlockAddressBlock(out: OutBuf, fn: i32, bb: i32): void {
  let nm = vName.get(bb);
  if (nm >= 0) { printName(out, 37, nm); return; }
  let s = blockSlotInFunction(fn, bb);
  if (s >= 0) { out.byte(37); out.int(s); } else out.str("<badref>");
}

// LLVM 20 and later print a vector whose lanes are one integer or floating-point constant as
// `splat (T c)`: a fixed vector of equal lanes, and the scalable splat shuffle
// shufflevector (insertelement (poison, c, 0), poison, zeroinitializer).
function isIntOrFP(v: i32): bool { let k = <i32>vKind.get(v); return k == VK.ConstInt || k == VK.ConstFP; }
function printsAsSplat(c: i32): bool {
  if (!has(Feature.SplatConstants)) return false;
  let n = numOperands(c);
  let e = operand(c, 0);
  if (!isIntOrFP(e)) return false;
  for (let i = 1; i < n; i++) if (operand(c, i) != e) return false;
  return true;
}
// The splatted constant of a scalable splat shuffle, or -1.
function scalableSplatValue(c: i32): i32 {
  if (!has(Feature.SplatConstants) || <i32>iOp.get(c) != Op.ShuffleVector || <i32>tyKind.get(vType.get(c)) != TK.ScalableVector) return -1;
  let ins = operand(c, 0);
  if (<i32>vKind.get(ins) != VK.ConstExpr || <i32>iOp.get(ins) != Op.InsertElement) return -1;
  if (<i32>vKind.get(operand(c, 1)) != VK.ConstPoison || <i32>vKind.get(operand(c, 2)) != VK.ConstZero) return -1;
  let e = operand(ins, 1), idx = operand(ins, 2);
  if (<i32>vKind.get(operand(ins, 0)) != VK.ConstPoison || !isIntOrFP(e)) return -1;
  if (<i32>vKind.get(idx) != VK.ConstInt || intSExt64(idx) != 0) return -1;
  return e;
}
function printSplat(w: Writer, out: OutBuf, e: i32): void { out.str("splat ("); printTypedValue(w, out, e); out.byte(41); }

function printConstExpr(w: Writer, out: OutBuf, c: i32): void {
  let sv = scalableSplatValue(c);
  if (sv >= 0) { printSplat(w, out, sv); return; }
  let op = <i32>iOp.get(c);
  let f = iFlags.get(c);
  out.str(OP_NAMES[op]);
  if (op == Op.ICmp || op == Op.FCmp) {
    out.byte(32);
    let p = iAux.get(c);
    out.str(op == Op.ICmp ? ICMP_NAMES[p - 32] : FCMP_NAMES[p]);
  }
  if (op == Op.GetElementPtr) {
    if (f & F_INBOUNDS) out.str(" inbounds"); else if (f & F_GEP_NUSW) out.str(" nusw");
    if (f & F_GEP_NUW) out.str(" nuw");
    if (gepExprHasInRange(c)) {
      out.str(" inrange("); out.i64(gepExprInRangeLo(c)); out.str(", "); out.i64(gepExprInRangeHi(c)); out.byte(41);
    }
  } else if (isBinary(op)) {
    if (f & F_NUW) out.str(" nuw");
    if (f & F_NSW) out.str(" nsw");
    if (f & F_EXACT) out.str(" exact");
    if (f & F_DISJOINT) out.str(" disjoint");
  }
  out.str(" (");
  if (op == Op.GetElementPtr) { printType(w, out, ext.get(iExt.get(c))); out.str(", "); }
  let n = numOperands(c);
  for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printTypedValue(w, out, operand(c, i)); }
  if (isCast(op)) { out.str(" to "); printType(w, out, vType.get(c)); }
  out.byte(41);
}

// ---- metadata ----

// An operand position: `!N`, inline DIExpression/DIArgList, `!"str"`, a value, or null.
export function printMDOperand(w: Writer, out: OutBuf, m: i32, inNode: bool): void {
  if (m < 0) { out.str(inNode ? "null" : "!{}"); return; }
  let k = <i32>mdKind.get(m);
  switch (k) {
    case MK.String: out.str("!\""); printEscapedId(out, mdA.get(m)); out.byte(34); return;
    case MK.Value: printTypedValue(w, out, mdA.get(m)); return;
    case MK.Expr: out.str("!DIExpression("); out.strId(strtab, mdA.get(m)); out.byte(41); return;
    case MK.ArgList: {
      out.str("!DIArgList(");
      let s = mdOps.get(m);
      for (let i = 0; mdNOps.get(m) > i; i++) { if (i > 0) out.str(", "); printMDOperand(w, out, mdPool.get(s + i), true); }
      out.byte(41); return;
    }
  }
  let slot = w.slots.md.get(m);
  // a node the numbering did not reach (only malformed input makes one, e.g. mutated bitcode):
  // numbered now, so it is printed by reference and listed with the others at the end (printed
  // inline, a cycle through such nodes would never end)
  if (slot < 0) { w.slots.numberNode(m); slot = w.slots.md.get(m); }
  if (slot >= 0) { out.byte(33); out.int(slot); return; }
  printNodeBody(w, out, m);
}

// A field kept as its source text. A quoted string is printed with LLVM's escapes (`\\` for a
// backslash, `\XX` for other bytes outside printable ASCII), whatever escapes the source used.
function printRawField(w: Writer, out: OutBuf, id: i32): void {
  let p = strtab.ptrOf(id), n = strtab.lenOf(id);
  if (n < 2 || load<u8>(p) != 34) { out.strId(strtab, id); return; }
  let plain = true;
  for (let i = 1; i < n - 1; i++) { let c = <i32>load<u8>(p + <usize>i); if (c == 92 || c < 32 || c > 126) { plain = false; break; } }
  if (plain) { out.strId(strtab, id); return; }
  let unescaped = w.unescaped;
  unescaped.clear();
  for (let i = 1; i < n - 1; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c == 92 && i + 1 < n - 1 && load<u8>(p + <usize>(i + 1)) == 92) { unescaped.push(92); i++; continue; }
    if (c == 92 && i + 2 < n - 1 && isHex(load<u8>(p + <usize>(i + 1))) && isHex(load<u8>(p + <usize>(i + 2)))) {
      unescaped.push(<u8>((hexVal(load<u8>(p + <usize>(i + 1))) << 4) | hexVal(load<u8>(p + <usize>(i + 2))))); i += 2; continue;
    }
    unescaped.push(<u8>c);
  }
  out.byte(34); printEscaped(out, unescaped.ptr, unescaped.len); out.byte(34);
}
function isHex(c: u8): bool { return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102); }
function hexVal(c: u8): i32 { return c <= 57 ? <i32>c - 48 : (<i32>c | 32) - 87; }

export function printNodeBody(w: Writer, out: OutBuf, m: i32): void {
  let k = <i32>mdKind.get(m);
  if (mdFlags.get(m) & MDF_DISTINCT) out.str("distinct ");
  let s = mdOps.get(m), n = mdNOps.get(m);
  if (k == MK.Tuple) {
    out.str("!{");
    for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printMDOperand(w, out, mdPool.get(s + i), true); }
    out.byte(125);
    return;
  }
  if (k == MK.Node) {
    out.byte(33); out.strId(strtab, mdA.get(m)); out.byte(40);
    // GenericDINode keeps each of its operands as an `operands` field: printed as one list
    let ops = strtab.eqStr(mdA.get(m), "GenericDINode") ? strtab.internStr("operands") : -1;
    let hideA = -1, hideB = -1;
    if (strtab.eqStr(mdA.get(m), "DIFixedPointType")) {
      // a rational fixed-point type prints its numerator and denominator, another its factor
      let rational = false;
      for (let i = 0; i < n; i++) {
        if (strtab.eqStr(mdPool.get(s + 3 * i), "kind") && mdPool.get(s + 3 * i + 1) == FV_RAW) rational = strtab.eqStr(mdPool.get(s + 3 * i + 2), "Rational");
      }
      if (rational) hideA = strtab.internStr("factor");
      else { hideA = strtab.internStr("numerator"); hideB = strtab.internStr("denominator"); }
    }
    let printed = 0;
    for (let i = 0; i < n; i++) {
      let name = mdPool.get(s + 3 * i);
      if (name == hideA || name == hideB) continue;
      let tag = mdPool.get(s + 3 * i + 1), v = mdPool.get(s + 3 * i + 2);
      let item = name == ops;
      let first = !item || i == 0 || mdPool.get(s + 3 * (i - 1)) != ops;
      if (printed++ > 0) out.str(", ");
      if (first) { out.strId(strtab, name); out.str(item ? ": {" : ": "); }
      if (tag == FV_RAW) printRawField(w, out, v); else printMDOperand(w, out, v, true);
      if (item && (i + 1 == n || mdPool.get(s + 3 * (i + 1)) != ops)) out.byte(125);
    }
    out.byte(41);
    return;
  }
  printMDOperand(w, out, m, true);
}

// The numbered nodes from `from` on, until the buffer holds `budget` bytes or more: returns the
// next node's index (the list's length when all are printed).
export function printAllNodes(w: Writer, out: OutBuf, from: i32 = 0, budget: i32 = i32.MAX_VALUE): i32 {
  let order = w.slots.mdOrder;
  let i = from;
  for (; i < order.len && out.buf.len < budget; i++) {
    if (w.slots.stops(order.get(i))) continue;
    out.byte(33); out.int(i); out.str(" = ");
    printNodeBody(w, out, order.get(i));
    out.byte(10);
  }
  return i;
}
export function printNamedMetadata(w: Writer, out: OutBuf): void {
  for (let i = 0; i < nmdName.len; i++) {
    out.byte(33); printMDIdent(out, nmdName.get(i)); out.str(" = !{");
    let s = nmdOps.get(i);
    for (let j = 0; nmdNOps.get(i) > j; j++) { if (j > 0) out.str(", "); printMDOperand(w, out, nmdPool.get(s + j), true); }
    out.str("}\n");
  }
}
// `, !kind !N` (sep ", ") or ` !kind !N` (sep " ").
export function printAttachments(w: Writer, out: OutBuf, head: i32, sep: string): void {
  for (let a = head; a >= 0; a = attNext.get(a)) {
    out.str(sep); out.byte(33); printMDIdent(out, mdKindName.get(attKind.get(a))); out.byte(32);
    printMDOperand(w, out, attMD.get(a), false);
  }
}
export function printRecords(w: Writer, out: OutBuf, head: i32): void {
  for (let r = head; r >= 0; r = drNext.get(r)) { out.str("    "); printRecord(w, out, r); out.byte(10); }
}
// One debug record (no indentation, no newline), as DbgRecord::print writes it.
export function printRecord(w: Writer, out: OutBuf, r: i32): void {
  let k = <i32>drKind.get(r);
  let s = drOps.get(r), n = drNOps.get(r);
  out.str("#dbg_"); out.str(DR_NAMES[k]); out.byte(40);
  for (let i = 0; i < n; i++) {
    if (i > 0) out.str(", ");
    printMDOperand(w, out, drPool.get(s + i), false);
  }
  out.byte(41);
}
