// The verifier's state during one verification, its reset, and the writing of its messages
// (VerifierSupport::CheckFailed / Write).
import { OutBuf } from "../../util/outbuf";
import { I32Vec, I64Vec } from "../../util/vec";
import { VK, vKind, vParent, vA, valueCount } from "../../ir/values";
import { gValue, globalCount } from "../../ir/globals";
import { printType } from "../../text/printer-types";
import { printTypedValue } from "../../text/printer-values";
import { numberForDiagnostics, numberFunction, printInstructionTo } from "../../text/printer";
import { printMDOperand, printNodeBody } from "../../text/printer-meta";
import { printMDIdent } from "../../text/printer-types";
import { MK, mdKind, mdA, mdCount, nmdName, nmdOps, nmdNOps, nmdPool } from "../../ir/metadata";
import { writer } from "../../text/writer";
import { analyses } from "../context";
import { DomTree } from "../domtree";

export let out: OutBuf = new OutBuf();
export let broken: bool = false;
// A debug-info check failed (LLVM's CheckDI): the reader drops the debug info with a warning, an
// output with broken debug info is broken.
export let debugInfoBroken: bool = false;
let numbered: bool = false;
let numberedFn: i32 = -1;
// value id -> stamp: switch case constants (duplicates), and instructions already visited in the
// block being verified (blockStamp), which answers same-block dominance without numbering blocks.
// The two uses mark disjoint values, so one counter serves both.
export let mark: I32Vec = new I32Vec();
let stamp: i32 = 0;
export let blockStamp: i32 = 0;
export let curBlock: i32 = -1;              // the block being verified
export let curBlockNum: i32 = -1;           // its cfg.ts number
// The analysis context's block numbers and dominator tree, set with the block (the operand checks
// read them per operand; through analyses() each read costs loads a global does not).
export let blockNums: I32Vec = changetype<I32Vec>(0);
export let domTree: DomTree = changetype<DomTree>(0);
// global index -> (epoch << 1) | "name starts with llvm.", filled lazily per verification
export let intrinsicCache: I32Vec = new I32Vec();
export let epoch: i32 = 0;
// Whether some instruction may have a user that is erased or not in a block: only then are use
// lists walked for "Instruction referencing instruction not embedded in a basic block!".
export let walkUsers: bool = true;
export let pairs: I64Vec = new I64Vec();    // phi (block, value) pairs, sorted
export let preds: I64Vec = new I64Vec();    // predecessor blocks, sorted
export let curFn: i32 = -1;                 // global index of the function being verified
export let curFnValue: i32 = -1;
export let noAliasScopeDecls: I32Vec = new I32Vec(); // llvm.experimental.noalias.scope.decl calls of the function
// convergence tokens (convergence.ts): (user, token) pairs; live token lists per block
export let convTokens: I32Vec = new I32Vec();
export let convLive: I32Vec = new I32Vec();
export let convLiveAt: I32Vec = new I32Vec();
export let convScratch: I32Vec = new I32Vec();
let landingPadTy: i32 = -1;

export function resetVerifier(): void {
  noAliasScopeDecls = new I32Vec(); convTokens = new I32Vec(); convLive = new I32Vec(); convLiveAt = new I32Vec(); convScratch = new I32Vec();
  out = new OutBuf(); mark = new I32Vec(); pairs = new I64Vec(); preds = new I64Vec(); intrinsicCache = new I32Vec();
  broken = false; debugInfoBroken = false; numbered = false; numberedFn = -1; stamp = 0; blockStamp = 0; curBlock = -1; curBlockNum = -1; epoch = 0; walkUsers = true;
  curFn = -1; curFnValue = -1; landingPadTy = -1;
}
// Setters for the verifier's other files (an AS module cannot assign another's globals).
export function setWalkUsers(on: bool): void { walkUsers = on; }
export function setBroken(): void { broken = true; }
export function enterFunction(g: i32): void { curFn = g; curFnValue = gValue.get(g); landingPadTy = -1; noAliasScopeDecls.clear(); }
export function enterBlock(b: i32): void {
  let fa = analyses();
  blockNums = fa.cfg.blockNum; domTree = fa.domTree;
  blockStamp = ++stamp; curBlock = b; curBlockNum = blockNums.get(b);
}
export function nextStamp(): i32 { return ++stamp; }
// The first landingpad/resume type of the function, or whether t differs from it.
export function landingPadTypeDiffers(t: i32): bool {
  if (landingPadTy < 0) { landingPadTy = t; return false; }
  return landingPadTy != t;
}
// The text of the last verification (empty when the module is well formed).
export function verifierOutput(): OutBuf { return out; }

export function begin(): void {
  out.clear(); broken = false; debugInfoBroken = false; numbered = false; numberedFn = -1; epoch++;
  let n = valueCount();
  if (mark.len < n) mark.resize(n, 0);
  let ng = globalCount();
  if (intrinsicCache.len < ng) intrinsicCache.resize(ng, 0);
}

export function fail(msg: string): void { broken = true; out.str(msg); out.byte(10); }
export function failDebugInfo(msg: string): void { debugInfoBroken = true; out.str(msg); out.byte(10); }
function fnOf(v: i32): i32 {
  let k = <i32>vKind.get(v);
  if (k == VK.Inst) { let b = vParent.get(v); if (b < 0) return -1; v = b; k = VK.Block; }
  if (k == VK.Block || k == VK.Arg) { let f = vParent.get(v); return f >= 0 && <i32>vKind.get(f) == VK.Function ? vA.get(f) : -1; }
  return -1;
}
function prepare(v: i32): void {
  if (!numbered) { numberForDiagnostics(writer()); numbered = true; numberedFn = -1; }
  if (v < 0) return;
  let g = fnOf(v);
  if (g >= 0 && g != numberedFn) { numberFunction(writer(), g); numberedFn = g; }
}
// A value: instructions in full, others as a typed operand; each on its own line.
export function w(v: i32): void {
  if (v < 0) return;
  prepare(v);
  if (<i32>vKind.get(v) == VK.Inst) printInstructionTo(writer(), out, v); else printTypedValue(writer(), out, v);
  out.byte(10);
}
// A type: a space and the type, no newline (as opt writes it).
export function wt(t: i32): void { out.byte(32); printType(writer(), out, t); }
export function bad(msg: string, v: i32): void { fail(msg); w(v); }
// Metadata as Write(const Metadata *) prints it, on its own line: a numbered node as `!N = ...`,
// anything else (string, value, inline DIExpression) as an operand; nothing for null.
export function wm(m: i32): void {
  if (m < 0 || m >= mdCount()) return;
  let k = <i32>mdKind.get(m);
  if (k == MK.Value) prepare(mdA.get(m)); else prepare(-1);
  let wr = writer();
  let slot = k == MK.Tuple || k == MK.Node ? wr.slots.md.get(m) : -1;
  if (slot >= 0) { out.byte(33); out.int(slot); out.str(" = "); printNodeBody(wr, out, m); }
  else printMDOperand(wr, out, m, true);
  out.byte(10);
}
// A named metadata node as Write(const NamedMDNode *) prints it (its own line, then an empty one).
export function wnmd(i: i32): void {
  prepare(-1);
  let wr = writer();
  out.byte(33); printMDIdent(out, nmdName.get(i)); out.str(" = !{");
  let s = nmdOps.get(i);
  for (let j = 0; nmdNOps.get(i) > j; j++) { if (j > 0) out.str(", "); printMDOperand(wr, out, nmdPool.get(s + j), true); }
  out.str("}\n\n");
}
