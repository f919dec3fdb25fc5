// The identified struct types a module uses, in the order LLVM's TypeFinder discovers them
// (globals, aliases, ifuncs, then each function's type, attributes, operands, instructions and
// metadata, then named metadata). The printer lists them in that order; unused ones are not
// printed, and unnamed ones are numbered in it. A TypeFinder (owned by a Writer, writer.ts) keeps
// the result and its scratch.
import { I32Vec, U8Vec } from "../util/vec";
import { TK, tyKind, tyA, listLen, listAt, tyN } from "../ir/types";
import {
  VK, vKind, vType, operand, numOperands, iOp, iExt, iNext, vA, iMD, iDbg, valueCount, ext,
} from "../ir/values";
import { gKind, gValue, gValueType, gAttrs, gFirstBlock, globalCount, GK, gFlags, GF_ERASED, GF_DEFINED } from "../ir/globals";
import { Op, isCallLike } from "../ir/opcodes";
import { callAttrs } from "../ir/inst";
import { attrLists, setSize, setTag, setV0, AT } from "../ir/attributes";
import {
  MK, mdKind, mdA, mdOps, mdNOps, mdPool, mdCount, attMD, attNext, attKind, nmdName, nmdOps, nmdNOps, nmdPool,
  drOps, drNOps, drNext, drPool, drKind, DR, FV_MD, MDK_DBG, canonicalMD,
} from "../ir/metadata";

function subtypes(t: i32, out: I32Vec): void {
  let k = <i32>tyKind.get(t);
  if (k == TK.Vector || k == TK.ScalableVector || k == TK.Array) { out.push(tyA.get(t)); return; }
  if (k == TK.Function) { out.push(tyA.get(t)); for (let i = 0; i < listLen(t); i++) out.push(listAt(t, i)); return; }
  if (k == TK.Struct || k == TK.NamedStruct) { for (let i = 0; i < listLen(t); i++) out.push(listAt(t, i)); return; }
  if (k == TK.TargetExt) { let n = <i32>tyN.get(t); for (let i = 0; i < n; i++) out.push(listAt(t, i)); }
}
function gepSourceOfConstant(c: i32): i32 { return ext.get(iExt.get(c)); }
function namedStructCount(): i32 {
  let n = 0, kinds = tyKind;
  for (let t = 0; t < kinds.len; t++) if (<i32>kinds.get(t) == TK.NamedStruct) n++;
  return n;
}

@final export class TypeFinder {
  foundStructs: I32Vec = new I32Vec();   // identified structs, discovery order
  typeNumber: I32Vec = new I32Vec();     // type id -> printed number of an unnamed struct, or -1
  // what this find has seen: an entry equal to `stamp` (one per find, so that finding the types
  // of one definition after another costs what that definition has, not what the module has)
  private seenType: I32Vec = new I32Vec();
  private seenValue: I32Vec = new I32Vec();
  private seenMD: I32Vec = new I32Vec();
  // Metadata a find does not walk into (a repository fragment's shared nodes; SlotTable.mdStop).
  mdStop: U8Vec | null = null;
  private stamp: i32 = 0;
  private numbered: I32Vec = new I32Vec();   // the unnamed structs the last find numbered
  private work: I32Vec = new I32Vec();
  private subs: I32Vec = new I32Vec();

  // The printed number of unnamed struct t, or -1 when it was not found.
  @inline numberOf(t: i32): i32 { let n = this.typeNumber; return t < n.len ? n.get(t) : -1; }

  private incorporateType(t: i32): void {
    let seen = this.seenType, stamp = this.stamp;
    if (t < 0 || seen.get(t) == stamp) return;
    seen.set(t, stamp);
    let work = this.work, subs = this.subs, found = this.foundStructs;
    work.clear(); work.push(t);
    while (work.len > 0) {
      let x = work.pop();
      if (<i32>tyKind.get(x) == TK.NamedStruct) found.push(x);
      subs.clear(); subtypes(x, subs);
      for (let i = subs.len - 1; i >= 0; i--) {
        let s = subs.get(i);
        if (seen.get(s) != stamp) { seen.set(s, stamp); work.push(s); }
      }
    }
  }

  private incorporateValue(v: i32): void {
    if (v < 0) return;
    let k = <i32>vKind.get(v);
    if (k == VK.MDValue) { this.incorporateMD(canonicalMD(vA.get(v))); return; }
    if (!(k >= VK.ConstInt && k <= VK.PtrAuth)) return; // only constants that are not globals
    let seen = this.seenValue;
    if (seen.get(v) == this.stamp) return;
    seen.set(v, this.stamp);
    this.incorporateType(vType.get(v));
    if (k == VK.ConstExpr && <i32>iOp.get(v) == Op.GetElementPtr) this.incorporateType(gepSourceOfConstant(v));
    let n = numOperands(v);
    for (let i = 0; i < n; i++) this.incorporateValue(operand(v, i));
  }

  private incorporateMD(m: i32): void {
    let seen = this.seenMD;
    if (m < 0 || seen.get(m) == this.stamp) return;
    let stop = this.mdStop;
    if (stop !== null && m < stop.len && stop.get(m) != 0) return;
    seen.set(m, this.stamp);
    let k = <i32>mdKind.get(m);
    if (k == MK.Value) { this.incorporateValue(mdA.get(m)); return; }
    let s = mdOps.get(m), c = mdNOps.get(m);
    if (k == MK.Tuple || k == MK.ArgList) { for (let i = 0; i < c; i++) this.incorporateMD(mdPool.get(s + i)); return; }
    if (k == MK.Node) { for (let i = 0; i < c; i++) if (mdPool.get(s + 3 * i + 1) == FV_MD) this.incorporateMD(mdPool.get(s + 3 * i + 2)); }
  }

