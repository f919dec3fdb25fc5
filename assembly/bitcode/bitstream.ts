// The LLVM bitstream container (docs/BitCodeFormat): a stream of bits, least significant first,
// holding nested blocks of records, each record either unabbreviated (a code and its operands as
// VBR6) or read through an abbreviation the stream defined earlier (in the block, or for every
// block of an id in the BLOCKINFO block). This file knows the container only; what the blocks and
// records of a module mean is the bitcode reader's business.
//
//   openStream(p, n)        the bytes at p: a bitcode wrapper header is skipped, the magic checked
//                           (a new cursor, `bs`: see Bitstream below)
//   advance()               the next entry of the current block: ENTRY_RECORD (its abbreviation id
//                           in `bs.entryAbbrev`), ENTRY_BLOCK (the id in `bs.entryBlock`, enterBlock()
//                           or skipBlock() next), ENTRY_END (the block closed) or ENTRY_ERROR;
//                           DEFINE_ABBREV records and BLOCKINFO blocks are read on the way
//   readRecord(abbrev)      the record's code; its operands in `bs.ops`, a blob in bs.blobPtr/blobLen
//
// Every read checks the input's end: a malformed stream gives an error naming the block and the
// bit offset (`bsError`), never a read past the buffer. The input needs 8 readable bytes after its
// end (the host's padded input buffer has them): a field is read with one unaligned 64-bit load.
import { I32Vec, I64Vec } from "../util/vec";

export const ENTRY_ERROR: i32 = 0, ENTRY_END: i32 = 1, ENTRY_BLOCK: i32 = 2, ENTRY_RECORD: i32 = 3;

// Abbreviation ids every block has.
const END_BLOCK: i32 = 0, ENTER_SUBBLOCK: i32 = 1, DEFINE_ABBREV: i32 = 2, UNABBREV_RECORD: i32 = 3;
export const FIRST_APPLICATION_ABBREV: i32 = 4;
// Operand encodings of an abbreviation.
const OP_LITERAL: i64 = 0, OP_FIXED: i64 = 1, OP_VBR: i64 = 2, OP_ARRAY: i64 = 3, OP_CHAR6: i64 = 4, OP_BLOB: i64 = 5;
export const BLOCKINFO_BLOCK_ID: i32 = 0;
const BLOCKINFO_CODE_SETBID: i32 = 1;
// LLVM refuses fixed and VBR fields wider than this.
const MAX_CHUNK: i64 = 32;
// Nesting deeper than any writer produces is refused rather than followed.
const MAX_DEPTH: i32 = 64;

const WRAPPER_MAGIC: u32 = 0x0B17C0DE;
const BITCODE_MAGIC: u32 = 0xDEC04342;   // 'B' 'C' 0xC0 0xDE read as a little-endian word

// The cursor over one input: the stream, the first error, the open blocks, the abbreviations and
// the entry and record read last. One per read: openStream() makes it (a new object is the reset).
// Every field access of the reader's inner loops goes through it, so it lives at a fixed address in
// static memory like the text lexer (text/lexer.ts): a field is one load from a constant address.
@final export class Bitstream {
  // ---- the stream ----
  base: usize = 0;
  endBit: u64 = 0;        // bits in the stream
  pos: u64 = 0;           // the next bit to read
  streamStart: u64 = 0;   // bit offset of the stream in the input (after a wrapper header)

  // ---- errors: the first one is kept ----
  error: string = "";
  errorBit: u64 = 0;
  errorWhole: bool = false;   // about the whole file: no block or bit offset to name

  // ---- block scopes ----
  scopeBlock: I32Vec = new I32Vec();    // block id per open block (-1: the top level)
  scopeWidth: I32Vec = new I32Vec();    // abbreviation id width
  scopeEnd: I64Vec = new I64Vec();      // bit where the block ends
  scopeStart: I64Vec = new I64Vec();    // bit where the block's header starts
  scopeAbbrevBase: I32Vec = new I32Vec(); // its first entry in `visible`
  width: i32 = 2;                       // abbreviation id width of the current block

  // ---- abbreviations: every definition's operands, the ones visible in open blocks ----
  abbrevOpStart: I32Vec = new I32Vec();
  abbrevOpCount: I32Vec = new I32Vec();
  abbrevOps: I64Vec = new I64Vec();     // pairs: encoding, value
  visible: I32Vec = new I32Vec();       // abbreviation index by id - 4, per open block in turn
  infoBlocks: I32Vec = new I32Vec();    // BLOCKINFO: block id, abbreviation index pairs
  infoTarget: i32 = -1;                 // the block id BLOCKINFO's SETBID named last

