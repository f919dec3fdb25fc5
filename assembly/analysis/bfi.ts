// Block frequencies (placeholder: every reachable block 8, unreachable 0).
import { isReachable } from "./cfg";
export function resetBFI(): void {}
export function computeBlockFrequencies(): void {}
export function blockFreq(b: i32): u64 { return isReachable(b) ? 8 : 0; }
export function maxBlockFreq(): u64 { return 8; }
