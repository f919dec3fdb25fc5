// The order LLVM numbers a function's blocks in where it differs from creation order: LLVM's
// parser creates the blocks a blockaddress names before their function's body ahead of every other
// block of that body (in name or number order), so they get the lowest BasicBlock numbers. LLVM's
// bitcode reader numbers a body's blocks in layout order, the early ones included, so it ranks every
// block of such a body by its place. The readers record that rank in what reading the module built
// (ir/module-reading.ts, made anew for each module); passes that follow LLVM's block numbers
// (mem2reg) read it, ranked blocks first.
import { reading } from "./module-reading";

export function blockEarlyRank(b: i32): i32 { let r = reading.earlyRank; return b < r.len ? r.get(b) : -1; }
export function setBlockEarlyRank(b: i32, rank: i32): void {
  let r = reading.earlyRank;
  if (r.len <= b) r.resize(b + 1, -1);
  r.set(b, rank);
}
