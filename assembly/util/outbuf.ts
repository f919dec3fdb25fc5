// The printer's output: one growable byte buffer the host reads once at the end.
import { U8Vec } from "./vec";
import { StrTab } from "./strtab";

@final export class OutBuf {
  buf: U8Vec = new U8Vec(1 << 16);
  @inline byte(c: i32): void { this.buf.push(<u8>c); }
  // ASCII literal text.
  str(s: string): void {
    let n = s.length;
    let b = this.buf;
    if (b.len + n > b.cap) b.reserve(b.len + n);
    let p = b.ptr + <usize>b.len;
    let q = changetype<usize>(s);
    let i = 0;
    // four UTF-16 code units (ASCII) at a time, packed into four bytes
    for (; i + 4 <= n; i += 4) {
      let x = load<u64>(q + (<usize>i << 1));
      store<u32>(p + <usize>i, <u32>((x & 0xff) | ((x >> 8) & 0xff00) | ((x >> 16) & 0xff0000) | ((x >> 24) & 0xff000000)));
    }
    for (; i < n; i++) store<u8>(p + <usize>i, <u8>load<u16>(q + (<usize>i << 1)));
    b.len += n;
  }
  // The text of a 16-byte slot whose last byte is its length (at most 15): the slot is copied
  // whole and the length counts only the text.
  @inline slot16(p: usize): void {
    let b = this.buf;
    if (b.len + 16 > b.cap) b.reserve(b.len + 16);
    let d = b.ptr + <usize>b.len;
    store<u64>(d, load<u64>(p)); store<u64>(d + 8, load<u64>(p + 8));
    b.len += <i32>load<u8>(p + 15);
  }
  // n copies of byte c (a label's padding to its `; preds` column).
  fill(c: i32, n: i32): void {
    let b = this.buf;
    if (b.len + n > b.cap) b.reserve(b.len + n);
    memory.fill(b.ptr + <usize>b.len, <u8>c, <usize>n);
    b.len += n;
  }
  bytes(p: usize, n: i32): void {
    let b = this.buf;
    if (b.len + n > b.cap) b.reserve(b.len + n);
    let d = b.ptr + <usize>b.len;
    // most pieces are a few bytes (names, numbers): a loop beats memory.copy's call there
    if (n <= 16) { for (let i = 0; i < n; i++) store<u8>(d + <usize>i, load<u8>(p + <usize>i)); }
    else memory.copy(d, p, <usize>n);
    b.len += n;
  }
  strId(tab: StrTab, id: i32): void { this.bytes(tab.ptrOf(id), tab.lenOf(id)); }
  u64(v: u64): void {
    if (v <= 0xffffffff) { this.u32(<u32>v); return; }
    let tmp = memory.data(24);
    let i = 24;
    while (v != 0) { i--; store<u8>(tmp + <usize>i, <u8>(48 + <i32>(v % 10))); v /= 10; }
    this.bytes(tmp + <usize>i, 24 - i);
  }
  // Decimal digits written straight into the buffer (32-bit division only).
  u32(v: u32): void {
    let nd = 1;
    for (let x = v; x >= 10; x /= 10) nd++;
    let b = this.buf;
    if (b.len + nd > b.cap) b.reserve(b.len + nd);
    let d = b.ptr + <usize>b.len;
    for (let i = nd - 1; i >= 0; i--) { store<u8>(d + <usize>i, <u8>(48 + v % 10)); v /= 10; }
    b.len += nd;
  }
  i64(v: i64): void {
    if (v < 0) { this.byte(45); this.u64(<u64>(-v)); } else this.u64(<u64>v);
  }
  // slot numbers, widths, counts: nearly always non-negative, written without the 64-bit path
  @inline int(v: i32): void { if (v >= 0) this.u32(<u32>v); else this.i64(<i64>v); }
  hex(v: u64, digits: i32, upper: bool): void {
    let tmp = memory.data(16);
    for (let i = digits - 1; i >= 0; i--) {
      let d = <i32>(v & 15); v >>= 4;
      store<u8>(tmp + <usize>i, <u8>(d < 10 ? 48 + d : (upper ? 55 : 87) + d));
    }
    this.bytes(tmp, digits);
  }
  // Binary blobs the host decodes: little-endian words, byte strings with a u32 length.
  le32(v: u32): void {
    let b = this.buf;
    if (b.len + 4 > b.cap) b.reserve(b.len + 4);
    store<u32>(b.ptr + <usize>b.len, v); b.len += 4;
  }
  leF64(v: f64): void {
    let b = this.buf;
    if (b.len + 8 > b.cap) b.reserve(b.len + 8);
    store<f64>(b.ptr + <usize>b.len, v); b.len += 8;
  }
  lenBytes(p: usize, n: i32): void { this.le32(<u32>n); this.bytes(p, n); }
  @inline get len(): i32 { return this.buf.len; }
  clear(): void { this.buf.len = 0; }
}
