// The instruction attachment checks LLVM 22 added (Verifier::visitNofreeMetadata,
// visitCapturesMetadata, visitAllocTokenMetadata), called from md-attach.ts in opt's order. Their
// kinds are not among the fixed ones wopt numbers, so they are found by name, once per verification.
import { strtab } from "../../ir/module";
import { isPtr } from "../../ir/types";
import { vType, operand } from "../../ir/values";
import { mdKindName, findAttachment } from "../../ir/metadata";
import { Op } from "../../ir/opcodes";
import { llvmVersion } from "../../ir/version";
import { vr } from "./state";
import { opOf } from "./queries";
import { numOps, op, isString, stringIs, constInt } from "./md-common";
import { isCallBase } from "./md-prof";

function findKinds(): void {
  if (vr.k22Epoch == vr.epoch) return;
  vr.k22Epoch = vr.epoch;
  vr.kNofree = -2; vr.kCaptures = -2; vr.kAllocToken = -2;
  for (let k = 0; k < mdKindName.len; k++) {
    let s = mdKindName.get(k);
    if (strtab.eqStr(s, "nofree")) vr.kNofree = k;
    else if (strtab.eqStr(s, "captures")) vr.kCaptures = k;
    else if (strtab.eqStr(s, "alloc_token")) vr.kAllocToken = k;
  }
}

// !nofree (after !dereferenceable_or_null): on an inttoptr to a pointer, without operands.
export function visitNofree(i: i32, head: i32): void {
  if (llvmVersion < 22) return;
  findKinds();
  if (vr.kNofree < 0) return;
  let md = findAttachment(head, vr.kNofree);
  if (md < 0) return;
  if (!isPtr(vType.get(i))) { vr.bad("nofree applies only to pointer types", i); return; }
  if (opOf(i) != Op.IntToPtr) { vr.bad("nofree applies only to inttoptr instruction", i); return; }
  if (numOps(md) != 0) { vr.bad("nofree metadata must be empty", i); return; }
}

// !captures and !alloc_token (after !annotation).
export function visitCapturesAndAllocToken(i: i32, head: i32): void {
  if (llvmVersion < 22) return;
  findKinds();
  let md = vr.kCaptures >= 0 ? findAttachment(head, vr.kCaptures) : -1;
  if (md >= 0) captures(i, md);
  md = vr.kAllocToken >= 0 ? findAttachment(head, vr.kAllocToken) : -1;
  if (md >= 0) allocToken(i, md);
}

// A store of a pointer, listing capture components by name.
function captures(i: i32, md: i32): void {
  if (opOf(i) != Op.Store) { vr.bad("!captures metadata can only be applied to store instructions", i); return; }
  if (!isPtr(vType.get(operand(i, 0)))) {
    vr.bad("!captures metadata can only be applied to store with value operand of pointer type", i); return;
  }
  let n = numOps(md);
  if (n == 0) { vr.bad("!captures metadata cannot be empty", i); return; }
  for (let k = 0; k < n; k++) {
    let s = op(md, k);
    if (!isString(s)) { vr.bad("!captures metadata must be a list of strings", i); return; }
    if (!(stringIs(s, "address") || stringIs(s, "address_is_null") || stringIs(s, "provenance") ||
          stringIs(s, "read_provenance"))) {
      vr.bad("invalid entry in !captures metadata", i); vr.wm(s); return;
    }
  }
}

// A call's allocation token: a name and an integer.
function allocToken(i: i32, md: i32): void {
  if (!isCallBase(opOf(i))) { vr.bad("!alloc_token should only exist on calls", i); return; }
  if (numOps(md) != 2) { vr.fail("!alloc_token must have 2 operands"); vr.wm(md); return; }
  if (!isString(op(md, 0))) { vr.fail("expected string"); vr.wm(md); return; }
  if (constInt(op(md, 1)) < 0) { vr.fail("expected integer constant"); vr.wm(md); return; }
}
