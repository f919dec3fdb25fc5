// `wopt repo link` (repo-link.ts): the header of each stored text, the `;` lines passes/repo/pass.ts
// collectRecords writes before the fragment (what it holds, how its unnamed references, the globals
// a pass created, its custom attachment kinds and its shared distinct nodes are found), read into
// per-text tables. The shared metadata's text (passes/repo/pass.ts printSharedMetadata) has a header too.
import { I32Vec, U8Vec } from "../util/vec";
import { OutBuf } from "../util/outbuf";
import { strtab } from "../ir/module";
import { attachmentKind } from "../ir/metadata";

// Numbers the header gives the text's own numbering (tables are sized by them).
const MAX_NUMBER: i32 = 1 << 24;

function hexv(c: i32): i32 {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

// The headers of one link's texts (made by its RepoLinker): per item (a stored text, in the
// order the link takes them), what its header says, and the cursor over the line being read.
export class LinkHeaders {
  kindRank: I32Vec = new I32Vec();     // attachment kind -> its number in the full run, -1
  hSlot: U8Vec = new U8Vec();          // per item: 1 when the text holds its slot's definition
  hSucc: I32Vec = new I32Vec();        // per item: the successor's index in the full run, -1 none
  hRefStart: I32Vec = new I32Vec();    // per item: its unnamed references in hRefs (num, kind, arg)
  hRefs: I32Vec = new I32Vec();        // kind 0: slot (arg: offset of the key in hKeys); 1: unticketed (arg: ordinal)
  hKeys: OutBuf = new OutBuf();
  hAppStart: I32Vec = new I32Vec();    // per item: its `appended` lines in hApp (name strId, index)
  hApp: I32Vec = new I32Vec();
  private hNames: U8Vec = new U8Vec();   // the name being read
  hDistStart: I32Vec = new I32Vec();   // per item: its `distinct` lines in hDist
  hDist: I32Vec = new I32Vec();        // (local number, id in the full run, named rank or -1)
  hInto: I32Vec = new I32Vec();        // per item: strId of the function mergefunc gave its uses to, -1
  hMeta: I32Vec = new I32Vec();        // per item: offset in hKeys of its shared metadata's key, -1 none
  hSharedStart: I32Vec = new I32Vec(); // per item: its `shared` lines in hShared
  hShared: I32Vec = new I32Vec();      // (local number, number in the shared metadata)

  // A cursor over one header line.
  private cp: usize = 0;
  private ce: usize = 0;
  private peekc(): i32 { return this.cp < this.ce ? <i32>load<u8>(this.cp) : -1; }
  private skipSpaces(): void { while (this.cp < this.ce && load<u8>(this.cp) == 32) this.cp++; }
  private word(w: string): bool {
    this.skipSpaces();
    let n = w.length;
    if (this.cp + <usize>n > this.ce) return false;
    for (let i = 0; i < n; i++) if (<i32>load<u8>(this.cp + <usize>i) != w.charCodeAt(i)) return false;
    let after = this.cp + <usize>n;
    if (after < this.ce && load<u8>(after) != 32) return false;
    this.cp = after;
    return true;
  }
  private number(): i32 {
    this.skipSpaces();
    let v: i64 = 0, any = false;
    while (this.cp < this.ce) {
      let c = <i32>load<u8>(this.cp);
      if (c < 48 || c > 57) break;
      v = v * 10 + (c - 48); any = true; this.cp++;
      if (v > 0x7fffffff) return -1;
    }
    return any ? <i32>v : -1;
  }
  // A key: 32 hex digits into dst.
  private hexKey(dst: usize): bool {
    this.skipSpaces();
    if (this.cp + 32 > this.ce) return false;
    for (let i = 0; i < 16; i++) {
      let h = hexv(<i32>load<u8>(this.cp + <usize>(2 * i))), l = hexv(<i32>load<u8>(this.cp + <usize>(2 * i + 1)));
      if (h < 0 || l < 0) return false;
      store<u8>(dst + <usize>i, <u8>((h << 4) | l));
    }
    this.cp += 32;
    return true;
  }
  // A name after its sigil as the printer writes it (printer-types.ts printName): bare, or
  // quoted with \\ and \XX escapes. Returns its strId, -1 when malformed.
  private sigilName(sigil: i32): i32 {
    this.skipSpaces();
    if (this.peekc() != sigil) return -1;
    this.cp++;
    let b = this.hNames; b.clear();
    if (this.peekc() == 34) {
      this.cp++;
      while (true) {
        let c = this.peekc();
        if (c < 0) return -1;
        this.cp++;
        if (c == 34) break;
        if (c == 92 && this.cp + 1 < this.ce) {
          let h = hexv(<i32>load<u8>(this.cp)), l = hexv(<i32>load<u8>(this.cp + 1));
          if (h >= 0 && l >= 0) { b.push(<u8>((h << 4) | l)); this.cp += 2; continue; }
          if (load<u8>(this.cp) == 92) { b.push(92); this.cp++; continue; }
        }
        b.push(<u8>c);
      }
    } else {
      while (this.cp < this.ce && load<u8>(this.cp) != 32) { b.push(load<u8>(this.cp)); this.cp++; }
    }
    return strtab.intern(b.ptr, b.len);
  }

  // Reads the header of item i's text (p, n): fills the h* tables (and kindRank); returns false
  // when malformed.
  // A text without the header holds its slot's definition alone (an entry of another writer).
  readHeader(i: i32, p: usize, n: i32): bool {
    this.hRefStart.push(this.hRefs.len); this.hAppStart.push(this.hApp.len); this.hDistStart.push(this.hDist.len); this.hSharedStart.push(this.hShared.len);
    if (n == 0) { this.hSlot.push(0); this.hSucc.push(-1); this.hInto.push(-1); this.hMeta.push(-1); return true; }   // erased in the full run
    let at: usize = p, end = p + <usize>n;
    let first = true, slot = 1, succ = -1, into = -1, meta = -1;
    while (at < end && load<u8>(at) == 59) {
      let e = at;
      while (e < end && load<u8>(e) != 10) e++;
      this.cp = at + 1; this.ce = e;
      let kind = first && this.word("repo") ? (this.word("metadata") ? 1 : this.word("fragment:") ? 2 : 0) : 0;
      if (kind == 1) {
        slot = 0;                                 // the shared metadata (passes/repo/pass.ts printSharedMetadata)
        this.skipSpaces();
        if (this.cp != this.ce) return false;
      } else if (kind == 2) {
        slot = 0;
        while (true) {
          if (this.word("slot")) { slot = 1; continue; }
          if (this.word("successor")) { succ = this.number(); if (succ < 0) return false; continue; }
          if (this.word("merged")) { into = this.sigilName(64); if (into < 0) return false; continue; }
          this.skipSpaces();
          if (this.cp != this.ce) return false;
          break;
        }
      } else if (!first) {
        this.skipSpaces();
        if (this.peekc() == 64) {                      // ; @<n> = slot <key> | unticketed <i>
          this.cp++;
          let num = this.number();
          if (num < 0 || num > MAX_NUMBER || !this.word("=")) return false;
          if (this.word("slot")) {
            let off = this.hKeys.len;
            for (let z = 0; z < 16; z++) this.hKeys.byte(0);
            if (!this.hexKey(this.hKeys.buf.ptr + <usize>off)) return false;
            this.hRefs.push(num); this.hRefs.push(0); this.hRefs.push(off);
          } else if (this.word("unticketed")) {
            let ord = this.number();
            if (ord < 0) return false;
            this.hRefs.push(num); this.hRefs.push(1); this.hRefs.push(ord);
          } else return false;
        } else if (this.word("appended")) {
          let nm = this.sigilName(64), idx = this.number();
          if (nm < 0 || idx < 0) return false;
          this.hApp.push(nm); this.hApp.push(idx);
        } else if (this.word("distinct")) {
          this.skipSpaces();
          if (this.peekc() != 33) return false;
          this.cp++;
          let num = this.number(), id = this.number(), rank = -1;
          if (num < 0 || num > MAX_NUMBER || id < 0) return false;
          if (this.word("named")) { rank = this.number(); if (rank < 0) return false; }
          this.hDist.push(num); this.hDist.push(id); this.hDist.push(rank);
        } else if (this.word("metadata")) {            // ; metadata <key>
          meta = this.hKeys.len;
          for (let z = 0; z < 16; z++) this.hKeys.byte(0);
          if (!this.hexKey(this.hKeys.buf.ptr + <usize>meta)) return false;
        } else if (this.word("shared")) {              // ; shared !<n> <i>
          this.skipSpaces();
          if (this.peekc() != 33) return false;
          this.cp++;
          let num = this.number(), idx = this.number();
          if (num < 0 || num > MAX_NUMBER || idx < 0) return false;
          this.hShared.push(num); this.hShared.push(idx);
        } else if (this.word("kind")) {
          let nm = this.sigilName(33), id = this.number();
          if (nm < 0 || id < 0) return false;
          let k = attachmentKind(nm);
          this.kindRank.fit(k + 1, -1);
          if (this.kindRank.get(k) < 0) this.kindRank.set(k, id);
        }
      }
      first = false;
      at = e < end ? e + 1 : e;
    }
    if (this.hShared.len > this.hSharedStart.last() && meta < 0) return false;
    this.hSlot.push(<u8>slot); this.hSucc.push(succ); this.hInto.push(into); this.hMeta.push(meta);
    return true;
  }

}