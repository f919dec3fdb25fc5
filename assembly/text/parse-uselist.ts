// `uselistorder` directives, at the top level (parser.ts) and at the end of function bodies
// (parse-function.ts), and the top level's `uselistorder_bb`.
import { I32Vec } from "../util/vec";
import { useCount, reorderUses, vKind, vA, VK, vFirstUse, opNext, opUser, iOp } from "../ir/values";
import { Op } from "../ir/opcodes";
import { gFirstBlock } from "../ir/globals";
import { lx, T, next } from "./lexer";
import * as K from "./keywords";
import { error, errorAt, expect, parseUInt32 } from "./pstate";
import { parseTypeAndValue } from "./parse-values";
import { globalLookupName, globalLookupNum } from "./parse-symbols";
import { findBlockByName } from "./parse-blockaddr";

// A directive at the current token (uselistorder or uselistorder_bb).
export function skipUseListOrder(): bool {
  if (lx.tokStr == K.KW_uselistorder) return parseUseListOrder();
  return parseUseListOrderBB();
}

// `uselistorder <type> <value>, { indexes }`: the value's uses are reordered, the use at position
// i of its list going to position indexes[i] (LLParser's sortUseListOrder); the bitcode writer
// keeps the order.
export function parseUseListOrder(): bool {
  if (lx.tok != T.Word || lx.tokStr != K.KW_uselistorder) return error("expected uselistorder directive");
  // the use counts are reported at the directive's keyword, as LLParser does
  let at = lx.tokStart;
  next();
  let v = parseTypeAndValue();
  if (v < 0) return false;
  if (!expect(T.Comma, "comma in uselistorder directive")) return false;
  let idx = new I32Vec(8);
  if (!parseIndexes(idx)) return false;
  if (!checkUseCount(useCount(v), idx.len, at)) return false;
  reorderUses(v, idx);
  return true;
}

// LLParser::sortUseListOrder's checks of the value's use count against the indexes.
function checkUseCount(n: i32, indexes: i32, at: i32): bool {
  if (n == 0) return errorAt("value has no uses", at);
  if (n < 2) return errorAt("value only has one use", at);
  if (n != indexes) return errorAt("wrong number of indexes, expected " + n.toString(), at);
  return true;
}

// A block's uses as LLVM counts them: terminators' and blockaddress's operands, not the incoming
// blocks of phis (operands here, no uses in LLVM).
function blockUseCount(b: i32): i32 {
  let n = 0;
  for (let s = vFirstUse.get(b); s >= 0; s = opNext.get(s)) {
    let u = opUser.get(s);
    if (<i32>vKind.get(u) == VK.Inst && <i32>iOp.get(u) == Op.Phi) continue;
    n++;
  }
  return n;
}

// LLParser::parseUseListOrderIndexes: `{ i, j, ... }`, at least two unsigned 32-bit indexes that
// sum as 0..n-1 does, none n or more, not already in order.
function parseIndexes(idx: I32Vec): bool {
  let listAt = lx.tokStart;
  if (!expect(T.LBrace, "'{' here")) return false;
  if (lx.tok == T.RBrace) return error("expected non-empty list of uselistorder indexes");
  let offset: u32 = 0, max: u32 = 0, ordered = true;
  while (true) {
    let i = parseUInt32();
    if (i < 0) return false;
    let u = <u32>i;
    offset += u - <u32>idx.len;
    if (u > max) max = u;
    if (u != <u32>idx.len) ordered = false;
    idx.push(<i32>u);
    if (lx.tok != T.Comma) break;
    next();
  }
  if (!expect(T.RBrace, "'}' here")) return false;
  if (idx.len < 2) return errorAt("expected >= 2 uselistorder indexes", listAt);
  if (offset != 0 || max >= <u32>idx.len) return errorAt("expected distinct uselistorder indexes in range [0, size)", listAt);
  if (ordered) return errorAt("expected uselistorder indexes to change the order", listAt);
  return true;
}

// `uselistorder_bb @f, %bb, { indexes }` (LLParser::parseUseListOrderBB): @f a function defined
// before, %bb one of its blocks by name, the indexes one per use of the block. Checked, then
// dropped (the order of a block's uses is not kept).
function parseUseListOrderBB(): bool {
  let at = lx.tokStart;
  next();
  let fnAt = lx.tokStart, fnTok = lx.tok, fnName = lx.tokStr, fnNum = lx.tokNum;
  if (!skipValID()) return false;
  if (!expect(T.Comma, "comma in uselistorder_bb directive")) return false;
  let bbAt = lx.tokStart, bbTok = lx.tok, bbName = lx.tokStr;
  if (!skipValID()) return false;
  if (!expect(T.Comma, "comma in uselistorder_bb directive")) return false;
  let idx = new I32Vec(8);
  if (!parseIndexes(idx)) return false;
  if (fnTok != T.GlobalVar && fnTok != T.GlobalID) return errorAt("expected function name in uselistorder_bb", fnAt);
  let f = fnTok == T.GlobalVar ? globalLookupName(fnName) : globalLookupNum(<i32>fnNum);
  if (f < 0 || <i32>vKind.get(f) == VK.Forward) return errorAt("invalid function forward reference in uselistorder_bb", fnAt);
  if (<i32>vKind.get(f) != VK.Function) return errorAt("expected function name in uselistorder_bb", fnAt);
  let g = vA.get(f);
  if (gFirstBlock.get(g) < 0) return errorAt("invalid declaration in uselistorder_bb", fnAt);
  if (bbTok == T.LocalID) return errorAt("invalid numeric label in uselistorder_bb", bbAt);
  if (bbTok != T.LocalVar) return errorAt("expected basic block name in uselistorder_bb", bbAt);
  let found = findBlockByName(g, bbName);
  if (found == -1) return errorAt("invalid basic block in uselistorder_bb", bbAt);
  if (found == -2) return errorAt("expected basic block in uselistorder_bb", bbAt);
  return checkUseCount(blockUseCount(found), idx.len, at);
}

// One value reference read as LLParser::parseValID does without a function: a name or number, a
// number or a constant keyword (the single-token forms).
function skipValID(): bool {
  let t = lx.tok;
  if (t == T.GlobalVar || t == T.GlobalID || t == T.LocalVar || t == T.LocalID || t == T.Int || t == T.Float || t == T.String) { next(); return true; }
  if (t == T.Word && (lx.tokStr == K.KW_null || lx.tokStr == K.KW_true || lx.tokStr == K.KW_false || lx.tokStr == K.KW_undef ||
      lx.tokStr == K.KW_poison || lx.tokStr == K.KW_zeroinitializer || lx.tokStr == K.KW_none)) { next(); return true; }
  return error("expected value token");
}
