// A map from ids (values, blocks; non-negative) to i32 whose memory follows its entries, not the id
// space. A pass that looks up a few ids of the function at hand (its allocas, its new phis, the
// loads and stores of one block) would otherwise hold a 4-byte entry per value of the whole module
// in each such table: a dozen of them cost more memory at 100 MB of IR than opt needs in all.
// Open addressing with linear probing and Fibonacci hashing; clear() is O(1): a bucket holds an
// entry only when its stamp is the map's current epoch.
import { I32Vec } from "./vec";

@final export class IdMap {
  private keys: I32Vec = new I32Vec();
  private vals: I32Vec = new I32Vec();
  private stamps: I32Vec = new I32Vec();
  private epoch: i32 = 1;
  private shift: i32 = 0;   // 32 - log2(buckets)
  private mask: i32 = -1;   // buckets - 1; -1 before the first insertion
  count: i32 = 0;

  // Forgets every entry.
  @inline clear(): void { this.epoch++; this.count = 0; }

  // The bucket holding id k, or -1.
  @inline private find(k: i32): i32 {
    let mask = this.mask;
    if (mask < 0) return -1;
    let stamps = this.stamps, keys = this.keys, epoch = this.epoch;
    let i = <i32>((<u32>k * 0x9E3779B1) >>> this.shift);
    while (stamps.get(i) == epoch) {
      if (keys.get(i) == k) return i;
      i = (i + 1) & mask;
    }
    return -1;
  }
  // The value of id k, or `none` when k has none.
  @inline get(k: i32, none: i32): i32 {
    let i = this.find(k);
    return i < 0 ? none : this.vals.get(i);
  }
  @inline has(k: i32): bool { return this.find(k) >= 0; }

  // Gives id k the value v.
  set(k: i32, v: i32): void {
    if ((this.count + 1) * 2 > this.mask + 1) this.grow();
    let stamps = this.stamps, keys = this.keys, epoch = this.epoch, mask = this.mask;
    let i = <i32>((<u32>k * 0x9E3779B1) >>> this.shift);
    while (stamps.get(i) == epoch) {
      if (keys.get(i) == k) { this.vals.set(i, v); return; }
      i = (i + 1) & mask;
    }
    stamps.set(i, epoch); keys.set(i, k); this.vals.set(i, v);
    this.count++;
  }

  // Twice the buckets (64 at first), the entries moved over.
  private grow(): void {
    let oldN = this.mask + 1, n = oldN == 0 ? 64 : oldN * 2;
    let oldKeys = this.keys, oldVals = this.vals, oldStamps = this.stamps, epoch = this.epoch;
    let keys = new I32Vec(n), vals = new I32Vec(n), stamps = new I32Vec(n);
    keys.resize(n, 0); vals.resize(n, 0); stamps.resize(n, 0);
    this.keys = keys; this.vals = vals; this.stamps = stamps;
    this.mask = n - 1; this.shift = 32 - ctz(n);
    // stamps of the new buckets are 0: the epoch must differ from it
    this.epoch = 1;
    let mask = this.mask, shift = this.shift;
    for (let j = 0; j < oldN; j++) {
      if (oldStamps.get(j) != epoch) continue;
      let k = oldKeys.get(j);
      let i = <i32>((<u32>k * 0x9E3779B1) >>> shift);
      while (stamps.get(i) == 1) i = (i + 1) & mask;
      stamps.set(i, 1); keys.set(i, k); vals.set(i, oldVals.get(j));
    }
  }
}
