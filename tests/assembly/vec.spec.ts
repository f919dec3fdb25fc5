// Vec.resize fills new entries with the given value by one of two paths (memory.fill when every
// byte of the value is equal and the run is long, a store loop otherwise): every value kind and
// run length must read back exactly, and entries before the old length must stay as they were.
import { I32Vec, I64Vec, U8Vec, resetBlockCache } from "../../assembly/util/vec";

const LENGTHS: i32[] = [0, 1, 31, 32, 33, 100, 1000];
const I32S: i32[] = [0, -1, 7, 0x01010101, 0x7f7f7f7f, 0x01010100, -2, 0x10000000];
const I64S: i64[] = [0, -1, 7, 0x0101010101010101, 0x0000000100000001, 0x01010101, -2, 0x7f7f7f7f7f7f7f7f];

describe("Vec.resize", () => {
  it("fills i32 tables with every kind of value", () => {
    for (let a = 0; a < I32S.length; a++) for (let l = 0; l < LENGTHS.length; l++) {
      let v = new I32Vec();
      for (let i = 0; i < 3; i++) v.push(100 + i);
      let n = 3 + LENGTHS[l];
      v.resize(n, I32S[a]);
      expect(v.len).toBe(n);
      for (let i = 0; i < 3; i++) expect(v.get(i)).toBe(100 + i);
      for (let i = 3; i < n; i++) expect(v.get(i)).toBe(I32S[a]);
    }
  });
  it("fills i64 tables with every kind of value", () => {
    for (let a = 0; a < I64S.length; a++) for (let l = 0; l < LENGTHS.length; l++) {
      let v = new I64Vec();
      v.push(-5);
      let n = 1 + LENGTHS[l];
      v.resize(n, I64S[a]);
      expect(v.len).toBe(n);
      expect(v.get(0)).toBe(-5);
      for (let i = 1; i < n; i++) expect(v.get(i)).toBe(I64S[a]);
    }
  });
  it("fills u8 tables and grows past the capacity", () => {
    let v = new U8Vec(16);
    v.resize(5, 9);
    v.resize(300, 0xAB);
    for (let i = 0; i < 5; i++) expect(v.get(i)).toBe(9);
    for (let i = 5; i < 300; i++) expect(v.get(i)).toBe(0xAB);
  });
  it("fit leaves existing entries and fills the new ones", () => {
    let v = new I32Vec();
    v.fit(10, -1);
    v.set(3, 42);
    v.fit(500, -1);
    expect(v.get(3)).toBe(42);
    for (let i = 0; i < v.len; i++) if (i != 3) expect(v.get(i)).toBe(-1);
  });
  it("refuses a capacity past one block instead of wrapping its byte size", () => {
    // 2^29 i64s are 4 GiB: in usize that size wrapped to 0 and the vector got a block of nothing
    expect(() => { new I64Vec().reserve(0x20000000); }).toThrow();
    expect(() => { new I32Vec().reserve(0x7fffffff); }).toThrow();
  });
});

describe("Vec blocks", () => {
  it("gives a grown table's old block of 64 KiB or more to the next table of its size, contents kept", () => {
    resetBlockCache();
    let a = new I32Vec(16384);         // 64 KiB
    for (let i = 0; i < 16384; i++) a.push(i * 3);
    let old = a.ptr;
    a.push(-7);                        // grows to 128 KiB: the 64 KiB block is free
    expect(a.cap).toBe(32768);
    expect(a.ptr).not.toBe(old);
    let b = new U8Vec(65536);          // the same size: the old block
    expect(b.ptr).toBe(old);
    for (let i = 0; i < 65536; i++) b.push(<u8>0xEE);
    for (let i = 0; i < 16384; i++) expect(a.get(i)).toBe(i * 3);
    expect(a.get(16384)).toBe(-7);
    // another size is not served from it, and the list is empty again
    let c = new I32Vec(16384);
    expect(c.ptr).not.toBe(old);
  });
  it("keeps blocks under 64 KiB to themselves", () => {
    resetBlockCache();
    let a = new I32Vec(8192);          // 32 KiB
    let old = a.ptr;
    a.reserve(8193);
    let b = new I32Vec(8192);
    expect(b.ptr).not.toBe(old);
  });
  it("forgets the free blocks on a reset (the heap they were on is gone)", () => {
    resetBlockCache();
    let a = new I32Vec(16384);
    a.reserve(16385);
    let b = new I32Vec(16384);         // the freed block
    resetBlockCache();
    let c = new I32Vec(16384);         // nothing to reuse: a new block
    expect(c.ptr).not.toBe(b.ptr);
    expect(c.ptr).not.toBe(a.ptr);
  });
});