  // ---- the current entry and record ----
  entryAbbrev: i32 = 0;
  entryBlock: i32 = 0;
  ops: I64Vec = new I64Vec(64);
  blobPtr: usize = 0;
  blobLen: i32 = 0;
  entryBit: u64 = 0;                    // where the entry advance() returned starts
  blockWords: u64 = 0;                  // the length of the block enterBlock() entered, in words
}
const BITSTREAM_SIZE: usize = 256;
export const bs: Bitstream = changetype<Bitstream>(memory.data(<i32>BITSTREAM_SIZE, 16));
// A new cursor (openStream calls it): the class's initial values are the reset.
function newBitstream(): void {
  assert(offsetof<Bitstream>() <= BITSTREAM_SIZE);
  memory.copy(changetype<usize>(bs), changetype<usize>(new Bitstream()), offsetof<Bitstream>());
}

export function bsError(): string { return bs.error; }
export function bsErrorBit(): u64 { return bs.errorBit; }
export function bsFailed(): bool { return bs.error.length > 0; }

// Is this input bitcode (raw or wrapped)? The check opt makes to pick its reader.
export function isBitcode(p: usize, n: i32): bool {
  if (n < 4) return false;
  let w = load<u32>(p);
  return w == BITCODE_MAGIC || w == WRAPPER_MAGIC;
}

// Block names for messages, as LLVM's headers name the ids.
export function blockName(id: i32): string {
  switch (id) {
    case -1: return "top level";
    case 0: return "BLOCKINFO_BLOCK";
    case 8: return "MODULE_BLOCK";
    case 9: return "PARAMATTR_BLOCK";
    case 10: return "PARAMATTR_GROUP_BLOCK";
    case 11: return "CONSTANTS_BLOCK";
    case 12: return "FUNCTION_BLOCK";
    case 13: return "IDENTIFICATION_BLOCK";
    case 14: return "VALUE_SYMTAB_BLOCK";
    case 15: return "METADATA_BLOCK";
    case 16: return "METADATA_ATTACHMENT_BLOCK";
    case 17: return "TYPE_BLOCK";
    case 18: return "USELIST_BLOCK";
    case 19: return "MODULE_STRTAB_BLOCK";
    case 20: return "GLOBALVAL_SUMMARY_BLOCK";
    case 21: return "OPERAND_BUNDLE_TAGS_BLOCK";
    case 22: return "METADATA_KIND_BLOCK";
    case 23: return "STRTAB_BLOCK";
    case 24: return "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK";
    case 25: return "SYMTAB_BLOCK";
    case 26: return "SYNC_SCOPE_NAMES_BLOCK";
  }
  return "block " + id.toString();
}

export function currentBlock(): i32 { return bs.scopeBlock.len > 0 ? bs.scopeBlock.get(bs.scopeBlock.len - 1) : -1; }
export function depth(): i32 { return bs.scopeBlock.len; }
export function currentWidth(): i32 { return bs.width; }
export function bitPos(): u64 { return bs.pos - bs.streamStart; }

// Records the first error, at the current bit (relative to the stream), and returns false.
export function fail(msg: string): bool {
  if (bs.error.length == 0) { bs.error = msg; bs.errorBit = bs.pos - bs.streamStart; }
  return false;
}
function failAt(msg: string, bit: u64): bool {
  if (bs.error.length == 0) { bs.error = msg; bs.errorBit = bit - bs.streamStart; }
  return false;
}

// An error about the file as a whole (opt's words, without a place).
export function failWhole(msg: string): bool {
  if (bs.error.length == 0) { bs.error = msg; bs.errorWhole = true; }
  return false;
}

// `msg` with where it happened, for the host's diagnostic.
export function bsErrorText(): string {
  if (bs.errorWhole) return bs.error;
  return bs.error + " (" + blockName(currentBlock()) + ", bit offset " + bs.errorBit.toString() + ")";
}

