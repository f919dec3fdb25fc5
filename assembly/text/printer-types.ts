// Printing of types and names, shared by the printer and by diagnostics.
import { OutBuf } from "../util/outbuf";
import { TK, tyKind, tyA, tyN, tyFlags, listLen, listAt, TF_PACKED, TF_VARARG, T_I128 } from "../ir/types";
import { strtab } from "../ir/module";
import { Writer, writer } from "./writer";

// Quoted-or-bare LLVM name with a sigil, as AsmWriter's PrintLLVMName.
export function printName(out: OutBuf, sigil: i32, id: i32): void {
  out.byte(sigil);
  let p = strtab.ptrOf(id), n = strtab.lenOf(id);
  if (n > 0 && !isDigitC(load<u8>(p))) {
    // copy while checking; the copy is simply not committed when the name needs quotes
    let b = out.buf;
    if (b.len + n > b.cap) b.reserve(b.len + n);
    let d = b.ptr + <usize>b.len;
    let i = 0;
    for (; i < n; i++) {
      let c = <i32>load<u8>(p + <usize>i);
      if (!(isAlnum(c) || c == 45 || c == 46 || c == 95)) break;
      store<u8>(d + <usize>i, <u8>c);
    }
    if (i == n) { b.len += n; return; }
  }
  out.byte(34); printEscaped(out, p, n); out.byte(34);
}
@inline function isDigitC(c: i32): bool { return c >= 48 && c <= 57; }
@inline function isAlnum(c: i32): bool { return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122); }
// printEscapedString: backslash as \\, printable ASCII but " verbatim, everything else \XX.
export function printEscaped(out: OutBuf, p: usize, n: i32): void {
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c == 92) { out.byte(92); out.byte(92); }
    else if (c >= 32 && c <= 126 && c != 34) out.byte(c);
    else { out.byte(92); out.hex(<u64>c, 2, true); }
  }
}
export function printEscapedId(out: OutBuf, id: i32): void { printEscaped(out, strtab.ptrOf(id), strtab.lenOf(id)); }
// Metadata identifiers (`!name`, attachment kinds).
export function printMDIdent(out: OutBuf, id: i32): void {
  let p = strtab.ptrOf(id), n = strtab.lenOf(id);
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    let ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 45 || c == 36 || c == 46 || c == 95 || (i > 0 && c >= 48 && c <= 57);
    if (ok) out.byte(c); else { out.byte(92); out.hex(<u64>c, 2, true); }
  }
}

const PRIM: string[] = ["void", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128", "label", "metadata", "token", "x86_amx", "x86_mmx"];
// The text of the fixed types (ids 0 to T_I128, made first in every module in this order:
// ir/types.ts resetTypes), nearly every type a module prints: a 16-byte slot each, the text then
// its length in the last byte, copied whole (OutBuf.slot16).
const FIXED_TYPE_TEXT: usize = memory.data<u8>([
  118, 111, 105, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4,  // void
  108, 97, 98, 101, 108, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5,  // label
  109, 101, 116, 97, 100, 97, 116, 97, 0, 0, 0, 0, 0, 0, 0, 8,  // metadata
  116, 111, 107, 101, 110, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5,  // token
  104, 97, 108, 102, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4,  // half
  98, 102, 108, 111, 97, 116, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6,  // bfloat
  102, 108, 111, 97, 116, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5,  // float
  100, 111, 117, 98, 108, 101, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6,  // double
  120, 56, 54, 95, 102, 112, 56, 48, 0, 0, 0, 0, 0, 0, 0, 8,  // x86_fp80
  102, 112, 49, 50, 56, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5,  // fp128
  112, 112, 99, 95, 102, 112, 49, 50, 56, 0, 0, 0, 0, 0, 0, 9,  // ppc_fp128
  120, 56, 54, 95, 97, 109, 120, 0, 0, 0, 0, 0, 0, 0, 0, 7,  // x86_amx
  120, 56, 54, 95, 109, 109, 120, 0, 0, 0, 0, 0, 0, 0, 0, 7,  // x86_mmx
  105, 49, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2,  // i1
  105, 56, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2,  // i8
  105, 49, 54, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3,  // i16
  105, 51, 50, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3,  // i32
  105, 54, 52, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3,  // i64
  112, 116, 114, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3,  // ptr
  105, 49, 50, 56, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4,  // i128
]);

export function printType(w: Writer, out: OutBuf, t: i32): void {
  if (<u32>t <= <u32>T_I128) { out.slot16(FIXED_TYPE_TEXT + (<usize>t << 4)); return; }
  let k = <i32>tyKind.get(t);
  if (k <= TK.X86MMX) { out.str(PRIM[k]); return; }
  switch (k) {
    case TK.Int: out.byte(105); out.int(tyA.get(t)); return;
    case TK.Ptr: out.str("ptr"); if (tyA.get(t) != 0) { out.str(" addrspace("); out.int(tyA.get(t)); out.byte(41); } return;
    case TK.Vector: case TK.ScalableVector:
      out.byte(60); if (k == TK.ScalableVector) out.str("vscale x ");
      out.i64(tyN.get(t)); out.str(" x "); printType(w, out, tyA.get(t)); out.byte(62); return;
    case TK.Array: out.byte(91); out.u64(<u64>tyN.get(t)); out.str(" x "); printType(w, out, tyA.get(t)); out.byte(93); return;
    case TK.Struct: printStructBody(w, out, t); return;
    case TK.NamedStruct: {
      let nm = tyA.get(t);
      if (nm >= 0) printName(out, 37, nm);
      else {
        out.byte(37); let k = w.types.numberOf(t); if (k >= 0) out.int(k); else out.i64(tyN.get(t));
      }
      return;
    }
    case TK.Function: {
      printType(w, out, tyA.get(t)); out.str(" (");
      let n = listLen(t);
      for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printType(w, out, listAt(t, i)); }
      if (tyFlags.get(t) & TF_VARARG) { if (n > 0) out.str(", "); out.str("..."); }
      out.byte(41); return;
    }
    case TK.TargetExt: {
      out.str("target(\""); printEscapedId(out, tyA.get(t)); out.byte(34);
      let nTypes = <i32>tyN.get(t), n = listLen(t);
      for (let i = 0; i < n; i++) { out.str(", "); if (i < nTypes) printType(w, out, listAt(t, i)); else out.int(listAt(t, i)); }
      out.byte(41); return;
    }
  }
}
export function printStructBody(w: Writer, out: OutBuf, t: i32): void {
  let k = <i32>tyKind.get(t);
  let packed = (tyFlags.get(t) & TF_PACKED) != 0;
  if (k == TK.NamedStruct && (tyFlags.get(t) & 2) == 0) { out.str("opaque"); return; }
  let n = listLen(t);
  if (packed) out.byte(60);
  if (n == 0) out.str("{}");
  else {
    out.str("{ ");
    for (let i = 0; i < n; i++) { if (i > 0) out.str(", "); printType(w, out, listAt(t, i)); }
    out.str(" }");
  }
  if (packed) out.byte(62);
}

// For messages (the parser's errors): the session writer's scratch buffer.
export function typeToString(t: i32): string {
  let w = writer();
  if (w.typeText == null) w.typeText = new OutBuf();
  let o = w.typeText!;
  o.clear();
  printType(w, o, t);
  return String.UTF8.decodeUnsafe(o.buf.ptr, <usize>o.len, false);
}
