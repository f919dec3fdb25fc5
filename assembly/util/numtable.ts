// A table from the numbers an input gives its entities (`%7`, `@3`, `!12`, `#2`, `%5 = type`) to
// ids. Real numbers are small and dense, so they index a vector; but a number is the input's to
// choose (opt accepts `!1073741824 = !{}`), and sizing a vector by it would ask for gigabytes.
// Numbers from DENSE_LIMIT up go to a map instead. Numbers are unsigned 32-bit, as LLVM's are.
import { I32Vec } from "./vec";

const DENSE_LIMIT: u32 = 1 << 20;

@final export class NumTable {
  dense: I32Vec = new I32Vec();
  sparse: Map<u32, i32> = new Map<u32, i32>();
  // the value of a number never set
  constructor(public none: i32 = -1) {}

  get(n: u32): i32 {
    if (n < DENSE_LIMIT) return <i32>n < this.dense.len ? this.dense.get(<i32>n) : this.none;
    return this.sparse.has(n) ? this.sparse.get(n) : this.none;
  }
  set(n: u32, v: i32): void {
    if (n < DENSE_LIMIT) { this.dense.fit(<i32>n + 1, this.none); this.dense.set(<i32>n, v); return; }
    this.sparse.set(n, v);
  }
  clear(): void { this.dense.clear(); if (this.sparse.size > 0) this.sparse.clear(); }
  // The map's numbers, least first (all above the vector's: a walk of the vector, then of these,
  // visits the numbers in order, as a search for the least undefined one needs).
  sparseKeysSorted(): u32[] {
    let keys = this.sparse.keys();
    keys.sort((a: u32, b: u32): i32 => (a < b ? -1 : (a > b ? 1 : 0)));
    return keys;
  }
  // Replaces every value v >= 0 by map[v] (metadata uniquing).
  remapValues(map: I32Vec): void {
    let d = this.dense;
    for (let i = 0; i < d.len; i++) { let v = d.get(i); if (v >= 0) d.set(i, map.get(v)); }
    if (this.sparse.size == 0) return;
    let keys = this.sparse.keys();
    for (let i = 0; i < keys.length; i++) { let v = this.sparse.get(keys[i]); if (v >= 0) this.sparse.set(keys[i], map.get(v)); }
  }
}
