// The verifier's checks of aliases, ifuncs and comdats (Verifier::visitGlobalAlias,
// visitAliaseeSubExpr, visitGlobalIFunc, visitComdat), run after the global variables.
import { strtab, targetTriple } from "../../ir/module";
import { tyA, isPtr, ptrType } from "../../ir/types";
import { VK, vKind, vType, vName, vA, operand, numOperands } from "../../ir/values";
import {
  GK, gKind, gValue, gFlags, gLinkage, gMD, gAddrSpace, gValueType, GF_DEFINED, GF_ERASED, Linkage, globalCount, cdName,
} from "../../ir/globals";
import { attKind, attNext, MDK_DBG } from "../../ir/metadata";
import { llvmVersion } from "../../ir/version";
import { I32Vec } from "../../util/vec";
import { vr } from "./state";
import { visitGlobalValue, stripCastsAndAliases, isInterposable } from "./globals";

const MDK_PROF = 2;

export function visitAliasesAndIFuncs(): void {
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if (<i32>gKind.get(g) == GK.Alias && (gFlags.get(g) & GF_ERASED) == 0) visitGlobalAlias(g);
  }
  for (let g = 0; g < n; g++) {
    if (<i32>gKind.get(g) == GK.IFunc && (gFlags.get(g) & GF_ERASED) == 0) visitGlobalIFunc(g);
  }
}

// GlobalValue::isDeclarationForLinker: a declaration, or available_externally.
function declarationForLinker(g: i32): bool {
  return (gFlags.get(g) & GF_DEFINED) == 0 || <i32>gLinkage.get(g) == Linkage.Available;
}
function isGlobalKind(k: i32): bool { return k >= VK.GlobalVar && k <= VK.IFunc; }
function isConstantKind(k: i32): bool { return k >= VK.GlobalVar && k <= VK.PtrAuth; }

function visitGlobalAlias(g: i32): void {
  let ga = gValue.get(g);
  let l = <i32>gLinkage.get(g);
  if (!(l == Linkage.External || l == Linkage.Private || l == Linkage.Internal || l == Linkage.LinkOnce ||
      l == Linkage.Weak || l == Linkage.LinkOnceODR || l == Linkage.WeakODR || l == Linkage.Available)) {
    vr.bad("Alias should have private, internal, linkonce, weak, linkonce_odr, weak_odr, external, or available_externally linkage!", ga);
    return;
  }
  let aliasee = operand(ga, 0);
  if (aliasee < 0) { vr.bad("Aliasee cannot be NULL!", ga); return; }
  if (vType.get(aliasee) != vType.get(ga)) { vr.bad("Alias and aliasee types should match!", ga); return; }
  let k = <i32>vKind.get(aliasee);
  if (!(isGlobalKind(k) || k == VK.ConstExpr)) { vr.bad("Aliasee should be either GlobalValue or ConstantExpr", ga); return; }
  let visited = new I32Vec();
  visited.push(ga);
  visitAliaseeSubExpr(visited, g, ga, aliasee, 0);
  visitGlobalValue(g);
}

// The aliasee, and the constants it is made of, followed through other aliases (not through
// global variables' initializers); each failed check ends its own level, as in opt.
function visitAliaseeSubExpr(visited: I32Vec, g: i32, ga: i32, c: i32, depth: i32): void {
  if (depth > 512) return;
  let available = <i32>gLinkage.get(g) == Linkage.Available;
  let k = <i32>vKind.get(c);
  if (available && !(isGlobalKind(k) && <i32>gLinkage.get(vA.get(c)) == Linkage.Available)) {
    vr.bad("available_externally alias must point to available_externally global value", ga); return;
  }
  if (isGlobalKind(k)) {
    if (!available && declarationForLinker(vA.get(c))) { vr.bad("Alias must point to a definition", ga); return; }
    if (k != VK.Alias) return;
    for (let i = 0; i < visited.len; i++) if (visited.get(i) == c) { vr.bad("Aliases cannot form a cycle", ga); return; }
    visited.push(c);
    if (isInterposable(vA.get(c))) { vr.bad("Alias cannot point to an interposable alias", ga); return; }
  }
  let n = numOperands(c);
  for (let i = 0; i < n; i++) {
    let v = operand(c, i);
    if (v < 0) continue;
    let vk = <i32>vKind.get(v);
    if (vk == VK.Alias) { let a = operand(v, 0); if (a >= 0) visitAliaseeSubExpr(visited, g, ga, a, depth + 1); }
    else if (isConstantKind(vk)) visitAliaseeSubExpr(visited, g, ga, v, depth + 1);
  }
}

