// `wopt repo link` (link.ts): the header of each stored text, the `;` lines pass.ts
// collectRecords writes before the fragment (what it holds, how its unnamed references, the globals
// a pass created, its custom attachment kinds and its shared distinct nodes are found), read into
// per-text tables. The shared metadata's text (pass.ts printSharedMetadata) has a header too.
import { I32Vec, U8Vec } from "../util/vec";
import { OutBuf } from "../util/outbuf";
import { strtab } from "../ir/module";
import { attachmentKind } from "../ir/metadata";

export function resetLinkHeaders(): void {
  hSlot = new U8Vec(); hSucc = new I32Vec(); hRefStart = new I32Vec(); hRefs = new I32Vec(); hKeys = new OutBuf();
  hAppStart = new I32Vec(); hApp = new I32Vec(); hNames = new U8Vec(); hDistStart = new I32Vec(); hDist = new I32Vec();
  hInto = new I32Vec(); kindRank = new I32Vec(); hMeta = new I32Vec(); hSharedStart = new I32Vec(); hShared = new I32Vec();
}
export let kindRank: I32Vec = new I32Vec();     // attachment kind -> its number in the full run, -1
export let hSlot: U8Vec = new U8Vec();          // per item: 1 when the text holds its slot's definition
export let hSucc: I32Vec = new I32Vec();        // per item: the successor's index in the full run, -1 none
export let hRefStart: I32Vec = new I32Vec();    // per item: its unnamed references in hRefs (num, kind, arg)
export let hRefs: I32Vec = new I32Vec();        // kind 0: slot (arg: offset of the key in hKeys); 1: unticketed (arg: ordinal)
export let hKeys: OutBuf = new OutBuf();
export let hAppStart: I32Vec = new I32Vec();    // per item: its `appended` lines in hApp (name strId, index)
export let hApp: I32Vec = new I32Vec();
let hNames: U8Vec = new U8Vec();
export let hDistStart: I32Vec = new I32Vec();   // per item: its `distinct` lines in hDist
export let hDist: I32Vec = new I32Vec();        // (local number, id in the full run, named rank or -1)
export let hInto: I32Vec = new I32Vec();        // per item: strId of the function mergefunc gave its uses to, -1
export let hMeta: I32Vec = new I32Vec();        // per item: offset in hKeys of its shared metadata's key, -1 none
export let hSharedStart: I32Vec = new I32Vec(); // per item: its `shared` lines in hShared
export let hShared: I32Vec = new I32Vec();      // (local number, number in the shared metadata)

// Numbers the header gives the text's own numbering (tables are sized by them).
const MAX_NUMBER: i32 = 1 << 24;
// A cursor over one header line.
let cp: usize = 0;
let ce: usize = 0;
function peekc(): i32 { return cp < ce ? <i32>load<u8>(cp) : -1; }
function skipSpaces(): void { while (cp < ce && load<u8>(cp) == 32) cp++; }
function word(w: string): bool {
  skipSpaces();
  let n = w.length;
  if (cp + <usize>n > ce) return false;
  for (let i = 0; i < n; i++) if (<i32>load<u8>(cp + <usize>i) != w.charCodeAt(i)) return false;
  let after = cp + <usize>n;
  if (after < ce && load<u8>(after) != 32) return false;
  cp = after;
  return true;
}
function number(): i32 {
  skipSpaces();
  let v: i64 = 0, any = false;
  while (cp < ce) {
    let c = <i32>load<u8>(cp);
    if (c < 48 || c > 57) break;
    v = v * 10 + (c - 48); any = true; cp++;
    if (v > 0x7fffffff) return -1;
  }
  return any ? <i32>v : -1;
}
function hexv(c: i32): i32 {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}
// A key: 32 hex digits into dst.
function hexKey(dst: usize): bool {
  skipSpaces();
  if (cp + 32 > ce) return false;
  for (let i = 0; i < 16; i++) {
    let h = hexv(<i32>load<u8>(cp + <usize>(2 * i))), l = hexv(<i32>load<u8>(cp + <usize>(2 * i + 1)));
    if (h < 0 || l < 0) return false;
    store<u8>(dst + <usize>i, <u8>((h << 4) | l));
  }
  cp += 32;
  return true;
}
// A name after its sigil as the printer writes it (printer-types.ts printName): bare, or
// quoted with \\ and \XX escapes. Returns its strId, -1 when malformed.
function sigilName(sigil: i32): i32 {
  skipSpaces();
  if (peekc() != sigil) return -1;
  cp++;
  let b = hNames; b.clear();
  if (peekc() == 34) {
    cp++;
    while (true) {
      let c = peekc();
      if (c < 0) return -1;
      cp++;
      if (c == 34) break;
      if (c == 92 && cp + 1 < ce) {
        let h = hexv(<i32>load<u8>(cp)), l = hexv(<i32>load<u8>(cp + 1));
        if (h >= 0 && l >= 0) { b.push(<u8>((h << 4) | l)); cp += 2; continue; }
        if (load<u8>(cp) == 92) { b.push(92); cp++; continue; }
      }
      b.push(<u8>c);
    }
  } else {
    while (cp < ce && load<u8>(cp) != 32) { b.push(load<u8>(cp)); cp++; }
  }
  return strtab.intern(b.ptr, b.len);
}

