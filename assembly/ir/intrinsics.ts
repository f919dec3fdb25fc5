// Intrinsics: which `llvm.*` names are intrinsics, and the attributes LLVM gives a declaration of
// one (it replaces the declared ones). Built from the generated table (intrinsics-table.ts), which
// holds the attributes already encoded, so neither the reader nor a pass needs the lexer here.
import { I32Vec } from "../util/vec";
import {
  INTRINSIC_NAMES, INTRINSIC_ATTR_KINDS, INTRINSIC_SETS, INTRINSIC_LISTS, INTRINSIC_ATTRS_19,
  INTRINSIC_ATTRS_22, KNOWN_INTRINSICS_22, INTRINSIC_TARGET_PREFIXES,
} from "./intrinsics-table";
import { llvmVersion, has, Feature } from "./version";
import { strtab } from "./module";
import { AT, ATTR_KW, attrSets, attrTag, internAttrList } from "./attributes";
import { gKind, gValue, gAttrs, GK, globalCount, gValueType } from "./globals";
import { vName } from "./values";
import { TK, tyKind, tyA, listLen, listAt, scalarType } from "./types";
import { SigMatcher, SigMatch, genericIntrinsic, NOT_INTRINSIC } from "./intrinsic-sigs";

// The attribute kinds of the table as the attribute layer numbers them, and the scratch of building
// a declaration's attribute list: one object at a fixed address in static memory, renewed with the
// arena (ir/arena.ts resetArena frees the heap they are on).
@final class IntrinsicAttrs {
  kindOf: I32Vec = new I32Vec();   // INTRINSIC_ATTR_KINDS index -> ATTR_KW index (filled on first use)
  entries: I32Vec = new I32Vec(32); // one attribute set's (tag, kind, value, value) entries
  slots: I32Vec = new I32Vec(16);   // one attribute list's sets
  sigs: SigMatcher = new SigMatcher(); // whether a declaration has its intrinsic's signature
}
const INTRINSIC_ATTRS_SIZE: usize = 16;
const ia: IntrinsicAttrs = changetype<IntrinsicAttrs>(memory.data(<i32>INTRINSIC_ATTRS_SIZE, 16));
export function newIntrinsicAttrs(): void {
  assert(offsetof<IntrinsicAttrs>() <= INTRINSIC_ATTRS_SIZE);
  memory.copy(changetype<usize>(ia), changetype<usize>(new IntrinsicAttrs()), offsetof<IntrinsicAttrs>());
}

// Bytes [p, p+n) against string s (ASCII): <0, 0, >0.
function compareBytes(p: usize, n: i32, s: string): i32 {
  let m = s.length, k = n < m ? n : m;
  for (let i = 0; i < k; i++) {
    let d = <i32>load<u8>(p + <usize>i) - s.charCodeAt(i);
    if (d != 0) return d;
  }
  return n - m;
}
// Index of bytes [p, p+n) in a byte-sorted name table, or -1.
function search(table: string[], p: usize, n: i32): i32 {
  let lo = 0, hi = table.length - 1;
  while (lo <= hi) {
    let mid = (lo + hi) >>> 1;
    let c = compareBytes(p, n, unchecked(table[mid]));
    if (c == 0) return mid;
    if (c < 0) hi = mid - 1; else lo = mid + 1;
  }
  return -1;
}
// Table index of the longest '.'-component prefix of name `nm` (at least "llvm.x") in `table`, or -1.
function longestPrefix(table: string[], nm: i32): i32 {
  let p = strtab.ptrOf(nm), len = strtab.lenOf(nm);
  while (len > 5) {
    let k = search(table, p, len);
    if (k >= 0) return k;
    let j = len - 1;
    while (j > 5 && load<u8>(p + <usize>j) != 46) j--;
    if (j <= 5) break;
    len = j;
  }
  return -1;
}

// Whether LLVM 22 knows `llvm.*` name `nm` as an intrinsic: one of its generic intrinsics or an
// overload of one (the name extends it at a '.'), or any name in a target namespace (taken as
// known: the table holds the generic ones only). The printer writes "; Unknown intrinsic" otherwise.
export function isKnownIntrinsic22(nm: i32): bool {
  for (let i = 0; i < INTRINSIC_TARGET_PREFIXES.length; i++) if (strtab.startsWithStr(nm, INTRINSIC_TARGET_PREFIXES[i])) return true;
  return longestPrefix(KNOWN_INTRINSICS_22, nm) >= 0;
}

// Table index of the intrinsic a function name denotes, or -1.
function lookup(nm: i32): i32 {
  if (!strtab.startsWithStr(nm, "llvm.")) return -1;
  return longestPrefix(INTRINSIC_NAMES, nm);
}