// Opens the bytes at p (n bytes, 8 readable bytes after them) as a bitstream: skips a wrapper
// header, checks the magic. False (with the error) when it is not bitcode.
export function openStream(p: usize, n: i32): bool {
  newBitstream();
  bs.base = p;
  let start: u32 = 0, size: u32 = <u32>n;
  if (n >= 4 && load<u32>(p) == WRAPPER_MAGIC) {
    // magic, version, offset, size, cputype: 32-bit little-endian fields
    if (n < 20) return fail("Invalid bitcode wrapper header");
    let off = load<u32>(p + 8), len = load<u32>(p + 12);
    if (<u64>off + <u64>len > <u64>n) return fail("Invalid bitcode wrapper header");
    start = off; size = len;
  }
  bs.streamStart = <u64>start << 3;
  bs.pos = bs.streamStart;
  bs.endBit = (<u64>start + <u64>size) << 3;
  // the stream is a whole number of 32-bit words
  if ((size & 3) != 0) return fail("Bitcode stream should be a multiple of 4 bytes in length");
  if (size < 4 || load<u32>(p + start) != BITCODE_MAGIC) return fail("Invalid bitcode signature");
  bs.pos += 32;
  bs.width = 2;
  return true;
}

export function atEnd(): bool { return bs.pos >= bs.endBit; }
// Whole bytes from the current position to the stream's end.
export function bytesLeft(): u64 { return bs.pos < bs.endBit ? (bs.endBit - bs.pos) >> 3 : 0; }

// Where the entry advance() returned last starts (an absolute bit), for seekTo.
export function entryStart(): u64 { return bs.entryBit; }
// Goes back to a top-level entry's start (from entryStart): the block scopes are closed, the
// BLOCKINFO abbreviations kept.
export function seekTo(bit: u64): void {
  bs.scopeBlock.len = 0; bs.scopeWidth.len = 0; bs.scopeEnd.len = 0; bs.scopeStart.len = 0; bs.scopeAbbrevBase.len = 0;
  bs.visible.len = 0; bs.width = 2;
  bs.pos = bit < bs.endBit ? bit : bs.endBit;
}

// n bits (n <= 32) as an unsigned value; 0 and an error past the end.
@inline export function readFixed(n: i32): u64 {
  if (bs.pos + <u64>n > bs.endBit) { fail("Unexpected end of bitcode"); bs.pos = bs.endBit; return 0; }
  let byte = bs.base + <usize>(bs.pos >> 3);
  let v = load<u64>(byte) >> (bs.pos & 7);
  bs.pos += <u64>n;
  return n == 0 ? 0 : v & ((<u64>1 << <u64>n) - 1);
}

// A variable-width integer in chunks of n bits (n <= 32), the top bit of each saying more follow.
// One 64-bit load holds at least 57 bits from the current one: a value whose chunks all lie in
// them is taken from that word; a longer one (or one near the end) is read chunk by chunk.
export function readVBR(n: i32): u64 {
  let p = bs.pos;
  let w = load<u64>(bs.base + <usize>(p >> 3)) >> (p & 7);
  let hi: u64 = <u64>1 << <u64>(n - 1);
  let chunk: u64 = (hi << 1) - 1;
  let result: u64 = 0;
  let used: i32 = 0, shift: u64 = 0;
  while (used + n <= 57) {
    let piece = w & chunk;
    used += n;
    result |= (piece & (hi - 1)) << shift;
    if ((piece & hi) == 0) {
      if (p + <u64>used > bs.endBit) break;
      bs.pos = p + <u64>used;
      return result;
    }
    shift += <u64>(n - 1);
    w >>= <u64>n;
  }
  return readVBRChunks(n);
}
function readVBRChunks(n: i32): u64 {
  let piece = readFixed(n);
  let hi: u64 = <u64>1 << <u64>(n - 1);
  if ((piece & hi) == 0) return piece;
  let mask = hi - 1;
  let result = piece & mask;
  let shift = <u64>(n - 1);
  while ((piece & hi) != 0) {
    piece = readFixed(n);
    if (bs.error.length > 0) return 0;
    let bits = piece & mask;
    if (shift >= 64 ? bits != 0 : shift > 0 && (bits >> (64 - shift)) != 0) {
      fail("Invalid record: a VBR value does not fit in 64 bits"); return 0;
    }
    if (shift < 64) result |= bits << shift;
    shift += <u64>(n - 1);
    if (shift > 128) { fail("Invalid record: a VBR value does not fit in 64 bits"); return 0; }
  }
  return result;
}

