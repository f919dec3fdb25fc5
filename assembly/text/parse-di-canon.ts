// A specialized debug-info node read from text, stored as opt prints it (the form the bitcode
// reader builds): its fields in the printer's order (ir/di-printed.ts), those holding their default
// left out and those always printed made explicit, numbers in decimal, DWARF codes by name, flags in
// opt's order, and DISubprogram's old isLocal/isDefinition/isOptimized/virtuality as spFlags.
import { rd } from "./reader";
import { I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { llvmVersion } from "../ir/version";
import { FV_MD, FV_RAW, MK, newMD } from "../ir/metadata";
import { getInt } from "../ir/constants";
import { intType } from "../ir/types";
import { internDecimal } from "../ir/debuginfo";
import { DI_PRINTED, flagsText, flagValue } from "../ir/di-printed";
import {
  TAG_CODES, TAG_NAMES_19, TAG_NAMES_22, LANG_CODES, LANG_NAMES_19, LANG_NAMES_22, LNAME_CODES, LNAME_NAMES_19,
  LNAME_NAMES_22, ATE_CODES, ATE_NAMES_19, ATE_NAMES_22, CC_CODES, CC_NAMES_19, CC_NAMES_22, ENUMKIND_CODES,
  ENUMKIND_NAMES_19, ENUMKIND_NAMES_22, MACINFO_CODES, MACINFO_NAMES_19, MACINFO_NAMES_22,
} from "../ir/dwarf-names";
import { dif, diKindOf, K_U, K_S, K_UMD, K_SMD, K_INT, K_B, K_ENUM } from "./parse-di-fields";

const R_PLAIN = 0, R_ALWAYS = 1, R_EQ = 2, R_PRESENT = 3;

function build(): void {
  let nc = dif.clsFirst.length;
  for (let c = 0; c < nc; c++) { dif.pFirst.push(-1); dif.pCount.push(0); }
  dif.idZero = strtab.internStr("0"); dif.idFalse = strtab.internStr("false"); dif.idTrue = strtab.internStr("true");
  dif.idEmpty = strtab.internStr("\"\""); dif.idSPFlags = strtab.internStr("spFlags");
  dif.idVirtualIndex = strtab.internStr("virtualIndex");
  let spName = strtab.internStr("DISubprogram");
  dif.spClass = dif.clsByName.has(spName) ? dif.clsByName.get(spName) : -1;
  let dtName = strtab.internStr("DIDerivedType");
  dif.derivedClass = dif.clsByName.has(dtName) ? dif.clsByName.get(dtName) : -1;
  for (let e = 0; e < dif.eKindName.length; e++) if (dif.eKindName[e] == "flags") dif.flagsKind = e;
  let srName = strtab.internStr("DISubrange"), srtName = strtab.internStr("DISubrangeType");
  dif.subrangeClass = dif.clsByName.has(srName) ? dif.clsByName.get(srName) : -1;
  dif.subrangeTypeClass = dif.clsByName.has(srtName) ? dif.clsByName.get(srtName) : -1;
  let ocName = strtab.internStr("DIObjCProperty");
  dif.objcClass = dif.clsByName.has(ocName) ? dif.clsByName.get(ocName) : -1;
  let fpName = strtab.internStr("DIFixedPointType");
  dif.fixedPointClass = dif.clsByName.has(fpName) ? dif.clsByName.get(fpName) : -1;
  dif.idPtrAuthTag = strtab.internStr("DW_TAG_LLVM_ptrauth_type");
  dif.idPtrAuthKey = strtab.internStr("ptrAuthKey");
  for (let i = 0; i < DI_PRINTED.length; i++) {
    let parts = DI_PRINTED[i].split(" ");
    let id = strtab.internStr(parts[0]);
    if (!dif.clsByName.has(id)) continue;
    let c = dif.clsByName.get(id);
    dif.pFirst[c] = dif.pName.length;
    let n = 0;
    for (let j = 1; j < parts.length; j++) {
      let s = parts[j], rule = R_PLAIN, dflt = -1;
      let k = s.indexOf("!");
      if (k < 0) { k = s.indexOf("="); if (k >= 0) rule = R_EQ; } else rule = R_ALWAYS;
      if (k >= 0) { dflt = strtab.internStr(s.substring(k + 1)); s = s.substring(0, k); }
      else if (s.endsWith("+")) { rule = R_PRESENT; s = s.substring(0, s.length - 1); }
      // LLVM 22 prints a DIFile's source even when empty
      if (s == "source" && llvmVersion >= 22) rule = R_PRESENT;
      // fields this version does not know are never given
      if (diKindOf(c, strtab.internStr(s)) < 0) continue;
      dif.pName.push(strtab.internStr(s)); dif.pRule.push(rule); dif.pDflt.push(dflt);
      dif.pKind.push(diKindOf(c, strtab.internStr(s)));
      n++;
    }
    dif.pCount[c] = n;
  }
}

// Rewrites the fields of class c's node on rd.mdStack from `base` (name, FV_MD/FV_RAW, value
// triples) into the printed form.
export function canonicalDIFields(c: i32, base: i32): void {
  if (dif.pFirst.length == 0) build();
  let first = unchecked(dif.pFirst[c]);
  let st = rd.mdStack;
  if (c == dif.fixedPointClass) fixedPointFields(base);
  let n = (st.len - base) / 3;
  if (first < 0) { printedValues(c, base, n); return; } // GenericDINode: its fields as given
  let isSP = c == dif.spClass;
  if (c == dif.subrangeClass || c == dif.subrangeTypeClass) subrangeBounds(c == dif.subrangeClass, base, n);
  if (!isSP && c != dif.derivedClass && c != dif.objcClass && printedAlready(first, unchecked(dif.pCount[c]), base, n)) return;
  printedValues(c, base, n);
  if (c == dif.objcClass && llvmVersion < 22) {
    // LLVM 19 stores a property's setter as its getter and the getter as its setter
    let setter = strtab.internStr("setter"), getter = strtab.internStr("getter");
    for (let i = 0; i < n; i++) {
      let at = base + 3 * i, f = st.get(at);
      if (f == setter) st.set(at, getter); else if (f == getter) st.set(at, setter);
    }
  }
  let out = dif.canonOut;
  out.clear();
  let sp: u64 = 0, viPos = -1, viGiven = false;
  let cnt = unchecked(dif.pCount[c]);
  // DIDerivedType's pointer-authentication fields: read when the key is not zero, printed (the
  // flags always) when the tag is DW_TAG_LLVM_ptrauth_type
  let ptrAuth = 0;
  if (c == dif.derivedClass) {
    let t = find(base, n, strtab.internStr("tag"));
    if (t >= 0 && st.get(base + 3 * t + 2) == dif.idPtrAuthTag) {
      let k = find(base, n, dif.idPtrAuthKey);
      ptrAuth = k >= 0 && !isZero(st.get(base + 3 * k + 1), st.get(base + 3 * k + 2)) ? 2 : 1;
    }
  }
  for (let p = 0; p < cnt; p++) {
    let name = unchecked(dif.pName[first + p]), rule = unchecked(dif.pRule[first + p]);
    let j = find(base, n, name);
    if (c == dif.derivedClass && strtab.startsWithStr(name, "ptrAuth")) {
      let isBool = diKindOf(c, name) == K_B;
      if (ptrAuth == 0) continue;
      if (ptrAuth == 1 || j < 0) {
        if (isBool) { out.push(name); out.push(FV_RAW); out.push(dif.idFalse); }
        continue;
      }
      if (isBool) rule = R_PRESENT;
    }
    if (isSP && name == dif.idSPFlags) {
      sp = spFlags(base, n);
      out.push(name); out.push(FV_RAW); out.push(spFlagsText(sp));
      continue;
    }
    if (isSP && name == dif.idVirtualIndex) { viPos = out.len; viGiven = j >= 0; rule = R_PRESENT; }
    if (j < 0) {
      if (rule == R_ALWAYS) {
        let d = unchecked(dif.pDflt[first + p]);
        out.push(name);
        if (strtab.eqStr(d, "null")) { out.push(FV_MD); out.push(-1); } else { out.push(FV_RAW); out.push(d); }
      }
      continue;
    }
    let at = base + 3 * j;
    let f = st.get(at + 1), v = st.get(at + 2);
    if (rule == R_PLAIN && isZero(f, v)) continue;
    if (rule == R_EQ && f == FV_RAW && v == unchecked(dif.pDflt[first + p])) continue;
    out.push(name); out.push(f); out.push(v);
  }
  if (isSP && viPos >= 0) {
    // virtualIndex: printed when the subprogram is virtual (0 when not given) or it is not zero
    let virtual = (sp & 3) != 0;
    if (viGiven && !virtual && out.get(viPos + 1) == FV_RAW && out.get(viPos + 2) == dif.idZero) removeAt(out, viPos);
    else if (!viGiven && virtual) insertAt(out, viPos, dif.idVirtualIndex, dif.idZero);
  }
  // anything given that the class does not print is kept after the printed fields (a field the
  // table misses shows), except the ones upgraded or implied
  for (let i = 0; i < n; i++) {
    let at = base + 3 * i;
    let name = st.get(at);
    if (known(first, cnt, name) || (isSP && dropped(name)) || strtab.eqStr(name, "type")) continue;
    out.push(name); out.push(st.get(at + 1)); out.push(st.get(at + 2));
  }
  st.len = base;
  for (let i = 0; i < out.len; i++) st.push(out.get(i));
}

// DIFixedPointType's numerator and denominator: with a signed encoding they print signed at the
// width the lexer read them with, where a positive decimal takes just its significant bits, so its
// top bit is set (`numerator: 3` is 2 bits, printed -1). (The printer leaves out the factor of a
// rational one and the numerator and denominator of another: printer-values.ts.)
function fixedPointFields(base: i32): void {
  let st = rd.mdStack;
  let n = (st.len - base) / 3;
  let k = find(base, n, strtab.internStr("kind"));
  let rational = k >= 0 && st.get(base + 3 * k + 1) == FV_RAW && strtab.eqStr(st.get(base + 3 * k + 2), "Rational");
  let e = find(base, n, strtab.internStr("encoding"));
  let signed = true;
  if (e >= 0 && st.get(base + 3 * e + 1) == FV_RAW) {
    let t = st.get(base + 3 * e + 2);
    signed = !strtab.eqStr(t, "DW_ATE_unsigned_fixed") && !strtab.eqStr(normInt(t), "14");
  }
  if (!rational || !signed) return;
  let idNum = strtab.internStr("numerator"), idDen = strtab.internStr("denominator");
  for (let i = 0; i < n; i++) {
    let at = base + 3 * i;
    let name = st.get(at);
    if ((name == idNum || name == idDen) && st.get(at + 1) == FV_RAW) st.set(at + 2, signedAtOwnWidth(normInt(st.get(at + 2))));
  }
}
// A positive decimal read as an integer of just its significant bits, printed signed.
function signedAtOwnWidth(t: i32): i32 {
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  if (n == 0 || n > 19) return t;
  let v: u64 = 0;
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c < 48 || c > 57) return t;
    v = v * 10 + <u64>(c - 48);
  }
  if (v == 0) return t;
  let bits = 64 - <i32>clz(v);
  let top: u64 = bits == 64 ? 0 : (<u64>1 << <u64>bits);
  return internDecimal(top - v, true);
}

