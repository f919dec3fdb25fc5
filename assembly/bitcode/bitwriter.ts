// The LLVM bitstream container, written (docs/BitCodeFormat; bitstream.ts reads it): bits least
// significant first, packed into 32-bit little-endian words; nested blocks whose length word is
// patched when the block ends; records unabbreviated (code and operands as VBR6) or through an
// abbreviation defined in the block or, for every block of an id, in the BLOCKINFO block.
//
//   w.enterBlock(id, width)     opens a block (abbreviation ids `width` bits wide)
//   w.endBlock()                closes it and writes its length in words
//   w.defineAbbrev(ops)         an abbreviation for the current block; returns its id (4, 5, ...)
//   w.beginBlockInfo() / w.infoFor(id) / w.defineAbbrev(ops) / w.endBlock()
//                               abbreviations every later block `id` sees (ids from 4 on, before its own)
//   w.record(code, vals, abbrev) one record; abbrev 0 writes it unabbreviated
//   w.recordBlob(code, vals, p, n, abbrev)  a record whose abbreviation ends with a blob
//
// An abbreviation is a list of (encoding, value) pairs: ENC_LITERAL value, ENC_FIXED width,
// ENC_VBR chunk width, ENC_CHAR6, ENC_ARRAY (followed by its element's pair), ENC_BLOB. Its first
// pair stands for the record's code. A record written through an abbreviation must fit it (a
// literal equal to the value, a fixed field wide enough, char6 characters only): the module writer
// only picks an abbreviation for records it checked (`fitsChar6`, `fitsFixed`).
import { U8Vec, I32Vec, I64Vec } from "../util/vec";

export const ENC_LITERAL: i32 = 0, ENC_FIXED: i32 = 1, ENC_VBR: i32 = 2, ENC_ARRAY: i32 = 3, ENC_CHAR6: i32 = 4,
  ENC_BLOB: i32 = 5;
const END_BLOCK: u32 = 0, ENTER_SUBBLOCK: u32 = 1, DEFINE_ABBREV: u32 = 2, UNABBREV_RECORD: u32 = 3;
const BLOCKINFO_ID: i32 = 0, SETBID: u32 = 1;

// The character set of a char6 field: a-z, A-Z, 0-9, '.', '_'.
export function isChar6(c: i32): bool {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 46 || c == 95;
}
function char6(c: i32): u32 {
  if (c >= 97 && c <= 122) return <u32>(c - 97);
  if (c >= 65 && c <= 90) return <u32>(c - 65 + 26);
  if (c >= 48 && c <= 57) return <u32>(c - 48 + 52);
  return c == 46 ? 62 : 63;
}
// Are vals[from..] all char6 characters?
export function fitsChar6(vals: I64Vec, from: i32): bool {
  for (let i = from; i < vals.len; i++) { let v = vals.get(i); if (v < 0 || v > 127 || !isChar6(<i32>v)) return false; }
  return true;
}
// Are vals[from..] all below 2^width?
export function fitsFixed(vals: I64Vec, from: i32, width: i32): bool {
  let lim: u64 = <u64>1 << <u64>width;
  for (let i = from; i < vals.len; i++) if (<u64>vals.get(i) >= lim) return false;
  return true;
}
// Bits needed for values below n (at least 1): the width of a fixed field holding ids < n.
export function bitsFor(n: u64): i32 { let b = 64 - <i32>clz(n); return b < 1 ? 1 : b; }

export class BitWriter {
  out: U8Vec = new U8Vec(1 << 16);   // whole words written so far
  acc: u64 = 0;                       // pending bits, fewer than 32
  nbits: i32 = 0;
  width: i32 = 2;                     // abbreviation id width of the current block
  // open blocks
  blockId: I32Vec = new I32Vec();
  blockLenAt: I32Vec = new I32Vec();  // byte offset of the length word
  blockWidth: I32Vec = new I32Vec();  // the enclosing block's width, restored at the end
  blockVisible: I32Vec = new I32Vec(); // the enclosing block's first entry in `visible`
  // abbreviations: (encoding, value) pairs per definition
  abStart: I32Vec = new I32Vec();
  abLen: I32Vec = new I32Vec();
  abOps: I64Vec = new I64Vec();
  visible: I32Vec = new I32Vec();     // definitions visible in the open blocks, by id - 4, innermost last
  visibleBase: i32 = 0;               // the current block's first entry in `visible`
  info: I32Vec = new I32Vec();        // BLOCKINFO: (block id, definition) pairs
  infoTarget: i32 = -1;               // inside BLOCKINFO: the block id SETBID named

