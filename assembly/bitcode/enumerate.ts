// What the bitcode writer numbers before it writes (LLVM's ValueEnumerator, simplified): the type
// table, the module-level values (globals, then every constant any global, instruction or metadata
// uses), the module-level metadata (strings first, then nodes in post-order), the attribute groups
// and lists, sync scopes and operand bundle tags. Everything is numbered in one pass over the arena
// before anything is written: the type table comes first in the stream.
//
// Layout choices (all valid for LLVM's reader, which is what llvm-dis and opt run):
// - every constant is module-level (one CONSTANTS_BLOCK; functions have none of their own);
// - every metadata node that is not function-local is module-level; a function's block holds only
//   its LocalAsMetadata values and DIArgLists (write-function.ts numbers those per function).
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { ListInterner } from "../util/listintern";
import { strtab } from "../ir/module";
import {
  VK, vKind, vType, vA, vFirstUse, iOp, iNext, iExt, iMD, iDbg, operand, numOperands, valueCount,
} from "../ir/values";
import { TK, tyKind, tyA, tyN, tyListLen, tyList, tyPool, T_METADATA, T_I64, T_I32, T_PTR, vectorType } from "../ir/types";
import { getInt, getZero, getPoison, getAggregate } from "../ir/constants";
import { newMD, canonicalMD } from "../ir/metadata";
import { listCount, listItem } from "../ir/inst";
import {
  GK, gKind, gValue, gValueType, gAttrs, gMD, gFirstBlock, gFlags, GF_ERASED, globalCount, gComdat,
} from "../ir/globals";
import {
  MK, mdKind, mdA, mdOps, mdNOps, mdPool, FV_MD, FV_RAW, nmdOps, nmdNOps, nmdName, nmdPool, attMD, attNext,
  drOps, drNOps, drNext, drPool, mdKindName,
} from "../ir/metadata";
import { Op } from "../ir/opcodes";
import { callFnType, callAttrs, callNumBundles, bundleTag } from "../ir/inst";
import { attrLists, attrSets, setSize, setTag, setKey, setV0, AT } from "../ir/attributes";
import { ext } from "../ir/values";
import { getNull } from "../ir/constants";
import { intType } from "../ir/types";
import { vName } from "../ir/values";

export const MODULE_PARAM_FN: i64 = 0xFFFFFFFF;

@final export class Enumeration {
  // Numbers the i64 constants a DI node's integer-or-metadata fields need (write-di-fields.ts
  // nodeIntConstants), handed in by write-module.ts: the DI field reader numbers through this
  // enumeration, so it sits above this file.
  nodeIntConstants: (e: Enumeration, m: i32) => void;
  // ---- types ----
  typeId: I32Vec = new I32Vec();     // arena type -> bitcode type id (-1 none, -2 being numbered)
  types: I32Vec = new I32Vec();      // bitcode order
  // ---- values ----
  valId: I32Vec = new I32Vec();      // arena value -> bitcode value id (-1 none); locals set per function
  values: I32Vec = new I32Vec();     // module-level values in id order
  numGlobals: i32 = 0;
  // ---- metadata ----
  mdId: I32Vec = new I32Vec();       // arena metadata -> bitcode metadata id (-1 none)
  strIndex: I32Vec = new I32Vec();   // strtab id of a string's bytes -> its metadata id (-1 none)
  strings: I32Vec = new I32Vec();    // strtab ids in metadata id order
  nodes: I32Vec = new I32Vec();      // arena metadata nodes, ids strings.len + index
  unescaped: U8Vec = new U8Vec(256);
  // ---- attributes ----
  groups: ListInterner = new ListInterner();   // [set, index] -> group id - 1
  lists: ListInterner = new ListInterner();    // [group ids...] -> list id - 1
  listOfFn: I32Vec = new I32Vec();   // arena attribute list -> bitcode list id (0 none), -1 not yet
  listOfVar: I32Vec = new I32Vec();  // arena attribute set (a variable's) -> bitcode list id
  // ---- other tables ----
  syncScopes: I32Vec = new I32Vec(); // strtab ids after singlethread and system
  bundleTags: I32Vec = new I32Vec(); // strtab ids, fixed ones first
  scratch: I32Vec = new I32Vec(16);
  stack: I32Vec = new I32Vec(64);
  // ---- what the writer adds to the arena ----
  intKeys: I64Vec = new I64Vec();    // i64 values held as metadata (DISubrange bounds) and their nodes
  intNodes: I32Vec = new I32Vec();
  emptyTuple: i32 = -1;              // `!{}`, for debug records with an empty location
  maskOf: I32Vec = new I32Vec();     // shufflevector instruction -> its mask as a constant (-1 none)

