// The sorts: one for plain numbers (in place, no scratch) and one stable sort of ids by an order.
import { I32Vec } from "./vec";

// ---- plain numbers ----
// Ascending in-place sort of n values of type T at p. Equal numbers are indistinguishable, so
// stability does not matter: insertion sort for short runs, heapsort otherwise.
export function sortValues<T>(p: usize, n: i32): void {
  if (n < 2) return;
  if (n <= 24) {
    for (let i = 1; i < n; i++) {
      let x = ldv<T>(p, i);
      let j = i - 1;
      while (j >= 0 && ldv<T>(p, j) > x) { stv<T>(p, j + 1, ldv<T>(p, j)); j--; }
      stv<T>(p, j + 1, x);
    }
    return;
  }
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown<T>(p, i, n);
  for (let end = n - 1; end > 0; end--) {
    let t = ldv<T>(p, 0); stv<T>(p, 0, ldv<T>(p, end)); stv<T>(p, end, t);
    siftDown<T>(p, 0, end);
  }
}
export function sortI32(p: usize, n: i32): void { sortValues<i32>(p, n); }
export function sortI64(p: usize, n: i32): void { sortValues<i64>(p, n); }

@inline function ldv<T>(p: usize, i: i32): T { return load<T>(p + (<usize>i << alignof<T>())); }
@inline function stv<T>(p: usize, i: i32, v: T): void { store<T>(p + (<usize>i << alignof<T>()), v); }
// Max-heap sift-down of the entry at i among the first n.
function siftDown<T>(p: usize, i: i32, n: i32): void {
  let x = ldv<T>(p, i);
  while (true) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && ldv<T>(p, c + 1) > ldv<T>(p, c)) c++;
    if (x >= ldv<T>(p, c)) break;
    stv<T>(p, i, ldv<T>(p, c));
    i = c;
  }
  stv<T>(p, i, x);
}

// ---- ids by an order ----
// Stable sort of v[lo, hi) by the order C: a @final class whose `less(a, b)` (a strictly before b)
// reads no fields of its own, only the caller's tables. C is a type argument rather than a function
// value so that less() is a direct, inlinable call (AssemblyScript monomorphises generics); it is
// invoked on a null receiver. Insertion sort on short runs, then bottom-up merges through tmp.
const RUN = 16;
@inline export function sortStable<C>(v: I32Vec, lo: i32, hi: i32, tmp: I32Vec): void {
  sortStableBy<C>(v, lo, hi, tmp, changetype<C>(0));
}
// The same with an order object `c` whose less() reads its own fields (the tables it orders by).
export function sortStableBy<C>(v: I32Vec, lo: i32, hi: i32, tmp: I32Vec, c: C): void {
  let n = hi - lo;
  if (n < 2) return;
  for (let s = lo; s < hi; s += RUN) {
    let e = min(s + RUN, hi);
    for (let i = s + 1; i < e; i++) {
      let x = v.get(i), j = i;
      while (j > s && c.less(x, v.get(j - 1))) { v.set(j, v.get(j - 1)); j--; }
      v.set(j, x);
    }
  }
  if (n <= RUN) return;
  tmp.clear(); tmp.resize(n, 0);
  // the runs are in v (from lo) or in tmp (from 0), alternating with each width
  let inV = true;
  for (let width = RUN; width < n; width <<= 1) {
    let src = inV ? v : tmp, dst = inV ? tmp : v;
    let so = inV ? lo : 0, d0 = inV ? 0 : lo;
    for (let a = 0; a < n; a += width << 1) {
      let mid = min(a + width, n), end = min(a + (width << 1), n);
      let i = a, j = mid, k = a;
      while (i < mid && j < end) {
        let x = src.get(so + i), y = src.get(so + j);
        if (c.less(y, x)) { dst.set(d0 + k++, y); j++; } else { dst.set(d0 + k++, x); i++; }
      }
      while (i < mid) dst.set(d0 + k++, src.get(so + i++));
      while (j < end) dst.set(d0 + k++, src.get(so + j++));
    }
    inV = !inV;
  }
  if (!inV) for (let i = 0; i < n; i++) v.set(lo + i, tmp.get(i));
}
