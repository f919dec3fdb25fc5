// Use-list orders on reading: every value gets the use list opt's bitcode reader gives it. That is
// first the order LLVM's reader makes the uses in (predicted by uselist-order.ts, the model LLVM's
// writer and ours use), then the USELIST records of the file applied, as LLVM's parseUseLists does:
// a record [indexes..., id] names a value by its id in the value list of the block it is in (the
// module's values, and in a function block the function's too) or, USELIST_CODE_BB, a block of that
// function by its number; the use at place i of the value's list gets the key indexes[i], and the
// list is sorted by the keys, equal keys keeping their order. A record whose length is not the
// value's number of uses is passed over (LLVM: the value was upgraded, or is read lazily), as are
// records for values LLVM keeps no use list for (plain constant data, LLVM 21 on), for a value id
// the block does not have, or for a constant that was never made. A record of fewer than three
// operands is an error, as in LLVM.
//
// The records are collected while reading and applied once the module is read: LLVM's writer puts
// each where the reader has made all of that value's uses, so applying them at the end gives the
// same lists.
//
// Not modelled: LLVM 19 fills a function's unset personality, prefix and prologue operands with
// `ptr null` once one of them is set, uses the arena does not have; a record for `ptr null` then
// has another length and is passed over, so null's own list (which nothing prints or follows) may
// differ from opt-19's. LLVM 21 on keeps no use list for null.
import { I32Vec, I64Vec } from "../util/vec";
import { sortStable } from "../util/sort";
import { vFirstUse, opUser, opNext, opPrev, iOps, valueCount } from "../ir/values";
import { llvmVersion } from "../ir/version";
import { bs, nextRecord, REC_END, enterBlock } from "./bitstream";
import { br, bad } from "./read-state";
import { UseOrderModel, llvmOperandNo, reordersOperands } from "./uselist-order";

const USELIST_DEFAULT = 1, USELIST_BB = 2;

@final class ByKey {
  @inline less(a: i32, b: i32): bool { return br.sortKeys.get(a) < br.sortKeys.get(b); }
}

// Reads a USELIST_BLOCK (entered by the caller's advance()): `blocks` are the function's blocks by
// number (null at module level).
export function readUseListBlock(blocks: I32Vec | null): bool {
  if (!enterBlock()) return false;
  while (true) {
    let code = nextRecord();
    if (code == REC_END) return true;
    if (code < 0) return false;
    if (code != USELIST_DEFAULT && code != USELIST_BB) continue;
    let n = bs.ops.len;
    if (n < 3) return bad("Invalid uselist record: fewer than two indexes");
    let id = bs.ops.get(n - 1);
    let v = -1;
    if (code == USELIST_BB) {
      if (blocks != null && id >= 0 && id < <i64>blocks.len) v = blocks.get(<i32>id);
    } else if (id >= 0 && id < <i64>br.valueList.len) v = br.valueList.get(<i32>id);
    if (v < 0) continue;
    br.recValue.push(v); br.recStart.push(br.recIdx.len); br.recLen.push(n - 1);
    for (let i = 0; i < n - 1; i++) br.recIdx.push(<i32>bs.ops.get(i));   // LLVM keeps 32 bits of each
  }
}

// Gives every value its use list as opt's reader has it (see the top of the file).
export function applyUseListOrders(): void {
  let nv = valueCount();
  let m = new UseOrderModel(llvmVersion);
  m.orderModule();
  // the records of each value, in file order
  let nr = br.recValue.len;
  let head = new I32Vec(nr > 0 ? nv : 0), next = new I32Vec(nr);
  if (nr > 0) {
    head.resize(nv, -1); next.resize(nr, -1);
    for (let r = nr - 1; r >= 0; r--) {
      let v = br.recValue.get(r);
      if (v >= nv) continue;
      next.set(r, head.get(v)); head.set(v, r);
    }
  }
  let ver = llvmVersion;
  for (let v = 0; v < nv; v++) {
    let first = vFirstUse.get(v);
    if (first < 0 || opNext.get(first) < 0) continue;
    let rec = nr > 0 ? head.get(v) : -1;
    let n = m.readerOrder(v, rec >= 0);
    if (n < 2) continue;
    let slots = m.slots, opnos = m.opnos, ents = m.entries;
    // already the reader's order, and no record (the common case)
    if (ents.len == 0 && rec < 0 && !m.moved) continue;
    // the uses in the reader's order, as indexes into slots
    br.ulOrder.clear();
    if (ents.len == 0) for (let k = 0; k < n; k++) br.ulOrder.push(k);
    else for (let k = 0; k < n; k++) br.ulOrder.push(ents.get(k));
    // the records: the use at place i gets key idx[i]; stable sort by key
    for (let r = rec; r >= 0; r = next.get(r)) {
      if (br.recLen.get(r) != n) continue;
      let s = br.recStart.get(r);
      br.sortKeys.clear(); br.perm.clear();
      for (let i = 0; i < n; i++) { br.sortKeys.push(<i64><u32>br.recIdx.get(s + i)); br.perm.push(i); }
      sortStable<ByKey>(br.perm, 0, n, br.ulTmp);
      br.want.clear();
      for (let i = 0; i < n; i++) br.want.push(br.ulOrder.get(br.perm.get(i)));
      br.ulOrder.clear();
      for (let i = 0; i < n; i++) br.ulOrder.push(br.want.get(i));
    }
    // the list: those uses (one user's run in the direction its operand numbers go), then the
    // uses LLVM does not have, in their order
    br.want.clear();
    for (let i = 0; i < n; i++) br.want.push(slots.get(br.ulOrder.get(i)));
    for (let a = 0; a < n;) {
      let u = opUser.get(br.want.get(a));
      let b = a + 1;
      while (b < n && opUser.get(br.want.get(b)) == u) b++;
      if (b - a > 1 && reordersOperands(u)) {
        let down = true, up = true;
        for (let x = a + 1; x < b; x++) {
          if (opnos.get(br.ulOrder.get(x)) > opnos.get(br.ulOrder.get(x - 1))) down = false; else up = false;
        }
        // slots of the run sorted down or up (insertion sort: runs are short)
        if (down || up) {
          for (let x = a + 1; x < b; x++) {
            let t = br.want.get(x), y = x;
            while (y > a && (down ? br.want.get(y - 1) < t : br.want.get(y - 1) > t)) { br.want.set(y, br.want.get(y - 1)); y--; }
            br.want.set(y, t);
          }
        }
      }
      a = b;
    }
    for (let s = first; s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (m.idOf(u) != 0 && llvmOperandNo(u, s - iOps.get(u), ver) >= 0) continue;
      br.want.push(s);
    }
    // relinked only when it changes
    let same = true, k = 0;
    for (let s = first; s >= 0; s = opNext.get(s)) { if (k >= br.want.len || br.want.get(k) != s) { same = false; break; } k++; }
    if (same) continue;
    let prev = -1;
    for (let i = 0; i < br.want.len; i++) {
      let s = br.want.get(i);
      opPrev.set(s, prev);
      if (prev >= 0) opNext.set(prev, s); else vFirstUse.set(v, s);
      prev = s;
    }
    opNext.set(prev, -1);
  }
}
