// BLAKE3 (default hash mode, 256-bit output; keyed and derive-key modes are not needed) as a
// streaming hasher over linear memory. Written from the BLAKE3 specification: 1 KiB chunks of
// 64-byte blocks, 7-round compression, a binary tree of chaining values merged lazily on a stack.
// Checked against the official test vectors in tests/assembly/blake3.spec.ts.

const IV0: u32 = 0x6A09E667, IV1: u32 = 0xBB67AE85, IV2: u32 = 0x3C6EF372, IV3: u32 = 0xA54FF53A,
  IV4: u32 = 0x510E527F, IV5: u32 = 0x9B05688C, IV6: u32 = 0x1F83D9AB, IV7: u32 = 0x5BE0CD19;
const CHUNK_START: u32 = 1, CHUNK_END: u32 = 2, PARENT: u32 = 4, ROOT: u32 = 8;
const CHUNK_LEN: i32 = 1024, BLOCK_LEN: i32 = 64;

// The compression function: 8-word chaining value at cv, 16-word block at m; the 16-word result
// goes to st (words 0..7 are the new chaining value; 8..15 the extended output half). The state
// and the message live in locals (registers) through the 7 rounds; after each round the message
// words are permuted by (2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8).
function compress(cv: usize, m: usize, counter: u64, blockLen: u32, flags: u32, st: usize): void {
  let m0 = load<u32>(m, 0);
  let m1 = load<u32>(m, 4);
  let m2 = load<u32>(m, 8);
  let m3 = load<u32>(m, 12);
  let m4 = load<u32>(m, 16);
  let m5 = load<u32>(m, 20);
  let m6 = load<u32>(m, 24);
  let m7 = load<u32>(m, 28);
  let m8 = load<u32>(m, 32);
  let m9 = load<u32>(m, 36);
  let m10 = load<u32>(m, 40);
  let m11 = load<u32>(m, 44);
  let m12 = load<u32>(m, 48);
  let m13 = load<u32>(m, 52);
  let m14 = load<u32>(m, 56);
  let m15 = load<u32>(m, 60);
  let s0 = load<u32>(cv, 0);
  let s1 = load<u32>(cv, 4);
  let s2 = load<u32>(cv, 8);
  let s3 = load<u32>(cv, 12);
  let s4 = load<u32>(cv, 16);
  let s5 = load<u32>(cv, 20);
  let s6 = load<u32>(cv, 24);
  let s7 = load<u32>(cv, 28);
  let s8 = IV0, s9 = IV1, s10 = IV2, s11 = IV3;
  let s12 = <u32>counter, s13 = <u32>(counter >>> 32), s14 = blockLen, s15 = flags;
  for (let r = 0; r < 7; r++) {
    s0 = s0 + s4 + m0; s12 = rotr<u32>(s12 ^ s0, 16); s8 = s8 + s12; s4 = rotr<u32>(s4 ^ s8, 12);
    s0 = s0 + s4 + m1; s12 = rotr<u32>(s12 ^ s0, 8); s8 = s8 + s12; s4 = rotr<u32>(s4 ^ s8, 7);
    s1 = s1 + s5 + m2; s13 = rotr<u32>(s13 ^ s1, 16); s9 = s9 + s13; s5 = rotr<u32>(s5 ^ s9, 12);
    s1 = s1 + s5 + m3; s13 = rotr<u32>(s13 ^ s1, 8); s9 = s9 + s13; s5 = rotr<u32>(s5 ^ s9, 7);
    s2 = s2 + s6 + m4; s14 = rotr<u32>(s14 ^ s2, 16); s10 = s10 + s14; s6 = rotr<u32>(s6 ^ s10, 12);
    s2 = s2 + s6 + m5; s14 = rotr<u32>(s14 ^ s2, 8); s10 = s10 + s14; s6 = rotr<u32>(s6 ^ s10, 7);
    s3 = s3 + s7 + m6; s15 = rotr<u32>(s15 ^ s3, 16); s11 = s11 + s15; s7 = rotr<u32>(s7 ^ s11, 12);
    s3 = s3 + s7 + m7; s15 = rotr<u32>(s15 ^ s3, 8); s11 = s11 + s15; s7 = rotr<u32>(s7 ^ s11, 7);
    s0 = s0 + s5 + m8; s15 = rotr<u32>(s15 ^ s0, 16); s10 = s10 + s15; s5 = rotr<u32>(s5 ^ s10, 12);
    s0 = s0 + s5 + m9; s15 = rotr<u32>(s15 ^ s0, 8); s10 = s10 + s15; s5 = rotr<u32>(s5 ^ s10, 7);
    s1 = s1 + s6 + m10; s12 = rotr<u32>(s12 ^ s1, 16); s11 = s11 + s12; s6 = rotr<u32>(s6 ^ s11, 12);
    s1 = s1 + s6 + m11; s12 = rotr<u32>(s12 ^ s1, 8); s11 = s11 + s12; s6 = rotr<u32>(s6 ^ s11, 7);
    s2 = s2 + s7 + m12; s13 = rotr<u32>(s13 ^ s2, 16); s8 = s8 + s13; s7 = rotr<u32>(s7 ^ s8, 12);
    s2 = s2 + s7 + m13; s13 = rotr<u32>(s13 ^ s2, 8); s8 = s8 + s13; s7 = rotr<u32>(s7 ^ s8, 7);
    s3 = s3 + s4 + m14; s14 = rotr<u32>(s14 ^ s3, 16); s9 = s9 + s14; s4 = rotr<u32>(s4 ^ s9, 12);
    s3 = s3 + s4 + m15; s14 = rotr<u32>(s14 ^ s3, 8); s9 = s9 + s14; s4 = rotr<u32>(s4 ^ s9, 7);
    if (r == 6) break;
    let t0 = m2; let t1 = m6; let t2 = m3; let t3 = m10; let t4 = m7; let t5 = m0; let t6 = m4; let t7 = m13; let t8 = m1; let t9 = m11; let t10 = m12; let t11 = m5; let t12 = m9; let t13 = m14; let t14 = m15; let t15 = m8;
    m0 = t0; m1 = t1; m2 = t2; m3 = t3; m4 = t4; m5 = t5; m6 = t6; m7 = t7; m8 = t8; m9 = t9; m10 = t10; m11 = t11; m12 = t12; m13 = t13; m14 = t14; m15 = t15;
  }
  store<u32>(st, s0 ^ s8, 0); store<u32>(st, s8 ^ load<u32>(cv, 0), 32);
  store<u32>(st, s1 ^ s9, 4); store<u32>(st, s9 ^ load<u32>(cv, 4), 36);
  store<u32>(st, s2 ^ s10, 8); store<u32>(st, s10 ^ load<u32>(cv, 8), 40);
  store<u32>(st, s3 ^ s11, 12); store<u32>(st, s11 ^ load<u32>(cv, 12), 44);
  store<u32>(st, s4 ^ s12, 16); store<u32>(st, s12 ^ load<u32>(cv, 16), 48);
  store<u32>(st, s5 ^ s13, 20); store<u32>(st, s13 ^ load<u32>(cv, 20), 52);
  store<u32>(st, s6 ^ s14, 24); store<u32>(st, s14 ^ load<u32>(cv, 24), 56);
  store<u32>(st, s7 ^ s15, 28); store<u32>(st, s15 ^ load<u32>(cv, 28), 60);
}

