// What reading a module builds up whichever serialisation it comes from: the text parser (text/)
// and the bitcode reader (bitcode/) share it, so neither reaches into the other. The one node
// wrapping each value and each string, the composite types ODR uniquing merges at the end of the
// module, the blocks LLVM numbers ahead of their order (block-order.ts), and the scratch of the cast folding (const-fold.ts) and the auto-upgrades (upgrade.ts).
// The text parser's own state is text/reader.ts's Reader; the bitcode reader's, bitcode/read-state.ts.
import { I32Vec, U8Vec } from "../util/vec";
import { strtab } from "./module";
import { MK, MDF_DISTINCT, mdKind, mdA, mdFlags, mdOps, mdNOps, mdPool, newMD, FV_RAW } from "./metadata";
import { VK, vKind, vA, vFirstUse, valueCount, replaceAllUsesWith } from "./values";
import { getMDValue, isConstant } from "./constants";

@final export class ModuleReading {
  // the node `!{value}` / `!"string"` of each value / string id, made on first use (-1: none yet)
  mdForValue: I32Vec = new I32Vec();
  mdForString: I32Vec = new I32Vec();
  // the DICompositeTypes in reading order (odrUniqueTypes), and the names it reads
  odrTypes: I32Vec = new I32Vec();
  S_COMPOSITE: i32 = -1; S_IDENTIFIER: i32 = -1; S_TAG: i32 = -1; S_FLAGS: i32 = -1;
  // cast folding (const-fold.ts foldCast)
  castOps: I32Vec = new I32Vec(1);
  castWords: I32Vec = new I32Vec(1);
  // auto-upgrades (upgrade.ts)
  lifetimeArgs: I32Vec = new I32Vec(2);
  paramScratch: I32Vec = new I32Vec(1);
  nameBuf: U8Vec = new U8Vec(64);
  // block value -> the rank LLVM's reader numbers it by, or -1 (ir/block-order.ts)
  earlyRank: I32Vec = new I32Vec();
}

// The session's reading state, at a fixed address in static memory like text/reader.ts's `rd`
// (a field read is one load, not two through a global). newModuleReading copies a new object
// there: the class's initial values are the reset.
const READING_SIZE: usize = 64;
export const reading: ModuleReading = changetype<ModuleReading>(memory.data(<i32>READING_SIZE, 16));

// A new reading state for the next module. text/reset.ts calls it after the keywords, where these
// names were always interned (string ids must not move).
export function newModuleReading(): void {
  assert(offsetof<ModuleReading>() <= READING_SIZE);
  memory.copy(changetype<usize>(reading), changetype<usize>(new ModuleReading()), offsetof<ModuleReading>());
  reading.S_COMPOSITE = strtab.internStr("DICompositeType"); reading.S_IDENTIFIER = strtab.internStr("identifier");
  reading.S_TAG = strtab.internStr("tag"); reading.S_FLAGS = strtab.internStr("flags");
}

export function mdForValueId(v: i32): i32 { return memoMD(reading.mdForValue, MK.Value, v); }
export function mdForStringId(s: i32): i32 { return memoMD(reading.mdForString, MK.String, s); }
// The one node of `kind` wrapping id `a` (a value or a string), made on first use.
function memoMD(memo: I32Vec, kind: MK, a: i32): i32 {
  memo.fit(a + 1, -1);
  let m = memo.get(a);
  if (m >= 0) return m;
  m = newMD(kind, a);
  memo.set(a, m);
  return m;
}

// ODR uniquing of debug types, which opt turns on: the first DICompositeType with a given
// `identifier:` becomes distinct and stands for every later one with that identifier and tag; a
// forward declaration standing for a later definition takes the definition's fields. Run at the
// end of the module over the composite types in the order they were read; returns the merges as
// (from, to) pairs for uniqueMetadata.
export function odrUniqueTypes(): I32Vec {
  let merges = new I32Vec();
  let firstById = new I32Vec();
  for (let i = 0; i < reading.odrTypes.len; i++) {
    let m = reading.odrTypes.get(i);
    let id = rawField(m, reading.S_IDENTIFIER);
    if (id < 0) continue;
    firstById.fit(id + 1, -1);
    let first = firstById.get(id);
    if (first < 0) { firstById.set(id, m); mdFlags.set(m, <u8>(mdFlags.get(m) | MDF_DISTINCT)); continue; }
    if (rawField(first, reading.S_TAG) != rawField(m, reading.S_TAG)) continue;
    if (isForwardDecl(first) && !isForwardDecl(m)) { mdOps.set(first, mdOps.get(m)); mdNOps.set(first, mdNOps.get(m)); }
    merges.push(m); merges.push(first);
  }
  return merges;
}
// The raw text id of field `name` of node m, or -1.
function rawField(m: i32, name: i32): i32 {
  let s = mdOps.get(m), n = mdNOps.get(m);
  for (let i = 0; i < n; i++) if (mdPool.get(s + 3 * i) == name && mdPool.get(s + 3 * i + 1) == FV_RAW) return mdPool.get(s + 3 * i + 2);
  return -1;
}
function isForwardDecl(m: i32): bool {
  let f = rawField(m, reading.S_FLAGS);
  if (f < 0) return false;
  let p = strtab.ptrOf(f), n = strtab.lenOf(f);
  // DIFlagFwdDecl as one of the `|`-separated flags
  let w = "DIFlagFwdDecl";
  for (let i = 0; i + w.length <= n; i++) {
    let k = 0;
    while (k < w.length && <i32>load<u8>(p + <usize>(i + k)) == w.charCodeAt(k)) k++;
    if (k == w.length && (i + k == n || load<u8>(p + <usize>(i + k)) == 32)) return true;
  }
  return false;
}

// MetadataAsValue::get's canonical form, for every `metadata` operand read: a node of one operand
// that is a constant stands for that constant (`metadata !{i32 1}` is `metadata i32 1`), and a
// node of one null operand for the empty node. Run at the end of the module, when forward
// references are resolved; the uses move to the canonical value.
export function canonicalizeMetadataValues(): void {
  let n = valueCount();
  let empty = -1;
  for (let v = 0; v < n; v++) {
    if (<i32>vKind.get(v) != VK.MDValue || vFirstUse.get(v) < 0) continue;
    let m = vA.get(v);
    if (m < 0 || <i32>mdKind.get(m) != MK.Tuple || mdNOps.get(m) != 1) continue;
    let o = mdPool.get(mdOps.get(m));
    let to = -1;
    if (o < 0) {
      if (empty < 0) empty = newMD(MK.Tuple, -1);
      to = empty;
    } else if (<i32>mdKind.get(o) == MK.Value && isConstant(mdA.get(o))) to = o;
    if (to >= 0) replaceAllUsesWith(v, getMDValue(to));
  }
}
