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
import { jsonStrId } from "../../util/json";

export const HOW_REPLACED = 0, HOW_ERASED = 1, HOW_THUNK = 2, HOW_ALIAS = 3, HOW_CALLERS = 4;
const HOW_NAMES: string[] = ["replaced", "erased", "thunk", "alias", "callers"];


// The records of one MergeFunctions run (pass.ts makes it with the run; the cross-module report
// reads it after runMergeFunctions).
export class MergeReport {
  private rFrom: I32Vec = new I32Vec(16);
  private rInto: I32Vec = new I32Vec(16);
  private rHow: I32Vec = new I32Vec(16);
  private rRedirected: I32Vec = new I32Vec(16);
  private rPrivate: I32Vec = new I32Vec(16);
  private rFromG: I32Vec = new I32Vec(16);   // the globals (indices) of from / into, for the cross-module report
  private rIntoG: I32Vec = new I32Vec(16);
  private merged: i32 = 0;

  noteMerge(from: i32, into: i32, how: i32, redirected: i32, viaPrivate: bool, fromG: i32 = -1, intoG: i32 = -1): void {
    if (how < 0) return;
    this.rFrom.push(from); this.rInto.push(into); this.rHow.push(how); this.rRedirected.push(redirected); this.rPrivate.push(viaPrivate ? 1 : 0);
    this.rFromG.push(fromG); this.rIntoG.push(intoG);
    if (!viaPrivate || from != into) this.merged++;
  }
  noteRedirected(from: i32, into: i32, redirected: i32, fromG: i32 = -1, intoG: i32 = -1): void {
    this.rFrom.push(from); this.rInto.push(into); this.rHow.push(HOW_CALLERS); this.rRedirected.push(redirected); this.rPrivate.push(0);
    this.rFromG.push(fromG); this.rIntoG.push(intoG);
  }
  get count(): i32 { return this.rFrom.len; }
  // Record i: the globals involved (the function merged away or redirected, the one kept: for a
  // private copy, the body's global), how, and the other fields of the JSON.
  recordFromGlobal(i: i32): i32 { return this.rFromG.get(i); }
  recordIntoGlobal(i: i32): i32 { return this.rIntoG.get(i); }
  recordHow(i: i32): i32 { return this.rHow.get(i); }
  recordHowName(i: i32): string { return HOW_NAMES[this.rHow.get(i)]; }
  recordRedirected(i: i32): i32 { return this.rRedirected.get(i); }
  recordViaPrivate(i: i32): bool { return this.rPrivate.get(i) != 0; }
  functionsMerged(): i32 { return this.merged; }
  // Records of this run that say `how` (HOW_ constants).
  howCount(how: i32): i32 {
    let n = 0;
    for (let i = 0; i < this.rHow.len; i++) if (this.rHow.get(i) == how) n++;
    return n;
  }

  write(o: OutBuf): void {
    let thunks = 0, aliases = 0, priv = 0;
    o.str("{\"pass\":\"mergefunc\",\"merged\":[");
    for (let i = 0; i < this.rFrom.len; i++) {
      if (i > 0) o.byte(44);
      o.str("\n  {\"function\":"); jsonStrId(o, strtab, this.rFrom.get(i));
      o.str(",\"into\":"); jsonStrId(o, strtab, this.rInto.get(i));
      o.str(",\"how\":\""); o.str(HOW_NAMES[this.rHow.get(i)]);
      o.str("\",\"callersRedirected\":"); o.i64(this.rRedirected.get(i));
      o.str(",\"viaPrivateCopy\":"); o.str(this.rPrivate.get(i) != 0 ? "true" : "false");
      o.byte(125);
      if (this.rHow.get(i) == HOW_THUNK) thunks++;
      if (this.rHow.get(i) == HOW_ALIAS) aliases++;
      if (this.rPrivate.get(i) != 0 && this.rFrom.get(i) == this.rInto.get(i)) priv++;
    }
    o.str(this.rFrom.len > 0 ? "\n],\"functionsMerged\":" : "],\"functionsMerged\":"); o.i64(this.merged);
    o.str(",\"thunks\":"); o.i64(thunks);
    o.str(",\"aliases\":"); o.i64(aliases);
    o.str(",\"privateCopies\":"); o.i64(priv);
    o.str("}\n");
  }
}
