// Debug-information metadata as LLVM's DI classes see it: named fields of DI nodes, DIExpression
// operations, variable sizes, debug-record operands, and uniqued DILocations (getLocation reuses an
// equal node already in the module, as LLVM's uniquing does; getMergedLocation as LLVM merges: 19's, and from 21 with key instructions' source atoms).
// Shared by the passes that read or create debug info (mem2reg, debugify).
import { I32Vec } from "../util/vec";
import { ListInterner } from "../util/listintern";
import {
  MK, MDF_DISTINCT, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, newMD, FV_MD, FV_RAW, drKind, drOps, drNOps,
  drPool, DR, canonicalMD,
} from "./metadata";
import { strtab } from "./module";
import { has, Feature } from "./version";

// The module's debug-info tables: the field and class names interned once, the uniqued
// DILocations, the number texts and the scratch the queries below share. One per module, at a
// fixed address in static memory (like the readers' state: a field is one load from a constant
// address); newDebugInfoTables() puts a new one there when the arena is reset.
@final class DebugInfoTables {
  // field, class and value names, interned once per module (ensureNames)
  namesReady: bool = false;
  F_LINE: i32 = -1; F_COLUMN: i32 = -1; F_SCOPE: i32 = -1; F_INLINED: i32 = -1; F_IMPLICIT: i32 = -1;
  F_TYPE: i32 = -1; F_SIZE: i32 = -1; F_BASETYPE: i32 = -1; F_ATOMGROUP: i32 = -1; F_ATOMRANK: i32 = -1;
  C_DILOCATION: i32 = -1; C_SUBPROGRAM: i32 = -1; C_LEXBLOCK: i32 = -1; C_LEXBLOCKFILE: i32 = -1;
  C_DERIVED: i32 = -1;
  S_TRUE: i32 = -1;
  // uniqued DILocations
  locTable: ListInterner = new ListInterner();
  locNode: I32Vec = new I32Vec();     // key id -> DILocation node
  locScanned: i32 = 0;                // metadata nodes below this were looked at
  // LLVMContext's next DILocation atom group: above every atomGroup seen or made (key instructions)
  nextAtomGroup: i64 = 1;
  key: I32Vec = new I32Vec(8);
  // getMergedLocation's scratch
  scopeMark: I32Vec = new I32Vec();
  scopeEpoch: i32 = 0;
  chainA: I32Vec = new I32Vec();
  chainB: I32Vec = new I32Vec();
  // DIExpression words and the dropInitialDeref results
  exprWords: I32Vec = new I32Vec();   // (start, len) pairs into the raw text
  singleLocLen: i32 = 0;
  dropFrom: I32Vec = new I32Vec();
  dropTo: I32Vec = new I32Vec();
  // decimal texts of numbers below DECIMAL_CACHED
  decimalIds: I32Vec = new I32Vec();  // value -> string id + 1 (0: not yet)
  decimalText: usize = 0;             // 24 bytes of scratch for the digits
}
const DEBUG_INFO_TABLES_SIZE: usize = 256;
const dit: DebugInfoTables = changetype<DebugInfoTables>(memory.data(<i32>DEBUG_INFO_TABLES_SIZE, 16));

export function newDebugInfoTables(): void {
  assert(offsetof<DebugInfoTables>() <= DEBUG_INFO_TABLES_SIZE);
  memory.copy(changetype<usize>(dit), changetype<usize>(new DebugInfoTables()), offsetof<DebugInfoTables>());
}
// Room for `n` distinct locations (before any is made).
export function reserveLocations(n: i32): void {
  if (dit.locTable.count == 0 && n > 64) dit.locTable = new ListInterner(n, 6);
}
export function ensureNames(): void {
  if (dit.namesReady) return;
  dit.namesReady = true;
  dit.F_LINE = strtab.internStr("line"); dit.F_COLUMN = strtab.internStr("column"); dit.F_SCOPE = strtab.internStr("scope");
  dit.F_INLINED = strtab.internStr("inlinedAt"); dit.F_IMPLICIT = strtab.internStr("isImplicitCode");
  dit.F_TYPE = strtab.internStr("type"); dit.F_SIZE = strtab.internStr("size"); dit.F_BASETYPE = strtab.internStr("baseType");
  dit.F_ATOMGROUP = strtab.internStr("atomGroup"); dit.F_ATOMRANK = strtab.internStr("atomRank");
  dit.C_DILOCATION = strtab.internStr("DILocation"); dit.C_SUBPROGRAM = strtab.internStr("DISubprogram");
  dit.C_LEXBLOCK = strtab.internStr("DILexicalBlock"); dit.C_LEXBLOCKFILE = strtab.internStr("DILexicalBlockFile");
  dit.C_DERIVED = strtab.internStr("DIDerivedType");
  dit.S_TRUE = strtab.internStr("true");
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
  return f >= 0 && mdPool.get(f + 1) == FV_RAW && mdPool.get(f + 2) == dit.S_TRUE;
}

