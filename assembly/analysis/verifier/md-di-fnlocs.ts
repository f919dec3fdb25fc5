// The end of Verifier::visitFunction for a function with a subprogram: every location its
// instructions carry (their !dbg, and the locations of their llvm.loop), each once, has a local
// scope, and the scope it is inlined into leads back to a subprogram that describes the function.
// Then, as each instruction's debug records are visited, Verifier::verifyFnArgs.
import { strtab } from "../../ir/module";
import { vA, vName, iNext, iMD, iDbg } from "../../ir/values";
import { gValue, gMD, gFirstBlock } from "../../ir/globals";
import { mdPool, mdCount, FV_RAW, findAttachment, MDK_DBG, DR, drKind, drOps, drNOps, drNext, drPool } from "../../ir/metadata";
import { field, fieldMD, fieldInt } from "../../ir/debuginfo";
import { vr } from "./state";
import { isDINode, isTuple, numOps, op } from "./md-common";

const K_LOOP = 18;

export function verifyFunctionLocations(g: i32): void {
  let sp = attachedSubprogram(g);
  vr.fnHasDebugInfo = sp >= 0;
  if (sp < 0) return;
  let f = gValue.get(g);
  let w = new LocWalk(sp, f);
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
      let h = iMD.get(i);
      if (h < 0) continue;
      let dl = findAttachment(h, MDK_DBG);
      if (dl >= 0) w.visit(i, dl);
      let loop = findAttachment(h, K_LOOP);
      if (loop >= 0) for (let k = 1, n = numOps(loop); k < n; k++) w.visit(i, op(loop, k));
      if (vr.debugInfoBroken) return;
    }
  }
}

// Function::getSubprogram: its !dbg attachment when that is a DISubprogram, else -1.
function attachedSubprogram(g: i32): i32 {
  let md = findAttachment(gMD.get(g), MDK_DBG);
  return md >= 0 && isDINode(md, "DISubprogram") ? md : -1;
}

@final class LocWalk {
  sp: i32; f: i32; stamp: i32;
  sScope: i32 = strtab.internStr("scope"); sInlinedAt: i32 = strtab.internStr("inlinedAt");
  sName: i32 = strtab.internStr("name"); sLinkageName: i32 = strtab.internStr("linkageName");
  constructor(sp: i32, f: i32) {
    this.sp = sp; this.f = f; this.stamp = vr.nextStamp();
    let n = mdCount();
    if (vr.locSeen.len < n) vr.locSeen.resize(n, 0);
  }
  // SmallPtrSet::insert: false when m was seen already.
  insert(m: i32): bool {
    if (vr.locSeen.get(m) == this.stamp) return false;
    vr.locSeen.set(m, this.stamp);
    return true;
  }
  visit(i: i32, dl: i32): void {
    if (!isDINode(dl, "DILocation") || !this.insert(dl)) return;
    let parent = fieldMD(dl, this.sScope);
    if (!isLocalScope(parent)) {
      vr.failDebugInfo("DILocation's scope must be a DILocalScope");
      vr.wm(this.sp); vr.w(this.f); vr.w(i); vr.wm(dl); vr.wm(parent); return;
    }
    // DILocation::getInlinedAtScope: the scope of the last location of the inlinedAt chain. LLVM
    // takes an inlinedAt that is no location for one (its check comes later): a tuple's first
    // operand as the scope, its second (of two) as the next inlinedAt
    let at = dl;
    for (let guard = 0; guard < 100000; guard++) {
      let next = isTuple(at) ? (numOps(at) == 2 ? op(at, 1) : -1) : fieldMD(at, this.sInlinedAt);
      if (next < 0 || !(isDINode(next, "DILocation") || (isTuple(next) && numOps(next) > 0))) break;
      at = next;
    }
    let scope = isTuple(at) ? op(at, 0) : fieldMD(at, this.sScope);
    if (scope < 0) { vr.fail("Failed to find DILocalScope"); vr.wm(dl); return; }
    if (!this.insert(scope)) return;
    let sp = subprogramOf(scope, this.sScope);
    if (sp < 0) return;
    if (scope != sp && !this.insert(sp)) return;
    if (!this.describes(sp)) {
      vr.failDebugInfo("!dbg attachment points at wrong subprogram for function");
      vr.wm(this.sp); vr.w(this.f); vr.w(i); vr.wm(dl); vr.wm(scope); vr.wm(sp);
    }
  }
  // DISubprogram::describes: the function's own subprogram, or one whose linkage name (its name
  // when that is empty) is the function's name.
  describes(sp: i32): bool {
    if (sp == this.sp) return true;
    let nm = rawString(sp, this.sLinkageName);
    if (nm < 0 || strtab.lenOf(nm) <= 2) nm = rawString(sp, this.sName);
    return quotedEquals(nm, vName.get(this.f));
  }
}

function isLocalScope(m: i32): bool {
  return isDINode(m, "DISubprogram") || isDINode(m, "DILexicalBlock") || isDINode(m, "DILexicalBlockFile");
}
// DILocalScope::getSubprogram: up the lexical blocks to a subprogram, or -1.
function subprogramOf(sc: i32, sScope: i32): i32 {
  for (let guard = 0; guard < 100000; guard++) {
    if (isDINode(sc, "DISubprogram")) return sc;
    if (!isDINode(sc, "DILexicalBlock") && !isDINode(sc, "DILexicalBlockFile")) return -1;
    sc = fieldMD(sc, sScope);
  }
  return -1;
}
// The text of a raw string field ("..." as written), or -1.
function rawString(m: i32, name: i32): i32 {
  let f = field(m, name);
  if (f < 0 || mdPool.get(f + 1) != FV_RAW) return -1;
  return mdPool.get(f + 2);
}
// A quoted string as written (with \XX escapes) spells the name `id` (-1: no name, "").
function quotedEquals(q: i32, id: i32): bool {
  let n = q < 0 ? 0 : strtab.lenOf(q);
  if (n < 2) return id < 0 || strtab.lenOf(id) == 0;
  let p = strtab.ptrOf(q);
  let m = id < 0 ? 0 : strtab.lenOf(id);
  let np = id < 0 ? <usize>0 : strtab.ptrOf(id);
  let j = 0;
  for (let k = 1; k < n - 1; k++) {
    let c = <i32>load<u8>(p + <usize>k);
    if (c == 92 && k + 2 < n - 1) {
      let h = hexDigit(<i32>load<u8>(p + <usize>(k + 1))), l = hexDigit(<i32>load<u8>(p + <usize>(k + 2)));
      if (h >= 0 && l >= 0) { c = (h << 4) | l; k += 2; }
    }
    if (j >= m || <i32>load<u8>(np + <usize>j) != c) return false;
    j++;
  }
  return j == m;
}
function hexDigit(c: i32): i32 {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