  constructor(nodeIntConstants: (e: Enumeration, m: i32) => void) {
    this.nodeIntConstants = nodeIntConstants;
    let nv = valueCount();
    this.valId.resize(nv, -1);
  }

  // The value id of v (-1 none), for values made after the enumeration began too.
  @inline vid(v: i32): i32 { return v < this.valId.len ? this.valId.get(v) : -1; }
  private setVid(v: i32, id: i32): void { this.valId.fit(v + 1, -1); this.valId.set(v, id); }
  // An i64 constant as metadata (a new node, one per value).
  intMD(v: i64): i32 {
    for (let i = 0; i < this.intKeys.len; i++) if (this.intKeys.get(i) == v) return this.intNodes.get(i);
    let c = getInt(T_I64, v);
    let m = newMD(MK.Value, c);
    this.intKeys.push(v); this.intNodes.push(m);
    return m;
  }
  // A DI field kept as typed-value text (`i64 0`, `ptr @g`, `i1 true`, `ptr null`) as metadata of
  // that constant (a new node per text), or -1 when the text is not one of those forms.
  rawKeys: I32Vec = new I32Vec();
  rawNodes: I32Vec = new I32Vec();
  rawValueMD(raw: i32): i32 {
    for (let i = 0; i < this.rawKeys.len; i++) if (this.rawKeys.get(i) == raw) return this.rawNodes.get(i);
    let c = typedConstant(raw);
    if (c < 0) return -1;
    let m = newMD(MK.Value, c);
    this.rawKeys.push(raw); this.rawNodes.push(m);
    return m;
  }
  emptyTupleMD(): i32 { if (this.emptyTuple < 0) this.emptyTuple = newMD(MK.Tuple, -1); return this.emptyTuple; }
  // A shufflevector's mask as the constant bitcode stores (shuffleMaskConstant), made once.
  shuffleMask(i: i32): i32 {
    this.maskOf.fit(i + 1, -1);
    let c = this.maskOf.get(i);
    if (c < 0) { c = shuffleMaskConstant(i); this.maskOf.set(i, c); }
    return c;
  }

  // ---- types ----
  // Numbers t and what it contains, contents first; a named struct may be referred to before its
  // own entry (LLVM's reader allows forward references to identified structs only).
  typeOf(t: i32): i32 {
    if (t >= this.typeId.len) this.typeId.resize(t + 1 + (t >> 2), -1);
    let id = this.typeId.get(t);
    if (id >= 0) return id;
    this.numberType(t);
    return this.typeId.get(t);
  }
  private numberType(t: i32): void {
    if (t >= this.typeId.len) this.typeId.resize(t + 1 + (t >> 2), -1);
    if (this.typeId.get(t) != -1) return;
    let k = <i32>tyKind.get(t);
    if (k == TK.NamedStruct) this.typeId.set(t, -2);
    if (k == TK.Vector || k == TK.ScalableVector || k == TK.Array) this.numberType(tyA.get(t));
    else if (k == TK.Function) {
      this.numberType(tyA.get(t));
      for (let i = 0, n = tyListLen.get(t); i < n; i++) this.numberType(tyPool.get(tyList.get(t) + i));
    } else if (k == TK.Struct || k == TK.NamedStruct) {
      for (let i = 0, n = tyListLen.get(t); i < n; i++) this.numberType(tyPool.get(tyList.get(t) + i));
    } else if (k == TK.TargetExt) {
      let nt = tyListLen.get(t) - <i32>tyN.get(t);
      for (let i = 0; i < nt; i++) this.numberType(tyPool.get(tyList.get(t) + i));
    }
    let cur = this.typeId.get(t);
    if (cur >= 0) return;
    this.typeId.set(t, this.types.push(t));
  }