// `iN lo, hi` for a range(...) typed by `ty`'s scalar width (values wrap to N bits, as LLVM prints them).
function rangeText(ty: i32, lo: i32, hi: i32): i32 {
  let t = scalarType(ty);
  let w = <i32>tyKind.get(t) == TK.Int ? tyA.get(t) : 64;
  if (w < 32) { let sh = 32 - w; lo = (lo << sh) >> sh; hi = (hi << sh) >> sh; }
  return strtab.internStr("i" + w.toString() + " " + lo.toString() + ", " + hi.toString());
}
// The interned attribute set at `off` in INTRINSIC_SETS (-1 for none); `ty` types a range.
function buildSet(off: i32, ty: i32): i32 {
  if (off < 0) return -1;
  let kindOf = ia.kindOf;
  if (kindOf.len == 0) {
    for (let i = 0; i < INTRINSIC_ATTR_KINDS.length; i++) {
      let k = ATTR_KW.indexOf(INTRINSIC_ATTR_KINDS[i]);
      assert(k >= 0, "intrinsics-table.ts names an attribute ir/attributes.ts does not have");
      kindOf.push(k);
    }
  }
  let n = unchecked(INTRINSIC_SETS[off]);
  let entries = ia.entries;
  entries.clear();
  for (let i = 0; i < n; i++) {
    let e = off + 1 + 3 * i;
    let kind = kindOf.get(unchecked(INTRINSIC_SETS[e]));
    let tag = attrTag(kind);
    let v0 = unchecked(INTRINSIC_SETS[e + 1]), v1 = unchecked(INTRINSIC_SETS[e + 2]);
    if (tag == AT.Range) { v0 = rangeText(ty, v0, v1); v1 = 0; }
    entries.push(tag); entries.push(kind); entries.push(v0); entries.push(v1);
  }
  return attrSets.internVec(entries, 0, entries.len);
}

// The attribute list LLVM gives a declaration of table entry k with function type fnTy.
function attrsFor(list: i32, fnTy: i32): i32 {
  let count = unchecked(INTRINSIC_LISTS[list]);
  let nParams = listLen(fnTy);
  let slots = ia.slots;
  slots.clear();
  slots.push(buildSet(unchecked(INTRINSIC_LISTS[list + 1]), -1));
  slots.push(buildSet(unchecked(INTRINSIC_LISTS[list + 2]), tyA.get(fnTy)));
  // as many parameter sets as the intrinsic has, even when the declaration lists fewer parameters
  // (LLVM gives the declaration the intrinsic's list; the verifier then reports it)
  let n = count - 2 > nParams ? count - 2 : nParams;
  for (let i = 0; i < n; i++) {
    slots.push(i < count - 2 ? buildSet(unchecked(INTRINSIC_LISTS[list + 3 + i]), i < nParams ? listAt(fnTy, i) : -1) : -1);
  }
  return internAttrList(slots, 0, slots.len);
}

// Whether function type fnTy can be the intrinsic's signature, as far as its attribute list tells:
// a parameter for each parameter set, pointers under pointer-only attributes, integers under range.
// (The table has no signatures; a mismatch it cannot see passes.)
function signatureFits(list: i32, fnTy: i32): bool {
  let count = unchecked(INTRINSIC_LISTS[list]);
  let nParams = listLen(fnTy);
  if (count - 2 > nParams) return false;
  for (let i = 1; i < count; i++) {
    let off = unchecked(INTRINSIC_LISTS[list + 1 + i]);
    if (off < 0) continue;
    let ty = i == 1 ? tyA.get(fnTy) : listAt(fnTy, i - 2);
    let n = unchecked(INTRINSIC_SETS[off]);
    for (let j = 0; j < n; j++) {
      let name = unchecked(INTRINSIC_ATTR_KINDS[unchecked(INTRINSIC_SETS[off + 1 + 3 * j])]);
      let kd = <i32>tyKind.get(ty);
      if (name == "range" && kd != TK.Int && !(kd == TK.Vector && <i32>tyKind.get(tyA.get(ty)) == TK.Int)) return false;
      if ((name == "captures" || name == "nocapture" || name == "noalias" || name == "nonnull" || name == "readonly" ||
           name == "readnone") && kd != TK.Ptr) return false;
    }
  }
  return true;
}

// Gives every declared intrinsic LLVM's attributes.
export function applyIntrinsicAttributes(): void {
  for (let g = 0; g < globalCount(); g++) applyIntrinsicAttributesTo(g);
}
// The same for one global.
function isLifetimeMarker(nm: i32): bool {
  return strtab.startsWithStr(nm, "llvm.lifetime.start") || strtab.startsWithStr(nm, "llvm.lifetime.end");
}
export function applyIntrinsicAttributesTo(g: i32): void {
  if (<i32>gKind.get(g) != GK.Func) return;
  let nm = vName.get(gValue.get(g));
  if (nm < 0) return;
  let k = lookup(nm);
  if (k < 0) return;
  // a name outside the target namespaces that is no generic intrinsic of this version names none
  let sk = genericIntrinsic(nm);
  if (sk == NOT_INTRINSIC) return;
  // LLVM gives no attributes to a declaration whose signature the intrinsic does not have (it is
  // upgraded or fails verification); wopt checks the one case its own upgrades produce: LLVM 22's
  // size-less lifetime markers take a pointer (`llvm.lifetime.start.i64(i64)` stays bare)
  if (has(Feature.SizelessLifetime) && isLifetimeMarker(nm)) {
    let ft = gValueType.get(g);
    if (listLen(ft) != 1 || <i32>tyKind.get(listAt(ft, 0)) != TK.Ptr) return;
  }
  let list = llvmVersion >= 22 ? unchecked(INTRINSIC_ATTRS_22[k]) : unchecked(INTRINSIC_ATTRS_19[k]);
  if (list < 0) return;
  // LLVM 22 leaves a declaration whose signature is not the intrinsic's with its own attributes:
  // exactly so for a generic intrinsic (ir/intrinsic-sigs.ts), as far as the attributes tell for
  // a target one
  if (llvmVersion >= 22) {
    if (sk >= 0 ? ia.sigs.match(sk, gValueType.get(g)) != SigMatch.Match : !signatureFits(list, gValueType.get(g))) return;
  }
  gAttrs.set(g, attrsFor(list, gValueType.get(g)));
}