// A subrange's bounds as opt prints them: DISubrange prints a constant bound (`count: i64 5`) as a
// plain integer, DISubrangeType a plain integer (`lowerBound: 1`) as the i64 constant it stores.
function subrangeBounds(plain: bool, base: i32, n: i32): void {
  let st = rd.mdStack;
  for (let i = 0; i < n; i++) {
    let at = base + 3 * i;
    let name = st.get(at);
    if (!(strtab.eqStr(name, "count") || strtab.eqStr(name, "lowerBound") || strtab.eqStr(name, "upperBound") ||
      strtab.eqStr(name, "stride") || strtab.eqStr(name, "bias"))) continue;
    let f = st.get(at + 1), v = st.get(at + 2);
    if (plain && f == FV_RAW && <i32>load<u8>(strtab.ptrOf(v)) == 105) {
      // kept as written, `iN value`: the value sign-extended from N bits
      let t = String.UTF8.decodeUnsafe(strtab.ptrOf(v), strtab.lenOf(v));
      let sp = t.indexOf(" ");
      if (sp < 0) continue;
      let bits = I32.parseInt(t.substring(1, sp));
      let w = t.substring(sp + 1).trim();
      let c0 = w.length > 0 ? w.charCodeAt(0) : 0;
      if (bits <= 0 || bits > 64 || !(c0 == 45 || (c0 >= 48 && c0 <= 57))) continue;
      let x = I64.parseInt(w);
      if (bits < 64) x = (x << (64 - bits)) >> (64 - bits);
      st.set(at + 2, internDecimal(x < 0 ? <u64>(-x) : <u64>x, x < 0));
    } else if (!plain && f == FV_RAW) {
      // a plain integer is an i64 constant; a typed one (`i32 -2`) the constant written
      let t = String.UTF8.decodeUnsafe(strtab.ptrOf(v), strtab.lenOf(v));
      let bits = 64;
      if (!isDecimal(v)) {
        let sp = t.indexOf(" ");
        if (t.charCodeAt(0) != 105 || sp < 0) continue;
        bits = I32.parseInt(t.substring(1, sp));
        t = t.substring(sp + 1).trim();
        let c0 = t.length > 0 ? t.charCodeAt(0) : 0;
        if (bits <= 0 || bits > 64 || !(c0 == 45 || (c0 >= 48 && c0 <= 57))) continue;
      }
      st.set(at + 1, FV_MD); st.set(at + 2, newMD(MK.Value, getInt(intType(bits), I64.parseInt(t))));
    }
  }
}