  // ---- values ----
  // A constant (or inline asm) and its operands, operands first. Globals already have ids;
  // metadata-as-value operands number their metadata instead.
  constant(c: i32): void {
    let st = this.stack;
    let base = st.len;
    st.push(c); st.push(0);
    while (st.len > base) {
      let v = st.get(st.len - 2), k = st.get(st.len - 1);
      if (this.vid(v) >= 0) { st.len -= 2; continue; }
      let vk = <i32>vKind.get(v);
      if (vk == VK.MDValue) { st.len -= 2; this.metadata(canonicalMD(vA.get(v))); continue; }
      if (vk < VK.ConstInt || vk > VK.InlineAsm) { st.len -= 2; continue; }  // locals, globals, blocks
      let n = numOperands(v);
      // a blockaddress names its block by number, not as a value
      let lim = vk == VK.BlockAddress ? 1 : n;
      if (k < lim) {
        st.set(st.len - 1, k + 1);
        let o = operand(v, k);
        if (o >= 0 && this.vid(o) < 0) { st.push(o); st.push(0); }
        continue;
      }
      st.len -= 2;
      // ptrauth's omitted operands take their defaults (discriminator i64 0, address null)
      if (vk == VK.PtrAuth && n < 4) { this.constant(getInt(T_I64, 0)); this.constant(getNull(T_PTR)); }
      this.typeOf(vType.get(v));
      if (vk == VK.ConstExpr && <i32>iOp.get(v) == Op.GetElementPtr) this.typeOf(ext0(v));
      if (vk == VK.InlineAsm) this.typeOf(T_PTR);
      this.setVid(v, this.values.push(v));
    }
  }
  // An operand of an instruction or global: constants get their module-level id.
  operandValue(v: i32): void {
    if (v < 0) return;
    let vk = <i32>vKind.get(v);
    if (vk == VK.MDValue) { this.metadata(canonicalMD(vA.get(v))); return; }
    if (vk >= VK.ConstInt && vk <= VK.InlineAsm && this.vid(v) < 0) this.constant(v);
    this.typeOf(vType.get(v));
  }

