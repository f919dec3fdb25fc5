// Interning of short sequences: equal sequences get equal dense ids, so structural equality is
// id equality. One open-addressed table (linear probing, ids in insertion order) for both element
// types: bytes (the string table) and i32s (attribute sets and lists, constant keys, locations).
import { Vec, I32Vec, U8Vec } from "./vec";

@inline export function hashBytes(p: usize, n: i32): u32 {
  // Four bytes per step (multiply-rotate), then the tail; final avalanche. Good enough for
  // open addressing with linear probing, and several times faster than byte-wise FNV.
  let h: u32 = 0x811c9dc5 ^ <u32>n;
  let i = 0;
  for (; i + 4 <= n; i += 4) { h = rotl<u32>((h ^ load<u32>(p + <usize>i)) * 0x9E3779B1, 13) * 5 + 0xE6546B64; }
  for (; i < n; i++) { h = (h ^ load<u8>(p + <usize>i)) * 0x01000193; }
  h ^= h >>> 16; h *= 0x85EBCA6B; h ^= h >>> 13;
  return h;
}
export function hashI32s(p: usize, n: i32): u32 {
  let h: u32 = 0x9E3779B9 ^ <u32>n;
  for (let i = 0; i < n; i++) { h = (h ^ load<u32>(p + (<usize>i << 2))) * 0x85EBCA6B; h ^= h >>> 13; }
  return h;
}

export class Interner<T> {
  pool: Vec<T>;                        // the sequences, back to back
  start: I32Vec;                       // id -> first element in pool
  length: I32Vec;                      // id -> element count
  // open-addressed table of (id, hash) pairs, id -1 empty: a probe compares the stored hash first,
  // so a miss reads one slot, not the candidate's sequence, and growing does not hash again
  slots: Int32Array;
  mask: i32;
  constructor(poolCap: i32, idCap: i32, slotCap: i32) {
    // the named vector classes, so that Vec<T> itself is never instantiated
    this.pool = sizeof<T>() == 1 ? changetype<Vec<T>>(new U8Vec(poolCap)) : changetype<Vec<T>>(new I32Vec(poolCap));
    this.start = new I32Vec(idCap);
    this.length = new I32Vec(idCap);
    this.slots = new Int32Array(slotCap << 1).fill(-1);
    this.mask = slotCap - 1;
  }
  @inline get count(): i32 { return this.start.len; }
  @inline lenOf(id: i32): i32 { return this.length.get(id); }
  @inline ptrOf(id: i32): usize { return this.pool.ptr + (<usize>this.start.get(id) << alignof<T>()); }
  @inline private hash(p: usize, n: i32): u32 { return sizeof<T>() == 1 ? hashBytes(p, n) : hashI32s(p, n); }
  @inline private eq(id: i32, p: usize, n: i32): bool {
    return this.length.get(id) == n && memory.compare(this.ptrOf(id), p, <usize>n << alignof<T>()) == 0;
  }
  private grow(): void {
    let size = (this.mask + 1) << 1;
    let slots = new Int32Array(size << 1).fill(-1);
    let mask = size - 1;
    let old = this.slots;
    let oldSize = this.mask + 1;
    for (let k = 0; k < oldSize; k++) {
      let id = unchecked(old[2 * k]);
      if (id < 0) continue;
      let hv = unchecked(old[2 * k + 1]);
      let h = hv & mask;
      while (unchecked(slots[2 * h]) >= 0) h = (h + 1) & mask;
      unchecked(slots[2 * h] = id); unchecked(slots[2 * h + 1] = hv);
    }
    this.slots = slots; this.mask = mask;
  }
  // Returns the id of the n elements at p, adding them if new. p may point into the pool itself.
  intern(p: usize, n: i32): i32 {
    let hv = <i32>this.hash(p, n);
    let h = this.probe(hv, p, n);
    let slots = this.slots;
    if (unchecked(slots[2 * h]) >= 0) return unchecked(slots[2 * h]);
    let pool = this.pool;
    let off = pool.len;
    // reserve may move the pool, and p with it
    let src = p;
    let base = pool.ptr;
    if (p >= base && p < base + (<usize>pool.cap << alignof<T>())) {
      pool.reserve(off + n);
      src = pool.ptr + (p - base);
    } else pool.reserve(off + n);
    memory.copy(pool.ptr + (<usize>off << alignof<T>()), src, <usize>n << alignof<T>());
    pool.len = off + n;
    let id = this.start.push(off);
    this.length.push(n);
    unchecked(slots[2 * h] = id); unchecked(slots[2 * h + 1] = hv);
    if ((id + 1) * 2 > this.mask) this.grow();
    return id;
  }
  // Looks up without adding; -1 if absent.
  find(p: usize, n: i32): i32 {
    return unchecked(this.slots[2 * this.probe(<i32>this.hash(p, n), p, n)]);
  }
  // The slot of the sequence of hash hv, or the empty slot where it would go.
  @inline private probe(hv: i32, p: usize, n: i32): i32 {
    let mask = this.mask, slots = this.slots;
    let h = hv & mask;
    while (true) {
      let id = unchecked(slots[2 * h]);
      if (id < 0 || (unchecked(slots[2 * h + 1]) == hv && this.eq(id, p, n))) return h;
      h = (h + 1) & mask;
    }
  }
}
