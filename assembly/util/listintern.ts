// Interns short i32 lists: equal lists get equal ids. Used for attribute sets, attribute lists
// and constant keys, so that structural equality is id equality.
import { I32Vec } from "./vec";

export function hashI32s(p: usize, n: i32): u32 {
  let h: u32 = 0x9E3779B9 ^ <u32>n;
  for (let i = 0; i < n; i++) { h = (h ^ load<u32>(p + (<usize>i << 2))) * 0x85EBCA6B; h ^= h >>> 13; }
  return h;
}

@final export class ListInterner {
  pool: I32Vec = new I32Vec(256);
  start: I32Vec = new I32Vec(64);
  length: I32Vec = new I32Vec(64);
  table: Int32Array = new Int32Array(256).fill(-1);
  mask: i32 = 255;

  @inline get count(): i32 { return this.start.len; }
  @inline lenOf(id: i32): i32 { return this.length.get(id); }
  @inline at(id: i32, i: i32): i32 { return this.pool.get(this.start.get(id) + i); }
  @inline ptrOf(id: i32): usize { return this.pool.ptr + (<usize>this.start.get(id) << 2); }

  private grow(): void {
    let size = (this.mask + 1) << 1, mask = size - 1;
    let t = new Int32Array(size).fill(-1);
    for (let id = 0; id < this.start.len; id++) {
      let h = <i32>hashI32s(this.ptrOf(id), this.length.get(id)) & mask;
      while (unchecked(t[h]) >= 0) h = (h + 1) & mask;
      unchecked(t[h] = id);
    }
    this.table = t; this.mask = mask;
  }
  // p must not point into this.pool.
  intern(p: usize, n: i32): i32 {
    let mask = this.mask;
    let h = <i32>hashI32s(p, n) & mask;
    while (true) {
      let id = unchecked(this.table[h]);
      if (id < 0) break;
      if (this.length.get(id) == n && (n == 0 || memory.compare(this.ptrOf(id), p, <usize>n << 2) == 0)) return id;
      h = (h + 1) & mask;
    }
    let s = this.pool.len;
    this.pool.reserve(s + n);
    memory.copy(this.pool.ptr + (<usize>s << 2), p, <usize>n << 2);
    this.pool.len = s + n;
    let id = this.start.push(s);
    this.length.push(n);
    unchecked(this.table[h] = id);
    if ((id + 1) * 2 > mask) this.grow();
    return id;
  }
  internVec(v: I32Vec, from: i32, n: i32): i32 { return this.intern(v.ptr + (<usize>from << 2), n); }
}
