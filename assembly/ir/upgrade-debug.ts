// UpgradeDebugInfo, run as either reader (text or bitcode) finishes the module: debug info whose
// module flag "Debug Info Version" is missing or not the current version (3) is dropped
// (StripDebugInfo), with the warning opt prints then: "warning: ignoring debug info with an
// invalid version (N) in <module>".
// What goes: named metadata `llvm.dbg.*` and `llvm.gcov`; functions' and globals' !dbg; every
// instruction's debug location, debug records, `heapallocsite` and `DIAssignID` attachments; the
// DILocations among a loop ID's operands (a new distinct loop ID without them, or none when
// nothing else was there). What no longer has a user is not printed.
// For a current version whose debug info fails the verifier's debug-info checks, the host calls
// stripInvalidDebugInfo after the input verification (opt: "ignoring invalid debug info").
import { I32Vec } from "../util/vec";
import { beginWarning, endWarning, STAGE_PARSE } from "../util/warnings";
import { strtab } from "./module";
import { VK, vKind, vA, iNext, iMD, iDbg } from "./values";
import { GK, gKind, gMD, gFlags, gFirstBlock, GF_ERASED, globalCount } from "./globals";
import {
  MK, MDF_DISTINCT, nmdName, nmdOps, nmdNOps, nmdPool, mdKind, mdFlags, mdA, mdOps, mdNOps, mdPool, mdKindName, newMD,
  findAttachment, removeAttachment, addAttachment, MDK_DBG, MDK_DIASSIGNID,
} from "./metadata";
import { intLow64 } from "./constants";

const CURRENT_VERSION: u32 = 3;
const MDK_LOOP = 18;

// The value of the first module flag named "Debug Info Version" (0 when none or not an integer).
function debugInfoVersion(): u32 {
  for (let i = 0; i < nmdName.len; i++) {
    if (!strtab.eqStr(nmdName.get(i), "llvm.module.flags")) continue;
    let s = nmdOps.get(i), n = nmdNOps.get(i);
    for (let j = 0; j < n; j++) {
      let f = nmdPool.get(s + j);
      if (f < 0 || <i32>mdKind.get(f) != MK.Tuple || mdNOps.get(f) < 3) continue;
      let ops = mdOps.get(f), id = mdPool.get(ops + 1);
      if (id < 0 || <i32>mdKind.get(id) != MK.String || !strtab.eqStr(mdA.get(id), "Debug Info Version")) continue;
      let v = mdPool.get(ops + 2);
      if (v < 0 || <i32>mdKind.get(v) != MK.Value || <i32>vKind.get(mdA.get(v)) != VK.ConstInt) return 0;
      return <u32>intLow64(mdA.get(v));   // getZExtValue into an unsigned
    }
  }
  return 0;
}

// opt's reader verifies a module whose debug info has the current version (UpgradeDebugInfo), even
// under -disable-verify, and stops with "Broken module found" when it is broken.
export function readerVerifies(): bool { return debugInfoVersion() == CURRENT_VERSION; }

export function upgradeDebugInfo(moduleId: i32): void {
  let version = debugInfoVersion();
  if (version == CURRENT_VERSION) return;
  if (!stripDebugInfo()) return;
  let o = beginWarning(STAGE_PARSE, false);
  o.str("warning: ignoring debug info with an invalid version ("); o.u64(<u64>version); o.str(") in ");
  if (moduleId >= 0) o.strId(strtab, moduleId);
  endWarning();
}

// The reader found the debug info broken (opt: "ignoring invalid debug info"; the host prints the
// verifier's messages and the warning): drop it.
export function stripInvalidDebugInfo(): void { stripDebugInfo(); }

function isLocation(m: i32): bool {
  return m >= 0 && <i32>mdKind.get(m) == MK.Node && strtab.eqStr(mdA.get(m), "DILocation");
}

// A custom attachment kind by name, without registering it (-1 when the module has none).
function customKind(name: string): i32 {
  for (let k = 0; k < mdKindName.len; k++) if (strtab.eqStr(mdKindName.get(k), name)) return k;
  return -1;
}

// StripDebugInfo(Module): true when something counted as debug info was there.
function stripDebugInfo(): bool {
  let changed = false;
  // named metadata
  let w = 0;
  for (let i = 0; i < nmdName.len; i++) {
    let nm = nmdName.get(i);
    if (strtab.startsWithStr(nm, "llvm.dbg.") || strtab.eqStr(nm, "llvm.gcov")) { changed = true; continue; }
    nmdName.set(w, nm); nmdOps.set(w, nmdOps.get(i)); nmdNOps.set(w, nmdNOps.get(i)); w++;
  }
  nmdName.len = w; nmdOps.len = w; nmdNOps.len = w;
  let heapAlloc = customKind("heapallocsite");
  let loopMap = new I32Vec();   // old loop ID -> its replacement + 2 (0: not seen yet)
  let n = globalCount();
  for (let g = 0; g < n; g++) {
    if ((gFlags.get(g) & GF_ERASED) != 0) continue;
    // (every !dbg: a global object may hold several; LLVM leaves an ifunc's)
    if (<i32>gKind.get(g) == GK.IFunc) continue;
    while (findAttachment(gMD.get(g), MDK_DBG) >= 0) { gMD.set(g, removeAttachment(gMD.get(g), MDK_DBG)); changed = true; }
    if (<i32>gKind.get(g) != GK.Func) continue;
    for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) {
      for (let i = vA.get(b); i >= 0; i = iNext.get(i)) {
        let h = iMD.get(i);
        if (findAttachment(h, MDK_DBG) >= 0) { h = removeAttachment(h, MDK_DBG); changed = true; }
        let loop = findAttachment(h, MDK_LOOP);
        if (loop >= 0) {
          let nl = strippedLoopID(loop, loopMap);
          if (nl != loop) h = nl < 0 ? removeAttachment(h, MDK_LOOP) : addAttachment(h, MDK_LOOP, nl);
        }
        if (heapAlloc >= 0) h = removeAttachment(h, heapAlloc);
        h = removeAttachment(h, MDK_DIASSIGNID);
        iMD.set(i, h);
        iDbg.set(i, -1);
      }
    }
  }
  return changed;
}

// The loop ID without its DILocation operands: the same node when it has none, -1 when it has
// nothing else, else a new distinct node (its first operand itself, as a loop ID's is). Each
// loop ID is worked out once (map: by metadata id, as the module can have one per loop).
function strippedLoopID(loop: i32, map: I32Vec): i32 {
  map.fit(loop + 1, 0);
  let known = map.get(loop);
  if (known != 0) return known - 2;
  let r = loop;
  if (<i32>mdKind.get(loop) == MK.Tuple && mdNOps.get(loop) > 0) {
    let s = mdOps.get(loop), n = mdNOps.get(loop), locs = 0;
    for (let j = 1; j < n; j++) if (isLocation(mdPool.get(s + j))) locs++;
    if (locs > 0 && locs == n - 1) r = -1;
    else if (locs > 0) {
      r = newMD(MK.Tuple, 0);
      mdFlags.set(r, <u8>MDF_DISTINCT);
      mdOps.set(r, mdPool.len);
      mdPool.push(r);
      for (let j = 1; j < n; j++) { let m = mdPool.get(s + j); if (!isLocation(m)) mdPool.push(m); }
      mdNOps.set(r, n - locs);
    }
  }
  map.set(loop, r + 2);
  return r;
}
