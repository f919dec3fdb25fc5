// BLAKE3 against the official test vectors (BLAKE3-team/BLAKE3 test_vectors/test_vectors.json,
// "hash" mode, first 32 bytes of each extended output). Input of length n is the bytes
// 0, 1, ..., 250, 0, 1, ... (i mod 251). Lengths cover one block, one chunk +- 1 byte, several
// chunks (tree merges with odd and even chunk counts) and 100 chunks.
import { Blake3 } from "../../assembly/util/blake3";

const LENS: i32[] = [0, 1, 1023, 1024, 1025, 2048, 2049, 3072, 3073, 4096, 4097, 5120, 5121, 6144, 7169, 8193, 16384, 31744, 102400];
const HASHES: string[] = [
  "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262",
  "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213",
  "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11",
  "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7",
  "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444",
  "e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a",
  "5f4d72f40d7a5f82b15ca2b2e44b1de3c2ef86c426c95c1af0b6879522563030",
  "b98cb0ff3623be03326b373de6b9095218513e64f1ee2edd2525c7ad1e5cffd2",
  "7124b49501012f81cc7f11ca069ec9226cecb8a2c850cfe644e327d22d3e1cd3",
  "015094013f57a5277b59d8475c0501042c0b642e531b0a1c8f58d2163229e969",
  "9b4052b38f1c5fc8b1f9ff7ac7b27cd242487b3d890d15c96a1c25b8aa0fb995",
  "9cadc15fed8b5d854562b26a9536d9707cadeda9b143978f319ab34230535833",
  "628bd2cb2004694adaab7bbd778a25df25c47b9d4155a55f8fbd79f2fe154cff",
  "3e2e5b74e048f3add6d21faab3f83aa44d3b2278afb83b80b3c35164ebeca205",
  "a003fc7a51754a9b3c7fae0367ab3d782dccf28855a03d435f8cfe74605e7817",
  "bab6c09cb8ce8cf459261398d2e7aef35700bf488116ceb94a36d0f5f1b7bc3b",
  "f875d6646de28985646f34ee13be9a576fd515f76b5b0a26bb324735041ddde4",
  "62b6960e1a44bcc1eb1a611a8d6235b6b4b78f32e7abc4fb4c6cdcce94895c47",
  "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085",
];

function hex(p: usize, n: i32): string {
  let s = "";
  for (let i = 0; i < n; i++) {
    let b = <i32>load<u8>(p + <usize>i);
    s += "0123456789abcdef".charAt(b >> 4) + "0123456789abcdef".charAt(b & 15);
  }
  return s;
}
function input(n: i32): usize {
  let p = heap.alloc(<usize>max<i32>(n, 1));
  for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>(i % 251));
  return p;
}

describe("blake3", () => {
  it("matches the official vectors in one update", () => {
    let out = heap.alloc(32);
    for (let k = 0; k < LENS.length; k++) {
      let h = new Blake3();
      h.update(input(LENS[k]), LENS[k]);
      h.finish(out, 32);
      expect(hex(out, 32)).toBe(HASHES[k], "length " + LENS[k].toString());
    }
  });
  it("matches them fed in odd pieces and byte/word helpers", () => {
    let out = heap.alloc(32);
    for (let k = 0; k < LENS.length; k++) {
      let n = LENS[k];
      let p = input(n);
      let h = new Blake3();
      let i = 0, step = 1;
      while (i < n) {
        let take = step; if (i + take > n) take = n - i;
        if (take == 1) h.u8(load<u8>(p + <usize>i));
        else if (take == 4) h.u32(load<u32>(p + <usize>i));
        else h.update(p + <usize>i, take);
        i += take; step = step == 1 ? 4 : step == 4 ? 7 : step == 7 ? 64 : step == 64 ? 1000 : 1;
      }
      h.finish(out, 32);
      expect(hex(out, 32)).toBe(HASHES[k], "pieces, length " + n.toString());
    }
  });
  it("resets and truncates", () => {
    let out = heap.alloc(32);
    let h = new Blake3();
    h.update(input(5000), 5000);
    h.reset();
    h.update(input(1025), 1025);
    h.finish(out, 16);
    expect(hex(out, 16)).toBe(HASHES[4].substring(0, 32));
  });
});
