// A binary max-heap of (i64 key, i32 value) pairs over flat vectors: the priority queue under the
// iterated dominance frontier (keys are (level << 32) | dfsIn, deepest first).
import { I32Vec, I64Vec } from "./vec";

@final export class MaxHeap64 {
  keys: I64Vec = new I64Vec();
  vals: I32Vec = new I32Vec();
  @inline get size(): i32 { return this.keys.len; }
  @inline isEmpty(): bool { return this.keys.len == 0; }
  clear(): void { this.keys.clear(); this.vals.clear(); }
  push(key: i64, val: i32): void {
    let i = this.keys.len;
    this.keys.push(key); this.vals.push(val);
    let kp = this.keys.ptr, vp = this.vals.ptr;
    while (i > 0) {
      let p = (i - 1) >> 1;
      let pk = load<i64>(kp + (<usize>p << 3));
      if (pk >= key) break;
      store<i64>(kp + (<usize>i << 3), pk);
      store<i32>(vp + (<usize>i << 2), load<i32>(vp + (<usize>p << 2)));
      i = p;
    }
    store<i64>(kp + (<usize>i << 3), key);
    store<i32>(vp + (<usize>i << 2), val);
  }
  @inline topKey(): i64 { return this.keys.get(0); }
  @inline topVal(): i32 { return this.vals.get(0); }
  // Removes the top pair (call topKey/topVal first).
  pop(): void {
    let n = this.keys.len - 1;
    this.keys.len = n; this.vals.len = n;
    if (n == 0) return;
    let kp = this.keys.ptr, vp = this.vals.ptr;
    let key = load<i64>(kp + (<usize>n << 3));
    let val = load<i32>(vp + (<usize>n << 2));
    let i = 0;
    while (true) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let ck = load<i64>(kp + (<usize>c << 3));
      if (c + 1 < n) {
        let rk = load<i64>(kp + (<usize>(c + 1) << 3));
        if (rk > ck) { c++; ck = rk; }
      }
      if (key >= ck) break;
      store<i64>(kp + (<usize>i << 3), ck);
      store<i32>(vp + (<usize>i << 2), load<i32>(vp + (<usize>c << 2)));
      i = c;
    }
    store<i64>(kp + (<usize>i << 3), key);
    store<i32>(vp + (<usize>i << 2), val);
  }
}