function isDecimal(t: i32): bool {
  let c0 = <i32>load<u8>(strtab.ptrOf(t));
  return c0 == 45 || (c0 >= 48 && c0 <= 57);
}

// The values in printed form: numbers in decimal, DWARF codes by name.
function printedValues(c: i32, base: i32, n: i32): void {
  let st = rd.mdStack;
  for (let i = 0; i < n; i++) {
    let at = base + 3 * i;
    if (st.get(at + 1) != FV_RAW) continue;
    let k = diKindOf(c, st.get(at));
    let v = st.get(at + 2);
    if (k == K_U || k == K_S || k == K_UMD || k == K_SMD || k == K_INT) st.set(at + 2, normInt(v));
    else if (k >= K_ENUM) st.set(at + 2, normEnum(k - K_ENUM, v));
  }
}

// Whether the node as given is already in the printed form (clang's output is): its fields in the
// printer's order, none left out that is always printed, none holding a default that is left out,
// numbers in decimal, DWARF codes by name, flags in opt's order. One pass over both lists.
function printedAlready(first: i32, cnt: i32, base: i32, n: i32): bool {
  let st = rd.mdStack;
  let p = first, end = first + cnt;
  for (let i = 0; i < n; i++) {
    let at = base + 3 * i;
    let name = st.get(at);
    while (p < end && unchecked(dif.pName[p]) != name) {
      if (unchecked(dif.pRule[p]) == R_ALWAYS) return false;
      p++;
    }
    if (p == end) return false;
    let rule = unchecked(dif.pRule[p]), k = unchecked(dif.pKind[p]);
    let f = st.get(at + 1), v = st.get(at + 2);
    p++;
    if (rule == R_PLAIN && isZero(f, v)) return false;
    if (rule == R_EQ && f == FV_RAW && v == unchecked(dif.pDflt[p - 1])) return false;
    if (f != FV_RAW) continue;
    let c0 = <i32>load<u8>(strtab.ptrOf(v));
    if (k == K_U || k == K_S || k == K_UMD || k == K_SMD || k == K_INT) {
      if ((c0 == 48 || c0 == 45 || c0 == 117 || c0 == 115) && strtab.lenOf(v) > 1) return false;
    } else if (k >= K_ENUM) {
      if (k - K_ENUM == dif.flagsKind) { if (canonFlags(v) != v) return false; }
      else if (c0 >= 48 && c0 <= 57) return false;
    }
  }
  for (; p < end; p++) if (unchecked(dif.pRule[p]) == R_ALWAYS) return false;
  return true;
}

