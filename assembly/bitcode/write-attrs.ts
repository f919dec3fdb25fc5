// Attributes in bitcode: the PARAMATTR_GROUP block (each attribute group's kinds and values, in
// LLVM's attribute codes) and the PARAMATTR block (the attribute lists as lists of groups).
import { zext64 } from "../util/bits";
import { I64Vec, I32Vec } from "../util/vec";
import { strtab } from "../ir/module";
import {
  setSize, setTag, setKey, setV0, setV1, AT, ATTR_KW, ATTR_ALIGN, ATTR_ALIGNSTACK, ATTR_MEMORY, ATTR_CAPTURES, ATTR_ALLOCKIND, ATTR_ALLOCSIZE, ATTR_VSCALE, FIRST_RANGELIST_ATTR,
} from "../ir/attributes";
import { decodeAlign } from "../ir/align";
import { decimalWords } from "./wide-int";
import { BcWriter, signedVBR, PARAMATTR_BLOCK, PARAMATTR_GROUP_BLOCK, ws } from "./write-base";

// LLVM's attribute kind codes (LLVMBitCodes.h ATTR_KIND_*), by our keyword.
const ATTR_CODES: string[] = [
  "align:1", "alwaysinline:2", "byval:3", "inlinehint:4", "inreg:5", "minsize:6", "naked:7", "nest:8", "noalias:9",
  "nobuiltin:10", "nocapture:11", "noduplicate:12", "noimplicitfloat:13", "noinline:14", "nonlazybind:15",
  "noredzone:16", "noreturn:17", "nounwind:18", "optsize:19", "readnone:20", "readonly:21", "returned:22",
  "returns_twice:23", "signext:24", "alignstack:25", "ssp:26", "sspreq:27", "sspstrong:28", "sret:29",
  "sanitize_address:30", "sanitize_thread:31", "sanitize_memory:32", "uwtable:33", "zeroext:34", "builtin:35",
  "cold:36", "optnone:37", "inalloca:38", "nonnull:39", "jumptable:40", "dereferenceable:41",
  "dereferenceable_or_null:42", "convergent:43", "safestack:44", "swiftself:46", "swifterror:47", "norecurse:48",
  "allocsize:51", "writeonly:52", "speculatable:53", "strictfp:54", "sanitize_hwaddress:55", "nocf_check:56",
  "optforfuzzing:57", "shadowcallstack:58", "speculative_load_hardening:59", "immarg:60", "willreturn:61",
  "nofree:62", "nosync:63", "sanitize_memtag:64", "preallocated:65", "nomerge:66", "null_pointer_is_valid:67",
  "noundef:68", "byref:69", "mustprogress:70", "nocallback:71", "hot:72", "noprofile:73", "vscale_range:74",
  "swiftasync:75", "nosanitize_coverage:76", "elementtype:77", "disable_sanitizer_instrumentation:78",
  "nosanitize_bounds:79", "allocalign:80", "allocptr:81", "allockind:82", "presplitcoroutine:83",
  "fn_ret_thunk_extern:84", "skipprofile:85", "memory:86", "nofpclass:87", "optdebug:88", "writable:89",
  "coro_only_destroy_when_complete:90", "dead_on_unwind:91", "range:92", "sanitize_numerical_stability:93",
  "initializes:94", "hybrid_patchable:95", "sanitize_realtime:96", "sanitize_realtime_blocking:97",
  "coro_elide_safe:98", "noext:99", "nodivergencesource:100", "sanitize_type:101", "captures:102",
  "dead_on_return:103", "sanitize_alloc_token:104", "nocreateundeforpoison:105",
];
function attrKindCode(kind: i32): i64 {
  if (ws.attrCode.len != ATTR_KW.length) {
    ws.attrCode = new I32Vec(ATTR_KW.length);
    ws.attrCode.resize(ATTR_KW.length, 0);
    for (let i = 0; i < ATTR_CODES.length; i++) {
      let p = ATTR_CODES[i].split(":");
      let k = ATTR_KW.indexOf(p[0]);
      if (k >= 0) ws.attrCode.set(k, I32.parseInt(p[1]));
    }
  }
  return ws.attrCode.get(kind);
}

const ALLOCKIND_WORDS: string[] = ["alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"];
function allocKindBits(s: i32): i64 {
  let text = String.UTF8.decodeUnsafe(strtab.ptrOf(s), strtab.lenOf(s));
  let parts = text.split(",");
  let bits: i64 = 0;
  for (let i = 0; i < parts.length; i++) {
    let k = ALLOCKIND_WORDS.indexOf(parts[i].trim());
    if (k >= 0) bits |= <i64>1 << k;
  }
  return bits;
}