  // ---- bits ----
  @inline private flushWord(): void {
    let o = this.out;
    if (o.len + 4 > o.cap) o.reserve(o.len + 4);
    store<u32>(o.ptr + <usize>o.len, <u32>this.acc);
    o.len += 4;
    this.acc >>= 32; this.nbits -= 32;
  }
  // The low `n` bits of v (n <= 32).
  @inline emit(v: u32, n: i32): void {
    this.acc |= <u64>v << <u64>this.nbits;
    this.nbits += n;
    if (this.nbits >= 32) this.flushWord();
  }
  // The chunks are gathered into one field of up to 32 bits, emitted at once.
  emitVBR(v: u64, n: i32): void {
    let hi: u64 = <u64>1 << <u64>(n - 1);
    if (v < hi) { this.emit(<u32>v, n); return; }
    let packed: u64 = 0;
    let nb = 0;
    while (v >= hi) {
      packed |= ((v & (hi - 1)) | hi) << <u64>nb;
      nb += n;
      v >>= <u64>(n - 1);
      if (nb + n > 32) { this.emit(<u32>packed, nb); packed = 0; nb = 0; }
    }
    packed |= v << <u64>nb;
    this.emit(<u32>packed, nb + n);
  }
  align32(): void { if (this.nbits > 0) this.emit(0, 32 - this.nbits); }
  // Bits written so far.
  bitPos(): u64 { return (<u64>this.out.len << 3) + <u64>this.nbits; }
  // Overwrites the 32 bits at bit position `at` (already flushed to whole words) with v.
  patch32(at: u64, v: u32): void {
    let word = <usize>(at >> 5) << 2, shift = <u32>(at & 31);
    let p = this.out.ptr + word;
    if (shift == 0) { store<u32>(p, v); return; }
    let lo = load<u32>(p), hi = load<u32>(p + 4);
    let mask: u32 = (<u32>1 << shift) - 1;
    store<u32>(p, (lo & mask) | (v << shift));
    store<u32>(p + 4, (hi & ~mask) | (v >> (32 - shift)));
  }

  // 'BC' 0xC0DE
  magic(): void { this.emit(0x42, 8); this.emit(0x43, 8); this.emit(0x0, 4); this.emit(0xC, 4); this.emit(0xE, 4); this.emit(0xD, 4); }

  // ---- blocks ----
  enterBlock(id: i32, width: i32): void {
    this.emit(ENTER_SUBBLOCK, this.width);
    this.emitVBR(<u64>id, 8);
    this.emitVBR(<u64>width, 4);
    this.align32();
    this.blockId.push(id);
    this.blockLenAt.push(this.out.len);
    this.emit(0, 32);            // the length, patched by endBlock
    this.blockWidth.push(this.width);
    this.blockVisible.push(this.visibleBase);
    this.width = width;
    this.visibleBase = this.visible.len;
    // the abbreviations BLOCKINFO gave blocks of this id come first
    let info = this.info;
    for (let i = 0; i < info.len; i += 2) if (info.get(i) == id) this.visible.push(info.get(i + 1));
  }
  endBlock(): void {
    this.emit(END_BLOCK, this.width);
    this.align32();
    let at = this.blockLenAt.pop();
    store<u32>(this.out.ptr + <usize>at, <u32>((this.out.len - at - 4) >> 2));
    this.blockId.pop();
    this.visible.len = this.visibleBase;
    this.visibleBase = this.blockVisible.pop();
    this.width = this.blockWidth.pop();
    this.infoTarget = -1;
  }
  beginBlockInfo(): void { this.enterBlock(BLOCKINFO_ID, 2); this.infoTarget = -1; }
  // Inside BLOCKINFO: the abbreviations defined next are for blocks `id`.
  infoFor(id: i32): void {
    this.emit(UNABBREV_RECORD, this.width); this.emitVBR(SETBID, 6); this.emitVBR(1, 6); this.emitVBR(<u64>id, 6);
    this.infoTarget = id;
  }

