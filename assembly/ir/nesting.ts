// How deep IR may nest: types in types (through named structs too), constants in constants,
// metadata in metadata. The readers reject deeper input (the text parser at the token, the
// bitcode reader in its block), so the recursive walks of every later stage (verifier, passes,
// printer, bitcode writer) stay within the WASM stack. (Every walk over metadata after the text
// parser's is iterative: bitcode metadata needs no limit.) opt-22 survives this depth of every kind
// (on an 8 MB stack it crashes from about 6,000 nested constant expressions and 20,000 nested
// types or metadata on). The costliest walk, a constant expression through the text parser, the
// printer and the bitcode reader, takes about 400 bytes per level of V8's default stack of
// ~1 MB: this limit leaves more than half of it free (tests/node/text/nesting.test.js runs each kind
// at the limit through every stage on half the default stack).
import { I32Vec } from "../util/vec";
import { TK, tyKind, tyA, tyN, tyFlags, TF_HASBODY, listLen, listAt } from "./types";

export const MAX_NESTING: i32 = 1024;

// Child i of type t in the type graph (elements, members, return and parameter types, a target
// type's type parameters); -1 past the last.
function childOf(t: i32, i: i32): i32 {
  switch (<i32>tyKind.get(t)) {
    case TK.Array: case TK.Vector: case TK.ScalableVector: return i == 0 ? tyA.get(t) : -1;
    case TK.Function: return i == 0 ? tyA.get(t) : i <= listLen(t) ? listAt(t, i - 1) : -1;
    case TK.Struct: return i < listLen(t) ? listAt(t, i) : -1;
    case TK.NamedStruct: return (tyFlags.get(t) & TF_HASBODY) != 0 && i < listLen(t) ? listAt(t, i) : -1;
    case TK.TargetExt: return tyN.get(t) > <i64>i ? listAt(t, i) : -1;
  }
  return -1;
}

// The nesting depth of every type, by id: a type without members is 1 (as the text parser
// counts), anything else one more than its deepest member. Iterative: a chain of named structs may
// be as long as the input. A cycle (a recursive struct, which LLVM 19 accepts) adds nothing.
export function typeDepths(): I32Vec {
  let n = tyKind.len;
  let depth = new I32Vec(n);
  depth.resize(n, 0);               // 0: not seen, -1: on the walk's stack, else the depth
  let stack = new I32Vec(64);       // (type, next child) pairs
  for (let root = 0; root < n; root++) {
    if (depth.get(root) != 0) continue;
    depth.set(root, -1); stack.push(root); stack.push(0);
    while (stack.len > 0) {
      let t = stack.get(stack.len - 2), i = stack.get(stack.len - 1);
      let c = childOf(t, i);
      if (c >= 0) {
        stack.set(stack.len - 1, i + 1);
        if (depth.get(c) == 0) { depth.set(c, -1); stack.push(c); stack.push(0); }
        continue;
      }
      stack.len -= 2;
      let d = 0;
      for (let j = 0; (c = childOf(t, j)) >= 0; j++) { let dc = depth.get(c); if (dc > d) d = dc; }
      depth.set(t, d + 1);
    }
  }
  return depth;
}

// The first type (by id) that nests deeper than MAX_NESTING, or -1.
export function firstTooDeep(depth: I32Vec): i32 {
  for (let t = 0; t < depth.len; t++) if (depth.get(t) > MAX_NESTING) return t;
  return -1;
}

// Scratch for a walk over the type graph with its own stack (the caller steps through members).
// Each type is unseen, on the walk's stack or done, and may carry a flag (what the walk computes,
// passed on to the type that holds it when it is done); by a stamp, so a new walk costs nothing.
@final export class TypeWalk {
  mark: I32Vec = new I32Vec();      // stamp + 0/1: on the stack (flag in bit 0), + 2/3: done
  stack: I32Vec = new I32Vec(64);   // (type, next member) pairs
  stamp: i32 = 0;
  // Forgets every type (the marks of a walk stay until the next one starts).
  newWalk(): void {
    this.stamp += 4;
    if (this.mark.len < tyKind.len) this.mark.resize(tyKind.len, 0);
    this.stack.clear();
  }
  enter(t: i32): void { this.mark.set(t, this.stamp); this.stack.push(t); this.stack.push(0); }
  // The top type's next member (an element, a struct member), or -1 when there is none left.
  nextMember(): i32 {
    let st = this.stack;
    let t = st.get(st.len - 2), i = st.get(st.len - 1);
    let c = -1;
    let k = <i32>tyKind.get(t);
    if (k == TK.Array || k == TK.Vector || k == TK.ScalableVector) { if (i == 0) c = tyA.get(t); }
    else if (i < listLen(t)) c = listAt(t, i);
    if (c >= 0) st.set(st.len - 1, i + 1);
    return c;
  }
  // Pops the top type, done; its flag goes to the type that holds it.
  leave(): i32 {
    let st = this.stack;
    let t = st.get(st.len - 2);
    st.len -= 2;
    let f = this.flagged(t);
    this.mark.set(t, this.stamp + 2 + (f ? 1 : 0));
    if (f && st.len > 0) this.flag(st.get(st.len - 2));
    return t;
  }
  top(): i32 { return this.stack.get(this.stack.len - 2); }
  empty(): bool { return this.stack.len == 0; }
  seen(t: i32): bool { return this.mark.get(t) >= this.stamp; }
  onStack(t: i32): bool { let m = this.mark.get(t) - this.stamp; return m == 0 || m == 1; }
  flagged(t: i32): bool { let m = this.mark.get(t) - this.stamp; return m >= 0 && (m & 1) != 0; }
  flag(t: i32): void { let m = this.mark.get(t); if (m >= this.stamp) this.mark.set(t, m | 1); }
}