// Reads the header of item i's text (p, n): fills the h* tables (and kindRank); returns false
// when malformed.
// A text without the header holds its slot's definition alone (an entry of another writer).
export function readHeader(i: i32, p: usize, n: i32): bool {
  hRefStart.push(hRefs.len); hAppStart.push(hApp.len); hDistStart.push(hDist.len); hSharedStart.push(hShared.len);
  if (n == 0) { hSlot.push(0); hSucc.push(-1); hInto.push(-1); hMeta.push(-1); return true; }   // erased in the full run
  let at: usize = p, end = p + <usize>n;
  let first = true, slot = 1, succ = -1, into = -1, meta = -1;
  while (at < end && load<u8>(at) == 59) {
    let e = at;
    while (e < end && load<u8>(e) != 10) e++;
    cp = at + 1; ce = e;
    let kind = first && word("repo") ? (word("metadata") ? 1 : word("fragment:") ? 2 : 0) : 0;
    if (kind == 1) {
      slot = 0;                                 // the shared metadata (pass.ts printSharedMetadata)
      skipSpaces();
      if (cp != ce) return false;
    } else if (kind == 2) {
      slot = 0;
      while (true) {
        if (word("slot")) { slot = 1; continue; }
        if (word("successor")) { succ = number(); if (succ < 0) return false; continue; }
        if (word("merged")) { into = sigilName(64); if (into < 0) return false; continue; }
        skipSpaces();
        if (cp != ce) return false;
        break;
      }
    } else if (!first) {
      skipSpaces();
      if (peekc() == 64) {                      // ; @<n> = slot <key> | unticketed <i>
        cp++;
        let num = number();
        if (num < 0 || num > MAX_NUMBER || !word("=")) return false;
        if (word("slot")) {
          let off = hKeys.len;
          for (let z = 0; z < 16; z++) hKeys.byte(0);
          if (!hexKey(hKeys.buf.ptr + <usize>off)) return false;
          hRefs.push(num); hRefs.push(0); hRefs.push(off);
        } else if (word("unticketed")) {
          let ord = number();
          if (ord < 0) return false;
          hRefs.push(num); hRefs.push(1); hRefs.push(ord);
        } else return false;
      } else if (word("appended")) {
        let nm = sigilName(64), idx = number();
        if (nm < 0 || idx < 0) return false;
        hApp.push(nm); hApp.push(idx);
      } else if (word("distinct")) {
        skipSpaces();
        if (peekc() != 33) return false;
        cp++;
        let num = number(), id = number(), rank = -1;
        if (num < 0 || num > MAX_NUMBER || id < 0) return false;
        if (word("named")) { rank = number(); if (rank < 0) return false; }
        hDist.push(num); hDist.push(id); hDist.push(rank);
      } else if (word("metadata")) {            // ; metadata <key>
        meta = hKeys.len;
        for (let z = 0; z < 16; z++) hKeys.byte(0);
        if (!hexKey(hKeys.buf.ptr + <usize>meta)) return false;
      } else if (word("shared")) {              // ; shared !<n> <i>
        skipSpaces();
        if (peekc() != 33) return false;
        cp++;
        let num = number(), idx = number();
        if (num < 0 || num > MAX_NUMBER || idx < 0) return false;
        hShared.push(num); hShared.push(idx);
      } else if (word("kind")) {
        let nm = sigilName(33), id = number();
        if (nm < 0 || id < 0) return false;
        let k = attachmentKind(nm);
        kindRank.fit(k + 1, -1);
        if (kindRank.get(k) < 0) kindRank.set(k, id);
      }
    }
    first = false;
    at = e < end ? e + 1 : e;
  }
  if (hShared.len > hSharedStart.last() && meta < 0) return false;
  hSlot.push(<u8>slot); hSucc.push(succ); hInto.push(into); hMeta.push(meta);
  return true;
}
