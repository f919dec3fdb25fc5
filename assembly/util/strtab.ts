// Interned byte strings. Every name, keyword, attribute key and string literal in a module is
// a dense i32 id; equal bytes get equal ids, so comparisons are integer compares.
import { I32Vec, U8Vec } from "./vec";

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

@final export class StrTab {
  bytes: U8Vec = new U8Vec(1 << 16);
  start: I32Vec = new I32Vec(1024);   // id -> offset in bytes
  length: I32Vec = new I32Vec(1024);  // id -> length
  slots: Int32Array;                  // open-addressed table of ids, -1 empty
  mask: i32;
  constructor() {
    this.slots = new Int32Array(4096).fill(-1);
    this.mask = 4095;
  }
  @inline get count(): i32 { return this.start.len; }
  @inline ptrOf(id: i32): usize { return this.bytes.ptr + <usize>this.start.get(id); }
  @inline lenOf(id: i32): i32 { return this.length.get(id); }

  private eq(id: i32, p: usize, n: i32): bool {
    if (this.length.get(id) != n) return false;
    return memory.compare(this.ptrOf(id), p, <usize>n) == 0;
  }
  private grow(): void {
    let size = (this.mask + 1) << 1;
    let slots = new Int32Array(size).fill(-1);
    let mask = size - 1;
    let n = this.start.len;
    for (let id = 0; id < n; id++) {
      let h = <i32>hashBytes(this.ptrOf(id), this.length.get(id)) & mask;
      while (unchecked(slots[h]) >= 0) h = (h + 1) & mask;
      unchecked(slots[h] = id);
    }
    this.slots = slots; this.mask = mask;
  }
  // Returns the id of bytes [p, p+n), adding them if new. p may point into this.bytes itself.
  intern(p: usize, n: i32): i32 {
    let mask = this.mask;
    let h = <i32>hashBytes(p, n) & mask;
    let slots = this.slots;
    while (true) {
      let id = unchecked(slots[h]);
      if (id < 0) break;
      if (this.eq(id, p, n)) return id;
      h = (h + 1) & mask;
    }
    let off = this.bytes.len;
    // Copy first: reserve may move the buffer and p may point into it.
    let tmp = p;
    if (p >= this.bytes.ptr && p < this.bytes.ptr + <usize>this.bytes.cap) {
      let rel = p - this.bytes.ptr;
      this.bytes.reserve(off + n);
      tmp = this.bytes.ptr + rel;
    } else this.bytes.reserve(off + n);
    memory.copy(this.bytes.ptr + <usize>off, tmp, <usize>n);
    this.bytes.len = off + n;
    let id = this.start.push(off);
    this.length.push(n);
    unchecked(slots[h] = id);
    if ((id + 1) * 2 > mask) this.grow();
    return id;
  }
  // Interns an ASCII AssemblyScript string (used only for fixed keywords at start-up).
  internStr(s: string): i32 {
    let n = s.length;
    let p = heap.alloc(<usize>n);
    for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>s.charCodeAt(i));
    let id = this.intern(p, n);
    heap.free(p);
    return id;
  }
  // Looks up without adding; -1 if absent.
  find(p: usize, n: i32): i32 {
    let mask = this.mask;
    let h = <i32>hashBytes(p, n) & mask;
    while (true) {
      let id = unchecked(this.slots[h]);
      if (id < 0) return -1;
      if (this.eq(id, p, n)) return id;
      h = (h + 1) & mask;
    }
  }
  eqStr(id: i32, s: string): bool {
    let n = s.length;
    if (this.lenOf(id) != n) return false;
    let p = this.ptrOf(id);
    for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
    return true;
  }
  startsWithStr(id: i32, prefix: string): bool {
    let n = prefix.length;
    if (id < 0 || this.lenOf(id) < n) return false;
    let p = this.ptrOf(id);
    for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != prefix.charCodeAt(i)) return false;
    return true;
  }
  // Intrinsic name `base` itself or one of its overloads (`base.<types>`).
  isIntrinsicName(id: i32, base: string): bool {
    if (!this.startsWithStr(id, base)) return false;
    return this.lenOf(id) == base.length || load<u8>(this.ptrOf(id) + <usize>base.length) == 46;
  }
  // Byte-wise comparison of two interned strings (for sorting by name).
  compare(a: i32, b: i32): i32 {
    let la = this.lenOf(a), lb = this.lenOf(b);
    let n = la < lb ? la : lb;
    let c = memory.compare(this.ptrOf(a), this.ptrOf(b), <usize>n);
    if (c != 0) return c < 0 ? -1 : 1;
    return la == lb ? 0 : (la < lb ? -1 : 1);
  }
}