  // ---- abbreviations ----
  // ops: (encoding, value) pairs. Returns the abbreviation id in the current block (in BLOCKINFO:
  // the id blocks of the target id will see it under, counting the ones defined before it).
  defineAbbrev(ops: i64[]): i32 {
    let d = this.abStart.push(this.abOps.len);
    let n = ops.length >> 1;
    this.abLen.push(n);
    this.emit(DEFINE_ABBREV, this.width);
    this.emitVBR(<u64>n, 5);
    for (let i = 0; i < n; i++) {
      let enc = <i32>ops[2 * i], val = ops[2 * i + 1];
      this.abOps.push(enc); this.abOps.push(val);
      if (enc == ENC_LITERAL) { this.emit(1, 1); this.emitVBR(<u64>val, 8); continue; }
      this.emit(0, 1); this.emit(<u32>enc, 3);
      if (enc == ENC_FIXED || enc == ENC_VBR) this.emitVBR(<u64>val, 5);
    }
    let top = this.blockId.len > 0 ? this.blockId.get(this.blockId.len - 1) : -1;
    if (top == BLOCKINFO_ID && this.infoTarget >= 0) {
      let k = 0;
      for (let i = 0; i < this.info.len; i += 2) if (this.info.get(i) == this.infoTarget) k++;
      this.info.push(this.infoTarget); this.info.push(d);
      return 4 + k;
    }
    this.visible.push(d);
    return 4 + this.visible.len - 1 - this.visibleBase;
  }

  // ---- records ----
  record(code: u32, vals: I64Vec, abbrev: i32 = 0): void {
    if (abbrev == 0) {
      this.emit(UNABBREV_RECORD, this.width);
      this.emitVBR(<u64>code, 6);
      this.emitVBR(<u64>vals.len, 6);
      for (let i = 0; i < vals.len; i++) this.emitVBR(<u64>vals.get(i), 6);
      return;
    }
    this.abbreviated(code, vals, abbrev, 0, 0);
  }
  recordBlob(code: u32, vals: I64Vec, blob: usize, blobLen: i32, abbrev: i32): void {
    this.abbreviated(code, vals, abbrev, blob, blobLen);
  }
  // A record with no operands.
  record0(code: u32): void { this.emit(UNABBREV_RECORD, this.width); this.emitVBR(<u64>code, 6); this.emitVBR(0, 6); }

  private scalar(enc: i32, width: i64, v: u64): void {
    if (enc == ENC_FIXED) { if (width > 0) this.emit(<u32>v, <i32>width); }
    else if (enc == ENC_VBR) { if (width > 0) this.emitVBR(v, <i32>width); }
    else if (enc == ENC_CHAR6) this.emit(char6(<i32>v), 6);
  }
  private abbreviated(code: u32, vals: I64Vec, abbrev: i32, blob: usize, blobLen: i32): void {
    let d = this.visible.get(this.visibleBase + abbrev - 4);
    this.emit(<u32>abbrev, this.width);
    let s = this.abStart.get(d), n = this.abLen.get(d), ops = this.abOps;
    // operand k of the record: k == 0 is the code, then vals
    let k = 0;
    for (let i = 0; i < n; i++) {
      let enc = <i32>ops.get(s + 2 * i), val = ops.get(s + 2 * i + 1);
      if (enc == ENC_LITERAL) { k++; continue; }
      if (enc == ENC_ARRAY) {
        let eenc = <i32>ops.get(s + 2 * i + 2), eval = ops.get(s + 2 * i + 3);
        let from = k == 0 ? 0 : k - 1;
        this.emitVBR(<u64>(vals.len - from), 6);
        for (let j = from; j < vals.len; j++) this.scalar(eenc, eval, <u64>vals.get(j));
        return;
      }
      if (enc == ENC_BLOB) {
        this.emitVBR(<u64>blobLen, 6);
        this.align32();
        for (let j = 0; j < blobLen; j++) this.emit(load<u8>(blob + <usize>j), 8);
        this.align32();
        return;
      }
      let v: u64 = k == 0 ? <u64>code : <u64>vals.get(k - 1);
      this.scalar(enc, val, v);
      k++;
    }
  }

  // The finished stream (all blocks closed): its bytes.
  finish(): U8Vec { this.align32(); return this.out; }
}