@final export class Blake3 {
  // One raw block of memory: cv (32) | block (64) | state (64) | parent block (64) | stack (54 * 32)
  // | finishing scratch (96).
  private mem: usize;
  private blockLen: i32 = 0;
  private blocksDone: i32 = 0;      // blocks compressed in the current chunk
  private chunk: u64 = 0;           // index of the current chunk
  private stackLen: i32 = 0;
  total: u64 = 0;                   // bytes hashed so far

  constructor() {
    this.mem = heap.alloc(32 + 64 + 64 + 64 + 54 * 32 + 96);
    this.reset();
  }
  @inline private get cv(): usize { return this.mem; }
  @inline private get block(): usize { return this.mem + 32; }
  @inline private get st(): usize { return this.mem + 96; }
  @inline private get pblock(): usize { return this.mem + 160; }
  @inline private get stack(): usize { return this.mem + 224; }

  reset(): void {
    setIV(this.cv);
    memory.fill(this.block, 0, 64);
    this.blockLen = 0; this.blocksDone = 0; this.chunk = 0; this.stackLen = 0; this.total = 0;
  }

  private startFlag(): u32 { return this.blocksDone == 0 ? CHUNK_START : 0; }

  // Compresses the full buffered block into the chunk's chaining value (more input follows).
  private flushBlock(): void {
    compress(this.cv, this.block, this.chunk, BLOCK_LEN, this.startFlag(), this.st);
    memory.copy(this.cv, this.st, 32);
    this.blocksDone++;
    this.blockLen = 0;
    memory.fill(this.block, 0, 64);
  }
  // Closes a full chunk (more input follows): its chaining value joins the tree.
  private flushChunk(): void {
    compress(this.cv, this.block, this.chunk, <u32>this.blockLen, this.startFlag() | CHUNK_END, this.st);
    let total = this.chunk + 1;
    // merge completed subtrees: one per trailing zero bit of the chunk count
    let newCv = this.st;
    while ((total & 1) == 0) {
      this.stackLen--;
      let left = this.stack + <usize>(this.stackLen << 5);
      memory.copy(this.pblock, left, 32);
      memory.copy(this.pblock + 32, newCv, 32);
      setIV(this.cv);
      compress(this.cv, this.pblock, 0, BLOCK_LEN, PARENT, this.st);
      newCv = this.st;
      total >>= 1;
    }
    memory.copy(this.stack + <usize>(this.stackLen << 5), newCv, 32);
    this.stackLen++;
    this.chunk++;
    setIV(this.cv);
    this.blocksDone = 0; this.blockLen = 0;
    memory.fill(this.block, 0, 64);
  }

