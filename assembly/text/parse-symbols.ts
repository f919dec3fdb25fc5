// The parser's symbol tables: globals and the current function's locals by name and number, with
// the placeholders forward references create and where each was first referenced.
import { lx } from "./lexer";
import { rd, fnScope } from "./reader";
import { I32Vec } from "../util/vec";
import { strtab, strtabString } from "../ir/module";
import { errorAt } from "./pstate";
import { TK, tyKind, T_LABEL, isPtr } from "../ir/types";
import { VK, newValue, vKind, vType, vName, vA, vB } from "../ir/values";
import { typeToString } from "./printer-types";
import { gValueType } from "../ir/globals";

// (The tables are the Reader's; the current function's locals are its FunctionScope, text/reader.ts.)

// Every placeholder and the source offset of its first reference, in creation order (read only
// for error messages, so a list rather than a column indexed by value id).
export function notePos(v: i32, off: i32): void { let r = rd; r.fwdPosValue.push(v); r.fwdPosOffset.push(off); }
export function forwardPosOf(v: i32): i32 {
  let vals = rd.fwdPosValue, offs = rd.fwdPosOffset;
  for (let i = vals.len - 1; i >= 0; i--) if (vals.get(i) == v) return offs.get(i);
  return 0;
}

export function localLookupName(name: i32): i32 {
  let s = fnScope, stamps = s.localStamp;
  if (name >= stamps.len || stamps.get(name) != s.stampNow) return -1;
  return s.localByName.get(name);
}
export function localSetName(name: i32, v: i32): void {
  let s = fnScope, stamps = s.localStamp, names = s.localByName;
  stamps.fit(name + 1, 0); names.fit(name + 1, -1);
  stamps.set(name, s.stampNow); names.set(name, v);
}
export function localLookupNum(n: i32): i32 { return fnScope.localByNum.get(<u32>n); }
export function localSetNum(n: i32, v: i32): void { fnScope.localByNum.set(<u32>n, v); }

export function globalLookupName(name: i32): i32 { let t = rd.globalByName; return name < t.len ? t.get(name) : -1; }
export function globalSetName(name: i32, v: i32): void { let t = rd.globalByName; t.fit(name + 1, -1); t.set(name, v); }
export function globalLookupNum(n: i32): i32 { return rd.globalByNum.get(<u32>n); }
export function globalSetNum(n: i32, v: i32): void { rd.globalByNum.set(<u32>n, v); }

function nameText(isLocal: bool, name: i32, num: i64): string {
  return (isLocal ? "%" : "@") + (name >= 0 ? strtabString(name) : num.toString());
}

// A local value reference of the given type (label for blocks). Creates a placeholder on first use.
export function localRef(name: i32, num: i64, type: i32): i32 {
  let off = lx.tokStart;
  let v = name >= 0 ? localLookupName(name) : localLookupNum(<i32>num);
  if (v >= 0) {
    if (vType.get(v) != type) {
      if (<i32>vKind.get(v) == VK.Block || type == T_LABEL) {
        errorAt("'" + nameText(true, name, num) + "' is not a basic block", off); return -1;
      }
      errorAt("'" + nameText(true, name, num) + "' defined with type '" + typeToString(vType.get(v)) + "' but expected '" + typeToString(type) + "'", off);
      return -1;
    }
    return v;
  }
  if (<i32>tyKind.get(type) == TK.Function) { errorAt("invalid use of function-typed value", off); return -1; }
  // a forward block lives in the function's table, where a name past LLVM's limit for local
  // names (1024 bytes) would be cut short
  if (type == T_LABEL && name >= 0 && strtab.lenOf(name) > 1024) {
    errorAt("name is too long which can result in name collisions, consider making the name shorter or increasing -non-global-value-max-name-size", off);
    return -1;
  }
  v = newValue(type == T_LABEL ? VK.Block : VK.Forward, type);
  vName.set(v, name);
  if (type != T_LABEL) vB.set(v, -1); else { vA.set(v, -1); vB.set(v, -1); }
  if (name >= 0) localSetName(name, v); else localSetNum(<i32>num, v);
  notePos(v, off);
  fnScope.forwardList.push(v);
  if (name < 0) vA.set(v, <i32>num); // remember the number of an unnamed placeholder (blocks keep vA for insts: fixed at definition)
  fnScope.localForwards++;
  return v;
}

// `wopt repo link`: the value the next definition of a stored fragment takes, bound to the name
// or number it is defined with. -1 when not linking; -2 (error recorded) for a definition the
// fragment has no place for.
export function linkTarget(name: i32, num: i32, off: i32): i32 {
  let r = rd;
  if (!r.linking) return -1;
  if (r.linkAt >= r.linkTargets.len) { errorAt("a definition the entry has no place for", off); return -2; }
  let v = r.linkTargets.get(r.linkAt++);
  vName.set(v, name);
  if (name >= 0) globalSetName(name, v); else globalSetNum(num, v);
  return v;
}

export function globalRef(name: i32, num: i64, type: i32): i32 {
  let off = lx.tokStart;
  let v = name >= 0 ? globalLookupName(name) : globalLookupNum(<i32>num);
  if (!isPtr(type)) { errorAt(<i32>tyKind.get(type) == TK.Function ? "functions are not values, refer to them as pointers" : "global variable reference must have pointer type", off); return -1; }
  if (v >= 0) {
    if (vType.get(v) != type) {
      errorAt("'" + nameText(false, name, num) + "' defined with type '" + typeToString(vType.get(v)) + "' but expected '" + typeToString(type) + "'", off);
      return -1;
    }
    return v;
  }
  v = newValue(VK.Forward, type);
  vName.set(v, name);
  if (name >= 0) globalSetName(name, v); else { globalSetNum(<i32>num, v); vA.set(v, <i32>num); }
  notePos(v, off);
  rd.globalForwardList.push(v);
  rd.globalForwards++;
  return v;
}

// A defined global dso_local_equivalent may name: one whose value type is a function's (a
// function, or an alias or ifunc of a function type).
export function dsoEquivTarget(g: i32): bool {
  let k = <i32>vKind.get(g);
  if (k == VK.Function) return true;
  if (k != VK.Alias && k != VK.IFunc) return false;
  return <i32>tyKind.get(gValueType.get(vA.get(g))) == TK.Function;
}