// ---- DIExpression ----

// The operation words of an expression's raw text, split at commas and trimmed.
function splitExpr(e: i32): usize { return expressionWords(e, dit.exprWords); }
// The words of DIExpression e's raw text as (start, length) pairs into `out` (cleared first);
// returns the text's address.
export function expressionWords(e: i32, out: I32Vec): usize {
  out.clear();
  let s = mdA.get(e);
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  let i = 0;
  while (i < n) {
    while (i < n && (load<u8>(p + <usize>i) == 32 || load<u8>(p + <usize>i) == 9)) i++;
    let st = i;
    while (i < n && load<u8>(p + <usize>i) != 44) i++;
    let en = i;
    while (en > st && (load<u8>(p + <usize>(en - 1)) == 32)) en--;
    if (en > st) { out.push(st); out.push(en - st); }
    i++;
  }
  return p;
}
function wordIs(p: usize, k: i32, s: string): bool {
  let st = dit.exprWords.get(2 * k), ln = dit.exprWords.get(2 * k + 1);
  if (ln != s.length) return false;
  for (let i = 0; i < ln; i++) if (<i32>load<u8>(p + <usize>(st + i)) != s.charCodeAt(i)) return false;
  return true;
}
function wordInt(p: usize, k: i32): i64 {
  let st = dit.exprWords.get(2 * k), ln = dit.exprWords.get(2 * k + 1);
  let v: i64 = 0;
  for (let i = 0; i < ln; i++) { let d = <i32>load<u8>(p + <usize>(st + i)) - 48; if (d < 0 || d > 9) break; v = v * 10 + d; }
  return v;
}
// The first word of the expression's single-location form (getSingleLocationExpressionElements:
// a leading `DW_OP_LLVM_arg, 0` is skipped; any other DW_OP_LLVM_arg makes it not a single location,
// -1), the word count after it in `singleLocLen`; -2 for an empty single-location expression.
function singleLocStart(p: usize): i32 {
  let n = dit.exprWords.len >> 1;
  let k = 0;
  if (n > 0 && wordIs(p, 0, "DW_OP_LLVM_arg")) {
    if (n < 2 || wordInt(p, 1) != 0) return -1;
    k = 2;
  }
  for (let j = k; j < n; j++) if (wordIs(p, j, "DW_OP_LLVM_arg")) return -1;
  dit.singleLocLen = n - k;
  return dit.singleLocLen == 0 ? -2 : k;
}
// DIExpression::isDeref: exactly DW_OP_deref (in its single-location form).
export function exprIsDeref(e: i32): bool {
  if (e < 0 || <i32>mdKind.get(e) != MK.Expr) return false;
  let p = splitExpr(e);
  let k = singleLocStart(p);
  return k >= 0 && dit.singleLocLen == 1 && wordIs(p, k, "DW_OP_deref");
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
export function exprDropInitialDeref(e: i32): i32 {
  for (let i = 0; i < dit.dropFrom.len; i++) if (dit.dropFrom.get(i) == e) return dit.dropTo.get(i);
  let p = splitExpr(e);
  let n = dit.exprWords.len >> 1;
  let k = n > 0 && wordIs(p, 0, "DW_OP_LLVM_arg") ? 3 : 1;
  let text = "";
  for (let j = k; j < n; j++) {
    let st = dit.exprWords.get(2 * j), ln = dit.exprWords.get(2 * j + 1);
    if (j > k) text += ", ";
    text += String.UTF8.decodeUnsafe(p + <usize>st, <usize>ln, false);
  }
  let raw = strtab.internStr(text);
  let m = -1;
  for (let x = 0; x < mdKind.len; x++) {
    if (<i32>mdKind.get(x) == MK.Expr && mdA.get(x) == raw) { m = x; break; }
  }
  if (m < 0) m = newMD(MK.Expr, raw);
  dit.dropFrom.push(e); dit.dropTo.push(m);
  return m;
}
// Fragment size and offset in bits (DW_OP_LLVM_fragment, offset, size at the end), or -1 when the
// expression has no fragment.
export function exprFragmentSize(e: i32): i64 { return fragmentWord(e, 1); }
export function exprFragmentOffset(e: i32): i64 { return fragmentWord(e, 2); }
// The fragment's word `back` places from the end of the expression.
function fragmentWord(e: i32, back: i32): i64 {
  if (e < 0 || <i32>mdKind.get(e) != MK.Expr) return -1;
  let p = splitExpr(e);
  let n = dit.exprWords.len >> 1;
  if (n >= 3 && wordIs(p, n - 3, "DW_OP_LLVM_fragment")) return wordInt(p, n - back);
  return -1;
}

// DIVariable::getSizeInBits: the first non-zero size along the type's base-type chain; -1 if unknown.
export function variableSizeInBits(v: i32): i64 {
  ensureNames();
  let t = fieldMD(v, dit.F_TYPE);
  let guard = 0;
  while (t >= 0 && guard++ < 1000) {
    if (<i32>mdKind.get(t) != MK.Node) break;
    let size = fieldInt(t, dit.F_SIZE);
    if (size != 0) return size;
    if (mdA.get(t) != dit.C_DERIVED) break;
    t = fieldMD(t, dit.F_BASETYPE);
  }
  return -1;
}

// ---- record accessors ----

@inline export function recVariable(r: i32): i32 { return drPool.get(drOps.get(r) + 1); }
@inline export function recExpr(r: i32): i32 { return drPool.get(drOps.get(r) + 2); }
@inline export function recLoc(r: i32): i32 { return drPool.get(drOps.get(r) + drNOps.get(r) - 1); }
@inline export function recIsDeclare(r: i32): bool { return <i32>drKind.get(r) == DR.Declare; }
// The inlinedAt of the record's location, or -1.
export function recInlinedAt(r: i32): i32 {
  ensureNames();
  let dl = recLoc(r);
  return dl < 0 ? -1 : fieldMD(dl, dit.F_INLINED);
}

// ---- DILocations ----

// The uniqued !DILocation(line, column, scope, inlinedAt, isImplicitCode, atomGroup, atomRank).
export function getLocation(line: i64, col: i64, scope: i32, inlinedAt: i32, implicit: bool, atomGroup: i64 = 0, atomRank: i64 = 0): i32 {
  ensureNames();
  scanLocations();
  let id = lookupLocation(line, col, scope, inlinedAt, implicit, atomGroup, atomRank);
  if (id < dit.locNode.len && dit.locNode.get(id) >= 0) return dit.locNode.get(id);
  let m = newMD(MK.Node, dit.C_DILOCATION);
  mdPool.push(dit.F_LINE); mdPool.push(FV_RAW); mdPool.push(internInt(line));
  let n = 1;
  if (col != 0) { mdPool.push(dit.F_COLUMN); mdPool.push(FV_RAW); mdPool.push(internInt(col)); n++; }
  mdPool.push(dit.F_SCOPE); mdPool.push(FV_MD); mdPool.push(scope); n++;
  if (inlinedAt >= 0) { mdPool.push(dit.F_INLINED); mdPool.push(FV_MD); mdPool.push(inlinedAt); n++; }
  if (implicit) { mdPool.push(dit.F_IMPLICIT); mdPool.push(FV_RAW); mdPool.push(dit.S_TRUE); n++; }
  if (atomGroup != 0) { mdPool.push(dit.F_ATOMGROUP); mdPool.push(FV_RAW); mdPool.push(internInt(atomGroup)); n++; }
  if (atomRank != 0) { mdPool.push(dit.F_ATOMRANK); mdPool.push(FV_RAW); mdPool.push(internInt(atomRank)); n++; }
  mdNOps.set(m, n);
  setLocNode(id, m);
  dit.locScanned = mdKind.len;
  if (atomGroup >= dit.nextAtomGroup) dit.nextAtomGroup = atomGroup + 1;
  return m;
}
function lookupLocation(line: i64, col: i64, scope: i32, inlinedAt: i32, implicit: bool, atomGroup: i64, atomRank: i64): i32 {
  dit.key.clear();
  dit.key.push(<i32>line); dit.key.push(<i32>(line >> 32)); dit.key.push(<i32>col); dit.key.push(scope); dit.key.push(inlinedAt);
  dit.key.push(implicit ? 1 : 0);
  dit.key.push(<i32>atomGroup); dit.key.push(<i32>(atomGroup >> 32)); dit.key.push(<i32>atomRank);
  return dit.locTable.internVec(dit.key, 0, dit.key.len);
}
function setLocNode(id: i32, m: i32): void {
  if (dit.locNode.len <= id) dit.locNode.resize(id + 1, -1);
  if (dit.locNode.get(id) < 0) dit.locNode.set(id, m);
}
// Indexes the DILocation nodes added since the last scan (only canonical, non-distinct ones), and
// raises the next atom group above theirs.
function scanLocations(): void {
  let n = mdKind.len;
  for (let m = dit.locScanned; m < n; m++) {
    if (!isNode(m, dit.C_DILOCATION)) continue;
    let group = fieldInt(m, dit.F_ATOMGROUP);
    if (group >= dit.nextAtomGroup) dit.nextAtomGroup = group + 1;
    if ((mdFlags.get(m) & MDF_DISTINCT) != 0 || canonicalMD(m) != m) continue;
    let id = lookupLocation(fieldInt(m, dit.F_LINE), fieldInt(m, dit.F_COLUMN), canonicalMD(fieldMD(m, dit.F_SCOPE)),
      canonicalMD(fieldMD(m, dit.F_INLINED)), fieldIsTrue(m, dit.F_IMPLICIT), group, fieldInt(m, dit.F_ATOMRANK));
    setLocNode(id, m);
  }
  dit.locScanned = n;
}
function internInt(v: i64): i32 {
  return v < 0 ? internDecimal(<u64>(-v), true) : internDecimal(<u64>v, false);
}
// The string id of a number's decimal text (`-` first when neg). Numbers below 2^20 (lines,
// columns, most other fields) are remembered, so each is formatted and interned once a module.
const DECIMAL_CACHED: u64 = 1 << 20;
export function internDecimal(v: u64, neg: bool): i32 {
  let cached = !neg && v < DECIMAL_CACHED;
  if (cached && v < <u64>dit.decimalIds.len) { let id = dit.decimalIds.get(<i32>v); if (id > 0) return id - 1; }
  if (dit.decimalText == 0) dit.decimalText = heap.alloc(24);
  let p = dit.decimalText + 24;
  let n = 0, x = v;
  do { p--; store<u8>(p, <u8>(48 + <i32>(x % 10))); x /= 10; n++; } while (x != 0);
  if (neg) { p--; store<u8>(p, 45); n++; }
  let id = strtab.intern(p, n);
  if (cached) { dit.decimalIds.fit(<i32>v + 1, 0); dit.decimalIds.set(<i32>v, id + 1); }
  return id;
}

// getDebugValueLoc: line 0 in the scope (and inlined-at) of the record's own location.
export function debugValueLoc(r: i32): i32 {
  ensureNames();
  let dl = recLoc(r);
  if (dl < 0) return -1;
  return getLocation(0, 0, fieldMD(dl, dit.F_SCOPE), fieldMD(dl, dit.F_INLINED), false);
}

// DILocalScope::getSubprogram.
export function subprogramOf(s: i32): i32 {
  let guard = 0;
  while (s >= 0 && guard++ < 100000) {
    if (isNode(s, dit.C_SUBPROGRAM)) return s;
    if (isNode(s, dit.C_LEXBLOCK) || isNode(s, dit.C_LEXBLOCKFILE)) { s = fieldMD(s, dit.F_SCOPE); continue; }
    return -1;
  }
  return -1;
}
function nearestCommonScope(s1: i32, s2: i32): i32 {
  dit.scopeEpoch++;
  let guard = 0;
  for (let s = s1; s >= 0 && guard++ < 100000; s = fieldMD(s, dit.F_SCOPE)) {
    if (dit.scopeMark.len <= s) dit.scopeMark.resize(s + 1, 0);
    dit.scopeMark.set(s, dit.scopeEpoch);
    if (isNode(s, dit.C_SUBPROGRAM)) break;
  }
  guard = 0;
  for (let s = s2; s >= 0 && guard++ < 100000; s = fieldMD(s, dit.F_SCOPE)) {
    if (s < dit.scopeMark.len && dit.scopeMark.get(s) == dit.scopeEpoch) return s;
    if (isNode(s, dit.C_SUBPROGRAM)) break;
  }
  return -1;
}
// DILocation::getMergedLocation(a, b); -1 for none.
export function mergedLocation(a: i32, b: i32): i32 {
  if (a < 0 || b < 0) return -1;
  if (a == b) return a;
  ensureNames();
  // a's chain, outermost last
  dit.chainA.clear(); dit.chainB.clear();
  for (let l = a; l >= 0; l = fieldMD(l, dit.F_INLINED)) dit.chainA.push(l);
  let ai = -1, bi = -1;
  for (let l = b; l >= 0; l = fieldMD(l, dit.F_INLINED)) {
    dit.chainB.push(l);
    let sp = subprogramOf(fieldMD(l, dit.F_SCOPE)), ia = fieldMD(l, dit.F_INLINED);
    for (let k = 0; k < dit.chainA.len; k++) {
      let x = dit.chainA.get(k);
      if (subprogramOf(fieldMD(x, dit.F_SCOPE)) == sp && fieldMD(x, dit.F_INLINED) == ia) { ai = k; bi = dit.chainB.len - 1; break; }
    }
    if (ai >= 0) break;
  }
  let result = -1;
  if (ai >= 0) {
    result = fieldMD(dit.chainA.get(ai), dit.F_INLINED);
    let aInlinedAt = fieldMD(a, dit.F_INLINED), bInlinedAt = fieldMD(b, dit.F_INLINED);
    let i = ai, j = bi;
    while (i >= 0 && j >= 0) {
      let t = mergePair(dit.chainA.get(i), dit.chainB.get(j), result, aInlinedAt, bInlinedAt);
      if (t < 0) break;
      result = t;
      i--; j--;
    }
  }
  if (result >= 0) return result;
  return getLocation(0, 0, fieldMD(a, dit.F_SCOPE), -1, false);
}
// One level of the two chains merged under `inlinedAt` (aInlinedAt, bInlinedAt: those of the two
// locations being merged). With key instructions (LLVM 21 on) the result keeps isImplicitCode when
// both have it and a source atom: the lower-ranked one of two on the same line under the same
// inlinedAt, else a new atom group.
function mergePair(l1: i32, l2: i32, inlinedAt: i32, aInlinedAt: i32, bInlinedAt: i32): i32 {
  let keyInstructions = has(Feature.KeyInstructions);
  if (l1 == l2) {
    if (!keyInstructions) return getLocation(fieldInt(l1, dit.F_LINE), fieldInt(l1, dit.F_COLUMN), fieldMD(l1, dit.F_SCOPE), inlinedAt, false);
    return getLocation(fieldInt(l1, dit.F_LINE), fieldInt(l1, dit.F_COLUMN), fieldMD(l1, dit.F_SCOPE), inlinedAt,
      fieldIsTrue(l1, dit.F_IMPLICIT), fieldInt(l1, dit.F_ATOMGROUP), fieldInt(l1, dit.F_ATOMRANK));
  }
  let s1 = fieldMD(l1, dit.F_SCOPE), s2 = fieldMD(l2, dit.F_SCOPE);
  if (subprogramOf(s1) != subprogramOf(s2)) return -1;
  let scope = nearestCommonScope(s1, s2);
  if (scope < 0) return -1;
  let line1 = fieldInt(l1, dit.F_LINE), line2 = fieldInt(l2, dit.F_LINE);
  let sameLine = line1 == line2;
  let sameCol = fieldInt(l1, dit.F_COLUMN) == fieldInt(l2, dit.F_COLUMN);
  let line = sameLine ? line1 : 0, col = sameLine && sameCol ? fieldInt(l1, dit.F_COLUMN) : 0;
  if (!keyInstructions) return getLocation(line, col, scope, inlinedAt, false);
  let implicit = fieldIsTrue(l1, dit.F_IMPLICIT) && fieldIsTrue(l2, dit.F_IMPLICIT);
  let g1 = fieldInt(l1, dit.F_ATOMGROUP), g2 = fieldInt(l2, dit.F_ATOMGROUP);
  if (!sameLine || (g1 == 0 && g2 == 0)) return getLocation(line, col, scope, inlinedAt, implicit);
  let group: i64, rank: i64;
  if (aInlinedAt == bInlinedAt && inlinedAt == bInlinedAt) {
    let r1 = fieldInt(l1, dit.F_ATOMRANK), r2 = fieldInt(l2, dit.F_ATOMRANK);
    let useL1: bool;
    if (r1 == r2) useL1 = g1 == 0 || g2 == 0 ? g2 == 0 : g1 < g2;
    else useL1 = r1 == 0 || r2 == 0 ? r2 == 0 : r1 < r2;
    group = useL1 ? g1 : g2; rank = useL1 ? r1 : r2;
  } else {
    scanLocations();
    group = dit.nextAtomGroup++; rank = 1;
  }
  return getLocation(line, col, scope, inlinedAt, implicit, group, rank);
}