function find(base: i32, n: i32, name: i32): i32 {
  let st = rd.mdStack;
  for (let i = 0; i < n; i++) if (st.get(base + 3 * i) == name) return i;
  return -1;
}
function known(first: i32, cnt: i32, name: i32): bool {
  for (let p = 0; p < cnt; p++) if (unchecked(dif.pName[first + p]) == name) return true;
  return false;
}
// DISubprogram's fields that become spFlags.
function dropped(name: i32): bool {
  return strtab.eqStr(name, "isLocal") || strtab.eqStr(name, "isDefinition") || strtab.eqStr(name, "isOptimized") ||
    strtab.eqStr(name, "virtuality");
}
function isZero(f: i32, v: i32): bool {
  if (f == FV_MD) return v < 0;
  return v == dif.idZero || v == dif.idFalse || v == dif.idEmpty;
}

// DISubprogram's spFlags: as given, or made of isLocal, isDefinition (true unless given false),
// isOptimized and virtuality.
export function spFlags(base: i32, n: i32): u64 {
  if (dif.pFirst.length == 0) build();
  let st = rd.mdStack;
  let j = find(base, n, dif.idSPFlags);
  if (j >= 0) return flagsNum(st.get(base + 3 * j + 2), true);
  let v: u64 = 8;
  j = find(base, n, strtab.internStr("isDefinition"));
  if (j >= 0 && st.get(base + 3 * j + 2) == dif.idFalse) v = 0;
  j = find(base, n, strtab.internStr("isLocal"));
  if (j >= 0 && st.get(base + 3 * j + 2) == dif.idTrue) v |= 4;
  j = find(base, n, strtab.internStr("isOptimized"));
  if (j >= 0 && st.get(base + 3 * j + 2) == dif.idTrue) v |= 16;
  j = find(base, n, strtab.internStr("virtuality"));
  if (j >= 0) {
    let t = st.get(base + 3 * j + 2);
    if (strtab.eqStr(t, "DW_VIRTUALITY_virtual") || strtab.eqStr(t, "1")) v |= 1;
    else if (strtab.eqStr(t, "DW_VIRTUALITY_pure_virtual") || strtab.eqStr(t, "2")) v |= 2;
  }
  return v;
}
function removeAt(out: I32Vec, at: i32): void {
  for (let i = at; i + 3 < out.len; i++) out.set(i, out.get(i + 3));
  out.len -= 3;
}
function insertAt(out: I32Vec, at: i32, name: i32, v: i32): void {
  out.push(0); out.push(0); out.push(0);
  for (let i = out.len - 1; i >= at + 3; i--) out.set(i, out.get(i - 3));
  out.set(at, name); out.set(at + 1, FV_RAW); out.set(at + 2, v);
}

