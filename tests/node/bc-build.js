// A small bitcode writer for tests: blocks and unabbreviated records, enough to build the records
// llvm-as no longer writes (pre-LLVM-3.6 metadata, unknown record codes) by hand. Operands may be
// numbers or BigInts.
export class BitcodeBuilder {
  constructor() { this.words = [0xdec04342]; this.cur = 0; this.n = 0; this.width = 2; this.open = []; }
  fixed(v, w) {
    let x = BigInt(v);
    for (let i = 0; i < w; i++) {
      if ((x >> BigInt(i)) & 1n) this.cur |= 1 << this.n;
      if (++this.n === 32) { this.words.push(this.cur >>> 0); this.cur = 0; this.n = 0; }
    }
  }
  vbr(v, w) {
    let x = BigInt(v);
    const hi = 1n << BigInt(w - 1);
    while (x >= hi) { this.fixed((x & (hi - 1n)) | hi, w); x >>= BigInt(w - 1); }
    this.fixed(x, w);
  }
  align32() { if (this.n) { this.words.push(this.cur >>> 0); this.cur = 0; this.n = 0; } }
  // ENTER_SUBBLOCK: the block's length word is patched by end()
  enter(id, width = 4) {
    this.fixed(1, this.width); this.vbr(id, 8); this.vbr(width, 4); this.align32();
    this.open.push({ width: this.width, at: this.words.length });
    this.words.push(0);
    this.width = width;
    return this;
  }
  end() {
    this.fixed(0, this.width); this.align32();
    const b = this.open.pop();
    this.words[b.at] = this.words.length - b.at - 1;
    this.width = b.width;
    return this;
  }
  // UNABBREV_RECORD [code, numops, ops...]
  rec(code, ops = []) {
    this.fixed(3, this.width); this.vbr(code, 6); this.vbr(ops.length, 6);
    for (const o of ops) this.vbr(o, 6);
    return this;
  }
  // a record whose operands are a string's bytes
  str(code, s) { return this.rec(code, [...Buffer.from(s)]); }
  bytes() {
    this.align32();
    const b = new Uint8Array(this.words.length * 4);
    const dv = new DataView(b.buffer);
    this.words.forEach((w, i) => dv.setUint32(i * 4, w, true));
    return b;
  }
}
// Block ids and record codes the tests use (LLVMBitCodes.h).
export const BLOCK = { MODULE: 8, PARAMATTR: 9, CONSTANTS: 11, FUNCTION: 12, VALUE_SYMTAB: 14, METADATA: 15, TYPE: 17, STRTAB: 23 };
export const TYPE = { NUMENTRY: 1, VOID: 2, LABEL: 5, INTEGER: 7, POINTER: 8, FUNCTION_OLD: 9, METADATA: 16, FUNCTION: 21, OPAQUE_POINTER: 25 };