  // ---- metadata ----
  // Is m function-local (a local value as metadata, or an argument list)?
  isLocal(m: i32): bool {
    let k = <i32>mdKind.get(m);
    if (k == MK.ArgList) return true;
    if (k != MK.Value) return false;
    let vk = <i32>vKind.get(mdA.get(m));
    return vk == VK.Arg || vk == VK.Inst;
  }
  // The metadata string of raw field text `"..."` (LLVM's escapes undone): its strtab id, or -1 for
  // an empty string (DI nodes keep none).
  rawString(raw: i32): i32 {
    let p = strtab.ptrOf(raw), n = strtab.lenOf(raw);
    if (n < 2) return -1;
    return this.unescape(p + 1, n - 2);
  }
  // The bytes of escaped text (`\\`, `\XX`) as a strtab id; -1 when empty.
  unescape(p: usize, n: i32): i32 {
    if (n == 0) return -1;
    let u = this.unescaped;
    u.clear();
    for (let i = 0; i < n; i++) {
      let c = <i32>load<u8>(p + <usize>i);
      if (c == 92 && i + 1 < n && load<u8>(p + <usize>(i + 1)) == 92) { u.push(92); i++; continue; }
      if (c == 92 && i + 2 < n && isHex(load<u8>(p + <usize>(i + 1))) && isHex(load<u8>(p + <usize>(i + 2)))) {
        u.push(<u8>((hexVal(load<u8>(p + <usize>(i + 1))) << 4) | hexVal(load<u8>(p + <usize>(i + 2))))); i += 2; continue;
      }
      u.push(<u8>c);
    }
    return strtab.intern(u.ptr, u.len);
  }
  // The string's metadata id (numbering it when new); strings are numbered before nodes, so the id
  // is final only after numberMetadata().
  stringId(s: i32): i32 {
    if (s >= this.strIndex.len) this.strIndex.resize(s + 1 + (s >> 2), -1);
    let id = this.strIndex.get(s);
    if (id < 0) { id = this.strings.push(s); this.strIndex.set(s, id); }
    return id;
  }
  // The string text of an MK.String node.
  stringOfNode(m: i32): i32 {
    let s = mdA.get(m);
    let r = this.unescape(strtab.ptrOf(s), strtab.lenOf(s));
    return r < 0 ? strtab.internStr("") : r;
  }
  setMD(m: i32, id: i32): void { this.fitMD(m); this.mdId.set(m, id); }
  private fitMD(m: i32): void { if (m >= this.mdId.len) this.mdId.resize(m + 1 + (m >> 2), -1); }
  // Numbers m and what it refers to, operands first (strings get their own numbering).
  metadata(root: i32): void {
    if (root < 0) return;
    this.fitMD(root);
    if (this.mdId.get(root) != -1) return;
    let st = this.stack;
    let base = st.len;
    st.push(root); st.push(0);
    while (st.len > base) {
      let m = st.get(st.len - 2), k = st.get(st.len - 1);
      this.fitMD(m);
      let kind = <i32>mdKind.get(m);
      if (k == 0) {
        if (this.mdId.get(m) != -1) { st.len -= 2; continue; }
        if (kind == MK.String) { this.stringId(this.stringOfNode(m)); this.mdId.set(m, -3); st.len -= 2; continue; }
        if (kind == MK.Value) {
          let v = mdA.get(m);
          st.len -= 2;
          if (this.isLocal(m)) continue;
          this.operandValue(v);
          this.mdId.set(m, -4 - this.nodes.push(m));
          continue;
        }
        this.mdId.set(m, -2);   // being numbered
        if (kind == MK.Node) { this.nodeStrings(m); this.nodeIntConstants(this, m); }
      }
      // next operand
      let s = mdOps.get(m), n = mdNOps.get(m);
      let next = -1;
      if (kind == MK.Tuple || kind == MK.ArgList) {
        while (k < n) { let o = mdPool.get(s + k); k++; if (o >= 0) { this.fitMD(o); if (this.mdId.get(o) == -1) { next = o; break; } } }
      } else if (kind == MK.Node) {
        while (k < n) {
          let tag = mdPool.get(s + 3 * k + 1), o = mdPool.get(s + 3 * k + 2); k++;
          if (tag == FV_MD && o >= 0) { this.fitMD(o); if (this.mdId.get(o) == -1) { next = o; break; } }
        }
      }
      st.set(st.len - 1, k);
      if (next >= 0) { st.push(next); st.push(0); continue; }
      st.len -= 2;
      // an argument list is numbered per function; its constant operands are module-level
      if (kind == MK.ArgList) { this.mdId.set(m, -1); continue; }
      this.mdId.set(m, -4 - this.nodes.push(m));
    }
  }
  // The strings of a DI node's quoted fields.
  private nodeStrings(m: i32): void {
    let s = mdOps.get(m), n = mdNOps.get(m);
    for (let i = 0; i < n; i++) {
      if (mdPool.get(s + 3 * i + 1) != FV_RAW) continue;
      let raw = mdPool.get(s + 3 * i + 2);
      if (strtab.lenOf(raw) >= 2 && load<u8>(strtab.ptrOf(raw)) == 34) {
        let str = this.rawString(raw);
        if (str >= 0) this.stringId(str);
      } else if (looksTyped(raw)) {
        let m2 = this.rawValueMD(raw);
        if (m2 >= 0) this.metadata(m2);
      }
    }
  }
  // After the walk: strings take ids 0.., nodes follow.
  numberMetadata(): void {
    let ns = this.strings.len;
    for (let m = 0; m < this.mdId.len; m++) {
      let id = this.mdId.get(m);
      if (id == -3) this.mdId.set(m, this.strIndex.get(this.stringOfNode(m)));
      else if (id <= -4) this.mdId.set(m, ns + (-4 - id));
    }
  }
  moduleMDCount(): i32 { return this.strings.len + this.nodes.len; }
  // A module-level metadata id (strings by content).
  mdOf(m: i32): i32 { return m >= 0 && m < this.mdId.len ? this.mdId.get(m) : -1; }

  // ---- attributes ----
  private group(set: i32, index: i64): i32 {
    let sc = this.scratch;
    sc.clear(); sc.push(set); sc.push(<i32>index);
    return this.groups.internVec(sc, 0, 2) + 1;
  }
  private typesOfSet(set: i32): void {
    for (let i = 0, n = setSize(set); i < n; i++) if (setTag(set, i) == AT.Type && setV0(set, i) >= 0) this.typeOf(setV0(set, i));
  }
  // The bitcode attribute list id (1-based; 0 none) of a function or call-site attribute list.
  fnList(list: i32): i32 {
    if (list < 0) return 0;
    if (list >= this.listOfFn.len) this.listOfFn.resize(list + 1 + (list >> 2), -1);
    let id = this.listOfFn.get(list);
    if (id >= 0) return id;
    let n = attrLists.lenOf(list);
    let groupsOf = new I32Vec(n);
    for (let slot = 0; slot < n; slot++) {
      let set = attrLists.at(list, slot);
      if (set < 0 || setSize(set) == 0) continue;
      this.typesOfSet(set);
      let idx: i64 = slot == 0 ? MODULE_PARAM_FN : slot == 1 ? 0 : <i64>(slot - 1);
      groupsOf.push(this.group(set, idx));
    }
    id = groupsOf.len == 0 ? 0 : this.lists.internVec(groupsOf, 0, groupsOf.len) + 1;
    this.listOfFn.set(list, id);
    return id;
  }
  // A global variable's attribute set, as a list with only function attributes.
  varList(set: i32): i32 {
    if (set < 0 || setSize(set) == 0) return 0;
    if (set >= this.listOfVar.len) this.listOfVar.resize(set + 1 + (set >> 2), -1);
    let id = this.listOfVar.get(set);
    if (id >= 0) return id;
    this.typesOfSet(set);
    let g = new I32Vec(1); g.push(this.group(set, MODULE_PARAM_FN));
    id = this.lists.internVec(g, 0, 1) + 1;
    this.listOfVar.set(set, id);
    return id;
  }

