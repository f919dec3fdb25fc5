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
import { nextRecord, ops, REC_END, enterBlock } from "./bitstream";
import { valueList, bad } from "./read-state";
import { UseOrderModel, llvmOperandNo, reordersOperands } from "./uselist-order";

const USELIST_DEFAULT = 1, USELIST_BB = 2;

// the records: value, indexes (start, length) in recIdx
let recValue: I32Vec = new I32Vec();
let recStart: I32Vec = new I32Vec();
let recLen: I32Vec = new I32Vec();
let recIdx: I32Vec = new I32Vec();
// scratch of applyUseListOrders
let order: I32Vec = new I32Vec(64);
let perm: I32Vec = new I32Vec(64);
let want: I32Vec = new I32Vec(64);
let tmp: I32Vec = new I32Vec(64);
let sortKeys: I64Vec = new I64Vec(64);
@final class ByKey {
  @inline less(a: i32, b: i32): bool { return sortKeys.get(a) < sortKeys.get(b); }
}

export function resetReadUseLists(): void {
  recValue = new I32Vec(); recStart = new I32Vec(); recLen = new I32Vec(); recIdx = new I32Vec();
  order = new I32Vec(64); perm = new I32Vec(64); want = new I32Vec(64); tmp = new I32Vec(64);
  sortKeys = new I64Vec(64);
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
    let n = ops.len;
    if (n < 3) return bad("Invalid uselist record: fewer than two indexes");
    let id = ops.get(n - 1);
    let v = -1;
    if (code == USELIST_BB) {
      if (blocks != null && id >= 0 && id < <i64>blocks.len) v = blocks.get(<i32>id);
    } else if (id >= 0 && id < <i64>valueList.len) v = valueList.get(<i32>id);
    if (v < 0) continue;
    recValue.push(v); recStart.push(recIdx.len); recLen.push(n - 1);
    for (let i = 0; i < n - 1; i++) recIdx.push(<i32>ops.get(i));   // LLVM keeps 32 bits of each
  }
}

// Gives every value its use list as opt's reader has it (see the top of the file).
export function applyUseListOrders(): void {
  let nv = valueCount();
  let m = new UseOrderModel(llvmVersion);
  m.orderModule();
  // the records of each value, in file order
  let nr = recValue.len;
  let head = new I32Vec(nr > 0 ? nv : 0), next = new I32Vec(nr);
  if (nr > 0) {
    head.resize(nv, -1); next.resize(nr, -1);
    for (let r = nr - 1; r >= 0; r--) {
      let v = recValue.get(r);
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
    order.clear();
    if (ents.len == 0) for (let k = 0; k < n; k++) order.push(k);
    else for (let k = 0; k < n; k++) order.push(ents.get(k));
    // the records: the use at place i gets key idx[i]; stable sort by key
    for (let r = rec; r >= 0; r = next.get(r)) {
      if (recLen.get(r) != n) continue;
      let s = recStart.get(r);
      sortKeys.clear(); perm.clear();
      for (let i = 0; i < n; i++) { sortKeys.push(<i64><u32>recIdx.get(s + i)); perm.push(i); }
      sortStable<ByKey>(perm, 0, n, tmp);
      want.clear();
      for (let i = 0; i < n; i++) want.push(order.get(perm.get(i)));
      order.clear();
      for (let i = 0; i < n; i++) order.push(want.get(i));
    }
    // the list: those uses (one user's run in the direction its operand numbers go), then the
    // uses LLVM does not have, in their order
    want.clear();
    for (let i = 0; i < n; i++) want.push(slots.get(order.get(i)));
    for (let a = 0; a < n;) {
      let u = opUser.get(want.get(a));
      let b = a + 1;
      while (b < n && opUser.get(want.get(b)) == u) b++;
      if (b - a > 1 && reordersOperands(u)) {
        let down = true, up = true;
        for (let x = a + 1; x < b; x++) {
          if (opnos.get(order.get(x)) > opnos.get(order.get(x - 1))) down = false; else up = false;
        }
        // slots of the run sorted down or up (insertion sort: runs are short)
        if (down || up) {
          for (let x = a + 1; x < b; x++) {
            let t = want.get(x), y = x;
            while (y > a && (down ? want.get(y - 1) < t : want.get(y - 1) > t)) { want.set(y, want.get(y - 1)); y--; }
            want.set(y, t);
          }
        }
      }
      a = b;
    }
    for (let s = first; s >= 0; s = opNext.get(s)) {
      let u = opUser.get(s);
      if (m.idOf(u) != 0 && llvmOperandNo(u, s - iOps.get(u), ver) >= 0) continue;
      want.push(s);
    }
    // relinked only when it changes
    let same = true, k = 0;
    for (let s = first; s >= 0; s = opNext.get(s)) { if (k >= want.len || want.get(k) != s) { same = false; break; } k++; }
    if (same) continue;
    let prev = -1;
    for (let i = 0; i < want.len; i++) {
      let s = want.get(i);
      opPrev.set(s, prev);
      if (prev >= 0) opNext.set(prev, s); else vFirstUse.set(v, s);
      prev = s;
    }
    opNext.set(prev, -1);
  }
}
