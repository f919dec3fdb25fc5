// Branch probabilities (placeholder: uniform over the successor edges).
import { succOff, succ } from "./cfg";
export const PROB_ONE: u32 = 0x80000000;
export function resetBPI(): void {}
export function computeBranchProbabilities(): void {}
// Probability of going from block b to block dst (all edges to dst), numerator over 2^31.
export function edgeProbability(b: i32, dst: i32): u32 {
  let s = succOff.get(b), e = succOff.get(b + 1);
  let n = e - s, k = 0;
  for (let i = s; i < e; i++) if (succ.get(i) == dst) k++;
  if (n == 0) return 0;
  return <u32>((<u64>PROB_ONE * <u64>k + <u64>(n >> 1)) / <u64>n);
}
