// Growable flat vectors over raw linear memory. Every arena table is one of these:
// an i32 (or i64/u8) column indexed by entity id. With the stub runtime nothing is freed
// until the whole arena is reset, so growth is by doubling and old blocks are abandoned.

@final export class I32Vec {
  ptr: usize = 0;
  cap: i32 = 0;
  len: i32 = 0;
  constructor(initial: i32 = 16) { this.reserve(initial < 4 ? 4 : initial); }
  reserve(n: i32): void {
    if (n <= this.cap) return;
    let c = this.cap < 4 ? 4 : this.cap;
    while (c < n) c <<= 1;
    let p = heap.alloc(<usize>c << 2);
    if (this.len > 0) memory.copy(p, this.ptr, <usize>this.len << 2);
    this.ptr = p; this.cap = c;
  }
  @inline get(i: i32): i32 { return load<i32>(this.ptr + (<usize>i << 2)); }
  @inline set(i: i32, v: i32): void { store<i32>(this.ptr + (<usize>i << 2), v); }
  @inline push(v: i32): i32 {
    let i = this.len;
    if (i >= this.cap) this.reserve(i + 1);
    store<i32>(this.ptr + (<usize>i << 2), v);
    this.len = i + 1;
    return i;
  }
  // Extends to n entries, new ones filled with v.
  resize(n: i32, v: i32): void {
    if (n > this.cap) this.reserve(n);
    for (let i = this.len; i < n; i++) store<i32>(this.ptr + (<usize>i << 2), v);
    this.len = n;
  }
  // For tables indexed by an id (value, block, name): makes indices below n valid, new entries
  // filled with v. Grows by at least half again, so a walk over increasing ids resizes O(log n)
  // times rather than once per id (len is then a capacity: entries past n hold v).
  @inline fit(n: i32, v: i32): void { if (n > this.len) this.growTo(n, v); }
  growTo(n: i32, v: i32): void {
    let m = this.len + (this.len >> 1) + 16;
    this.resize(n > m ? n : m, v);
  }
  // Appends when the caller has already reserved capacity.
  @inline pushUnchecked(v: i32): void { store<i32>(this.ptr + (<usize>this.len << 2), v); this.len++; }
  @inline last(): i32 { return this.get(this.len - 1); }
  @inline pop(): i32 { this.len--; return this.get(this.len); }
  clear(): void { this.len = 0; }
}

@final export class I64Vec {
  ptr: usize = 0;
  cap: i32 = 0;
  len: i32 = 0;
  constructor(initial: i32 = 16) { this.reserve(initial < 4 ? 4 : initial); }
  reserve(n: i32): void {
    if (n <= this.cap) return;
    let c = this.cap < 4 ? 4 : this.cap;
    while (c < n) c <<= 1;
    let p = heap.alloc(<usize>c << 3);
    if (this.len > 0) memory.copy(p, this.ptr, <usize>this.len << 3);
    this.ptr = p; this.cap = c;
  }
  @inline get(i: i32): i64 { return load<i64>(this.ptr + (<usize>i << 3)); }
  @inline set(i: i32, v: i64): void { store<i64>(this.ptr + (<usize>i << 3), v); }
  @inline push(v: i64): i32 {
    let i = this.len;
    if (i >= this.cap) this.reserve(i + 1);
    store<i64>(this.ptr + (<usize>i << 3), v);
    this.len = i + 1;
    return i;
  }
  resize(n: i32, v: i64): void {
    if (n > this.cap) this.reserve(n);
    for (let i = this.len; i < n; i++) store<i64>(this.ptr + (<usize>i << 3), v);
    this.len = n;
  }
  clear(): void { this.len = 0; }
}

@final export class U8Vec {
  ptr: usize = 0;
  cap: i32 = 0;
  len: i32 = 0;
  constructor(initial: i32 = 64) { this.reserve(initial < 16 ? 16 : initial); }
  reserve(n: i32): void {
    if (n <= this.cap) return;
    let c = this.cap < 16 ? 16 : this.cap;
    while (c < n) c = c < 0x40000000 ? c << 1 : 0x7ffffff0;
    let p = heap.alloc(<usize>c);
    if (this.len > 0) memory.copy(p, this.ptr, <usize>this.len);
    this.ptr = p; this.cap = c;
  }
  @inline get(i: i32): u8 { return load<u8>(this.ptr + <usize>i); }
  @inline set(i: i32, v: u8): void { store<u8>(this.ptr + <usize>i, v); }
  @inline push(v: u8): void {
    let i = this.len;
    if (i >= this.cap) this.reserve(i + 1);
    store<u8>(this.ptr + <usize>i, v);
    this.len = i + 1;
  }
  @inline pushUnchecked(v: u8): void { store<u8>(this.ptr + <usize>this.len, v); this.len++; }
  resize(n: i32, v: u8): void {
    if (n > this.cap) this.reserve(n);
    if (n > this.len) memory.fill(this.ptr + <usize>this.len, v, <usize>(n - this.len));
    this.len = n;
  }
  clear(): void { this.len = 0; }
}