  // ---- sync scopes and bundle tags ----
  syncScope(ss: i32): i64 {
    if (ss < 0) return 1;                                   // system
    if (strtab.eqStr(ss, "singlethread")) return 0;
    for (let i = 0; i < this.syncScopes.len; i++) if (this.syncScopes.get(i) == ss) return 2 + i;
    return 2 + this.syncScopes.push(ss);
  }
  bundleTag(tag: i32): i64 {
    for (let i = 0; i < this.bundleTags.len; i++) if (this.bundleTags.get(i) == tag) return i;
    return this.bundleTags.push(tag);
  }
}

// LLVM's fixed operand bundle tags, in their numbering (LLVM 22 adds the last two).
const BUNDLE_TAGS: string[] = ["deopt", "funclet", "gc-transition", "cfguardtarget", "preallocated", "gc-live",
  "clang.arc.attachedcall", "ptrauth", "kcfi", "convergencectrl", "align", "deactivation-symbol"];
export function seedBundleTags(e: Enumeration, version: i32): void {
  let n = version >= 22 ? 12 : 10;
  for (let i = 0; i < n; i++) e.bundleTags.push(strtab.internStr(BUNDLE_TAGS[i]));
}

function isHex(c: u8): bool { return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102); }
function hexVal(c: u8): i32 { return c <= 57 ? <i32>c - 48 : (<i32>c | 32) - 87; }
// The first extra word of a constant expression (a GEP's source element type).
function ext0(c: i32): i32 { return extWord(iExt.get(c)); }
function extWord(at: i32): i32 { return at >= 0 ? ext.get(at) : -1; }

// Is global g written (not erased)?
// A shufflevector instruction's mask as the constant bitcode stores: i32 lanes, poison for an
// undefined lane (a scalable mask: zeroinitializer or poison).
export function shuffleMaskConstant(i: i32): i32 {
  let n = listCount(i);
  let scalable = <i32>tyKind.get(vType.get(i)) == TK.ScalableVector;
  let vt = vectorType(T_I32, n, scalable);
  if (scalable) return n > 0 && listItem(i, 0) == 0 ? getZero(vt) : getPoison(vt);
  let lanes = new I32Vec(n);
  for (let k = 0; k < n; k++) { let x = listItem(i, k); lanes.push(x < 0 ? getPoison(T_I32) : getInt(T_I32, x)); }
  return getAggregate(VK.ConstVector, vt, lanes, 0, n);
}
export function liveGlobal(g: i32): bool { return (gFlags.get(g) & GF_ERASED) == 0; }

// Numbers the whole module: globals in LLVM's order (variables, functions, aliases, ifuncs), the
// constants and types they and every instruction use, the metadata reachable from named metadata,
// attachments, debug records and metadata operands, attribute lists, sync scopes, bundle tags.
export function enumerateModule(e: Enumeration, version: i32): void {
  seedBundleTags(e, version);
  let ng = globalCount();
  for (let pass = 0; pass < 4; pass++) {
    for (let g = 0; g < ng; g++) {
      if (<i32>gKind.get(g) != pass || !liveGlobal(g)) continue;
      let v = gValue.get(g);
      e.valId.set(v, e.values.push(v));
    }
  }
  e.numGlobals = e.values.len;
  // global types and their own operands (initializers, aliasees, resolvers, prefix/prologue/personality)
  for (let pass = 0; pass < 4; pass++) {
    for (let g = 0; g < ng; g++) {
      if (<i32>gKind.get(g) != pass || !liveGlobal(g)) continue;
      let v = gValue.get(g);
      e.typeOf(gValueType.get(g));
      e.typeOf(vType.get(v));
      // a function with any of personality, prefix and prologue has all three as operands in
      // LLVM, the absent ones `ptr null`, which it numbers too
      let hung = pass == GK.Func && hasHungOperands(v);
      for (let i = 0, n = numOperands(v); i < n; i++) {
        let o = operand(v, i);
        e.operandValue(o < 0 && hung ? getNull(T_PTR) : o);
      }
      if (pass == GK.Var) e.varList(gAttrs.get(g)); else if (pass == GK.Func) e.fnList(gAttrs.get(g));
    }
  }
  for (let g = 0; g < ng; g++) {
    if (!liveGlobal(g)) continue;
    let k = <i32>gKind.get(g);
    if (k == GK.Var || k == GK.Func) for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) e.metadata(attMD.get(a));
    if (k != GK.Func) continue;
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) enumerateInstruction(e, i);
    }
  }
  for (let i = 0; i < nmdName.len; i++) {
    let s = nmdOps.get(i);
    for (let j = 0; nmdNOps.get(i) > j; j++) e.metadata(nmdPool.get(s + j));
  }
  e.numberMetadata();
}

