// The sorts of assembly/util/sort.ts against a plain insertion sort: sortValues on i32 and i64
// (both the insertion and the heapsort paths), sortStable on ids with many equal keys (ties must
// keep their input order) over whole vectors and sub-ranges, short and long.
import { I32Vec, I64Vec } from "../../assembly/util/vec";
import { sortI32, sortI64, sortStable } from "../../assembly/util/sort";

let seed: u32 = 12345;
function rnd(n: i32): i32 { seed = seed * 1103515245 + 12345; return <i32>((seed >>> 8) % <u32>n); }

// Order of ids by KEY[id] only.
let KEY: I32Vec = new I32Vec();
@final class ByKey { @inline less(a: i32, b: i32): bool { return KEY.get(a) < KEY.get(b); } }

// Reference: stable insertion sort by KEY.
function refSort(v: I32Vec, lo: i32, hi: i32): void {
  for (let i = lo + 1; i < hi; i++) {
    let x = v.get(i), j = i;
    while (j > lo && KEY.get(v.get(j - 1)) > KEY.get(x)) { v.set(j, v.get(j - 1)); j--; }
    v.set(j, x);
  }
}

describe("sort", () => {
  it("sorts plain numbers ascending", () => {
    const SIZES: i32[] = [0, 1, 2, 5, 24, 25, 100, 1000];
    for (let s = 0; s < SIZES.length; s++) {
      let n = SIZES[s];
      let a = new I32Vec(), b = new I64Vec();
      for (let i = 0; i < n; i++) { a.push(rnd(50) - 25); b.push((<i64>rnd(1000) << 32) | <i64>rnd(7)); }
      sortI32(a.ptr, a.len); sortI64(b.ptr, b.len);
      for (let i = 1; i < n; i++) {
        expect(a.get(i - 1) <= a.get(i)).toBe(true, "i32 n=" + n.toString());
        expect(b.get(i - 1) <= b.get(i)).toBe(true, "i64 n=" + n.toString());
      }
    }
  });
  it("sorts ids stably by an order", () => {
    const SIZES: i32[] = [0, 1, 3, 16, 17, 33, 100, 517, 2000];
    let tmp = new I32Vec();
    for (let s = 0; s < SIZES.length; s++) {
      let n = SIZES[s];
      KEY.clear();
      for (let i = 0; i < n + 10; i++) KEY.push(rnd(n / 4 + 2));
      // the whole vector, and a sub-range [5, n + 5) inside a longer one
      for (let r = 0; r < 2; r++) {
        let lo = r == 0 ? 0 : 5, hi = lo + n;
        let v = new I32Vec(), w = new I32Vec();
        for (let i = 0; i < hi + (r == 0 ? 0 : 5); i++) { let id = rnd(n + 10); v.push(id); w.push(id); }
        sortStable<ByKey>(v, lo, hi, tmp);
        refSort(w, lo, hi);
        for (let i = 0; i < v.len; i++) expect(v.get(i)).toBe(w.get(i), "n=" + n.toString() + " at " + i.toString());
      }
    }
  });
});