  private incorporateAttributes(list: i32): void {
    if (list < 0) return;
    let n = attrLists.lenOf(list);
    for (let j = 0; j < n; j++) {
      let set = attrLists.at(list, j);
      for (let i = 0; i < setSize(set); i++) if (setTag(set, i) == AT.Type) this.incorporateType(setV0(set, i));
    }
  }

  // One function's operands and (withBody) its body. Kept out of find's loop so that the
  // engine's tier-up, which works per call (a long loop in a function called once stays in the
  // baseline tier), reaches this hot code on large modules; the two call sites keep the
  // optimizer from inlining it back.
  private incorporateFunction(g: i32, withBody: bool): void {
    let fv = gValue.get(g);
    for (let i = 0; i < numOperands(fv); i++) this.incorporateValue(operand(fv, i));
    if (!withBody) return;
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        this.incorporateType(vType.get(i));
        let no = numOperands(i);
        for (let k = 0; k < no; k++) { let o = operand(i, k); if (o >= 0 && <i32>vKind.get(o) != VK.Inst) this.incorporateValue(o); }
        let op = <i32>iOp.get(i);
        if (op == Op.GetElementPtr || op == Op.Alloca) this.incorporateType(iExt.get(i));
        if (isCallLike(op)) this.incorporateAttributes(callAttrs(i));
        for (let a = iMD.get(i); a >= 0; a = attNext.get(a)) if (attKind.get(a) != MDK_DBG) this.incorporateMD(attMD.get(a));
        for (let r = iDbg.get(i); r >= 0; r = drNext.get(r)) {
          if (<i32>drKind.get(r) == DR.Label) continue;
          let s = drOps.get(r);
          this.incorporateMD(drPool.get(s));
          if (<i32>drKind.get(r) == DR.Assign) this.incorporateMD(drPool.get(s + 4));
        }
      }
    }
  }

  // The types values in the metadata nodes `roots` (and what they reach) use: a repository
  // fragment of metadata alone (printer.ts printMetadataFragment).
  findInMetadata(roots: I32Vec): void {
    this.foundStructs.clear();
    this.stamp++;
    this.seenType.fit(tyKind.len, 0); this.seenValue.fit(valueCount(), 0); this.seenMD.fit(mdCount(), 0);
    for (let i = 0; i < roots.len; i++) this.incorporateMD(roots.get(i));
    this.numberFound();
  }

  // only >= 0: the types of that one global (and of `also`, when >= 0: a repository fragment,
  // printer.ts printFragment), in the order the whole module's walk would meet them.
  find(only: i32 = -1, also: i32 = -1): void {
    this.foundStructs.clear();
    this.stamp++;
    this.seenType.fit(tyKind.len, 0); this.seenValue.fit(valueCount(), 0); this.seenMD.fit(mdCount(), 0);
    let n = globalCount();
    let a = only, b = also;
    if (a >= 0 && b >= 0 && b < a) { let x = a; a = b; b = x; }
    let count = only < 0 ? n : b >= 0 ? 2 : 1;   // the globals walked: all, or those one or two
    for (let pass = 0; pass < 3; pass++) {
      let want = pass == 0 ? GK.Var : pass == 1 ? GK.Alias : GK.IFunc;
      for (let i = 0; i < count; i++) {
        let g = only < 0 ? i : i == 0 ? a : b;
        if (<i32>gKind.get(g) != want || (gFlags.get(g) & GF_ERASED) != 0) continue;
        this.incorporateType(gValueType.get(g));
        if (want != GK.IFunc && (want != GK.Var || (gFlags.get(g) & GF_DEFINED) != 0)) this.incorporateValue(operand(gValue.get(g), 0));
      }
    }
    // Once every identified struct of the module is found, the rest of the walk can find no
    // other: it stops there (in -O0 code the globals often use them all, and the function bodies,
    // most of the walk, are then skipped).
    let all = namedStructCount();
    for (let i = 0; i < count && this.foundStructs.len < all; i++) {
      let g = only < 0 ? i : i == 0 ? a : b;
      if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
      this.incorporateType(gValueType.get(g));
      this.incorporateAttributes(gAttrs.get(g));
      if (gFirstBlock.get(g) >= 0) this.incorporateFunction(g, true); else this.incorporateFunction(g, false);
    }
    if (only < 0) for (let i = 0; i < nmdName.len && this.foundStructs.len < all; i++) {
      let s = nmdOps.get(i);
      for (let j = 0; nmdNOps.get(i) > j; j++) this.incorporateMD(nmdPool.get(s + j));
    }
    this.numberFound();
  }
  // numbers for unnamed structs, in discovery order (the last find's numbers reset first)
  private numberFound(): void {
    let found = this.foundStructs, numbers = this.typeNumber, last = this.numbered;
    for (let i = 0; i < last.len; i++) numbers.set(last.get(i), -1);
    last.clear();
    numbers.fit(tyKind.len, -1);
    let next = 0;
    for (let i = 0; i < found.len; i++) {
      let t = found.get(i);
      if (tyA.get(t) < 0) { numbers.set(t, next++); last.push(t); }
    }
  }
}
