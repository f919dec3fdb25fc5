// Instructions: one parse function per instruction family. Operands are collected on the
// shared stack and copied into the operand pool when the instruction is created, so nested
// constants (which also take pool slots) never interleave with an instruction's operands.
// This file dispatches on the opcode; what the families share is in parse-inst-common.ts, the
// families in parse-inst-control.ts, parse-inst-ops.ts, parse-inst-memory.ts and parse-inst-call.ts.
import { rd, fnScope } from "./reader";
import { lx, T, next } from "./lexer";
import * as K from "./keywords";
import { errorI, errorAtI, expect, checkVersion } from "./pstate";
import { parseType } from "./parse-types";
import { parseTypeAndValue } from "./parse-values";
import { T_VOID, isFP, scalarType, isFirstClass } from "../ir/types";
import { vType, iFlags } from "../ir/values";
import { Op, isBinary, isCast, OP_NAMES, opcodeSince } from "../ir/opcodes";
import {
  parseAggregateOp, parseBinary, parseCast, parseCompare, parsePhi, parseSelect, parseVectorOp
} from "./parse-inst-ops";
import {
  parseAlloca, parseAtomicRMW, parseCmpXchg, parseFence, parseGEP, parseLoad, parseStore
} from "./parse-inst-memory";
import {
  parseBr, parseCatchRet, parseCatchSwitch, parseCleanupRet, parseIndirectBr, parseLandingPad, parsePad,
  parseRet, parseSwitch
} from "./parse-inst-control";
import { parseCallLike } from "./parse-inst-call";
import { instOpcode, make, parseFMF, markTerminator } from "./parse-inst-common";

export function parseInstruction(): i32 {
  fnScope.lastWasTerminator = false;
  let tail = 0;
  if (lx.tok == T.Word && (lx.tokStr == K.KW_tail || lx.tokStr == K.KW_musttail || lx.tokStr == K.KW_notail)) {
    tail = lx.tokStr == K.KW_tail ? 1 : lx.tokStr == K.KW_musttail ? 2 : 3;
    next();
    if (!(lx.tok == T.Word && instOpcode(lx.tokStr) == Op.Call)) return errorI("expected 'tail call', 'musttail call', or 'notail call'");
  }
  if (lx.tok != T.Word) return errorI("expected instruction opcode");
  let op = instOpcode(lx.tokStr);
  if (op == Op.None) return errorI("expected instruction opcode");
  if (!checkVersion(OP_NAMES[op], opcodeSince(op))) return -1;
  let opLoc = lx.tokStart;
  next();
  switch (op) {
    case Op.Ret: return parseRet();
    case Op.Br: return parseBr();
    case Op.Switch: return parseSwitch();
    case Op.IndirectBr: return parseIndirectBr();
    case Op.Invoke: return parseCallLike(Op.Invoke, 0);
    case Op.CallBr: return parseCallLike(Op.CallBr, 0);
    case Op.Call: return parseCallLike(Op.Call, tail, tail != 0 ? opLoc : -1);
    case Op.Resume: { let base = rd.stack.len; let v = parseTypeAndValue(); if (v < 0) return -1; rd.stack.push(v); markTerminator(); return make(op, T_VOID, base); }
    case Op.Unreachable: { markTerminator(); return make(op, T_VOID, rd.stack.len); }
    case Op.CleanupRet: return parseCleanupRet();
    case Op.CatchRet: return parseCatchRet();
    case Op.CatchSwitch: return parseCatchSwitch();
    case Op.CleanupPad: case Op.CatchPad: return parsePad(op);
    case Op.FNeg: {
      let f = parseFMF();
      let base = rd.stack.len, vAt = lx.tokStart; let v = parseTypeAndValue(); if (v < 0) return -1;
      if (!isFP(scalarType(vType.get(v)))) return errorAtI("invalid operand type for instruction", vAt);
      rd.stack.push(v); let i = make(op, vType.get(v), base); if (i >= 0) iFlags.set(i, f); return i;
    }
    case Op.Alloca: return parseAlloca();
    case Op.Load: return parseLoad();
    case Op.Store: return parseStore();
    case Op.GetElementPtr: return parseGEP();
    case Op.Fence: return parseFence();
    case Op.AtomicCmpXchg: return parseCmpXchg();
    case Op.AtomicRMW: return parseAtomicRMW();
    case Op.ICmp: case Op.FCmp: return parseCompare(op);
    case Op.Phi: return parsePhi(opLoc);
    case Op.Select: return parseSelect(opLoc);
    case Op.VAArg: {
      let base = rd.stack.len; let v = parseTypeAndValue(); if (v < 0) return -1;
      if (!expect(T.Comma, "',' after vaarg operand")) return -1;
      let tyLoc = lx.tokStart;
      let t = parseType(false); if (t < 0) return -1;
      if (!isFirstClass(t)) return errorAtI("va_arg requires operand with first class type", tyLoc);
      rd.stack.push(v); return make(op, t, base);
    }
    case Op.ExtractElement: case Op.InsertElement: case Op.ShuffleVector: return parseVectorOp(op);
    case Op.ExtractValue: case Op.InsertValue: return parseAggregateOp(op);
    case Op.LandingPad: return parseLandingPad();
    case Op.Freeze: { let base = rd.stack.len; let v = parseTypeAndValue(); if (v < 0) return -1; rd.stack.push(v); return make(op, vType.get(v), base); }
    default: break;
  }
  if (isBinary(op)) return parseBinary(op);
  if (isCast(op)) return parseCast(op);
  return errorI("expected instruction opcode");
}
