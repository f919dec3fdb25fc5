// Debug-information metadata as LLVM's DI classes see it: named fields of DI nodes, DIExpression
// operations, variable sizes, debug-record operands, and uniqued DILocations (getLocation reuses an
// equal node already in the module, as LLVM's uniquing does; getMergedLocation as LLVM 19 merges).
// Shared by the passes that read or create debug info (mem2reg, debugify).
import { I32Vec } from "../util/vec";
import { ListInterner } from "../util/listintern";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, newMD, FV_MD, FV_RAW, drKind, drOps, drNOps,
  drPool, DR, canonicalMD,
} from "./metadata";
import { strtab } from "./module";

// ---- field names, interned once per module ----
let F_LINE: i32 = -1, F_COLUMN: i32 = -1, F_SCOPE: i32 = -1, F_INLINED: i32 = -1, F_IMPLICIT: i32 = -1,
  F_TYPE: i32 = -1, F_SIZE: i32 = -1, F_BASETYPE: i32 = -1, F_ATOMGROUP: i32 = -1, F_ATOMRANK: i32 = -1;
let C_DILOCATION: i32 = -1, C_SUBPROGRAM: i32 = -1, C_LEXBLOCK: i32 = -1, C_LEXBLOCKFILE: i32 = -1,
  C_DERIVED: i32 = -1;
let S_TRUE: i32 = -1;
let locTable: ListInterner = new ListInterner();
let locNode: I32Vec = new I32Vec();      // key id -> DILocation node
let locScanned: i32 = 0;                 // metadata nodes below this were looked at
let key: I32Vec = new I32Vec(8);
let scopeMark: I32Vec = new I32Vec();
let scopeEpoch: i32 = 0;
let chainA: I32Vec = new I32Vec();
let chainB: I32Vec = new I32Vec();
let namesReady: bool = false;

export function resetDebugInfo(): void {
  namesReady = false;
  locTable = new ListInterner(); locNode = new I32Vec(); locScanned = 0; key = new I32Vec(8);
  scopeMark = new I32Vec(); scopeEpoch = 0;
  chainA = new I32Vec(); chainB = new I32Vec(); exprWords = new I32Vec();
  decimalIds = new I32Vec(); decimalText = 0;
  resetExprCache();
}
// Room for `n` distinct locations (before any is made).
export function reserveLocations(n: i32): void {
  if (locTable.count == 0 && n > 64) locTable = new ListInterner(n, 6);
}
export function ensureNames(): void {
  if (namesReady) return;
  namesReady = true;
  F_LINE = strtab.internStr("line"); F_COLUMN = strtab.internStr("column"); F_SCOPE = strtab.internStr("scope");
  F_INLINED = strtab.internStr("inlinedAt"); F_IMPLICIT = strtab.internStr("isImplicitCode");
  F_TYPE = strtab.internStr("type"); F_SIZE = strtab.internStr("size"); F_BASETYPE = strtab.internStr("baseType");
  F_ATOMGROUP = strtab.internStr("atomGroup"); F_ATOMRANK = strtab.internStr("atomRank");
  C_DILOCATION = strtab.internStr("DILocation"); C_SUBPROGRAM = strtab.internStr("DISubprogram");
  C_LEXBLOCK = strtab.internStr("DILexicalBlock"); C_LEXBLOCKFILE = strtab.internStr("DILexicalBlockFile");
  C_DERIVED = strtab.internStr("DIDerivedType");
  S_TRUE = strtab.internStr("true");
}

// ---- node fields ----

