// The data of one block-frequency computation (bfi.ts): per node, per loop, the distribution being
// built and scratch, with the frequency queries. bfi-loops.ts and bfi-dist.ts read and write it;
// bfi.ts (BFI, its subclass) runs them. Kept apart from bfi.ts so that those files import nothing
// above them.
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { CFG } from "./cfg";
import { BPI } from "./bpi";
import { Loops, SCC } from "./loops";
import { Scaled } from "./scaled";

// The state of one computation; bfi-loops.ts and bfi-dist.ts read and write it.
export class BFIState {
  cfg: CFG;
  bpi: BPI;
  loops: Loops;
  scc: SCC;
  sc: Scaled = new Scaled();
  // per node
  wLoop: I32Vec = new I32Vec();
  wMass: I64Vec = new I64Vec();
  fD: I64Vec = new I64Vec();
  fS: I32Vec = new I32Vec();
  freqInt: I64Vec = new I64Vec();
  // per loop
  lpParent: I32Vec = new I32Vec();
  lpPackaged: U8Vec = new U8Vec();
  lpNumHeaders: I32Vec = new I32Vec();
  lpNodes: I32Vec = new I32Vec();     // start in nodePool
  lpNNodes: I32Vec = new I32Vec();
  lpExitHead: I32Vec = new I32Vec();
  lpExitTail: I32Vec = new I32Vec();
  lpBack: I32Vec = new I32Vec();      // start in backPool
  lpMass: I64Vec = new I64Vec();
  lpScaleD: I64Vec = new I64Vec();
  lpScaleS: I32Vec = new I32Vec();
  lpNext: I32Vec = new I32Vec();
  lpPrev: I32Vec = new I32Vec();
  listHead: i32 = -1;
  listTail: i32 = -1;
  nodePool: I32Vec = new I32Vec();
  backPool: I64Vec = new I64Vec();
  exNode: I32Vec = new I32Vec();
  exMass: I64Vec = new I64Vec();
  exNext: I32Vec = new I32Vec();
  // the distribution being built
  dType: U8Vec = new U8Vec();
  dNode: I32Vec = new I32Vec();
  dAmt: I64Vec = new I64Vec();
  dTotal: u64 = 0;
  dOverflow: bool = false;
  // scratch
  tmp: I32Vec = new I32Vec();
  tmp2: I32Vec = new I32Vec();
  gIndex: I32Vec = new I32Vec();   // node -> irreducible-graph index, -1
  gNodes: I32Vec = new I32Vec();
  gOff: I32Vec = new I32Vec();
  gAdj: I32Vec = new I32Vec();
  gPOff: I32Vec = new I32Vec();
  gPred: I32Vec = new I32Vec();
  gEdgeFrom: I32Vec = new I32Vec();
  gEdgeTo: I32Vec = new I32Vec();
  maxFreq: u64 = 0;
  constructor(cfg: CFG, bpi: BPI, loops: Loops, scc: SCC) { this.cfg = cfg; this.bpi = bpi; this.loops = loops; this.scc = scc; }

  // Frequency of block b (cfg.ts number); 0 for blocks unreachable from the entry.
  blockFreq(b: i32): u64 {
    let x = this.cfg.rpoIndex.get(b);
    return x >= 0 ? <u64>this.freqInt.get(x) : 0;
  }

  maxBlockFreq(): u64 { return this.maxFreq; }

}