  update(p: usize, n: i32): void {
    this.total += <u64>n;
    while (n > 0) {
      if (this.blockLen == BLOCK_LEN) {
        if (this.blocksDone == (CHUNK_LEN / BLOCK_LEN) - 1) this.flushChunk(); else this.flushBlock();
      }
      let take = BLOCK_LEN - this.blockLen;
      if (take > n) take = n;
      memory.copy(this.block + <usize>this.blockLen, p, <usize>take);
      this.blockLen += take; p += <usize>take; n -= take;
    }
  }
  @inline u8(v: i32): void {
    if (this.blockLen == BLOCK_LEN) this.spill();
    store<u8>(this.block + <usize>this.blockLen, <u8>v);
    this.blockLen++; this.total++;
  }
  private spill(): void {
    if (this.blocksDone == (CHUNK_LEN / BLOCK_LEN) - 1) this.flushChunk(); else this.flushBlock();
  }
  u32(v: u32): void {
    if (this.blockLen <= BLOCK_LEN - 4) {
      store<u32>(this.block + <usize>this.blockLen, v);
      this.blockLen += 4; this.total += 4;
      return;
    }
    let t = memory.data(8); store<u32>(t, v); this.update(t, 4);
  }
  @inline i32(v: i32): void { this.u32(<u32>v); }
  u64(v: u64): void { this.u32(<u32>v); this.u32(<u32>(v >>> 32)); }

  // Writes the first n (<= 32) bytes of the digest to out. The hasher can keep going afterwards.
  finish(out: usize, n: i32): void {
    let st = this.st;
    // the last chunk's output node, then its parents from the top of the stack down
    let scratch = this.mem + 224 + 54 * 32;   // cv (32) | block (64), outside the tree's state
    memory.copy(scratch, this.cv, 32);
    let blk = scratch + 32;
    memory.copy(blk, this.block, 64);
    let blockLen = <u32>this.blockLen;
    let counter = this.chunk;
    let flags = this.startFlag() | CHUNK_END;
    for (let i = this.stackLen - 1; i >= 0; i--) {
      compress(scratch, blk, counter, blockLen, flags, st);
      memory.copy(blk + 32, st, 32);
      memory.copy(blk, this.stack + <usize>(i << 5), 32);
      setIV(scratch);
      counter = 0; blockLen = BLOCK_LEN; flags = PARENT;
    }
    compress(scratch, blk, 0, blockLen, flags | ROOT, st);
    memory.copy(out, st, <usize>(n > 32 ? 32 : n));
  }
}

function setIV(p: usize): void {
  store<u32>(p, IV0, 0); store<u32>(p, IV1, 4); store<u32>(p, IV2, 8); store<u32>(p, IV3, 12);
  store<u32>(p, IV4, 16); store<u32>(p, IV5, 20); store<u32>(p, IV6, 24); store<u32>(p, IV7, 28);
}