function pushAttrValue(bw: BcWriter, set: i32, i: i32): void {
  let vals = bw.vals;
  let tag = setTag(set, i), key = setKey(set, i), v0 = setV0(set, i), v1 = setV1(set, i);
  if (tag == AT.String) {
    vals.push(v0 >= 0 ? 4 : 3);
    bw.pushChars(key); vals.push(0);
    if (v0 >= 0) { bw.pushChars(v0); vals.push(0); }
    return;
  }
  let code = attrKindCode(key);
  if (code == 0) { bw.fail("bitcode writer: attribute '" + ATTR_KW[key] + "' has no bitcode encoding"); return; }
  if (tag == AT.Enum) { vals.push(0); vals.push(code); return; }
  if (tag == AT.Type) {
    if (v0 < 0) { vals.push(5); vals.push(code); return; }
    vals.push(6); vals.push(code); vals.push(bw.typeId(v0)); return;
  }
  if (tag == AT.Range) {
    if (key == FIRST_RANGELIST_ATTR) { pushRangeList(bw, code, v0); return; }
    vals.push(7); vals.push(code);
    pushRangeText(bw, v0);
    return;
  }
  vals.push(1); vals.push(code);
  let v: i64;
  if (key == ATTR_ALIGN || key == ATTR_ALIGNSTACK) v = decodeAlign(v0);
  // LLVM 22 marks its encoding (with target memory locations) by bit 56
  else if (key == ATTR_MEMORY) v = bw.version >= 22 ? <i64>v0 | (<i64>1 << 56) : memory19(v0);
  else if (key == ATTR_CAPTURES) v = (<i64>v0 << 4) | <i64>v1;
  else if (key == ATTR_ALLOCKIND) v = allocKindBits(v0);
  else if (key == ATTR_ALLOCSIZE) v = (<i64>v0 << 32) | <i64>zext64(v1);
  else if (key == ATTR_VSCALE) v = (<i64>v0 << 32) | <i64>zext64(v1);
  else v = <i64>(zext64(v0) | (zext64(v1) << 32));
  vals.push(v);
}
// LLVM 19's memory effects: argmem, inaccessiblemem, other, two bits each.
function memory19(me: i32): i64 { return <i64>((me & 3) | (((me >> 2) & 3) << 2) | (((me >> 6) & 3) << 4)); }
// "iN lo, hi" -> bit width, lo, hi (signed VBR); wider than 64 bits: the active word counts
// (lower | upper << 32), then each bound's words
function pushRangeText(bw: BcWriter, s: i32): void {
  let text = String.UTF8.decodeUnsafe(strtab.ptrOf(s), strtab.lenOf(s));
  let sp = text.indexOf(" ");
  let width = I32.parseInt(text.substring(1, sp));
  let parts = text.substring(sp + 1).split(",");
  if (parts.length != 2) { bw.fail("bitcode writer: malformed range"); return; }
  bw.vals.push(width);
  if (width <= 64) {
    bw.vals.push(signedVBR(I64.parseInt(parts[0].trim())));
    bw.vals.push(signedVBR(I64.parseInt(parts[1].trim())));
    return;
  }
  let lo = new I64Vec(2), hi = new I64Vec(2);
  let a = String.UTF8.encode(parts[0].trim()), b = String.UTF8.encode(parts[1].trim());
  decimalWords(changetype<usize>(a), a.byteLength, width, lo);
  decimalWords(changetype<usize>(b), b.byteLength, width, hi);
  bw.vals.push(<i64>activeWords(lo) | (<i64>activeWords(hi) << 32));
  for (let i = 0; i < activeWords(lo); i++) bw.vals.push(signedVBR(lo.get(i)));
  for (let i = 0; i < activeWords(hi); i++) bw.vals.push(signedVBR(hi.get(i)));
}
function activeWords(w: I64Vec): i32 { let n = w.len; while (n > 1 && w.get(n - 1) == 0) n--; return n; }
// "(lo, hi), (lo, hi)" -> count, 64, (lo, hi)...
function pushRangeList(bw: BcWriter, code: i64, s: i32): void {
  let text = String.UTF8.decodeUnsafe(strtab.ptrOf(s), strtab.lenOf(s));
  let nums = text.replaceAll("(", "").replaceAll(")", "").split(",");
  let vals = bw.vals;
  vals.push(8); vals.push(code); vals.push(nums.length >> 1); vals.push(64);
  for (let i = 0; i + 1 < nums.length; i += 2) {
    vals.push(signedVBR(I64.parseInt(nums[i].trim()))); vals.push(signedVBR(I64.parseInt(nums[i + 1].trim())));
  }
}

export function writeAttributeGroups(bw: BcWriter): void {
  let g = bw.e.groups;
  let n = g.start.len;
  if (n == 0) return;
  let w = bw.w, vals = bw.vals;
  w.enterBlock(PARAMATTR_GROUP_BLOCK, 3);
  for (let id = 0; id < n; id++) {
    let set = g.at(id, 0), index = <i64>zext64(g.at(id, 1));
    vals.clear(); vals.push(id + 1); vals.push(index);
    for (let i = 0, k = setSize(set); i < k; i++) pushAttrValue(bw, set, i);
    w.record(3, vals);
  }
  w.endBlock();
}
export function writeAttributeLists(bw: BcWriter): void {
  let l = bw.e.lists;
  let n = l.start.len;
  if (n == 0) return;
  let w = bw.w, vals = bw.vals;
  w.enterBlock(PARAMATTR_BLOCK, 3);
  for (let id = 0; id < n; id++) {
    vals.clear();
    for (let i = 0, k = l.lenOf(id); i < k; i++) vals.push(l.at(id, i));
    w.record(2, vals);
  }
  w.endBlock();
}
