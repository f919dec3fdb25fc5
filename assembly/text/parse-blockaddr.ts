// blockaddress(@f, %bb) constants, whose block may belong to a function not parsed yet, and the
// ranks LLVM's numbering gives such blocks.
import { rd, fnScope } from "./reader";
import { I32Vec } from "../util/vec";
import { lx, T, next } from "./lexer";
import { errorI, errorAtI, expect } from "./pstate";
import { typeToString } from "./printer-types";
import { T_LABEL, T_PTR, isPtr } from "../ir/types";
import { VK, newValue, vKind, vType, vName, vA, vB, iNext } from "../ir/values";
import { Sym, noteUse, noteToken } from "./symbol-index";
import { getWithOperands } from "../ir/constants";
import { gFirstBlock, gFirstArg, gNumArgs } from "../ir/globals";
import { globalRef, localRef, notePos } from "./parse-symbols";

export function parseBlockAddress(type: i32): i32 {
  let loc = lx.tokStart;
  next();
  if (!expect(T.LParen, "'(' in block address expression")) return -1;
  if (lx.tok != T.GlobalVar && lx.tok != T.GlobalID) return errorI("expected function name in blockaddress");
  let fnAt = lx.tokStart;
  noteUse(Sym.Global);
  let f = lx.tok == T.GlobalVar ? globalRef(lx.tokStr, 0, T_PTR) : globalRef(-1, lx.tokNum, T_PTR);
  if (f < 0) return -1;
  next();
  if (!expect(T.Comma, "comma in block address expression")) return -1;
  if (lx.tok != T.LocalVar && lx.tok != T.LocalID) return errorI("expected basic block name in blockaddress");
  // the block is a local of f, not of the function being read
  noteToken(Sym.Local, 0, f, -1);
  // The block belongs to function f, which may not be parsed yet: keep a deferred reference.
  let bb = blockAddressTarget(f, lx.tok == T.LocalVar ? lx.tokStr : -1, lx.tok == T.LocalID ? <i32>lx.tokNum : -1, fnAt, type, loc);
  if (bb < 0) return -1;
  next();
  if (!expect(T.RParen, "')' in block address expression")) return -1;
  let base = rd.stack.len; rd.stack.push(f); rd.stack.push(bb);
  let v = getWithOperands(VK.BlockAddress, type, rd.stack, base, 2);
  rd.stack.len = base;
  return v;
}

// blockaddress(@f, %bb): when @f is the function being parsed, its local table resolves %bb;
// otherwise a placeholder block is recorded and bound when @f's body is parsed.
// (The blocks a blockaddress names before their function's body are ranked: ir/block-order.ts.)
function blockAddressTarget(f: i32, name: i32, num: i32, fnAt: i32, type: i32, loc: i32): i32 {
  if (fnScope.inFunction && f == fnScope.fnValue) {
    let v = name >= 0 ? localRef(name, 0, T_LABEL) : localRef(-1, num, T_LABEL);
    return v;
  }
  let fk = <i32>vKind.get(f);
  if (fk != VK.Forward && fk != VK.Function) return errorAtI("expected function name in blockaddress", fnAt);
  if (fk == VK.Function && gFirstBlock.get(vA.get(f)) < 0) return errorAtI("cannot take blockaddress inside a declaration", fnAt);
  if (fk == VK.Function) {
    // the function's body is already parsed: find the block now
    // (the repository link reads a stored global after the function it points into: the numbers
    // of that function's blocks are known, so it is found by number)
    if (name < 0 && !rd.linking) return errorI("cannot take address of numeric label after the function is defined");
    let b = findBlock(vA.get(f), name, num);
    if (b < 0) return errorI("referenced value is not a basic block");
    return b;
  }
  for (let i = 0; i < rd.baFunc.len; i++) {
    if (rd.baFunc.get(i) == f && rd.baName.get(i) == name && rd.baNum.get(i) == num) return rd.baBlock.get(i);
  }
  if (!isPtr(type)) return errorAtI("type of blockaddress must be a pointer and not '" + typeToString(type) + "'", loc);
  let b = newValue(VK.Block, T_LABEL);
  vA.set(b, -1); vB.set(b, -1); vName.set(b, name);
  notePos(b, lx.tokStart);
  rd.baFunc.push(f); rd.baName.push(name); rd.baNum.push(num); rd.baBlock.push(b); rd.baAt.push(fnAt);
  return b;
}

// The block named strId `name` of an already parsed function: its id, -1 when no value of the
// function has the name, -2 when an argument or instruction has it.
export function findBlockByName(g: i32, name: i32): i32 {
  for (let i = 0; gNumArgs.get(g) > i; i++) if (vName.get(gFirstArg.get(g) + i) == name) return -2;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    if (vName.get(b) == name) return b;
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) if (vName.get(i) == name) return -2;
  }
  return -1;
}

const T_VOID_ID: i32 = 0;
// A block of an already parsed function, by name or by its number in the function's numbering.
function findBlock(g: i32, name: i32, num: i32): i32 {
  let n = 0;
  for (let i = 0; gNumArgs.get(g) > i; i++) if (vName.get(gFirstArg.get(g) + i) < 0) n++;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
    if (name >= 0) { if (vName.get(b) == name) return b; }
    else if (vName.get(b) < 0) { if (n == num) return b; n++; }
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) if (vName.get(i) < 0 && vType.get(i) != T_VOID_ID) n++;
  }
  return -1;
}