function alignTo32(): void {
  let rel = (bs.pos - bs.streamStart) & 31;
  if (rel != 0) bs.pos += 32 - rel;
  if (bs.pos > bs.endBit) { fail("Unexpected end of bitcode"); bs.pos = bs.endBit; }
}

// The next entry of the current block (see the header).
export function advance(): i32 {
  while (true) {
    if (bs.error.length > 0) return ENTRY_ERROR;
    if (bs.scopeBlock.len == 0 && bs.pos >= bs.endBit) { bs.entryAbbrev = END_BLOCK; return ENTRY_END; }
    if (bs.scopeBlock.len > 0 && bs.pos >= <u64>bs.scopeEnd.get(bs.scopeEnd.len - 1)) {
      failAt("Malformed block: it runs past its length", bs.pos);
      return ENTRY_ERROR;
    }
    bs.entryBit = bs.pos;
    let id = <i32>readFixed(bs.width);
    if (bs.error.length > 0) return ENTRY_ERROR;
    if (id == END_BLOCK) {
      if (bs.scopeBlock.len == 0) { fail("Malformed block: END_BLOCK at the top level"); return ENTRY_ERROR; }
      alignTo32();
      if (!popScope()) return ENTRY_ERROR;
      bs.entryAbbrev = END_BLOCK;
      return ENTRY_END;
    }
    if (id == ENTER_SUBBLOCK) {
      bs.entryBlock = <i32>readVBR(8);
      if (bs.error.length > 0) return ENTRY_ERROR;
      if (bs.entryBlock == BLOCKINFO_BLOCK_ID) { if (!readBlockInfo()) return ENTRY_ERROR; continue; }
      return ENTRY_BLOCK;
    }
    if (id == DEFINE_ABBREV) {
      if (bs.scopeBlock.len == 0) { fail("Malformed block: an abbreviation outside any block"); return ENTRY_ERROR; }
      let a = readAbbrev();
      if (a < 0) return ENTRY_ERROR;
      if (currentBlock() != BLOCKINFO_BLOCK_ID) { bs.visible.push(a); continue; }
      if (bs.infoTarget < 0) { fail("Invalid BLOCKINFO: an abbreviation before SETBID"); return ENTRY_ERROR; }
      bs.infoBlocks.push(bs.infoTarget); bs.infoBlocks.push(a);
      continue;
    }
    if (bs.scopeBlock.len == 0) { fail("Invalid bitcode: expected a block at the top level"); return ENTRY_ERROR; }
    bs.entryAbbrev = id;
    return ENTRY_RECORD;
  }
}

// After advance() gave ENTRY_BLOCK: reads the block's header and makes it the current block.
export function enterBlock(): bool {
  if (bs.error.length > 0) return false;
  let start = bs.entryBit;
  let w = <i32>readVBR(4);
  alignTo32();
  let words = readFixed(32);
  if (bs.error.length > 0) return false;
  if (w < 1 || <i64>w > MAX_CHUNK) return failAt("Malformed block: abbreviation width " + w.toString(), start);
  let end = bs.pos + (words << 5);
  let limit = bs.scopeEnd.len > 0 ? <u64>bs.scopeEnd.get(bs.scopeEnd.len - 1) : bs.endBit;
  if (end > limit) return failAt("Malformed block: " + blockName(bs.entryBlock) + " claims " + words.toString() + " words, more than the " + (bs.scopeEnd.len > 0 ? "enclosing block" : "file") + " has", start);
  if (bs.scopeBlock.len >= MAX_DEPTH) return failAt("Malformed block: nested too deeply", start);
  bs.scopeBlock.push(bs.entryBlock); bs.scopeWidth.push(bs.width); bs.scopeEnd.push(<i64>end); bs.scopeStart.push(<i64>start);
  bs.scopeAbbrevBase.push(bs.visible.len);
  bs.width = w;
  bs.blockWords = words;
  // the abbreviations BLOCKINFO gave this block id come first
  for (let i = 0; i < bs.infoBlocks.len; i += 2) if (bs.infoBlocks.get(i) == bs.entryBlock) bs.visible.push(bs.infoBlocks.get(i + 1));
  return true;
}