function visitGlobalIFunc(g: i32): void {
  let gi = gValue.get(g);
  if (llvmVersion >= 22) {
    visitGlobalValue(g);
    for (let a = gMD.get(g); a >= 0; a = attNext.get(a)) {
      let kind = attKind.get(a);
      if (kind == MDK_DBG) { vr.bad("an ifunc may not have a !dbg attachment", gi); return; }
      if (kind == MDK_PROF) { vr.bad("an ifunc may not have a !prof attachment", gi); return; }
    }
  }
  let l = <i32>gLinkage.get(g);
  if (!(l == Linkage.External || l == Linkage.Private || l == Linkage.Internal || l == Linkage.LinkOnce ||
      l == Linkage.Weak || l == Linkage.LinkOnceODR || l == Linkage.WeakODR)) {
    vr.bad("IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!", gi);
    return;
  }
  let r = operand(gi, 0);
  let f = r < 0 ? -1 : stripCastsAndAliases(r);
  if (f < 0 || <i32>vKind.get(f) != VK.Function) { vr.bad("IFunc must have a Function resolver", gi); return; }
  let fg = vA.get(f);
  if (declarationForLinker(fg)) { vr.bad("IFunc resolver must be a definition", gi); return; }
  if (!isPtr(tyA.get(gValueType.get(fg)))) { vr.bad("IFunc resolver must return a pointer", gi); return; }
  if (vType.get(r) != ptrType(gAddrSpace.get(g))) { vr.bad("IFunc resolver has incorrect type", gi); return; }
}

// visitComdat: on COFF targets the global a comdat is named after is not private.
export function visitComdats(): void {
  if (cdName.len == 0 || !isCOFFTriple()) return;
  // the private globals by name (names are unique in a module)
  let priv = new Map<i32, i32>();
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if ((gFlags.get(g) & GF_ERASED) != 0 || <i32>gLinkage.get(g) != Linkage.Private) continue;
    let nm = vName.get(gValue.get(g));
    if (nm >= 0) priv.set(nm, g);
  }
  if (priv.size == 0) return;
  for (let c = 0; c < cdName.len; c++) {
    let name = cdName.get(c);
    if (priv.has(name)) vr.bad("comdat global value has private linkage", gValue.get(priv.get(name)));
  }
}
// Triple::isOSBinFormatCOFF, read from the triple's text: a Windows (or, from LLVM 22, UEFI) OS
// whose environment names no other object format.
function isCOFFTriple(): bool {
  let t = targetTriple;
  if (t < 0) return false;
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  // the components after the architecture
  let part = 0, start = 0, coff = false;
  for (let j = 0; j <= n; j++) {
    if (j < n && <i32>load<u8>(p + <usize>j) != 45) continue;
    if (part >= 1) {
      if (startsAt(p, start, j, "windows") || startsAt(p, start, j, "win32") || startsAt(p, start, j, "mingw32") ||
          startsAt(p, start, j, "cygwin") || (llvmVersion >= 22 && startsAt(p, start, j, "uefi"))) coff = true;
      else if (coff && (endsAt(p, start, j, "elf") || endsAt(p, start, j, "macho"))) return false;
    }
    part++;
    start = j + 1;
  }
  return coff;
}
function startsAt(p: usize, from: i32, to: i32, s: string): bool {
  let m = s.length;
  if (to - from < m) return false;
  for (let i = 0; i < m; i++) if (<i32>load<u8>(p + <usize>(from + i)) != s.charCodeAt(i)) return false;
  return true;
}
function endsAt(p: usize, from: i32, to: i32, s: string): bool {
  let m = s.length;
  if (to - from < m) return false;
  for (let i = 0; i < m; i++) if (<i32>load<u8>(p + <usize>(to - m + i)) != s.charCodeAt(i)) return false;
  return true;
}
