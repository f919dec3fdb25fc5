// BLAKE3 (default hash mode, 256-bit output; keyed and derive-key modes are not needed) as a
// streaming hasher over linear memory. Written from the BLAKE3 specification: 1 KiB chunks of
// 64-byte blocks, 7-round compression, a binary tree of chaining values merged lazily on a stack.
// Checked against the official test vectors in tests/assembly/blake3.spec.ts.

const IV0: u32 = 0x6A09E667, IV1: u32 = 0xBB67AE85, IV2: u32 = 0x3C6EF372, IV3: u32 = 0xA54FF53A,
  IV4: u32 = 0x510E527F, IV5: u32 = 0x9B05688C, IV6: u32 = 0x1F83D9AB, IV7: u32 = 0x5BE0CD19;
const CHUNK_START: u32 = 1, CHUNK_END: u32 = 2, PARENT: u32 = 4, ROOT: u32 = 8;
const CHUNK_LEN: i32 = 1024, BLOCK_LEN: i32 = 64;

// Message word order of each of the 7 rounds: round r+1 reads round r's order through the
// fixed permutation (2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8).
const SCHEDULE: StaticArray<u8> = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
  2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8,
  3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1,
  10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6,
  12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4,
  9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7,
  11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13,
];

@inline function mix(s: usize, a: usize, b: usize, c: usize, d: usize, x: u32, y: u32): void {
  let va = load<u32>(s + (a << 2)), vb = load<u32>(s + (b << 2)), vc = load<u32>(s + (c << 2)), vd = load<u32>(s + (d << 2));
  va = va + vb + x; vd = rotr<u32>(vd ^ va, 16);
  vc = vc + vd; vb = rotr<u32>(vb ^ vc, 12);
  va = va + vb + y; vd = rotr<u32>(vd ^ va, 8);
  vc = vc + vd; vb = rotr<u32>(vb ^ vc, 7);
  store<u32>(s + (a << 2), va); store<u32>(s + (b << 2), vb); store<u32>(s + (c << 2), vc); store<u32>(s + (d << 2), vd);
}

// The compression function: 8-word chaining value at cv, 16-word block at m; the 16-word result
// goes to st (words 0..7 are the new chaining value; 8..15 the extended output half).
function compress(cv: usize, m: usize, counter: u64, blockLen: u32, flags: u32, st: usize): void {
  memory.copy(st, cv, 32);
  store<u32>(st, IV0, 32); store<u32>(st, IV1, 36); store<u32>(st, IV2, 40); store<u32>(st, IV3, 44);
  store<u32>(st, <u32>counter, 48); store<u32>(st, <u32>(counter >>> 32), 52);
  store<u32>(st, blockLen, 56); store<u32>(st, flags, 60);
  let sched = changetype<usize>(SCHEDULE);
  for (let r = 0; r < 7; r++) {
    let o = sched + <usize>(r << 4);
    mix(st, 0, 4, 8, 12, load<u32>(m + (<usize>load<u8>(o, 0) << 2)), load<u32>(m + (<usize>load<u8>(o, 1) << 2)));
    mix(st, 1, 5, 9, 13, load<u32>(m + (<usize>load<u8>(o, 2) << 2)), load<u32>(m + (<usize>load<u8>(o, 3) << 2)));
    mix(st, 2, 6, 10, 14, load<u32>(m + (<usize>load<u8>(o, 4) << 2)), load<u32>(m + (<usize>load<u8>(o, 5) << 2)));
    mix(st, 3, 7, 11, 15, load<u32>(m + (<usize>load<u8>(o, 6) << 2)), load<u32>(m + (<usize>load<u8>(o, 7) << 2)));
    mix(st, 0, 5, 10, 15, load<u32>(m + (<usize>load<u8>(o, 8) << 2)), load<u32>(m + (<usize>load<u8>(o, 9) << 2)));
    mix(st, 1, 6, 11, 12, load<u32>(m + (<usize>load<u8>(o, 10) << 2)), load<u32>(m + (<usize>load<u8>(o, 11) << 2)));
    mix(st, 2, 7, 8, 13, load<u32>(m + (<usize>load<u8>(o, 12) << 2)), load<u32>(m + (<usize>load<u8>(o, 13) << 2)));
    mix(st, 3, 4, 9, 14, load<u32>(m + (<usize>load<u8>(o, 14) << 2)), load<u32>(m + (<usize>load<u8>(o, 15) << 2)));
  }
  for (let i: usize = 0; i < 8; i++) {
    let p = st + (i << 2), q = st + ((i + 8) << 2);
    store<u32>(p, load<u32>(p) ^ load<u32>(q));
    store<u32>(q, load<u32>(q) ^ load<u32>(cv + (i << 2)));
  }
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
