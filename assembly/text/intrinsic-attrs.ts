// LLVM replaces the attributes of a recognised intrinsic's declaration with the intrinsic's own
// (declared ones are dropped). The table (ir/intrinsics-table.ts) is generated from opt runs of
// each version; its attribute text is read with the ordinary attribute parser.
import { I32Vec, U8Vec } from "../util/vec";
import { INTRINSIC_NAMES, INTRINSIC_ATTRS_19, INTRINSIC_ATTRS_22, KNOWN_INTRINSICS_22, INTRINSIC_TARGET_PREFIXES } from "../ir/intrinsics-table";
import { llvmVersion } from "../ir/version";
import { strtab, lexInit, next } from "./lexer";
import { parseAttrSet, AC_FN, AC_RET, AC_PARAM } from "./parse-attrs";
import { failed } from "./pstate";
import { internAttrList } from "../ir/attributes";
import { gKind, gValue, gAttrs, GK, globalCount, gValueType } from "../ir/globals";
import { vName } from "../ir/values";
import { listLen, tyA } from "../ir/types";
import { typeToString } from "./printer-types";

let byName: I32Vec = new I32Vec();
let known22: I32Vec = new I32Vec(); // strId -> 1 for the generic intrinsics LLVM 22 knows
let scratch: I32Vec = new I32Vec(16);
let buf: U8Vec = new U8Vec(256);
export function resetIntrinsicAttrs(): void {
  byName = new I32Vec(); scratch = new I32Vec(16); buf = new U8Vec(256); known22 = new I32Vec();
  for (let i = 0; i < INTRINSIC_NAMES.length; i++) {
    let s = strtab.internStr(INTRINSIC_NAMES[i]);
    if (s >= byName.len) byName.resize(s + 1, -1);
    byName.set(s, i);
  }
}

// Whether LLVM 22 knows `llvm.*` name `nm` as an intrinsic: one of its generic intrinsics or an
// overload of one (the name extends it at a '.'), or any name in a target namespace (taken as
// known: the table holds the generic ones only). The printer writes "; Unknown intrinsic" otherwise.
export function isKnownIntrinsic22(nm: i32): bool {
  if (known22.len == 0) {
    known22.resize(1, 0);
    for (let i = 0; i < KNOWN_INTRINSICS_22.length; i++) {
      let s = strtab.internStr(KNOWN_INTRINSICS_22[i]);
      known22.fit(s + 1, 0); known22.set(s, 1);
    }
  }
  for (let i = 0; i < INTRINSIC_TARGET_PREFIXES.length; i++) if (strtab.startsWithStr(nm, INTRINSIC_TARGET_PREFIXES[i])) return true;
  let p = strtab.ptrOf(nm), len = strtab.lenOf(nm);
  while (len > 5) {
    let id = strtab.find(p, len);
    if (id >= 0 && id < known22.len && known22.get(id) == 1) return true;
    let j = len - 1;
    while (j > 5 && load<u8>(p + <usize>j) != 46) j--;
    if (j <= 5) break;
    len = j;
  }
  return false;
}

// Table index of the intrinsic a function name denotes (longest dotted prefix), or -1.
function lookup(name: i32): i32 {
  let p = strtab.ptrOf(name), n = strtab.lenOf(name);
  if (n < 5 || load<u8>(p) != 108 || load<u8>(p + 1) != 108 || load<u8>(p + 2) != 118 || load<u8>(p + 3) != 109 || load<u8>(p + 4) != 46) return -1;
  let len = n;
  while (len > 5) {
    let id = strtab.find(p, len);
    if (id >= 0 && id < byName.len && byName.get(id) >= 0) return byName.get(id);
    // drop the last ".component"
    let j = len - 1;
    while (j > 5 && load<u8>(p + <usize>j) != 46) j--;
    if (j <= 5) break;
    len = j;
  }
  return -1;
}

// A `range(iN lo, hi)` return attribute is typed by the intrinsic's return type (llvm.scmp's range
// is i8 on an i8 overload, i32 on an i32 one): the table's probe type is replaced by the actual one.
function retypeRange(s: string, retTy: i32): string {
  let at = s.indexOf("range(");
  if (at < 0) return s;
  let sp = s.indexOf(" ", at);
  return s.substring(0, at + 6) + typeToString(retTy) + s.substring(sp);
}

function parseText(s: string, ctx: i32): i32 {
  if (s.length == 0) return -1;
  buf.clear();
  for (let i = 0; i < s.length; i++) buf.push(<u8>s.charCodeAt(i));
  buf.push(0);
  lexInit(buf.ptr, buf.len - 1);
  next();
  return parseAttrSet(ctx);
}

// Attribute list for intrinsic table entry k over a function type with nParams parameters.
// The target version's attribute text for table entry k ("?": not an intrinsic of that version).
function attrText(k: i32): string { return (llvmVersion >= 22 ? INTRINSIC_ATTRS_22 : INTRINSIC_ATTRS_19)[k]; }

function attrsFor(k: i32, nParams: i32, retTy: i32): i32 {
  let a = attrText(k).split("|");
  scratch.clear();
  scratch.push(parseText(a[0], AC_FN));
  scratch.push(parseText(retypeRange(a[1], retTy), AC_RET));
  // as many parameter sets as the intrinsic has, even when the declaration lists fewer parameters
  // (LLVM gives the declaration the intrinsic's list; the verifier then reports it)
  let n = nParams > a.length - 2 ? nParams : a.length - 2;
  for (let i = 0; i < n; i++) scratch.push(2 + i < a.length ? parseText(a[2 + i], AC_PARAM) : -1);
  return internAttrList(scratch, 0, scratch.len);
}

// Gives every declared intrinsic LLVM's attributes. Runs after parsing (it reuses the lexer).
export function applyIntrinsicAttributes(): void {
  for (let g = 0; g < globalCount(); g++) applyIntrinsicAttributesTo(g);
}
// The same for one global.
export function applyIntrinsicAttributesTo(g: i32): void {
  if (<i32>gKind.get(g) != GK.Func) return;
  let nm = vName.get(gValue.get(g));
  if (nm < 0) return;
  let k = lookup(nm);
  if (k < 0 || attrText(k) == "?") return;
  let fnTy = gValueType.get(g);
  let list = attrsFor(k, listLen(fnTy), tyA.get(fnTy));
  if (!failed) gAttrs.set(g, list);
}