function enumerateInstruction(e: Enumeration, i: i32): void {
  e.typeOf(vType.get(i));
  let op = <i32>iOp.get(i);
  for (let k = 0, n = numOperands(i); k < n; k++) {
    let o = operand(i, k);
    if (o < 0) continue;
    let ok = <i32>vKind.get(o);
    if (ok == VK.Block) continue;
    e.operandValue(o);
  }
  if (op == Op.Alloca || op == Op.GetElementPtr) e.typeOf(iExt.get(i));
  else if (op == Op.ShuffleVector) e.constant(e.shuffleMask(i));
  else if (op == Op.Call || op == Op.Invoke || op == Op.CallBr) {
    e.typeOf(callFnType(i));
    e.fnList(callAttrs(i));
    for (let b = 0, nb = callNumBundles(i); b < nb; b++) e.bundleTag(bundleTag(i, b));
  } else if (op == Op.Load || op == Op.Store || op == Op.Fence || op == Op.AtomicCmpXchg || op == Op.AtomicRMW) {
    e.syncScope(iExt.get(i));
  }
  for (let a = iMD.get(i); a >= 0; a = attNext.get(a)) e.metadata(attMD.get(a));
  for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
    let s = drOps.get(r);
    for (let k = 0, n = drNOps.get(r); k < n; k++) {
      let m = drPool.get(s + k);
      e.metadata(m >= 0 ? m : e.emptyTupleMD());
    }
  }
}

// Is raw field text a typed value (`iN ...`, `ptr ...`)?
export function looksTyped(raw: i32): bool {
  let p = strtab.ptrOf(raw), n = strtab.lenOf(raw);
  if (n > 4 && load<u8>(p) == 112 && load<u8>(p + 1) == 116 && load<u8>(p + 2) == 114 && load<u8>(p + 3) == 32) return true;
  if (n < 3 || load<u8>(p) != 105) return false;
  let i = 1;
  while (i < n && load<u8>(p + <usize>i) >= 48 && load<u8>(p + <usize>i) <= 57) i++;
  return i > 1 && i < n && load<u8>(p + <usize>i) == 32;
}
// The constant typed-value text names: an integer (decimal, true/false), `ptr null` or `ptr @name`;
// -1 otherwise.
function typedConstant(raw: i32): i32 {
  let t = String.UTF8.decodeUnsafe(strtab.ptrOf(raw), strtab.lenOf(raw));
  let sp = t.indexOf(" ");
  if (sp < 0) return -1;
  let ty = t.substring(0, sp), v = t.substring(sp + 1).trim();
  if (ty == "ptr") {
    if (v == "null") return getNull(T_PTR);
    if (!v.startsWith("@")) return -1;
    let name = v.substring(1);
    if (name.startsWith("\"")) name = name.substring(1, name.length - 1);
    let id = strtab.internStr(name);
    for (let g = 0; g < globalCount(); g++) if (vName.get(gValue.get(g)) == id) return gValue.get(g);
    return -1;
  }
  let width = I32.parseInt(ty.substring(1));
  if (width <= 0 || width > 64) return -1;
  let it = intType(width);
  if (v == "true") return getInt(it, 1);
  if (v == "false") return getInt(it, 0);
  return getInt(it, I64.parseInt(v));
}
// Does function value fv have any of personality, prefix and prologue (so LLVM gives it all three
// operands)?
export function hasHungOperands(fv: i32): bool {
  return numOperands(fv) >= 3 && (operand(fv, 0) >= 0 || operand(fv, 1) >= 0 || operand(fv, 2) >= 0);
}
