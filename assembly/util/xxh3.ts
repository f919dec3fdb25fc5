// XXH3, 64-bit output, seed 0, default 192-byte secret: the hash LLVM's stable_hash_combine
// applies to a buffer of 64-bit words (llvm/ADT/StableHashing.h, LLVM 20 and later), which the
// LLVM 22 StructuralHash (MergeFunctions' function hash) is built from. Written from the XXH3
// algorithm description; checked against opt-22's `print<structural-hash>` values (inputs of 8
// bytes and of 17..128, 129..240 and more than 240 bytes, including several 1 KiB blocks).

const P32_1: u64 = 0x9E3779B1, P32_2: u64 = 0x85EBCA77, P32_3: u64 = 0xC2B2AE3D;
const P64_1: u64 = 0x9E3779B185EBCA87, P64_2: u64 = 0xC2B2AE3D27D4EB4F, P64_3: u64 = 0x165667B19E3779F9,
  P64_4: u64 = 0x85EBCA77C2B2AE63, P64_5: u64 = 0x27D4EB2F165667C5;
const MX1: u64 = 0x165667919E3779F9, MX2: u64 = 0x9FB21C651E98DF25;

// The default secret (kSecret), 192 bytes.
const SECRET: StaticArray<u8> = [
  0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
  0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
  0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
  0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
  0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
  0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
  0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
  0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
  0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
  0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
  0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
  0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
];
const SECRET_SIZE: usize = 192;

@inline function sec64(off: usize): u64 { return load<u64>(changetype<usize>(SECRET) + off); }
@inline function sec32(off: usize): u64 { return <u64>load<u32>(changetype<usize>(SECRET) + off); }

// The 128-bit product of a and b, folded: low half xor high half.
function mulFold64(a: u64, b: u64): u64 {
  let aLo = a & 0xffffffff, aHi = a >> 32, bLo = b & 0xffffffff, bHi = b >> 32;
  let ll = aLo * bLo, hl = aHi * bLo, lh = aLo * bHi, hh = aHi * bHi;
  let cross = (ll >> 32) + (hl & 0xffffffff) + lh;
  let hi = hh + (hl >> 32) + (cross >> 32);
  let lo = (cross << 32) | (ll & 0xffffffff);
  return lo ^ hi;
}
@inline function avalanche(h: u64): u64 { h ^= h >> 37; h *= MX1; return h ^ (h >> 32); }
@inline function avalanche64(h: u64): u64 {
  h ^= h >> 33; h *= P64_2; h ^= h >> 29; h *= P64_3; return h ^ (h >> 32);
}
@inline function rrmxmx(h: u64, len: u64): u64 {
  h ^= rotl<u64>(h, 49) ^ rotl<u64>(h, 24);
  h *= MX2; h ^= (h >> 35) + len; h *= MX2;
  return h ^ (h >> 28);
}
@inline function mix16(p: usize, s: usize): u64 {
  return mulFold64(load<u64>(p) ^ sec64(s), load<u64>(p + 8) ^ sec64(s + 8));
}

function accumulate512(acc: usize, p: usize, s: usize): void {
  for (let i: usize = 0; i < 8; i++) {
    let v = load<u64>(p + (i << 3));
    let k = v ^ sec64(s + (i << 3));
    let j = acc + ((i ^ 1) << 3);
    store<u64>(j, load<u64>(j) + v);
    let a = acc + (i << 3);
    store<u64>(a, load<u64>(a) + (k & 0xffffffff) * (k >> 32));
  }
}
function scramble(acc: usize, s: usize): void {
  for (let i: usize = 0; i < 8; i++) {
    let a = acc + (i << 3);
    let x = load<u64>(a);
    x ^= x >> 47;
    x ^= sec64(s + (i << 3));
    store<u64>(a, x * P32_1);
  }
}

// Scratch in static memory: a heap array made at start-up would not survive the arena reset.
const ACC_BUF: usize = memory.data(64, 8);

