// One stable function map serialized as LLVM 22 writes it (StableFunctionMapRecord, the layout of
// codegen data version 4): what global-merge-func embeds in a module's __llvm_merge section, and
// the map part of an indexed .cgdata file. All numbers little-endian:
//
//   u32 name count, u64 byte size of what follows up to the entries (names and padding),
//   the names, each followed by a NUL, then NULs up to a multiple of 4 (of the stream position);
//   u32 function count N, the N function hashes (u64);
//   N fixed parts: u32 function name id, u32 module name id, u32 instruction count, u64 offset of
//     the function's operand hashes, counted from this field;
//   u64 byte size of the operand hashes that follow; per function: u32 count, then per operand
//     hash u32 instruction index, u32 operand index, u64 hash.
//
// The functions are listed by hash, module name and function name (map.ts sortedEntries), each
// function's operand hashes by (instruction, operand). A map without names is just its name count
// (0) as far as a reader goes: it stops after those four bytes, as LLVM's does.
import { OutBuf } from "../util/outbuf";
import { I32Vec } from "../util/vec";
import { StableFunctionMap } from "./map";

export function putU32(o: OutBuf, v: u32): void { o.le32(v); }
export function putU64(o: OutBuf, v: u64): void { o.le32(<u32>v); o.le32(<u32>(v >> 32)); }
export function patchU64(o: OutBuf, at: i32, v: u64): void { store<u64>(o.buf.ptr + <usize>at, v); }

// Appends m serialized to o. Padding aligns the names' end to a multiple of 4 counted from the
// start of o (the stream LLVM writes to: the section, or the .cgdata file).
export function writeMapRecord(m: StableFunctionMap, o: OutBuf): void {
  let nNames = m.nameCount();
  putU32(o, <u32>nNames);
  let namesSizeAt = o.len;
  putU64(o, 0);
  for (let i = 0; i < nNames; i++) { o.bytes(m.namePtr(i), m.nameLen(i)); o.byte(0); }
  while ((o.len & 3) != 0) o.byte(0);
  patchU64(o, namesSizeAt, <u64>(o.len - namesSizeAt - 8));

  let entries = new I32Vec();
  m.sortedEntries(entries);
  let n = entries.len;
  putU32(o, <u32>n);
  for (let i = 0; i < n; i++) putU64(o, m.hashOf(entries.get(i)));
  let offsetAt = new I32Vec(n);
  for (let i = 0; i < n; i++) {
    let e = entries.get(i);
    putU32(o, <u32>m.functionNameOf(e));
    putU32(o, <u32>m.moduleNameOf(e));
    putU32(o, m.instCountOf(e));
    offsetAt.push(o.len);
    putU64(o, 0);
  }
  let pairsSizeAt = o.len;
  putU64(o, 0);
  let pairs = new I32Vec();
  for (let i = 0; i < n; i++) {
    let e = entries.get(i);
    patchU64(o, offsetAt.get(i), <u64>(o.len - offsetAt.get(i)));
    m.sortedPairs(e, pairs);
    putU32(o, <u32>pairs.len);
    for (let k = 0; k < pairs.len; k++) {
      let j = pairs.get(k);
      putU32(o, m.pairInst(e, j));
      putU32(o, m.pairOpnd(e, j));
      putU64(o, m.pairHash(e, j));
    }
  }
  patchU64(o, pairsSizeAt, <u64>(o.len - pairsSizeAt - 8));
}

// Reading: a cursor over one buffer with the first error kept.
@final export class RecordReader {
  error: string = "";
  constructor(public p: usize, public len: i32) {}
  fail(msg: string): i32 { if (this.error.length == 0) this.error = msg; return -1; }
  @inline has(at: u64, n: u64): bool { return at + n <= <u64>this.len; }
  @inline u32(at: i32): u32 { return load<u32>(this.p + <usize>at); }
  @inline u64(at: i32): u64 { return load<u64>(this.p + <usize>at); }
}

// Reads the map serialized at offset `at` of r's buffer into m (a map that is empty, as LLVM reads
// each record into a map of its own). Offsets count from the start of the buffer, whose start is
// taken to be 4-aligned (as a section's contents or a file are in LLVM's memory). Returns the
// offset after the record, or -1 (r.error says why).
export function readMapRecord(r: RecordReader, at: i32, m: StableFunctionMap): i32 {
  if (!r.has(<u64>at, 4)) return r.fail("stable function map: truncated name count");
  let nNames = r.u32(at); at += 4;
  if (nNames == 0) return at;
  if (!r.has(<u64>at, 8)) return r.fail("stable function map: truncated names size");
  let namesSize = r.u64(at); at += 8;
  let namesAt = at;
  for (let i: u32 = 0; i < nNames; i++) {
    let q = at;
    while (q < r.len && load<u8>(r.p + <usize>q) != 0) q++;
    if (q >= r.len) return r.fail("stable function map: name " + i.toString() + " is not terminated");
    m.intern(r.p + <usize>at, q - at);
    at = q + 1;
  }
  at = (at + 3) & ~3;
  if (<u64>(at - namesAt) != namesSize) return r.fail("stable function map: the names take " + (at - namesAt).toString() + " bytes, the map says " + namesSize.toString());
  if (!r.has(<u64>at, 4)) return r.fail("stable function map: truncated function count");
  let n = r.u32(at); at += 4;
  let fixedAt = <u64>at + <u64>n * 8;
  let endFixed = fixedAt + <u64>n * 20;
  if (!r.has(endFixed, 8)) return r.fail("stable function map: truncated function table (" + n.toString() + " functions)");
  let names = <u32>m.nameCount();
  for (let i: u32 = 0; i < n; i++) {
    let h = r.u64(at + <i32>(i << 3));
    let f = <i32>(fixedAt + <u64>i * 20);
    let fn = r.u32(f), mod = r.u32(f + 4), inst = r.u32(f + 8);
    if (fn >= names || mod >= names) return r.fail("stable function map: function " + i.toString() + " names a name id past the " + names.toString() + " names");
    let pairsAt = <u64>(f + 12) + r.u64(f + 12);
    if (!r.has(pairsAt, 4)) return r.fail("stable function map: function " + i.toString() + "'s operand hashes lie outside the map");
    let count = r.u32(<i32>pairsAt);
    if (!r.has(pairsAt + 4, <u64>count * 16)) return r.fail("stable function map: function " + i.toString() + "'s operand hashes are truncated");
    m.beginReadFunction(h, <i32>fn, <i32>mod, inst);
    let q = <i32>pairsAt + 4;
    for (let k: u32 = 0; k < count; k++, q += 16) m.addOperandHash(r.u32(q), r.u32(q + 4), r.u64(q + 8));
    m.endFunction();
  }
  let pairsSize = r.u64(<i32>endFixed);
  let end = endFixed + 8 + pairsSize;
  if (end > <u64>r.len) return r.fail("stable function map: the operand hashes run past the end (" + pairsSize.toString() + " bytes)");
  return <i32>end;
}

// llvm-cgdata --merge's reading of one object's merge section: the maps it holds, back to back,
// each read into a map of its own and merged into `into` (map.ts merge). Returns "" or the error.
export function mergeSectionContents(into: StableFunctionMap, p: usize, len: i32): string {
  let r = new RecordReader(p, len);
  let at = 0;
  while (at < len) {
    let local = new StableFunctionMap();
    at = readMapRecord(r, at, local);
    if (at < 0) return r.error;
    into.merge(local);
  }
  return "";
}