// After advance() gave ENTRY_BLOCK: jumps over the block.
export function skipBlock(): bool {
  if (bs.error.length > 0) return false;
  let start = bs.entryBit;
  readVBR(4);
  alignTo32();
  let words = readFixed(32);
  if (bs.error.length > 0) return false;
  let end = bs.pos + (words << 5);
  let limit = bs.scopeEnd.len > 0 ? <u64>bs.scopeEnd.get(bs.scopeEnd.len - 1) : bs.endBit;
  if (end > limit) return failAt("Malformed block: " + blockName(bs.entryBlock) + " claims " + words.toString() + " words, more than the " + (bs.scopeEnd.len > 0 ? "enclosing block" : "file") + " has", start);
  bs.pos = end;
  return true;
}

function popScope(): bool {
  let k = bs.scopeBlock.len - 1;
  if (bs.pos != <u64>bs.scopeEnd.get(k)) return fail("Malformed block: END_BLOCK where its length says it does not end");
  bs.width = bs.scopeWidth.get(k);
  bs.visible.len = bs.scopeAbbrevBase.get(k);
  bs.scopeBlock.len = k; bs.scopeWidth.len = k; bs.scopeEnd.len = k; bs.scopeStart.len = k; bs.scopeAbbrevBase.len = k;
  return true;
}

// DEFINE_ABBREV's body; the new abbreviation's index, -1 on error.
function readAbbrev(): i32 {
  let n = <i32>readVBR(5);
  if (bs.error.length > 0) return -1;
  if (n < 1) { fail("Invalid abbreviation: no operands"); return -1; }
  let start = bs.abbrevOps.len;
  for (let i = 0; i < n; i++) {
    let literal = readFixed(1);
    if (literal != 0) {
      let v = readVBR(8);
      bs.abbrevOps.push(OP_LITERAL); bs.abbrevOps.push(<i64>v);
    } else {
      let e = <i64>readFixed(3);
      if (e == OP_FIXED || e == OP_VBR) {
        let v = <i64>readVBR(5);
        if (v > MAX_CHUNK) { fail("Invalid abbreviation: fixed or VBR field wider than 32 bits"); return -1; }
        // a zero-width field reads as the literal 0
        if (v == 0) { bs.abbrevOps.push(OP_LITERAL); bs.abbrevOps.push(0); }
        else if (e == OP_VBR && v < 2) { fail("Invalid abbreviation: VBR width below 2"); return -1; }
        else { bs.abbrevOps.push(e); bs.abbrevOps.push(v); }
      } else if (e == OP_ARRAY || e == OP_CHAR6 || e == OP_BLOB) {
        bs.abbrevOps.push(e); bs.abbrevOps.push(0);
      } else { fail("Invalid abbreviation: encoding " + e.toString()); return -1; }
    }
    if (bs.error.length > 0) return -1;
  }
  let count = (bs.abbrevOps.len - start) >> 1;
  // an array is followed by its element's encoding, which ends the abbreviation; a blob ends it
  for (let i = 0; i < count; i++) {
    let e = bs.abbrevOps.get(start + 2 * i);
    if (e == OP_ARRAY) {
      if (i != count - 2) { fail("Invalid abbreviation: an array must be the next to last operand"); return -1; }
      let el = bs.abbrevOps.get(start + 2 * i + 2);
      if (el == OP_ARRAY || el == OP_BLOB) { fail("Invalid abbreviation: array of arrays or blobs"); return -1; }
    } else if (e == OP_BLOB && i != count - 1) { fail("Invalid abbreviation: a blob must be the last operand"); return -1; }
  }
  bs.abbrevOpStart.push(start); bs.abbrevOpCount.push(count);
  return bs.abbrevOpStart.len - 1;
}

// The next record of the current block, its sub-blocks skipped: its code, or REC_END at the end of
// the block, REC_ERROR when the stream is malformed (bsError says why). The record loop of every
// block that holds only records.
export const REC_END: i32 = -1, REC_ERROR: i32 = -2;
export function nextRecord(): i32 {
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return REC_ERROR;
    if (e == ENTRY_END) return REC_END;
    if (e == ENTRY_BLOCK) { if (!skipBlock()) return REC_ERROR; continue; }
    let code = readRecord(bs.entryAbbrev);
    if (bs.error.length > 0) return REC_ERROR;
    return code > 0x7fffffff ? 0x7fffffff : <i32>code;   // codes that large are unknown anyway
  }
}

