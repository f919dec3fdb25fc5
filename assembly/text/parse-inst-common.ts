// What the instruction parsers share (parse-inst.ts dispatches on the opcode; the families are in
// parse-inst-control.ts, parse-inst-ops.ts, parse-inst-memory.ts and parse-inst-call.ts): the
// opcode keywords, creating an instruction from the operand stack, fast-math flags, orderings,
// sync scopes, alignments, and the pending definition and comma.
import { rd, fnScope, Reader } from "./reader";
import { lx, T, next } from "./lexer";
import { strtab } from "../ir/module";
import * as K from "./keywords";
import { error, errorI, eat, isWord, parseAlignment } from "./pstate";
import { localLookupName, localLookupNum } from "./parse-symbols";
import { VK, newValue, vKind, vType, iOp, appendOperand } from "../ir/values";
import {
  F_FMF_SHIFT, FMF_NNAN, FMF_NINF, FMF_NSZ, FMF_ARCP, FMF_CONTRACT, FMF_AFN, FMF_REASSOC, FMF_ALL, Ordering,
  OP_NAMES,
} from "../ir/opcodes";
import { setAlignBytes } from "../ir/inst";
import { T_VOID } from "../ir/types";
import { takeOverForwardUses } from "../ir/values";

// The value id a definition should take: a forward placeholder for this name, or new.
// The name or number the instruction being read defines; implicit, the number an unnamed one takes
// (when its type is not void). A forward placeholder of another type is left alone: the caller
// reports it once the instruction is read (LLParser's setInstName), see pendClash.
export function setPending(name: i32, num: i32, implicit: i32): void {
  let scope = fnScope;
  scope.pendName = name; scope.pendNum = num; scope.pendImplicit = implicit; scope.pendClash = -1;
}

// True once a load, store, alloca or atomic without `align` was parsed: only then does the
// module need ir/defaults.ts fillDefaults (a walk over every instruction).
export function setParsedAlign(i: i32, align: i64): void {
  if (align == 0) rd.missingAlign = true;
  setAlignBytes(i, align);
}

// A new reader's opcode keywords, by string id.
export function fillOpcodes(r: Reader): void {
  let ops = r.opcodeByStr;
  for (let i = 1; i < OP_NAMES.length; i++) {
    let s = strtab.internStr(OP_NAMES[i]);
    if (s >= ops.len) ops.resize(s + 1, 0);
    ops.set(s, i);
  }
}
export function instOpcode(s: i32): i32 { let ops = rd.opcodeByStr; return s < ops.len ? ops.get(s) : 0; }

// Creates the instruction value with operands stack[base..].
export function make(op: i32, type: i32, base: i32): i32 {
  let v = -1;
  let r = rd, scope = fnScope, pendName = scope.pendName, pendNum = scope.pendNum;
  if (pendName < 0 && pendNum == -1 && type != T_VOID) pendNum = scope.pendImplicit;
  if (pendName >= 0 || pendNum != -1) {
    let f = pendName >= 0 ? localLookupName(pendName) : localLookupNum(pendNum);
    if (f >= 0 && <i32>vKind.get(f) == VK.Forward) {
      if (vType.get(f) != type) {
        scope.pendClash = f;
      } else {
        v = f;
        vKind.set(v, <u8>VK.Inst);
        takeOverForwardUses(v, r.forwardUseOrder);
      }
    }
  }
  if (v < 0) v = newValue(VK.Inst, type);
  iOp.set(v, <u8>op);
  let stack = r.stack;
  let n = stack.len - base;
  for (let i = 0; i < n; i++) appendOperand(v, stack.get(base + i));
  stack.len = base;
  return v;
}

export function parseFMF(): i32 {
  let f = 0;
  while (lx.tok == T.Word) {
    let w = lx.tokStr;
    if (w == K.KW_nnan) f |= FMF_NNAN; else if (w == K.KW_ninf) f |= FMF_NINF; else if (w == K.KW_nsz) f |= FMF_NSZ;
    else if (w == K.KW_arcp) f |= FMF_ARCP; else if (w == K.KW_contract) f |= FMF_CONTRACT; else if (w == K.KW_afn) f |= FMF_AFN;
    else if (w == K.KW_reassoc) f |= FMF_REASSOC; else if (w == K.KW_fast) f |= FMF_ALL;
    else break;
    next();
  }
  return f << F_FMF_SHIFT;
}

export function parseOrdering(): i32 {
  if (lx.tok == T.Word) {
    let w = lx.tokStr;
    let o = w == K.KW_unordered ? Ordering.Unordered : w == K.KW_monotonic ? Ordering.Monotonic : w == K.KW_acquire ? Ordering.Acquire :
      w == K.KW_release ? Ordering.Release : w == K.KW_acq_rel ? Ordering.AcqRel : w == K.KW_seq_cst ? Ordering.SeqCst : -1;
    if (o > 0) { next(); return o; }
  }
  return errorI("Expected ordering on atomic instruction");
}
// Optional `syncscope("name")`; returns strId or -1 (system, which LLVM also names "").
export function parseSyncScope(): i32 {
  if (!isWord(K.KW_syncscope)) return -1;
  next();
  // (opt's messages here start with a capital)
  if (lx.tok != T.LParen) { error("Expected '(' in syncscope"); return -2; }
  next();
  if (lx.tok != T.String) { error("Expected synchronization scope name"); return -2; }
  let s = lx.tokStr; next();
  if (lx.tok != T.RParen) { error("Expected ')' in syncscope"); return -2; }
  next();
  return strtab.lenOf(s) == 0 ? -1 : s;
}
// `, align N` (after the comma has been seen and the word is align).
export function parseAlignValue(): i64 {
  next(); // align
  return parseAlignment(false);
}

// `, align N` after a memory instruction (0 when absent, -1 on error); a comma that starts the
// attachments is given back.
export function parseTrailingAlign(): i64 {
  let align: i64 = 0;
  while (eat(T.Comma)) {
    if (lx.tok == T.MetadataVar) { putBackComma(); break; }
    if (!isWord(K.KW_align)) { error("expected metadata or 'align'"); return -1; }
    align = parseAlignValue(); if (align < 0) return -1;
  }
  return align;
}

// Parses the instruction at the current token (its opcode word). Returns the instruction id or -1.
// `isTerm` is set for terminators.
export function markTerminator(): void { fnScope.lastWasTerminator = true; }
// A comma consumed by a list loop that belongs to the trailing attachments.
export function putBackComma(): void { fnScope.pendingComma = true; }
export function resetPendingComma(): void { fnScope.pendingComma = false; }

