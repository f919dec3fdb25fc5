// What a mergefunc run's worklist handles follow: the run owns one (pass.ts); the merger records
// the replacements, the tree resolves its handles.
import { I32Vec } from "../../util/vec";

// The RAUWs of function values during one run, which the Deferred worklist's handles follow as
// LLVM's WeakTrackingVH do.
export class Handles {
  // When a function value was replaced by another function (RAUW), the replacement.
  private forwardTo: I32Vec = new I32Vec(16);
  // RAUW events: per function a list (newest first) of (time, replacement).
  private evHead: I32Vec = new I32Vec(16);
  private evTo: I32Vec = new I32Vec(16);
  private evTime: I32Vec = new I32Vec(16);
  private evNext: I32Vec = new I32Vec(16);
  // The time a worklist handle created now records.
  now: i32 = 0;

  // The function a (possibly replaced) function now is, or -1 when it is gone.
  resolveForward(g: i32): i32 {
    let forwardTo = this.forwardTo;
    let steps = 0;
    while (g >= 0 && g < forwardTo.len && forwardTo.get(g) >= 0 && steps++ < 1000) g = forwardTo.get(g);
    return g;
  }
  setForward(from: i32, to: i32): void {
    let forwardTo = this.forwardTo, evHead = this.evHead;
    if (from >= forwardTo.len) forwardTo.resize(from + 1, -1);
    if (forwardTo.get(from) < 0) forwardTo.set(from, to);   // a handle follows the first RAUW only
    // The worklist's handles (WeakTrackingVH) follow a RAUW only when they existed before it: a
    // function that was replaced (say the kept function of a private copy, whose name and uses went
    // to the new function) and deferred again later is itself, not its replacement.
    this.now++;
    if (from >= evHead.len) evHead.resize(from + 1, -1);
    this.evTo.push(to); this.evTime.push(this.now); this.evNext.push(evHead.get(from));
    evHead.set(from, this.evTo.len - 1);
  }
  // What a handle to `g` created at time `t` points at now (-1 when nothing).
  resolveHandle(g: i32, t: i32): i32 {
    let evHead = this.evHead, evNext = this.evNext, evTime = this.evTime;
    for (let steps = 0; g >= 0 && steps < 1000; steps++) {
      // the earliest RAUW of g after t
      let best = -1;
      for (let e = g < evHead.len ? evHead.get(g) : -1; e >= 0; e = evNext.get(e)) if (evTime.get(e) > t) best = e;
      if (best < 0) return g;
      g = this.evTo.get(best); t = evTime.get(best);
    }
    return g;
  }
}
