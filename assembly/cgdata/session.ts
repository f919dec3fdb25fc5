// The host's codegen data session (index.ts `cgdata*` exports, ABI.md "Codegen data"): one map
// the host builds, merges into, finalizes, reads from a .cgdata file and writes out, and the
// blobs it crosses the boundary in.
import { OutBuf } from "../util/outbuf";
import { I32Vec } from "../util/vec";
import { StableFunctionMap, MergeThresholds, MapSize } from "./map";
import { putU32, putU64, writeMapRecord, mergeSectionContents, readMapRecord, RecordReader } from "./record";
import { writeIndexed, readIndexed } from "./indexed";
import { OutlinedHashTree, readTree } from "./tree";

// What cgdataWrite writes.
export const enum CGWrite {
  Merged = 0,    // the .cgdata llvm-cgdata --merge writes (the map part only when it is not empty)
  Converted = 1, // the .cgdata llvm-cgdata --convert writes (the map part always)
  Record = 2,    // the serialized map alone: what global-merge-func embeds in __llvm_merge
  Describe = 3,  // the map for the host (describe below)
  Stored = 4,    // the same, functions in the order they were added, operand hashes as stored
  Tree = 5,      // the outlined hash tree for the host (describeTree below)
}

@final export class CGDataSession {
  map: StableFunctionMap = new StableFunctionMap();
  tree: OutlinedHashTree = new OutlinedHashTree();
  thresholds: MergeThresholds = new MergeThresholds();
  // the last .cgdata read: which parts it had, and its version
  hadOutlinedHashTree: bool = false;
  hadStableFunctionMap: bool = false;
  version: u32 = 0;
  error: string = "";
  out: OutBuf = new OutBuf();

  // The contents of one object's merge section (one or more serialized maps) merged into the map.
  mergeSection(p: usize, len: i32): bool {
    if (this.map.finalized) { this.error = "cannot merge into a finalized stable function map"; return false; }
    let e = mergeSectionContents(this.map, p, len);
    if (e.length == 0) return true;
    this.error = "malformed codegen data: " + e;
    return false;
  }

  // The contents of one object's __llvm_outline section (one or more trees) merged into the tree.
  mergeOutlineSection(p: usize, len: i32): bool {
    let r = new RecordReader(p, len);
    let at = 0;
    while (at < len) {
      let local = new OutlinedHashTree();
      at = readTree(r, at, local);
      if (at < 0) { this.error = "malformed codegen data: " + r.error; return false; }
      this.tree.merge(local);
    }
    return true;
  }

  // Functions inserted as global-merge-func's analysis (or a YAML .cgdata) inserts them. Blob:
  // u32 count; per function u64 hash, function name and module name (u32 length, bytes), u32
  // instruction count, u32 operand hash count, per operand hash u32 instruction index, u32 operand
  // index, u64 hash.
  addFunctions(p: usize, len: i32): bool {
    let m = this.map;
    if (m.finalized) { this.error = "cannot insert into a finalized stable function map"; return false; }
    let at = 0;
    if (len < 4) return this.bad("truncated function count");
    let n = load<u32>(p);
    at = 4;
    for (let i: u32 = 0; i < n; i++) {
      if (at + 12 > len) return this.bad("truncated function " + i.toString());
      let h = load<u64>(p + <usize>at); at += 8;
      let fnLen = <i32>load<u32>(p + <usize>at); at += 4;
      if (fnLen < 0 || at + fnLen + 4 > len) return this.bad("truncated function name " + i.toString());
      let fnAt = at; at += fnLen;
      let modLen = <i32>load<u32>(p + <usize>at); at += 4;
      if (modLen < 0 || at + modLen + 8 > len) return this.bad("truncated module name " + i.toString());
      let modAt = at; at += modLen;
      let inst = load<u32>(p + <usize>at); at += 4;
      let np = load<u32>(p + <usize>at); at += 4;
      if (<u64>at + <u64>np * 16 > <u64>len) return this.bad("truncated operand hashes of function " + i.toString());
      m.beginFunctionNamed(h, p + <usize>fnAt, fnLen, p + <usize>modAt, modLen, inst);
      for (let k: u32 = 0; k < np; k++, at += 16) m.addOperandHash(load<u32>(p + <usize>at), load<u32>(p + <usize>at + 4), load<u64>(p + <usize>at + 8));
      m.endFunction();
    }
    if (at != len) return this.bad((len - at).toString() + " bytes after the functions");
    return true;
  }
  private bad(msg: string): bool { this.error = "malformed function list: " + msg; return false; }

  // Replaces the map with the one in the .cgdata file at p.
  readFile(p: usize, len: i32): bool {
    let m = new StableFunctionMap();
    let t = new OutlinedHashTree();
    let info = readIndexed(p, len, t, m);
    if (info.error.length > 0) { this.error = info.error; return false; }
    this.map = m;
    this.tree = t;
    this.hadOutlinedHashTree = info.hasOutlinedHashTree;
    this.hadStableFunctionMap = info.hasStableFunctionMap;
    this.version = info.version;
    return true;
  }