// A flags field's value: names and numbers joined by " | ".
function flagsNum(t: i32, sp: bool): u64 {
  let key = t;
  let cached = dif.flagIds.has(key) ? dif.flagIds.get(key) : -1;
  if (cached >= 0 && ((cached >> 40) != 0) == sp) return <u64>(cached & 0xffffffffff);
  let s = String.UTF8.decodeUnsafe(strtab.ptrOf(t), strtab.lenOf(t));
  let parts = s.split("|");
  let v: u64 = 0;
  for (let i = 0; i < parts.length; i++) {
    let w = parts[i].trim();
    if (w.length == 0) continue;
    let c0 = w.charCodeAt(0);
    if (c0 >= 48 && c0 <= 57) v |= <u64>U64.parseInt(w);
    else { let b = flagValue(w, sp); if (b >= 0) v |= <u64>b; }
  }
  dif.flagIds.set(key, <i64>v | (sp ? <i64>1 << 40 : 0));
  return v;
}

// A DIFlags field's text in opt's order (remembered per text).
function canonFlags(t: i32): i32 {
  if (dif.flagCanon.has(t)) return dif.flagCanon.get(t);
  let r = flagsText(flagsNum(t, false), false);
  dif.flagCanon.set(t, r);
  return r;
}
// DISPFlags from their value (remembered per value).
function spFlagsText(v: u64): i32 {
  let key = <i32>v;
  if (dif.spFlagText.has(key)) return dif.spFlagText.get(key);
  let r = flagsText(v, true);
  dif.spFlagText.set(key, r);
  return r;
}

