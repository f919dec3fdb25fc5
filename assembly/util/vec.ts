// Growable flat vectors over raw linear memory. Every arena table is one of these:
// an i32 (or i64/u8) column indexed by entity id. The stub runtime frees nothing until the
// whole arena is reset: growth is by doubling, and a grown table's old block is kept for the next
// table of its size (below).
// One generic body, monomorphised per element type: alignof<T>() is log2 of the element size,
// a compile-time constant, so get/set/push inline to the same single load/store as hand-written code.

// n copies of v from p. Tables indexed by value id are filled once per module with 0 or -1, whose
// bytes are all equal: memory.fill (V8's memset) then, a store loop for short runs and other values.
@inline function fillValues<T>(p: usize, n: i32, v: T): void {
  if (sizeof<T>() == 1) { memory.fill(p, <u8>v, <usize>n); return; }
  if (isInteger<T>() && n >= 32) {
    let b = <u64>(<u8>v) * 0x0101010101010101;
    if (sizeof<T>() == 8 ? <u64>v == b : <u32>v == <u32>b) { memory.fill(p, <u8>v, <usize>n << alignof<T>()); return; }
  }
  for (let i = 0; i < n; i++) store<T>(p + (<usize>i << alignof<T>()), v);
}

// The largest block the stub runtime allocates (rt/common.ts BLOCK_MAXSIZE, less its header).
const MAX_BLOCK: u64 = (1 << 30) - 64;

// heap.alloc for blocks that may be large (tables, the input). The stub runtime computes a block's
// end in 32 bits: near 4 GiB it wraps to a small number, the runtime neither grows memory nor
// fails, and the block runs past the end of memory (a trap far from the cause, or worse). Such a
// block is reported as out of memory here; the host then starts a fresh instance, so the
// runtime's wrapped state is dropped with it.
export function allocLarge(bytes: u64): usize {
  if (bytes > MAX_BLOCK) throw new Error("out of memory: a table needs more than 1 GiB");
  let p = heap.alloc(<usize>bytes);
  if (<u64>p + bytes > (<u64>memory.size() << 16)) throw new Error("out of memory: the module needs more than the 4 GiB a WebAssembly core can address");
  return p;
}

// Blocks of tables that grew, kept for reuse: with the stub runtime nothing is freed, so a grown
// table's old block stayed behind, copied and resident (about a third of a module's tables after
// reading a debug build). A grown table's old block of 64 KiB or more goes on the list of its size
// (a power of two: capacities double; linked through its first word) and the next table to need
// that size takes it. The lists hold addresses of the heap __reset() empties: reset() in index.ts
// empties them too (resetBlockCache).
const MIN_CACHED_LOG: i32 = 16;
const FREE_HEADS: usize = memory.data(4 * 32);
export function resetBlockCache(): void { memory.fill(FREE_HEADS, 0, 4 * 32); }
// A block of `bytes`: a free one of that size when there is one.
function allocBlock(bytes: u64): usize {
  if (bytes >= (<u64>1 << MIN_CACHED_LOG) && popcnt<u64>(bytes) == 1) {
    let head = FREE_HEADS + (<usize>ctz<u64>(bytes) << 2);
    let p = <usize>load<u32>(head);
    if (p != 0) { store<u32>(head, load<u32>(p)); return p; }
  }
  return allocLarge(bytes);
}
function freeBlock(p: usize, bytes: u64): void {
  if (bytes < (<u64>1 << MIN_CACHED_LOG) || popcnt<u64>(bytes) != 1) return;
  let head = FREE_HEADS + (<usize>ctz<u64>(bytes) << 2);
  store<u32>(p, load<u32>(head));
  store<u32>(head, <u32>p);
}

export class Vec<T> {
  ptr: usize = 0;
  cap: i32 = 0;
  len: i32 = 0;
  // Smallest capacity: 16 bytes' worth of u8s, else 4 elements.
  constructor(initial: i32 = 16) { let m = sizeof<T>() == 1 ? 16 : 4; this.reserve(initial < m ? m : initial); }
  reserve(n: i32): void {
    if (n <= this.cap) return;
    let m = sizeof<T>() == 1 ? 16 : 4;
    // Sizes in 64 bits: in usize a size past 4 GiB would wrap into a small block that the copy and
    // later stores overrun. One block holds at most MAX_BLOCK bytes (the stub runtime's limit):
    // doubling stops there instead of asking for a block heap.alloc refuses.
    if ((<u64>n << alignof<T>()) > MAX_BLOCK) throw new Error("out of memory: a table needs more than 1 GiB");
    let c = this.cap < m ? m : this.cap;
    while (c < n) c = (<u64>c << (alignof<T>() + 1)) > MAX_BLOCK ? <i32>(MAX_BLOCK >> alignof<T>()) : c << 1;
    // (capacities double from a power of two, so a block's size is one, but at MAX_BLOCK)
    let p = allocBlock(<u64>c << alignof<T>());
    if (this.len > 0) memory.copy(p, this.ptr, <usize>this.len << alignof<T>());
    if (this.cap > 0) freeBlock(this.ptr, <u64>this.cap << alignof<T>());
    this.ptr = p; this.cap = c;
  }
  @inline get(i: i32): T { return load<T>(this.ptr + (<usize>i << alignof<T>())); }
  @inline set(i: i32, v: T): void { store<T>(this.ptr + (<usize>i << alignof<T>()), v); }
  @inline push(v: T): i32 {
    let i = this.len;
    if (i >= this.cap) this.reserve(i + 1);
    store<T>(this.ptr + (<usize>i << alignof<T>()), v);
    this.len = i + 1;
    return i;
  }
  // Extends to n entries, new ones filled with v.
  resize(n: i32, v: T): void {
    if (n > this.cap) this.reserve(n);
    if (n > this.len) fillValues<T>(this.ptr + (<usize>this.len << alignof<T>()), n - this.len, v);
    this.len = n;
  }
  // For tables indexed by an id (value, block, name): makes indices below n valid, new entries
  // filled with v. Grows by at least half again, so a walk over increasing ids resizes O(log n)
  // times rather than once per id (len is then a capacity: entries past n hold v).
  @inline fit(n: i32, v: T): void { if (n > this.len) this.growTo(n, v); }
  growTo(n: i32, v: T): void {
    let m = this.len + (this.len >> 1) + 16;
    this.resize(n > m ? n : m, v);
  }
  // Appends when the caller has already reserved capacity.
  @inline pushUnchecked(v: T): void { store<T>(this.ptr + (<usize>this.len << alignof<T>()), v); this.len++; }
  @inline last(): T { return this.get(this.len - 1); }
  @inline pop(): T { this.len--; return this.get(this.len); }
  clear(): void { this.len = 0; }
}

// The element types the arena uses, as named classes (callers construct them with `new`).
@final export class I32Vec extends Vec<i32> {}
@final export class I64Vec extends Vec<i64> {}
@final export class U8Vec extends Vec<u8> {
  constructor(initial: i32 = 64) { super(initial); }
}