  // Replaces the map with the one serialized map at p (StableFunctionMapRecord::deserialize into
  // a map of its own: names keep their ids); the bytes must hold that map and nothing after it.
  readRecord(p: usize, len: i32): bool {
    let m = new StableFunctionMap();
    let r = new RecordReader(p, len);
    let end = readMapRecord(r, 0, m);
    if (end < 0) { this.error = "malformed codegen data: " + r.error; return false; }
    // (a map without names ends, for a reader, after its name count: the rest of an empty map's
    // 24 bytes is not looked at)
    if (end != len && !m.isEmpty()) { this.error = "malformed codegen data: " + (len - end).toString() + " bytes after the stable function map"; return false; }
    this.map = m;
    return true;
  }

  finalize(skipTrim: bool): void { this.map.finalize(skipTrim, this.thresholds); }

  write(kind: i32): OutBuf {
    let o = new OutBuf();
    this.out = o;
    let m = this.map;
    let t = this.tree;
    if (kind == CGWrite.Merged) writeIndexed(t, !t.isEmpty(), m, !m.isEmpty(), o);
    else if (kind == CGWrite.Converted) writeIndexed(t, this.hadOutlinedHashTree || !t.isEmpty(), m, this.hadStableFunctionMap || !m.isEmpty() || t.isEmpty(), o);
    else if (kind == CGWrite.Record) writeMapRecord(m, o);
    else if (kind == CGWrite.Tree) describeTree(t, o);
    else describe(m, o, kind == CGWrite.Stored);
    return o;
  }
}

// The map for the host: u32 unique hash count, total function count, mergeable function count
// (llvm-cgdata --show's three numbers); u32 name count, the names (u32 length, bytes) by id;
// u32 function count, per function in the serialized order: u64 hash, u32 function name id,
// u32 module name id, u32 instruction count, u32 operand hash count, per operand hash (in
// (instruction, operand) order) u32 instruction index, u32 operand index, u64 hash. `stored`:
// the functions in the order they were added (finalize's dropped ones left out), each one's
// operand hashes in the order LLVM's DenseMap of them iterates.
export function describe(m: StableFunctionMap, o: OutBuf, stored: bool = false): void {
  putU32(o, <u32>m.size(MapSize.UniqueHashCount));
  putU32(o, <u32>m.size(MapSize.TotalFunctionCount));
  putU32(o, <u32>m.size(MapSize.MergeableFunctionCount));
  putU32(o, <u32>m.nameCount());
  for (let i = 0; i < m.nameCount(); i++) o.lenBytes(m.namePtr(i), m.nameLen(i));
  let entries = new I32Vec(), pairs = new I32Vec();
  if (stored) m.liveEntries(entries); else m.sortedEntries(entries);
  putU32(o, <u32>entries.len);
  for (let i = 0; i < entries.len; i++) {
    let e = entries.get(i);
    putU64(o, m.hashOf(e));
    putU32(o, <u32>m.functionNameOf(e));
    putU32(o, <u32>m.moduleNameOf(e));
    putU32(o, m.instCountOf(e));
    if (stored) { pairs.clear(); for (let k = 0; k < m.pairCount(e); k++) pairs.push(k); }
    else m.sortedPairs(e, pairs);
    putU32(o, <u32>pairs.len);
    for (let k = 0; k < pairs.len; k++) {
      let j = pairs.get(k);
      putU32(o, m.pairInst(e, j)); putU32(o, m.pairOpnd(e, j)); putU64(o, m.pairHash(e, j));
    }
  }
}

// The tree for the host: u32 node count (root included), terminal node count, depth
// (llvm-cgdata --show's three numbers); then the serialized tree (tree.ts).
export function describeTree(t: OutlinedHashTree, o: OutBuf): void {
  putU32(o, <u32>t.nodeCount);
  putU32(o, <u32>t.terminalCount());
  putU32(o, <u32>t.depth());
  t.write(o);
}

// The host's session (index.ts `cgdata*`): one at a time, dropped when the core resets.
let hostSession: CGDataSession | null = null;
export function cgdataSession(): CGDataSession { if (hostSession == null) hostSession = new CGDataSession(); return hostSession!; }
export function newCGDataSession(): void { hostSession = new CGDataSession(); }
export function dropCGDataSession(): void { hostSession = null; }
// The stable function map of the .cgdata file the host read into the session, for global-merge-func
// under -codegen-data-use-path (LLVM's cgdata::hasStableFunctionMap): null when none was read or
// the file had no map.
export function loadedFunctionMap(): StableFunctionMap | null {
  let s = hostSession;
  return s != null && s.hadStableFunctionMap ? s.map : null;
}
