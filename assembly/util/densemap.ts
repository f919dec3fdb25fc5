// The bucket layout of LLVM's DenseMap<std::pair<unsigned, unsigned>, V> (llvm/ADT/DenseMap.h and
// DenseMapInfo.h as of LLVM 22), so that wopt walks such a map in the order LLVM's iteration does.
// GlobalMergeFunctions keys the ignored operands of a function by (instruction index, operand
// index) in these maps, and which location becomes a merged function's first parameter depends on
// the order a map yields its entries.
//
// What is modelled: the key hash (each unsigned times 37, the two 32-bit halves mixed by the
// splitmix64 step of densemap::detail::mix), quadratic probing from `hash & (buckets - 1)`,
// tombstones left by erase, the growth rule (at 3/4 full, or when fewer than 1/8 of the buckets
// are free of entries and tombstones) and the rehash into the new table in old bucket order, with
// 64 buckets at the first insertion. Keys are never LLVM's empty or tombstone keys (~0U, ~0U - 1).
import { I32Vec, I64Vec } from "./vec";

const EMPTY: i32 = -1;      // ~0U
const TOMBSTONE: i32 = -2;  // ~0U - 1

// combineHashValue(a * 37, b * 37)
@inline export function pairHash(a: i32, b: i32): u32 {
  let x = (<u64>(<u32>a * 37) << 32) | <u64>(<u32>b * 37);
  x *= 0xbf58476d1ce4e5b9;
  x ^= x >> 31;
  return <u32>x;
}

@final export class PairMap {
  keyA: I32Vec = new I32Vec(64);
  keyB: I32Vec = new I32Vec(64);
  val: I64Vec = new I64Vec(64);
  numBuckets: i32 = 0;
  numEntries: i32 = 0;
  numTombstones: i32 = 0;

  clear(): void { this.numBuckets = 0; this.numEntries = 0; this.numTombstones = 0; this.keyA.clear(); this.keyB.clear(); this.val.clear(); }

  // The bucket holding (a, b), or -1.
  find(a: i32, b: i32): i32 {
    let n = this.numBuckets;
    if (n == 0) return -1;
    let mask = n - 1;
    let i = <i32>(pairHash(a, b) & <u32>mask);
    let probe = 1;
    while (true) {
      let ka = this.keyA.get(i);
      if (ka == a && this.keyB.get(i) == b) return i;
      if (ka == EMPTY && this.keyB.get(i) == EMPTY) return -1;
      i = (i + probe++) & mask;
    }
    return -1;
  }
  // LookupBucketFor for an absent key: the first tombstone on the probe path, else the empty bucket.
  private freeBucket(a: i32, b: i32): i32 {
    let mask = this.numBuckets - 1;
    let i = <i32>(pairHash(a, b) & <u32>mask);
    let probe = 1, tomb = -1;
    while (true) {
      let ka = this.keyA.get(i), kb = this.keyB.get(i);
      if (ka == EMPTY && kb == EMPTY) return tomb >= 0 ? tomb : i;
      if (ka == TOMBSTONE && kb == TOMBSTONE && tomb < 0) tomb = i;
      i = (i + probe++) & mask;
    }
    return -1;
  }
  // The buckets are reused from map to map (and swapped with these on growth): a map per function
  // costs no allocation once the tables have grown.
  private spareA: I32Vec = new I32Vec(64);
  private spareB: I32Vec = new I32Vec(64);
  private spareV: I64Vec = new I64Vec(64);
  private grow(atLeast: i32): void {
    let oldN = this.numBuckets;
    let n = 64;
    while (n < atLeast) n <<= 1;
    let oa = this.keyA, ob = this.keyB, ov = this.val;
    let na = this.spareA, nb = this.spareB, nv = this.spareV;
    na.clear(); nb.clear(); nv.clear();
    na.resize(n, EMPTY); nb.resize(n, EMPTY); nv.resize(n, 0);
    this.keyA = na; this.keyB = nb; this.val = nv;
    this.spareA = oa; this.spareB = ob; this.spareV = ov;
    this.numBuckets = n; this.numTombstones = 0;
    for (let i = 0; i < oldN; i++) {
      let ka = oa.get(i), kb = ob.get(i);
      if ((ka == EMPTY && kb == EMPTY) || (ka == TOMBSTONE && kb == TOMBSTONE)) continue;
      let j = this.freeBucket(ka, kb);
      this.keyA.set(j, ka); this.keyB.set(j, kb); this.val.set(j, ov.get(i));
    }
  }
  // try_emplace / operator[]: inserts (a, b) -> v when absent (an existing value is kept unless
  // `overwrite`); returns the bucket.
  insert(a: i32, b: i32, v: u64, overwrite: bool = false): i32 {
    let at = this.find(a, b);
    if (at >= 0) { if (overwrite) this.val.set(at, v); return at; }
    let entries = this.numEntries + 1;
    let n = this.numBuckets;
    if (entries * 4 >= n * 3) this.grow(n * 2);
    else if (n - (entries + this.numTombstones) <= (n >> 3)) this.grow(n);
    at = this.freeBucket(a, b);
    if (this.keyA.get(at) == TOMBSTONE) this.numTombstones--;
    this.keyA.set(at, a); this.keyB.set(at, b); this.val.set(at, v);
    this.numEntries++;
    return at;
  }
  erase(a: i32, b: i32): bool {
    let at = this.find(a, b);
    if (at < 0) return false;
    this.keyA.set(at, TOMBSTONE); this.keyB.set(at, TOMBSTONE);
    this.numEntries--; this.numTombstones++;
    return true;
  }
  // Iteration: buckets in order, those holding a key.
  @inline isLive(i: i32): bool { let a = this.keyA.get(i); return a != EMPTY && a != TOMBSTONE; }
}

