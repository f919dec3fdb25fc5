// The names a text module defines and uses, where each stands: recorded by the parser as it
// resolves them (only when the host asked for it, for the language server), so definitions and
// references come from LLVM's own reading of the text, never from a pattern over it. One record
// per name token: what it names, definition or use, its byte range, its key (the interned name, or
// the number of a numbered one), its scope (the function value for locals) and, for a value's
// definition, its type. Function extents and block starts are recorded too (symbols, folding).
import { I32Vec } from "../util/vec";
import { OutBuf } from "../util/outbuf";
import { lx, T } from "./lexer";
import { rd, fnScope } from "./reader";
import { printType } from "./printer-types";
import { writer } from "./writer";

// what a record names (low 4 bits of its first word)
export const enum Sym {
  Local = 0,        // %x / %0 in a function: an instruction, argument or block
  Global = 1,       // @g / @0
  Metadata = 2,     // !0
  NamedMetadata = 3,// !name = !{...}
  AttrGroup = 4,    // #0
  Comdat = 5,       // $c
  Type = 6,         // %T / %0 at module level
  Function = 7,     // a function's extent: start at define/declare, end after '}' (or its name for a declaration)
  Block = 8,        // a block's start: its label, or its first instruction when unlabelled
  Inst = 9,         // an instruction's start (its name, or its opcode)
}
export const SYM_DEF: i32 = 1 << 4;      // a definition (else a use)
export const SYM_NUM: i32 = 1 << 5;      // the key is a number (else an interned name)
export const SYM_IMPLICIT: i32 = 1 << 6; // a number the text does not write (empty range at the definition)
export const SYM_LABEL: i32 = 1 << 7;    // a local that is a block
export const SYM_ARG: i32 = 1 << 8;      // a local that is an argument
export const SYM_DECLARE: i32 = 1 << 9;  // a function extent that is a declaration
export const SYM_VAR: i32 = 1 << 10;     // a global definition that is a variable
export const SYM_ALIAS: i32 = 1 << 11;   // a global definition that is an alias or ifunc
export const SYM_WORDS: i32 = 7;         // flags|kind, start, end, key, scope, type, value
// value: what a definition made (an instruction, argument, block or global's value id, a
// metadata node's id), so the host can place the verifier's messages, which name values; else -1

// scope of the arguments recorded before their function's value exists (fixed by setArgScope)
const PENDING_SCOPE: i32 = -2;

@final export class SymbolIndex {
  recs: I32Vec = new I32Vec(4096);
  argsFrom: i32 = 0; // the first record of the function header being read

  get count(): i32 { return this.recs.len / SYM_WORDS; }
  add(flags: i32, start: i32, end: i32, key: i32, scope: i32, type: i32, value: i32): void {
    let r = this.recs;
    r.push(flags); r.push(start); r.push(end); r.push(key); r.push(scope); r.push(type); r.push(value);
  }
}

// Reading without an index (every read but the language server's) pays one load and branch per
// name: the entry points below are inlined checks, the recording itself is out of line.
@inline export function indexing(): bool { return rd.index != null; }

// The current token as a record: named by its interned string, or numbered (key = the number).
@inline export function noteToken(kind: i32, flags: i32, scope: i32, type: i32, value: i32 = -1): void {
  if (rd.index != null) recordToken(kind, flags, scope, type, value);
}
function recordToken(kind: i32, flags: i32, scope: i32, type: i32, value: i32): void {
  let l = lx;
  let t = l.tok;
  let numbered = t == T.LocalID || t == T.GlobalID || t == T.LabelID || t == T.MetadataID || t == T.AttrGrpID;
  rd.index!.add(kind | flags | (numbered ? SYM_NUM : 0), l.tokStart, l.tokEnd, numbered ? <i32>l.tokNum : l.tokStr, scope, type, value);
}
// A record at a range read earlier: `name` >= 0 an interned name, else the number `num`.
@inline export function noteAt(kind: i32, flags: i32, start: i32, end: i32, name: i32, num: i32, scope: i32, type: i32, value: i32 = -1): void {
  if (rd.index != null) recordAt(kind, flags, start, end, name, num, scope, type, value);
}
function recordAt(kind: i32, flags: i32, start: i32, end: i32, name: i32, num: i32, scope: i32, type: i32, value: i32): void {
  rd.index!.add(kind | flags | (name >= 0 ? 0 : SYM_NUM), start, end, name >= 0 ? name : num, scope, type, value);
}
// A use of a local in the function being read.
@inline export function noteLocalUse(): void { if (rd.index != null) recordToken(Sym.Local, 0, fnScope.fnValue, -1, -1); }
@inline export function noteUse(kind: i32): void { if (rd.index != null) recordToken(kind, 0, -1, -1, -1); }

// A function header's arguments are read before the function's value exists.
export function beginArgs(): void { let ix = rd.index; if (ix != null) ix.argsFrom = ix.recs.len; }
@inline export function noteArg(start: i32, end: i32, name: i32, num: i32, type: i32, implicit: bool): void {
  if (rd.index != null) recordAt(Sym.Local, SYM_DEF | SYM_ARG | (implicit ? SYM_IMPLICIT : 0), start, end, name, num, PENDING_SCOPE, type, -1);
}
export function setArgScope(fn: i32): void {
  let ix = rd.index;
  if (ix == null) return;
  let r = ix.recs;
  for (let i = ix.argsFrom; i < r.len; i += SYM_WORDS) if (r.get(i + 4) == PENDING_SCOPE) r.set(i + 4, fn);
}
// The arguments' values, made in order from `first` (parse-function.ts createArgs).
export function setArgValues(first: i32): void {
  let ix = rd.index;
  if (ix == null) return;
  let r = ix.recs, n = 0;
  for (let i = ix.argsFrom; i < r.len; i += SYM_WORDS) if ((r.get(i) & SYM_ARG) != 0) r.set(i + 6, first + n++);
}

// The types the records name, as a table: "id<TAB>type\n" each.
export function symbolTypesText(): OutBuf {
  let out = new OutBuf();
  let ix = rd.index;
  if (ix == null) return out;
  let w = writer();
  let r = ix.recs;
  let seen = new Map<i32, bool>();
  for (let i = 0; i < r.len; i += SYM_WORDS) {
    let t = r.get(i + 5);
    if (t < 0 || seen.has(t)) continue;
    seen.set(t, true);
    out.int(t); out.byte(9); printType(w, out, t); out.byte(10);
  }
  return out;
}
// Records only the reads that follow (the host asks before each parse it wants them of).
export function startIndex(): void { rd.index = new SymbolIndex(); }
export function symbolWords(): I32Vec | null { let ix = rd.index; return ix == null ? null : ix.recs; }