export function isNode(m: i32, cls: i32): bool { return m >= 0 && <i32>mdKind.get(m) == MK.Node && mdA.get(m) == cls; }
// Pool index of field `name` of node m, or -1.
export function field(m: i32, name: i32): i32 {
  if (m < 0 || <i32>mdKind.get(m) != MK.Node) return -1;
  let s = mdOps.get(m), n = mdNOps.get(m);
  for (let i = 0; i < n; i++) if (mdPool.get(s + 3 * i) == name) return s + 3 * i;
  return -1;
}
export function fieldMD(m: i32, name: i32): i32 {
  let f = field(m, name);
  if (f < 0 || mdPool.get(f + 1) != FV_MD) return -1;
  return mdPool.get(f + 2);
}
// An unsigned decimal (or hex) field; 0 when absent.
export function fieldInt(m: i32, name: i32): i64 {
  let f = field(m, name);
  if (f < 0 || mdPool.get(f + 1) != FV_RAW) return 0;
  return parseUInt(mdPool.get(f + 2));
}
function parseUInt(s: i32): i64 {
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  let v: i64 = 0;
  let i = 0;
  if (n > 2 && load<u8>(p) == 48 && (load<u8>(p + 1) | 32) == 120) {
    for (i = 2; i < n; i++) {
      let c = <i32>load<u8>(p + <usize>i) | 32;
      let d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
      if (d < 0) break;
      v = v * 16 + d;
    }
    return v;
  }
  for (; i < n; i++) {
    let d = <i32>load<u8>(p + <usize>i) - 48;
    if (d < 0 || d > 9) break;
    v = v * 10 + d;
  }
  return v;
}
export function fieldIsTrue(m: i32, name: i32): bool {
  let f = field(m, name);
  return f >= 0 && mdPool.get(f + 1) == FV_RAW && mdPool.get(f + 2) == S_TRUE;
}

// ---- DIExpression ----

