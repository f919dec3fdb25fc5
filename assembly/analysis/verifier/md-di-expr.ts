// Verifier::visitDIExpression: whether a DIExpression is well formed (DIExpression::isValid), read
// from the expression's stored text, and an invalid one written as opt writes it (numbers only).
import { strtab } from "../../ir/module";
import { mdA } from "../../ir/metadata";
import { llvmVersion } from "../../ir/version";
import { DWARF_NAMES } from "../../ir/dwarf-names";
import { vr } from "./state";
import { expressionWords } from "../../ir/debuginfo";

// Verifier::visitDIExpression: DIExpression::isValid over the expression's words (operations by
// name or number, each followed by its arguments).
export function visitDIExpression(m: i32): void {
  if (expressionValid(m)) return;
  vr.failDebugInfo("invalid expression");
  writeInvalidExpression(m);
}
// An invalid expression as opt writes it: every word as a number.
function writeInvalidExpression(m: i32): void {
  let out = vr.out;
  out.str("!DIExpression(");
  let w = vr.piecesA;
  let p = expressionWords(m, w);
  for (let k = 0; k < w.len; k += 2) {
    if (k > 0) out.str(", ");
    let word = String.UTF8.decodeUnsafe(p + <usize>w.get(k), <usize>w.get(k + 1));
    let code = -1 as i64;
    if (word.startsWith("DW_")) {
      let key = word + ":";
      for (let k = 0; k < DWARF_NAMES.length; k++) {
        let e = unchecked(DWARF_NAMES[k]);
        if (e.startsWith(key)) { code = I64.parseInt(e.substring(key.length)); break; }
      }
    }
    if (code >= 0) out.i64(code); else out.str(word);
  }
  out.str(")\n");
}
// The code of an operation word (a DW_OP_ name this check knows, or a decimal number); -1 for any
// other word (no operation isValid accepts).
function opCode(p: usize, n: i32): i64 {
  let c0 = <i32>load<u8>(p);
  if (c0 >= 48 && c0 <= 57) {
    let v: i64 = 0;
    for (let i = 0; i < n; i++) {
      let d = <i32>load<u8>(p + <usize>i) - 48;
      if (d < 0 || d > 9 || v > 0xffffffffff) return -1;
      v = v * 10 + d;
    }
    return v;
  }
  if (n < 7 || load<u8>(p) != 68 || load<u8>(p + 1) != 87 || load<u8>(p + 2) != 95 || load<u8>(p + 3) != 79 ||
      load<u8>(p + 4) != 80 || load<u8>(p + 5) != 95) return -1;   // "DW_OP_"
  // DW_OP_regN / DW_OP_bregN
  let q = p + 6, r = n - 6;
  let base = -1, at = 0;
  if (r > 3 && load<u8>(q) == 114 && load<u8>(q + 1) == 101 && load<u8>(q + 2) == 103) { base = 0x50; at = 3; }
  else if (r > 4 && load<u8>(q) == 98 && load<u8>(q + 1) == 114 && load<u8>(q + 2) == 101 && load<u8>(q + 3) == 103) { base = 0x70; at = 4; }
  if (base >= 0) {
    let v = 0, ok = true;
    for (let i = at; i < r; i++) { let d = <i32>load<u8>(q + <usize>i) - 48; if (d < 0 || d > 9) { ok = false; break; } v = v * 10 + d; }
    if (ok && r - at <= 2 && v <= 31) return base + v;
  }
  let names = EXPR_OP_NAMES;
  for (let i = 0; i < names.length; i++) {
    let nm = unchecked(names[i]);
    if (nm.length != r) continue;
    let same = true;
    for (let k = 0; k < r; k++) if (<i32>load<u8>(q + <usize>k) != nm.charCodeAt(k)) { same = false; break; }
    if (same) return unchecked(EXPR_OP_CODES[i]);
  }
  return -1;
}
// The operations DIExpression::isValid accepts (after "DW_OP_"), and their codes (the last three
// from LLVM 22 on).
const EXPR_OP_NAMES: string[] = ["LLVM_fragment", "LLVM_convert", "LLVM_tag_offset", "LLVM_entry_value", "LLVM_implicit_pointer", "LLVM_arg", "LLVM_extract_bits_sext", "LLVM_extract_bits_zext", "constu", "consts", "plus_uconst", "plus", "minus", "mul", "div", "mod", "or", "and", "xor", "shl", "shr", "shra", "deref", "deref_size", "xderef", "lit0", "not", "dup", "regx", "bregx", "push_object_address", "over", "eq", "ne", "gt", "ge", "lt", "le", "stack_value", "swap", "rot", "abs", "neg"];
const EXPR_OP_CODES: i32[] = [4096, 4097, 4098, 4099, 4100, 4101, 4102, 4103, 16, 17, 35, 34, 28, 30, 27, 29, 33, 26, 39, 36, 37, 38, 6, 148, 24, 48, 32, 18, 144, 146, 151, 20, 41, 46, 43, 42, 45, 44, 159, 22, 23, 25, 31];
// ExprOperand::getSize: the operation and its arguments.
function opSize(op: i64): i32 {
  if (op >= 0x70 && op <= 0x8f) return 2;
  if (op == 4097 || op == 4096 || op == 4102 || op == 4103 || op == 146) return 3;
  if (op == 16 || op == 17 || op == 148 || op == 35 || op == 4098 || op == 4099 || op == 4101 || op == 144) return 2;
  return 1;
}
// DIExpression::isValid.
export function expressionIsValid(e: i32): bool { return expressionValid(e); }
function expressionValid(e: i32): bool {
  if (strtab.lenOf(mdA.get(e)) == 0) return true;
  // the words: (start, length) pairs (in the fragment checks' scratch: not in use here)
  let w = vr.piecesA;
  let p = expressionWords(e, w);
  let nw = w.len >> 1;
  for (let k = 0; k < nw;) {
    let op = opCode(p + <usize>w.get(2 * k), w.get(2 * k + 1));
    let size = opSize(op);
    if (k + size > nw) return false;
    if ((op >= 0x50 && op <= 0x6f) || (op >= 0x70 && op <= 0x8f)) return true;
    if (op == 4096) return k + size == nw;
    if (op == 159) {
      if (k + size != nw && opCode(p + <usize>w.get(2 * (k + 1)), w.get(2 * (k + 1) + 1)) != 4096) return false;
    } else if (op == 22) {
      if (nw == 1) return false;
    } else if (op == 4099) {
      // at the start (or right after DW_OP_LLVM_arg 0), covering one operation
      let f = 0;
      let op0 = opCode(p + <usize>w.get(0), w.get(1));
      if (op0 == 4101 && nw >= 2 && wordIsZero(p, w.get(2), w.get(3))) f = 2;
      return k == f && wordIsOne(p, w.get(2 * (k + 1)), w.get(2 * (k + 1) + 1));
    } else if (!validOp(op)) return false;
    k += size;
  }
  return true;
}
function validOp(op: i64): bool {
  // LLVM 22 also takes DW_OP_rot, DW_OP_abs and DW_OP_neg
  if (op == 23 || op == 25 || op == 31) return llvmVersion >= 22;
  let codes = EXPR_OP_CODES;
  for (let i = 0; i < codes.length; i++) if (<i64>unchecked(codes[i]) == op) return true;
  return false;
}
function wordIsZero(p: usize, st: i32, n: i32): bool { return n == 1 && load<u8>(p + <usize>st) == 48; }
function wordIsOne(p: usize, st: i32, n: i32): bool { return n == 1 && load<u8>(p + <usize>st) == 49; }
