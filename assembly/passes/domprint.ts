// print<domtree> and print<postdomtree>: the tree as opt-19's DominatorTreePrinterPass and
// PostDominatorTreePrinterPass write it (DominatorTreeBase::print), to the pass output (stderr):
//
//   DominatorTree for function: f
//   =============================--------------------------------
//   Inorder Dominator Tree: DFSNumbers invalid: 0 slow queries.
//     [1] %entry {4294967295,4294967295} [0]
//       [2] %a {4294967295,4294967295} [1]
//   Roots: %entry
//
// A freshly built tree has no valid DFS numbers in LLVM (they are computed lazily), hence the
// constant {4294967295,4294967295}; after a pass in the same pipeline numbered opt's cached tree
// (IDF, many dominates() queries: domtree.ts DomTreeStates) the numbers are shown. Children are printed in
// tree order (DFS creation order).
import { OutBuf } from "../util/outbuf";
import { strtab } from "../ir/module";
import { gValue } from "../ir/globals";
import { vName } from "../ir/values";
import { DomTree } from "../analysis/domtree";
import { FunctionAnalyses, analyses } from "../analysis/context";
import { printValueRef } from "../text/printer-values";
import { numberFunction } from "../text/printer";
import { writer } from "../text/writer";
import { PassContext, PassInfo, Level } from "./registry";

// The function's name as StringRef (raw bytes, no sigil or quotes).
export function printFunctionName(out: OutBuf, g: i32): void {
  let nm = vName.get(gValue.get(g));
  if (nm >= 0) out.strId(strtab, nm);
}
// A tree node as printAsOperand prints its block (or the virtual exit).
export function printNodeName(out: OutBuf, t: DomTree, node: i32): void {
  if (t.isVirtualRoot(node)) { out.str(" <<exit node>>"); return; }
  printValueRef(writer(), out, t.cfg.block.get(node));
}

export function printDomTreeOf(out: OutBuf, g: i32, post: bool, fa: FunctionAnalyses): void {
  fa.buildCFG(g);
  let t = post ? fa.buildPostDomTree() : fa.buildDomTree();
  numberFunction(writer(), g);
  out.str(post ? "PostDominatorTree for function: " : "DominatorTree for function: ");
  printFunctionName(out, g);
  out.byte(10);
  printTree(out, t);
}

export function printTree(out: OutBuf, t: DomTree): void {
  out.str("=============================--------------------------------\n");
  out.str(t.post ? "Inorder PostDominator Tree: " : "Inorder Dominator Tree: ");
  let valid = t.dfsNumbersValid();
  if (!valid) { out.str("DFSNumbers invalid: "); out.int(t.slowQueries()); out.str(" slow queries."); }
  out.byte(10);
  for (let k = 0; k < t.preorder.len; k++) printNode(out, t, t.preorder.get(k), valid);
  out.str("Roots: ");
  for (let i = 0; i < t.roots.len; i++) { printValueRef(writer(), out, t.cfg.block.get(t.roots.get(i))); out.byte(32); }
  out.byte(10);
}

function printNode(out: OutBuf, t: DomTree, v: i32, valid: bool): void {
  let lev = t.level.get(v) + 1;
  let b = out.buf;
  let ind = 2 * lev;
  if (b.len + ind > b.cap) b.reserve(b.len + ind);
  for (let i = 0; i < ind; i++) b.pushUnchecked(32);
  out.byte(91); out.int(lev); out.str("] ");
  printNodeName(out, t, v);
  if (valid) { out.str(" {"); out.int(t.dfsIn.get(v)); out.byte(44); out.int(t.dfsOut.get(v)); out.str("} ["); }
  else out.str(" {4294967295,4294967295} [");
  out.int(lev - 1);
  out.str("]\n");
}

// ---- the pass table's entries (pipeline/table.ts) ----
export function printDomTreePass(): PassInfo {
  return new PassInfo("print<domtree>", Level.Function, (c: PassContext): i32 => { printDomTreeOf(c.out, c.fn, false, c.analyses); return 0; })
    .as("DominatorTreePrinterPass").describe("Print the dominator tree");
}
export function printPostDomTreePass(): PassInfo {
  return new PassInfo("print<postdomtree>", Level.Function, (c: PassContext): i32 => { printDomTreeOf(c.out, c.fn, true, c.analyses); return 0; })
    .as("PostDominatorTreePrinterPass").describe("Print the post-dominator tree");
}
