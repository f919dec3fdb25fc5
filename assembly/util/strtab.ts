// Interned byte strings. Every name, keyword, attribute key and string literal in a module is
// a dense i32 id; equal bytes get equal ids, so comparisons are integer compares.
import { Vec } from "./vec";
import { Interner } from "./intern";

@final export class StrTab extends Interner<u8> {
  constructor() { super(1 << 16, 1024, 4096); }
  @inline get bytes(): Vec<u8> { return this.pool; }
  // Interns an ASCII AssemblyScript string (used only for fixed keywords at start-up).
  internStr(s: string): i32 {
    let n = s.length;
    let p = heap.alloc(<usize>n);
    for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>s.charCodeAt(i));
    let id = this.intern(p, n);
    heap.free(p);
    return id;
  }
  eqStr(id: i32, s: string): bool {
    let n = s.length;
    if (this.lenOf(id) != n) return false;
    let p = this.ptrOf(id);
    for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != s.charCodeAt(i)) return false;
    return true;
  }
  startsWithStr(id: i32, prefix: string): bool {
    let n = prefix.length;
    if (id < 0 || this.lenOf(id) < n) return false;
    let p = this.ptrOf(id);
    for (let i = 0; i < n; i++) if (<i32>load<u8>(p + <usize>i) != prefix.charCodeAt(i)) return false;
    return true;
  }
  // Intrinsic name `base` itself or one of its overloads (`base.<types>`).
  isIntrinsicName(id: i32, base: string): bool {
    if (!this.startsWithStr(id, base)) return false;
    return this.lenOf(id) == base.length || load<u8>(this.ptrOf(id) + <usize>base.length) == 46;
  }
  // Byte-wise comparison of two interned strings (for sorting by name).
  compare(a: i32, b: i32): i32 {
    let la = this.lenOf(a), lb = this.lenOf(b);
    let n = la < lb ? la : lb;
    let c = memory.compare(this.ptrOf(a), this.ptrOf(b), <usize>n);
    if (c != 0) return c < 0 ? -1 : 1;
    return la == lb ? 0 : (la < lb ? -1 : 1);
  }
}
