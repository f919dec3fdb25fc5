// Verifier::visitMDNode: the walk every attachment and named node goes through once per
// verification.
import { mdCount } from "../../ir/metadata";
import { vr } from "./state";
import { isNode, isTuple, numOps, op, isLocal, isDINode, isString, stringIs, constInt, ciWidth } from "./md-common";
import { visitDINode } from "./md-di";
import { llvmVersion } from "../../ir/version";

// Verifier::visitMDNode: each node once per verification (the set is shared by every caller);
// a specialized (DI) node's own checks run first (md-di.ts), then its operands are walked:
// function-local values or (where not allowed) DILocations end the visit of the node holding
// them; other nodes are walked the same way, depth first. An explicit stack keeps deep graphs off the WASM stack
// (the Verifier's mdSeen and mdStack).
function markSeen(m: i32): bool {
  let n = mdCount();
  if (vr.mdSeen.len < n) vr.mdSeen.resize(n, 0);
  if (vr.mdSeen.get(m) == vr.epoch) return false;
  vr.mdSeen.set(m, vr.epoch);
  return true;
}
export function visitMDNode(root: i32, allowLocs: bool): void {
  if (!isNode(root) || !markSeen(root)) return;
  visitDINode(root);
  vr.mdStack.clear(); vr.mdStack.push(root); vr.mdStack.push(0);
  while (vr.mdStack.len > 0) {
    let top = vr.mdStack.len - 2;
    let n = vr.mdStack.get(top), k = vr.mdStack.get(top + 1);
    if (k >= numOps(n)) { vr.mdStack.len = top; if (llvmVersion >= 22) estimatedTripCount(n); continue; }
    vr.mdStack.set(top + 1, k + 1);
    let o = op(n, k);
    if (o < 0) continue;
    if (isLocal(o)) { vr.fail("Invalid operand for global metadata!"); vr.wm(n); vr.wm(o); vr.mdStack.len = top; continue; }
    if (!allowLocs && isDINode(o, "DILocation")) {
      vr.failDebugInfo("DILocation not allowed within this metadata node"); vr.wm(n); vr.wm(o); vr.mdStack.len = top; continue;
    }
    if (isNode(o) && markSeen(o)) { visitDINode(o); vr.mdStack.push(o); vr.mdStack.push(0); }
  }
}

// (LLVM 22, after the node's operands) an llvm.loop.estimated_trip_count property holds one
// integer constant of at most 32 bits.
function estimatedTripCount(n: i32): void {
  if (!isTuple(n) || numOps(n) == 0) return;
  let name = op(n, 0);
  if (!isString(name) || !stringIs(name, "llvm.loop.estimated_trip_count")) return;
  if (numOps(n) != 2) { vr.fail("Expected two operands"); vr.wm(n); return; }
  let c = constInt(op(n, 1));
  if (c < 0 || ciWidth(c) > 32) { vr.fail("Expected second operand to be an integer constant of type i32 or smaller"); vr.wm(n); }
}