// The operation words of an expression's raw text, split at commas and trimmed.
let exprWords: I32Vec = new I32Vec();   // (start, len) pairs into the raw text
function splitExpr(e: i32): usize {
  exprWords.clear();
  let s = mdA.get(e);
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  let i = 0;
  while (i < n) {
    while (i < n && (load<u8>(p + <usize>i) == 32 || load<u8>(p + <usize>i) == 9)) i++;
    let st = i;
    while (i < n && load<u8>(p + <usize>i) != 44) i++;
    let en = i;
    while (en > st && (load<u8>(p + <usize>(en - 1)) == 32)) en--;
    if (en > st) { exprWords.push(st); exprWords.push(en - st); }
    i++;
  }
  return p;
}
function wordIs(p: usize, k: i32, s: string): bool {
  let st = exprWords.get(2 * k), ln = exprWords.get(2 * k + 1);
  if (ln != s.length) return false;
  for (let i = 0; i < ln; i++) if (<i32>load<u8>(p + <usize>(st + i)) != s.charCodeAt(i)) return false;
  return true;
}
function wordInt(p: usize, k: i32): i64 {
  let st = exprWords.get(2 * k), ln = exprWords.get(2 * k + 1);
  let v: i64 = 0;
  for (let i = 0; i < ln; i++) { let d = <i32>load<u8>(p + <usize>(st + i)) - 48; if (d < 0 || d > 9) break; v = v * 10 + d; }
  return v;
}
// The first word of the expression's single-location form (getSingleLocationExpressionElements:
// a leading `DW_OP_LLVM_arg, 0` is skipped; any other DW_OP_LLVM_arg makes it not a single location,
// -1), the word count after it in `singleLocLen`; -2 for an empty single-location expression.
let singleLocLen: i32 = 0;
function singleLocStart(p: usize): i32 {
  let n = exprWords.len >> 1;
  let k = 0;
  if (n > 0 && wordIs(p, 0, "DW_OP_LLVM_arg")) {
    if (n < 2 || wordInt(p, 1) != 0) return -1;
    k = 2;
  }
  for (let j = k; j < n; j++) if (wordIs(p, j, "DW_OP_LLVM_arg")) return -1;
  singleLocLen = n - k;
  return singleLocLen == 0 ? -2 : k;
}
// DIExpression::isDeref: exactly DW_OP_deref (in its single-location form).
export function exprIsDeref(e: i32): bool {
  if (e < 0 || <i32>mdKind.get(e) != MK.Expr) return false;
  let p = splitExpr(e);
  let k = singleLocStart(p);
  return k >= 0 && singleLocLen == 1 && wordIs(p, k, "DW_OP_deref");
}
// DIExpression::startsWithDeref (in its single-location form).
export function exprStartsWithDeref(e: i32): bool {
  if (e < 0 || <i32>mdKind.get(e) != MK.Expr) return false;
  let p = splitExpr(e);
  let k = singleLocStart(p);
  return k >= 0 && wordIs(p, k, "DW_OP_deref");
}
// dropInitialDeref (Local.cpp): the expression without its first operation word, or without its
// first three when it starts with DW_OP_LLVM_arg (`DW_OP_LLVM_arg, N, DW_OP_deref`). Expressions
// are uniqued by their text, so an existing one with that text is reused.
let dropFrom: I32Vec = new I32Vec();
let dropTo: I32Vec = new I32Vec();
export function resetExprCache(): void { dropFrom = new I32Vec(); dropTo = new I32Vec(); }
export function exprDropInitialDeref(e: i32): i32 {
  for (let i = 0; i < dropFrom.len; i++) if (dropFrom.get(i) == e) return dropTo.get(i);
  let p = splitExpr(e);
  let n = exprWords.len >> 1;
  let k = n > 0 && wordIs(p, 0, "DW_OP_LLVM_arg") ? 3 : 1;
  let text = "";
  for (let j = k; j < n; j++) {
    let st = exprWords.get(2 * j), ln = exprWords.get(2 * j + 1);
    if (j > k) text += ", ";
    text += String.UTF8.decodeUnsafe(p + <usize>st, <usize>ln, false);
  }
  let raw = strtab.internStr(text);
  let m = -1;
  for (let x = 0; x < mdKind.len; x++) {
    if (<i32>mdKind.get(x) == MK.Expr && mdA.get(x) == raw) { m = x; break; }
  }
  if (m < 0) m = newMD(MK.Expr, raw);
  dropFrom.push(e); dropTo.push(m);
  return m;
}
// Fragment size in bits (DW_OP_LLVM_fragment, offset, size at the end), or -1.
export function exprFragmentSize(e: i32): i64 {
  if (e < 0 || <i32>mdKind.get(e) != MK.Expr) return -1;
  let p = splitExpr(e);
  let n = exprWords.len >> 1;
  if (n >= 3 && wordIs(p, n - 3, "DW_OP_LLVM_fragment")) return wordInt(p, n - 1);
  return -1;
}

// DIVariable::getSizeInBits: the first non-zero size along the type's base-type chain; -1 if unknown.
export function variableSizeInBits(v: i32): i64 {
  ensureNames();
  let t = fieldMD(v, F_TYPE);
  let guard = 0;
  while (t >= 0 && guard++ < 1000) {
    if (<i32>mdKind.get(t) != MK.Node) break;
    let size = fieldInt(t, F_SIZE);
    if (size != 0) return size;
    if (mdA.get(t) != C_DERIVED) break;
    t = fieldMD(t, F_BASETYPE);
  }
  return -1;
}

// ---- record accessors ----

@inline export function recVariable(r: i32): i32 { return drPool.get(drOps.get(r) + 1); }
@inline export function recExpr(r: i32): i32 { return drPool.get(drOps.get(r) + 2); }
@inline export function recLoc(r: i32): i32 { return drPool.get(drOps.get(r) + drNOps.get(r) - 1); }
@inline export function recIsDeclare(r: i32): bool { return <i32>drKind.get(r) == DR.Declare; }

// ---- DILocations ----

