// After LLVM 19, mem2reg orders blocks by BasicBlock::getNumber(): the order in which the reader
// created them (the text parser creates a block at its first reference, a branch to a later block
// included; the bitcode reader creates a body's blocks in layout order), not their place in the
// function. Value indices follow that creation order, so block numbers (layout positions) are
// sorted here by their blocks' value indices. Ranked blocks (blockEarlyRank: those a blockaddress
// named before the body, or every block of such a body read from bitcode) come first, by rank.
import { I32Vec, I64Vec } from "../../util/vec";
import { CFG } from "../../analysis/cfg";
import { sortI64 } from "../../util/sort";
import { zext64 } from "../../util/bits";
import { blockEarlyRank } from "../../ir/block-order";

@final export class CreationOrder {
  private keys: I64Vec = new I64Vec();   // (creation key, block number) pairs

  // Sorts the block numbers of v by creation.
  sort(cfg: CFG, v: I32Vec): void {
    let cfgBlock = cfg.block;
    let keys = this.keys;
    keys.clear();
    for (let k = 0; k < v.len; k++) {
      let bn = v.get(k);
      let b = cfgBlock.get(bn);
      let r = blockEarlyRank(b);
      let key: i64 = r >= 0 ? <i64>r - 0x80000000 : <i64>b;
      keys.push((key << 32) | <i64>zext64(bn));
    }
    sortI64(keys.ptr, keys.len);
    for (let k = 0; k < v.len; k++) v.set(k, <i32>keys.get(k));
  }
}
