// The generator's PRNG: xoshiro128** seeded through splitmix32 (own PRNG, so the same options
// always give the same bytes).

export class Rng {
  constructor(seed) {
    let s = (seed >>> 0) ^ 0x9e3779b9;
    const sm = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = sm(); this.b = sm(); this.c = sm(); this.d = sm();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }
  u32() {
    const r = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = (this.b << 9) >>> 0;
    this.c ^= this.a; this.d ^= this.b; this.b ^= this.c; this.a ^= this.d;
    this.c ^= t; this.d = rotl(this.d, 11);
    this.a >>>= 0; this.b >>>= 0; this.c >>>= 0; this.d >>>= 0;
    return r;
  }
  float() { return this.u32() / 4294967296; }
  int(n) { return Math.floor(this.float() * n); }            // [0, n)
  range(lo, hi) { return lo + this.int(hi - lo + 1); }         // [lo, hi]
  chance(p) { return this.float() < p; }
  pick(arr) { return arr[this.int(arr.length)]; }
  // Pick by weights: [[w, value], ...]
  weighted(table) {
    let total = 0;
    for (const e of table) total += e[0];
    let r = this.float() * total;
    for (const e of table) { r -= e[0]; if (r < 0) return e[1]; }
    return table[table.length - 1][1];
  }
}
function rotl(x, k) { return ((x << k) | (x >>> (32 - k))) >>> 0; }