// The uniqued !DILocation(line, column, scope, inlinedAt).
export function getLocation(line: i64, col: i64, scope: i32, inlinedAt: i32, implicit: bool): i32 {
  ensureNames();
  scanLocations();
  let id = lookupLocation(line, col, scope, inlinedAt, implicit);
  if (id < locNode.len && locNode.get(id) >= 0) return locNode.get(id);
  let m = newMD(MK.Node, C_DILOCATION);
  mdPool.push(F_LINE); mdPool.push(FV_RAW); mdPool.push(internInt(line));
  let n = 1;
  if (col != 0) { mdPool.push(F_COLUMN); mdPool.push(FV_RAW); mdPool.push(internInt(col)); n++; }
  mdPool.push(F_SCOPE); mdPool.push(FV_MD); mdPool.push(scope); n++;
  if (inlinedAt >= 0) { mdPool.push(F_INLINED); mdPool.push(FV_MD); mdPool.push(inlinedAt); n++; }
  if (implicit) { mdPool.push(F_IMPLICIT); mdPool.push(FV_RAW); mdPool.push(S_TRUE); n++; }
  mdNOps.set(m, n);
  setLocNode(id, m);
  locScanned = mdKind.len;
  return m;
}
function lookupLocation(line: i64, col: i64, scope: i32, inlinedAt: i32, implicit: bool): i32 {
  key.clear();
  key.push(<i32>line); key.push(<i32>(line >> 32)); key.push(<i32>col); key.push(scope); key.push(inlinedAt);
  key.push(implicit ? 1 : 0);
  return locTable.internVec(key, 0, key.len);
}
function setLocNode(id: i32, m: i32): void {
  if (locNode.len <= id) locNode.resize(id + 1, -1);
  if (locNode.get(id) < 0) locNode.set(id, m);
}
// Indexes the DILocation nodes added since the last scan (only canonical, non-distinct ones).
function scanLocations(): void {
  let n = mdKind.len;
  for (let m = locScanned; m < n; m++) {
    if (!isNode(m, C_DILOCATION) || (mdFlags.get(m) & MDF_DISTINCT) != 0 || canonicalMD(m) != m) continue;
    // a key-instructions location (atomGroup, atomRank) is not the plain one getLocation makes
    if (field(m, F_ATOMGROUP) >= 0 || field(m, F_ATOMRANK) >= 0) continue;
    let id = lookupLocation(fieldInt(m, F_LINE), fieldInt(m, F_COLUMN), canonicalMD(fieldMD(m, F_SCOPE)),
      canonicalMD(fieldMD(m, F_INLINED)), fieldIsTrue(m, F_IMPLICIT));
    setLocNode(id, m);
  }
  locScanned = n;
}
function internInt(v: i64): i32 {
  return v < 0 ? internDecimal(<u64>(-v), true) : internDecimal(<u64>v, false);
}
// The string id of a number's decimal text (`-` first when neg). Numbers below 2^20 (lines,
// columns, most other fields) are remembered, so each is formatted and interned once a module.
const DECIMAL_CACHED: u64 = 1 << 20;
let decimalIds: I32Vec = new I32Vec();   // value -> string id + 1 (0: not yet)
let decimalText: usize = 0;              // 24 bytes of scratch for the digits
export function internDecimal(v: u64, neg: bool): i32 {
  let cached = !neg && v < DECIMAL_CACHED;
  if (cached && v < <u64>decimalIds.len) { let id = decimalIds.get(<i32>v); if (id > 0) return id - 1; }
  if (decimalText == 0) decimalText = heap.alloc(24);
  let p = decimalText + 24;
  let n = 0, x = v;
  do { p--; store<u8>(p, <u8>(48 + <i32>(x % 10))); x /= 10; n++; } while (x != 0);
  if (neg) { p--; store<u8>(p, 45); n++; }
  let id = strtab.intern(p, n);
  if (cached) { decimalIds.fit(<i32>v + 1, 0); decimalIds.set(<i32>v, id + 1); }
  return id;
}