// BLOCKINFO: SETBID names the block id the abbreviations that follow are for (advance() files
// them under infoTarget). A second BLOCKINFO (the next module of a multi-module file repeats it)
// is skipped, as LLVM's cursor does.
function readBlockInfo(): bool {
  if (bs.infoBlocks.len > 0) return skipBlock();
  if (!enterBlock()) return false;
  bs.infoTarget = -1;
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) return true;
    if (e == ENTRY_BLOCK) { if (!skipBlock()) return false; continue; }
    let code = readRecord(bs.entryAbbrev);
    if (bs.error.length > 0) return false;
    if (code == BLOCKINFO_CODE_SETBID) {
      if (bs.ops.len < 1) return fail("Invalid record: SETBID without a block id");
      bs.infoTarget = <i32>bs.ops.get(0);
    }
  }
}

// The record of abbreviation id `abbrev` (from advance()): its code; operands in `ops`, a blob in
// blobPtr/blobLen (blobLen -1 when it has none).
export function readRecord(abbrev: i32): u32 {
  bs.ops.clear(); bs.blobLen = -1; bs.blobPtr = 0;
  if (abbrev == UNABBREV_RECORD) {
    let code = <u32>readVBR(6);
    let n = readVBR(6);
    if (bs.error.length > 0) return 0;
    // each operand takes at least 6 bits: a count past what is left is malformed
    if (n > (bs.endBit - bs.pos) / 6) { fail("Invalid record: more operands than the block holds"); return 0; }
    bs.ops.reserve(<i32>n);
    for (let i: u64 = 0; i < n; i++) bs.ops.pushUnchecked(<i64>readVBR(6));
    return code;
  }
  let k = abbrev - FIRST_APPLICATION_ABBREV;
  let baseIdx = bs.scopeAbbrevBase.len > 0 ? bs.scopeAbbrevBase.get(bs.scopeAbbrevBase.len - 1) : 0;
  if (k < 0 || baseIdx + k >= bs.visible.len) { fail("Invalid abbreviation id " + abbrev.toString()); return 0; }
  let a = bs.visible.get(baseIdx + k);
  let start = bs.abbrevOpStart.get(a), count = bs.abbrevOpCount.get(a);
  let haveCode = false;
  let code: u32 = 0;
  for (let i = 0; i < count; i++) {
    let e = bs.abbrevOps.get(start + 2 * i), v = bs.abbrevOps.get(start + 2 * i + 1);
    if (e == OP_ARRAY) {
      let n = readVBR(6);
      let el = bs.abbrevOps.get(start + 2 * i + 2), ev = <i32>bs.abbrevOps.get(start + 2 * i + 3);
      if (bs.error.length > 0) return 0;
      if (n > bs.endBit - bs.pos) { fail("Invalid record: array longer than the block"); return 0; }
      bs.ops.reserve(bs.ops.len + <i32>n);
      for (let j: u64 = 0; j < n; j++) {
        let x = readScalar(el, ev);
        if (!haveCode) { code = <u32>x; haveCode = true; } else bs.ops.pushUnchecked(<i64>x);
      }
      break;
    }
    if (e == OP_BLOB) {
      let n = readVBR(6);
      alignTo32();
      if (bs.error.length > 0) return 0;
      if (bs.pos + (n << 3) > bs.endBit) { fail("Invalid record: blob past the end"); return 0; }
      bs.blobPtr = bs.base + <usize>(bs.pos >> 3); bs.blobLen = <i32>n;
      bs.pos += n << 3;
      alignTo32();
      break;
    }
    let x = e == OP_LITERAL ? <u64>v : readScalar(e, <i32>v);
    if (!haveCode) { code = <u32>x; haveCode = true; } else bs.ops.push(<i64>x);
  }
  if (!haveCode) { fail("Invalid record: no code"); return 0; }
  return code;
}

@inline function readScalar(e: i64, v: i32): u64 {
  if (e == OP_FIXED) return readFixed(v);
  if (e == OP_VBR) return readVBR(v);
  if (e == OP_CHAR6) return <u64>char6(<u32>readFixed(6));
  return <u64>v;  // literal inside an array
}

@inline function char6(c: u32): u32 {
  if (c < 26) return c + 97;        // a-z
  if (c < 52) return c - 26 + 65;   // A-Z
  if (c < 62) return c - 52 + 48;   // 0-9
  return c == 62 ? 46 : 95;         // . _
}