// An integer's text in decimal (`u0x1F`, leading zeros and `-0` rewritten).
function normInt(t: i32): i32 {
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  let c0 = <i32>load<u8>(p);
  if (n == 1) return t;
  let neg = c0 == 45;
  let d0 = <i32>load<u8>(p + (neg ? 1 : 0));
  if (c0 == 117 && n > 3 && load<u8>(p + 2) == 120) {
    // u0x...: unsigned hexadecimal
    if (n - 3 > 16) return t;
    let v: u64 = 0;
    for (let i = 3; i < n; i++) {
      let c = <i32>load<u8>(p + <usize>i);
      v = (v << 4) | <u64>(c <= 57 ? c - 48 : (c | 32) - 87);
    }
    return internDecimal(v, false);
  }
  if (d0 != 48) return t;
  // leading zeros (or -0)
  let i = neg ? 1 : 0;
  while (i < n - 1 && load<u8>(p + <usize>i) == 48) i++;
  if (n - i > 19) return t;
  let v: u64 = 0;
  for (; i < n; i++) v = v * 10 + <u64>(<i32>load<u8>(p + <usize>i) - 48);
  return internDecimal(v, neg && v != 0);
}

// An enumerated field's text: a number becomes the name opt prints for it (when it has one).
function normEnum(e: i32, t: i32): i32 {
  let c0 = <i32>load<u8>(strtab.ptrOf(t));
  if (e == dif.flagsKind) return canonFlags(t);
  if (c0 < 48 || c0 > 57) return t;
  let kind = dif.eKindName[e];
  if (kind == "spflags") return t;
  let v22 = llvmVersion >= 22;
  let codes: i32[], names: string[];
  if (kind == "tag") { codes = TAG_CODES; names = v22 ? TAG_NAMES_22 : TAG_NAMES_19; }
  else if (kind == "lang") { codes = LANG_CODES; names = v22 ? LANG_NAMES_22 : LANG_NAMES_19; }
  else if (kind == "lname") { codes = LNAME_CODES; names = v22 ? LNAME_NAMES_22 : LNAME_NAMES_19; }
  else if (kind == "ate") { codes = ATE_CODES; names = v22 ? ATE_NAMES_22 : ATE_NAMES_19; }
  else if (kind == "cc") { codes = CC_CODES; names = v22 ? CC_NAMES_22 : CC_NAMES_19; }
  else if (kind == "enumkind") { codes = ENUMKIND_CODES; names = v22 ? ENUMKIND_NAMES_22 : ENUMKIND_NAMES_19; }
  else if (kind == "macinfo") { codes = MACINFO_CODES; names = v22 ? MACINFO_NAMES_22 : MACINFO_NAMES_19; }
  else return normInt(t);
  let nt = normInt(t);
  let v = I64.parseInt(String.UTF8.decodeUnsafe(strtab.ptrOf(nt), strtab.lenOf(nt)));
  for (let i = 0; i < codes.length; i++) if (<i64>codes[i] == v && names[i].length > 0) return strtab.internStr(names[i]);
  return nt;
}