function hashLong(p: usize, len: usize): u64 {
  let acc = ACC_BUF;
  store<u64>(acc, P32_3); store<u64>(acc + 8, P64_1); store<u64>(acc + 16, P64_2); store<u64>(acc + 24, P64_3);
  store<u64>(acc + 32, P64_4); store<u64>(acc + 40, P32_2); store<u64>(acc + 48, P64_5); store<u64>(acc + 56, P32_1);
  const STRIPE: usize = 64;
  const perBlock: usize = (SECRET_SIZE - STRIPE) / 8;
  const blockLen: usize = STRIPE * perBlock;
  let blocks = (len - 1) / blockLen;
  for (let n: usize = 0; n < blocks; n++) {
    for (let s: usize = 0; s < perBlock; s++) accumulate512(acc, p + n * blockLen + s * STRIPE, s * 8);
    scramble(acc, SECRET_SIZE - STRIPE);
  }
  let stripes = ((len - 1) - blockLen * blocks) / STRIPE;
  for (let s: usize = 0; s < stripes; s++) accumulate512(acc, p + blocks * blockLen + s * STRIPE, s * 8);
  accumulate512(acc, p + len - STRIPE, SECRET_SIZE - STRIPE - 7);
  let r = <u64>len * P64_1;
  for (let i: usize = 0; i < 4; i++) {
    r += mulFold64(load<u64>(acc + (i << 4)) ^ sec64(11 + (i << 4)), load<u64>(acc + (i << 4) + 8) ^ sec64(11 + (i << 4) + 8));
  }
  return avalanche(r);
}

// XXH3_64bits of `len` bytes at `p`.
export function xxh3(p: usize, len: usize): u64 {
  let L = <u64>len;
  if (len <= 16) {
    if (len > 8) {
      let lo = load<u64>(p) ^ (sec64(24) ^ sec64(32));
      let hi = load<u64>(p + len - 8) ^ (sec64(40) ^ sec64(48));
      let acc = L + bswap<u64>(lo) + hi + mulFold64(lo, hi);
      return avalanche(acc);
    }
    if (len >= 4) {
      let in1 = <u64>load<u32>(p), in2 = <u64>load<u32>(p + len - 4);
      let keyed = (in2 + (in1 << 32)) ^ (sec64(8) ^ sec64(16));
      return rrmxmx(keyed, L);
    }
    if (len > 0) {
      let c1 = <u64>load<u8>(p), c2 = <u64>load<u8>(p + (len >> 1)), c3 = <u64>load<u8>(p + len - 1);
      let combined = (c1 << 16) | (c2 << 24) | c3 | (L << 8);
      return avalanche64(combined ^ (sec32(0) ^ sec32(4)));
    }
    return avalanche64(sec64(56) ^ sec64(64));
  }
  if (len <= 128) {
    let acc = L * P64_1;
    if (len > 32) {
      if (len > 64) {
        if (len > 96) { acc += mix16(p + 48, 96); acc += mix16(p + len - 64, 112); }
        acc += mix16(p + 32, 64); acc += mix16(p + len - 48, 80);
      }
      acc += mix16(p + 16, 32); acc += mix16(p + len - 32, 48);
    }
    acc += mix16(p, 0); acc += mix16(p + len - 16, 16);
    return avalanche(acc);
  }
  if (len <= 240) {
    let acc = L * P64_1;
    let rounds = len / 16;
    for (let i: usize = 0; i < 8; i++) acc += mix16(p + 16 * i, 16 * i);
    acc = avalanche(acc);
    for (let i: usize = 8; i < rounds; i++) acc += mix16(p + 16 * i, 16 * (i - 8) + 3);
    acc += mix16(p + len - 16, 136 - 17);
    return avalanche(acc);
  }
  return hashLong(p, len);
}

// stable_hash_combine over `n` 64-bit words at `p` (little-endian, as on the hosts LLVM runs on).
@inline export function stableHashCombine(p: usize, n: i32): u64 { return xxh3(p, <usize>n << 3); }

const ONE_WORD: usize = memory.data(8, 8);
// stable_hash_combine of a single word.
export function stableHash1(w: u64): u64 {
  store<u64>(ONE_WORD, w);
  return xxh3(ONE_WORD, 8);
}