// The iteration order of a DenseMap<uint64_t, V> whose keys were inserted in the order given
// (no erasure): DenseMapInfo<uint64_t> hashes with densemap::detail::mix. Returns the positions
// of `keys` in that order. Keys are never ~0 or ~0 - 1 (the empty and tombstone keys) in use here.
export function u64MapOrder(keys: I64Vec): I32Vec {
  let n = keys.len;
  let out = new I32Vec(n);
  let buckets = 0;
  let slot = new I32Vec(0);       // bucket -> position in keys, -1 empty
  let count = 0;
  for (let k = 0; k < n; k++) {
    if (count + 1 > 0 && (count + 1) * 4 >= buckets * 3) {
      let nb = buckets == 0 ? 64 : buckets * 2;
      let old = slot;
      slot = new I32Vec(nb); slot.resize(nb, -1);
      buckets = nb;
      for (let b = 0; b < old.len; b++) { let p = old.get(b); if (p >= 0) placeU64(slot, buckets, keys, p); }
    }
    placeU64(slot, buckets, keys, k);
    count++;
  }
  for (let b = 0; b < buckets; b++) if (slot.get(b) >= 0) out.push(slot.get(b));
  return out;
}
@inline function u64Hash(x: u64): u32 { x *= 0xbf58476d1ce4e5b9; x ^= x >> 31; return <u32>x; }
function placeU64(slot: I32Vec, buckets: i32, keys: I64Vec, p: i32): void {
  let mask = buckets - 1;
  let i = <i32>(u64Hash(<u64>keys.get(p)) & <u32>mask);
  let probe = 1;
  while (slot.get(i) >= 0) i = (i + probe++) & mask;
  slot.set(i, p);
}

// The iteration order of a DenseMap<std::pair<unsigned, unsigned>, V> filled by inserting the n
// distinct keys (inst[from + k], opnd[from + k]) in the order of k: the positions k, into out
// (m: a map to work in, cleared).
export function pairMapOrder(m: PairMap, inst: I32Vec, opnd: I32Vec, from: i32, n: i32, out: I32Vec): void {
  m.clear();
  for (let k = 0; k < n; k++) m.insert(inst.get(from + k), opnd.get(from + k), <u64>k);
  out.clear();
  for (let b = 0; b < m.numBuckets; b++) if (m.isLive(b)) out.push(<i32>m.val.get(b));
  m.clear();
}
