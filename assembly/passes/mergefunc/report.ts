// The merge report: what MergeFunctions did to each function, for the host API and the
// `-mergefunc-report=<file>` side file (JSON). Names are recorded when the merge happens (a kept
// function that became a private body loses its name afterwards).
//
// {"pass":"mergefunc","merged":[{"function":"g","into":"f","how":"thunk","callersRedirected":0,
//   "viaPrivateCopy":false}, ...],"functionsMerged":N,"thunks":N,"aliases":N,"privateCopies":N}
// how: "replaced"  every use of the function now uses the kept one; the function is deleted
//      "erased"    its direct callers call the kept one; the function was unused and is deleted
//      "thunk"     the function is now a tail call to the kept one
//      "alias"     the function is now an alias of the kept one
//      "callers"   only its direct callers were redirected (it stays as it was)
// viaPrivateCopy: the kept function was interposable (or both were ODR): its body moved to a new
// private function and both names became thunks or aliases to it ("into" is the kept name).
import { I32Vec } from "../../util/vec";
import { OutBuf } from "../../util/outbuf";
import { strtab } from "../../ir/module";

export const HOW_REPLACED = 0, HOW_ERASED = 1, HOW_THUNK = 2, HOW_ALIAS = 3, HOW_CALLERS = 4;
const HOW_NAMES: string[] = ["replaced", "erased", "thunk", "alias", "callers"];

let rFrom: I32Vec = new I32Vec(16);
let rInto: I32Vec = new I32Vec(16);
let rHow: I32Vec = new I32Vec(16);
let rRedirected: I32Vec = new I32Vec(16);
let rPrivate: I32Vec = new I32Vec(16);
let rFromG: I32Vec = new I32Vec(16);   // the globals (indices) of from / into, for the cross-module report
let rIntoG: I32Vec = new I32Vec(16);
let merged: i32 = 0;

export function resetReport(): void {
  rFrom = new I32Vec(16); rInto = new I32Vec(16); rHow = new I32Vec(16); rRedirected = new I32Vec(16);
  rPrivate = new I32Vec(16); rFromG = new I32Vec(16); rIntoG = new I32Vec(16); merged = 0;
}
export function noteMerge(from: i32, into: i32, how: i32, redirected: i32, viaPrivate: bool, fromG: i32 = -1, intoG: i32 = -1): void {
  if (how < 0) return;
  rFrom.push(from); rInto.push(into); rHow.push(how); rRedirected.push(redirected); rPrivate.push(viaPrivate ? 1 : 0);
  rFromG.push(fromG); rIntoG.push(intoG);
  if (!viaPrivate || from != into) merged++;
}
export function noteRedirected(from: i32, into: i32, redirected: i32, fromG: i32 = -1, intoG: i32 = -1): void {
  rFrom.push(from); rInto.push(into); rHow.push(HOW_CALLERS); rRedirected.push(redirected); rPrivate.push(0);
  rFromG.push(fromG); rIntoG.push(intoG);
}
export function mergeRecordCount(): i32 { return rFrom.len; }
// Record i: the globals involved (the function merged away or redirected, the one kept: for a
// private copy, the body's global), how, and the other fields of the JSON.
export function recordFromGlobal(i: i32): i32 { return rFromG.get(i); }
export function recordIntoGlobal(i: i32): i32 { return rIntoG.get(i); }
export function recordHow(i: i32): i32 { return rHow.get(i); }
export function recordHowName(i: i32): string { return HOW_NAMES[rHow.get(i)]; }
export function recordRedirected(i: i32): i32 { return rRedirected.get(i); }
export function recordViaPrivate(i: i32): bool { return rPrivate.get(i) != 0; }
export function functionsMerged(): i32 { return merged; }
// Records of this run that say `how` (HOW_ constants).
export function howCount(how: i32): i32 {
  let n = 0;
  for (let i = 0; i < rHow.len; i++) if (rHow.get(i) == how) n++;
  return n;
}

// A string-table entry as a JSON string (null for -1); the cross-module report writes names with it too.
export function jsonName(o: OutBuf, s: i32): void {
  if (s < 0) { o.str("null"); return; }
  o.byte(34);
  let p = strtab.ptrOf(s), n = strtab.lenOf(s);
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c == 34 || c == 92) { o.byte(92); o.byte(c); }
    else if (c < 32) { o.str("\\u00"); o.byte(hex(c >> 4)); o.byte(hex(c & 15)); }
    else o.byte(c);
  }
  o.byte(34);
}
function hex(d: i32): i32 { return d < 10 ? 48 + d : 87 + d; }

export function writeReport(o: OutBuf): void {
  let thunks = 0, aliases = 0, priv = 0;
  o.str("{\"pass\":\"mergefunc\",\"merged\":[");
  for (let i = 0; i < rFrom.len; i++) {
    if (i > 0) o.byte(44);
    o.str("\n  {\"function\":"); jsonName(o, rFrom.get(i));
    o.str(",\"into\":"); jsonName(o, rInto.get(i));
    o.str(",\"how\":\""); o.str(HOW_NAMES[rHow.get(i)]);
    o.str("\",\"callersRedirected\":"); o.i64(rRedirected.get(i));
    o.str(",\"viaPrivateCopy\":"); o.str(rPrivate.get(i) != 0 ? "true" : "false");
    o.byte(125);
    if (rHow.get(i) == HOW_THUNK) thunks++;
    if (rHow.get(i) == HOW_ALIAS) aliases++;
    if (rPrivate.get(i) != 0 && rFrom.get(i) == rInto.get(i)) priv++;
  }
  o.str(rFrom.len > 0 ? "\n],\"functionsMerged\":" : "],\"functionsMerged\":"); o.i64(merged);
  o.str(",\"thunks\":"); o.i64(thunks);
  o.str(",\"aliases\":"); o.i64(aliases);
  o.str(",\"privateCopies\":"); o.i64(priv);
  o.str("}\n");
}
