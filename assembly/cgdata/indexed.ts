// The indexed codegen data file (.cgdata) as LLVM 22 writes and reads it (CodeGenDataWriter,
// IndexedCodeGenDataReader; llvm-cgdata --merge / --convert / --show):
//
//   u64 magic "\xffcgdata\x81", u32 version (4), u32 data kinds (1 outlined hash tree,
//   2 stable function map), u64 offset of the outlined hash tree, u64 offset of the stable
//   function map (both from the start of the file; with no tree, both point just past this
//   32-byte header), then the parts present: the tree (tree.ts) and the map (record.ts).
import { OutBuf } from "../util/outbuf";
import { StableFunctionMap } from "./map";
import { putU32, putU64, patchU64, writeMapRecord, readMapRecord, RecordReader } from "./record";
import { OutlinedHashTree, readTree } from "./tree";

export const CGDATA_MAGIC: u64 = 0x81617461646763ff;
export const CGDATA_VERSION: u32 = 4;
export const KIND_OUTLINED_HASH_TREE: u32 = 1;
export const KIND_STABLE_FUNCTION_MAP: u32 = 2;
const HEADER_SIZE = 32;

// The file for tree t and map m (null: none), each part written when its flag says so
// (llvm-cgdata --merge leaves an empty part out; --convert writes what it read, even empty).
export function writeIndexed(t: OutlinedHashTree | null, withTree: bool, m: StableFunctionMap | null, withMap: bool, o: OutBuf): void {
  let kinds: u32 = (t != null && withTree ? KIND_OUTLINED_HASH_TREE : 0) | (m != null && withMap ? KIND_STABLE_FUNCTION_MAP : 0);
  putU64(o, CGDATA_MAGIC);
  putU32(o, CGDATA_VERSION);
  putU32(o, kinds);
  let treeAt = o.len;
  putU64(o, 0);
  let mapAt = o.len;
  putU64(o, 0);
  patchU64(o, treeAt, <u64>o.len);
  if ((kinds & KIND_OUTLINED_HASH_TREE) != 0) t!.write(o);
  patchU64(o, mapAt, <u64>o.len);
  if ((kinds & KIND_STABLE_FUNCTION_MAP) != 0) writeMapRecord(m!, o);
}

// What reading a .cgdata found.
@final export class IndexedInfo {
  version: u32 = 0;
  kinds: u32 = 0;
  treeOffset: u64 = 0;
  mapOffset: u64 = 0;
  error: string = "";
  @inline get hasOutlinedHashTree(): bool { return (this.kinds & KIND_OUTLINED_HASH_TREE) != 0; }
  @inline get hasStableFunctionMap(): bool { return (this.kinds & KIND_STABLE_FUNCTION_MAP) != 0; }
}

// True when the 8 bytes at p look like text (LLVM's test for its YAML form: printable or space).
function looksLikeText(p: usize, len: i32): bool {
  let n = len < 8 ? len : 8;
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (!((c >= 0x20 && c < 0x7f) || c == 9 || c == 10 || c == 11 || c == 12 || c == 13)) return false;
  }
  return true;
}

// Reads the .cgdata at p (len bytes) into t and m (an empty tree and map). Errors are worded as LLVM's
// (cgdata_error), with what was wrong after a colon where LLVM would not say.
export function readIndexed(p: usize, len: i32, t: OutlinedHashTree, m: StableFunctionMap): IndexedInfo {
  let info = new IndexedInfo();
  if (len == 0) { info.error = "empty codegen data"; return info; }
  let isIndexed = len >= 8 && load<u64>(p) == CGDATA_MAGIC;
  if (!isIndexed) {
    info.error = looksLikeText(p, len)
      ? "malformed codegen data: the text (YAML) form of codegen data is not read here; convert it with llvm-cgdata --convert --format binary"
      : "malformed codegen data";
    return info;
  }
  if (len < 24) { info.error = "invalid codegen data (file header is corrupt)"; return info; }
  info.version = load<u32>(p + 8);
  if (info.version > CGDATA_VERSION) { info.error = "unsupported codegen data version"; return info; }
  info.kinds = load<u32>(p + 12);
  info.treeOffset = load<u64>(p + 16);
  if (info.version >= 2) {
    if (len < HEADER_SIZE) { info.error = "invalid codegen data (file header is corrupt)"; return info; }
    info.mapOffset = load<u64>(p + 24);
  }
  if (info.hasOutlinedHashTree) {
    if (info.treeOffset >= <u64>len) { info.error = "end of File"; return info; }
    let r = new RecordReader(p, len);
    if (readTree(r, <i32>info.treeOffset, t) < 0) { info.error = "malformed codegen data: " + r.error; return info; }
  }
  if (info.hasStableFunctionMap) {
    if (info.mapOffset >= <u64>len) { info.error = "end of File"; return info; }
    if (info.version < 4) {
      info.error = "unsupported codegen data version: version " + info.version.toString() + " lays out its stable function map differently (LLVM 22 reads version 4)";
      return info;
    }
    let r = new RecordReader(p, len);
    if (readMapRecord(r, <i32>info.mapOffset, m) < 0) { info.error = "malformed codegen data: " + r.error; return info; }
  }
  return info;
}
