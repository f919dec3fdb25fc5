// The references every record reader of the bitcode reader resolves by id: metadata ids (a
// forward node until the id is defined) and a function body's blocks by index. Below the readers of
// values, constants, metadata and debug info, which call each other's entries through these
// instead of through each other's files.
import { T_LABEL } from "../ir/types";
import { VK, vA, vB, newValue } from "../ir/values";
import { MK, newMD, mdKind, mdFlags, mdA, mdOps, mdNOps } from "../ir/metadata";
import { br, badI } from "./read-state";

// ---- metadata ids ----

// The arena node of metadata id `id`; a forward node when it is not read yet (-1 on error).
export function mdAt(id: i64): i32 {
  if (id < 0 || id > <i64>br.mdList.len + (1 << 20)) return badI("Invalid metadata id " + id.toString());
  let k = <i32>id;
  if (k >= br.mdList.len) br.mdList.resize(k + 1, -1);
  let m = br.mdList.get(k);
  if (m >= 0) return m;
  m = newMD(MK.Forward, -1);
  br.mdList.set(k, m);
  return m;
}
// As mdAt for an operand that may be null (encoded id + 1; 0 is null): -1 for null, -2 on error.
export function mdOrNull(idPlus1: i64): i32 {
  if (idPlus1 == 0) return -1;
  let m = mdAt(idPlus1 - 1);
  return m < 0 ? -2 : m;
}
// Defines the next metadata id as node m (taking over a forward node for that id); returns the
// node that now stands for the id (the forward node m was copied into), or -1 after an error.
export function defineNode(m: i32): i32 {
  let k = br.nextMD++;
  if (k >= br.mdList.len) br.mdList.resize(k + 1, -1);
  let f = br.mdList.get(k);
  if (f >= 0 && f != m) {
    if (<i32>mdKind.get(f) != MK.Forward) return badI("Invalid metadata: id defined twice");
    // the forward node becomes this node: copy it in place
    mdKind.set(f, mdKind.get(m)); mdFlags.set(f, mdFlags.get(m)); mdA.set(f, mdA.get(m));
    mdOps.set(f, mdOps.get(m)); mdNOps.set(f, mdNOps.get(m));
    return f;
  }
  br.mdList.set(k, m);
  return m;
}

// ---- blocks ----

// Block `idx` of the body being read (a new block the first time an index is named; -1 on a bad index).
export function getBlock(idx: i64): i32 {
  if (idx < 0 || idx >= <i64>br.blocks.len) return badI("Invalid record");  // (LLVM: getBasicBlock gives null)
  let b = br.blocks.get(<i32>idx);
  if (b >= 0) return b;
  b = newValue(VK.Block, T_LABEL);
  vA.set(b, -1); vB.set(b, -1);
  br.blocks.set(<i32>idx, b);
  return b;
}

// Block `idx` of fn when fn is the body being read (-1 on a bad index), else -2.
export function bodyBlock(fn: i32, idx: i32): i32 {
  if (fn != br.fnValue || br.blocks.len == 0) return -2;
  return getBlock(idx);
}
