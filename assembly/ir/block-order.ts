// The order LLVM numbers a function's blocks in where it differs from creation order: LLVM's
// parser creates the blocks a blockaddress names before their function's body ahead of every other
// block of that body (in name or number order), so they get the lowest BasicBlock numbers. LLVM's
// bitcode reader numbers a body's blocks in layout order, the early ones included, so it ranks every
// block of such a body by its place. The readers record that rank here; passes that follow LLVM's
// block numbers (mem2reg) read it, ranked blocks first.
import { I32Vec } from "../util/vec";

let earlyRank: I32Vec = new I32Vec(); // block value -> rank, or -1
export function resetBlockOrder(): void { earlyRank = new I32Vec(); }
export function blockEarlyRank(b: i32): i32 { return b < earlyRank.len ? earlyRank.get(b) : -1; }
export function setBlockEarlyRank(b: i32, rank: i32): void {
  if (earlyRank.len <= b) earlyRank.resize(b + 1, -1);
  earlyRank.set(b, rank);
}