// getDebugValueLoc: line 0 in the scope (and inlined-at) of the record's own location.
export function debugValueLoc(r: i32): i32 {
  ensureNames();
  let dl = recLoc(r);
  if (dl < 0) return -1;
  return getLocation(0, 0, fieldMD(dl, F_SCOPE), fieldMD(dl, F_INLINED), false);
}

// DILocalScope::getSubprogram.
export function subprogramOf(s: i32): i32 {
  let guard = 0;
  while (s >= 0 && guard++ < 100000) {
    if (isNode(s, C_SUBPROGRAM)) return s;
    if (isNode(s, C_LEXBLOCK) || isNode(s, C_LEXBLOCKFILE)) { s = fieldMD(s, F_SCOPE); continue; }
    return -1;
  }
  return -1;
}
function nearestCommonScope(s1: i32, s2: i32): i32 {
  scopeEpoch++;
  let guard = 0;
  for (let s = s1; s >= 0 && guard++ < 100000; s = fieldMD(s, F_SCOPE)) {
    if (scopeMark.len <= s) scopeMark.resize(s + 1, 0);
    scopeMark.set(s, scopeEpoch);
    if (isNode(s, C_SUBPROGRAM)) break;
  }
  guard = 0;
  for (let s = s2; s >= 0 && guard++ < 100000; s = fieldMD(s, F_SCOPE)) {
    if (s < scopeMark.len && scopeMark.get(s) == scopeEpoch) return s;
    if (isNode(s, C_SUBPROGRAM)) break;
  }
  return -1;
}
// DILocation::getMergedLocation(a, b); -1 for none.
export function mergedLocation(a: i32, b: i32): i32 {
  if (a < 0 || b < 0) return -1;
  if (a == b) return a;
  ensureNames();
  // a's chain, outermost last
  chainA.clear(); chainB.clear();
  for (let l = a; l >= 0; l = fieldMD(l, F_INLINED)) chainA.push(l);
  let ai = -1, bi = -1;
  for (let l = b; l >= 0; l = fieldMD(l, F_INLINED)) {
    chainB.push(l);
    let sp = subprogramOf(fieldMD(l, F_SCOPE)), ia = fieldMD(l, F_INLINED);
    for (let k = 0; k < chainA.len; k++) {
      let x = chainA.get(k);
      if (subprogramOf(fieldMD(x, F_SCOPE)) == sp && fieldMD(x, F_INLINED) == ia) { ai = k; bi = chainB.len - 1; break; }
    }
    if (ai >= 0) break;
  }
  let result = -1;
  if (ai >= 0) {
    result = fieldMD(chainA.get(ai), F_INLINED);
    let i = ai, j = bi;
    while (i >= 0 && j >= 0) {
      let t = mergePair(chainA.get(i), chainB.get(j), result);
      if (t < 0) break;
      result = t;
      i--; j--;
    }
  }
  if (result >= 0) return result;
  return getLocation(0, 0, fieldMD(a, F_SCOPE), -1, false);
}
function mergePair(l1: i32, l2: i32, inlinedAt: i32): i32 {
  if (l1 == l2) return getLocation(fieldInt(l1, F_LINE), fieldInt(l1, F_COLUMN), fieldMD(l1, F_SCOPE), inlinedAt, false);
  let s1 = fieldMD(l1, F_SCOPE), s2 = fieldMD(l2, F_SCOPE);
  if (subprogramOf(s1) != subprogramOf(s2)) return -1;
  let scope = nearestCommonScope(s1, s2);
  if (scope < 0) return -1;
  let line1 = fieldInt(l1, F_LINE), line2 = fieldInt(l2, F_LINE);
  let sameLine = line1 == line2;
  let sameCol = fieldInt(l1, F_COLUMN) == fieldInt(l2, F_COLUMN);
  return getLocation(sameLine ? line1 : 0, sameLine && sameCol ? fieldInt(l1, F_COLUMN) : 0, scope, inlinedAt, false);
}

