// The cross-module report's core side: the modules, read and linked one after the other into one
// arena by a CrossModuleLinker (link/xmod.ts, which index.ts makes), then mergefunc run on the
// linked module, and what it merged written out as JSON for the host (bindings/cross-module.js
// groups it into classes of identical functions).
//
//   finishCrossModule(linker, aliases)    the JSON below
//
// {"modules":M,"functionsLinked":N,"droppedUnused":D,
//  "functions":[{"id":G,"module":M,"name":"f","linkedName":"f.1","linkage":"internal",
//     "insts":I,"bytes":B,"instsAfter":I2,"bytesAfter":B2,"after":"function|thunk|alias|erased"}, ...],
//  "merges":[{"from":G,"into":G,"how":"thunk","viaPrivateCopy":false,"callersRedirected":0}, ...],
//  "linker":[{"kind":"deduplicated|overridden|conflict","name":"f","function":true,"kept":G,
//     "keptModule":M,"keptLinkage":"linkonce_odr","droppedModule":M,"droppedLinkage":"...",
//     "droppedInsts":I}, ...]}
// `functions` lists every function a merge or a link event names: its module (-1 for a function
// mergefunc made), its name there and in the linked module, its size before mergefunc
// (instructions, bytes of its printed definition) and after: what is left of its global (a
// private copy's body) plus what took its name (a thunk or alias); a function mergefunc made
// has 0 after (its size is counted under the name it holds).
import { I32Vec, U8Vec } from "../../util/vec";
import { OutBuf } from "../../util/outbuf";
import { vName } from "../../ir/values";
import { strtab } from "../../ir/module";
import { GK, gKind, gValue, gFlags, gLinkage, globalCount, GF_ERASED, GF_DEFINED, LINKAGE_NAMES } from "../../ir/globals";
import { Writer } from "../../text/writer";
import { printFunction, printAliasOrIFunc } from "../../text/printer-globals";
import { runMergeFunctions } from "../mergefunc/pass";
import { jsonStrId } from "../../util/json";
import { CrossModuleLinker, countInsts } from "../../link/xmod";

export function finishCrossModule(l: CrossModuleLinker, useAliases: bool): OutBuf {
  l.orderLinkedGlobals();
  let n0 = globalCount();
  let linkedFns = 0;
  for (let g = 0; g < n0; g++) if (<i32>gKind.get(g) == GK.Func && (gFlags.get(g) & (GF_ERASED | GF_DEFINED)) == GF_DEFINED) linkedFns++;
  // sizes before: every definition (mergefunc's candidates are not known yet)
  let bytesBefore = new I32Vec(n0); bytesBefore.resize(n0, 0);
  let w = numbered();
  for (let g = 0; g < n0; g++) {
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & (GF_ERASED | GF_DEFINED)) != GF_DEFINED) continue;
    w.out.clear(); printFunction(w, g); bytesBefore.set(g, w.out.len);
  }
  let names = new I32Vec(n0);
  for (let g = 0; g < n0; g++) names.push(vName.get(gValue.get(g)));
  let linkages = new U8Vec(n0);
  for (let g = 0; g < n0; g++) linkages.push(gLinkage.get(g));

  let report = runMergeFunctions(useAliases, false).report;

  // the functions the records and events name
  let n = globalCount();
  let involved = new U8Vec(n); involved.resize(n, 0);
  let recs = report.count;
  for (let i = 0; i < recs; i++) {
    let a = report.recordFromGlobal(i), b = report.recordIntoGlobal(i);
    if (a >= 0 && a < n) involved.set(a, 1);
    if (b >= 0 && b < n) involved.set(b, 1);
  }
  for (let i = 0; i < l.evKept.len; i++) if (l.evIsFunc.get(i) != 0 && l.evKept.get(i) < n) involved.set(l.evKept.get(i), 1);
  w = numbered();
  // the globals mergefunc made (thunks, aliases, private copies' names), by name
  let newByName = new I32Vec();
  for (let g = n0; g < n; g++) {
    if ((gFlags.get(g) & GF_ERASED) != 0) continue;
    let nm = vName.get(gValue.get(g));
    if (nm < 0) continue;
    newByName.fit(nm + 1, -1); newByName.set(nm, g);
  }
  let o = new OutBuf();
  o.str("{\"modules\":"); o.i64(l.modules);
  o.str(",\"functionsLinked\":"); o.i64(linkedFns);
  o.str(",\"droppedUnused\":"); o.i64(l.droppedUnused);
  o.str(",\"functions\":[");
  let first = true;
  for (let g = 0; g < n; g++) {
    if (involved.get(g) == 0) continue;
    if (!first) o.byte(44);
    first = false;
    let old = g < n0;
    o.str("\n{\"id\":"); o.i64(g);
    o.str(",\"module\":"); o.i64(old && g < l.modOf.len ? l.modOf.get(g) : -1);
    o.str(",\"name\":"); jsonStrId(o, strtab, old && g < l.origName.len ? l.origName.get(g) : -1);
    o.str(",\"linkedName\":"); jsonStrId(o, strtab, old ? names.get(g) : vName.get(gValue.get(g)));
    o.str(",\"linkage\":\""); linkageName(o, old ? linkages.get(g) : gLinkage.get(g)); o.byte(34);
    o.str(",\"insts\":"); o.i64(old && g < l.instsBefore.len ? l.instsBefore.get(g) : 0);
    o.str(",\"bytes\":"); o.i64(old ? bytesBefore.get(g) : 0);
    // after: what is left of it (a private copy's body keeps its global), and what now has its
    // name (a thunk or an alias mergefunc made in its place)
    let after = "erased", ia = 0, ba = 0;
    if (!old) after = (gFlags.get(g) & GF_ERASED) == 0 ? "function" : "erased";
    else {
      if ((gFlags.get(g) & GF_ERASED) == 0 && <i32>gKind.get(g) == GK.Func) { after = "function"; ia += countInsts(g); ba += printedSize(w, g); }
      let nm = names.get(g);
      let heir = nm >= 0 && nm < newByName.len ? newByName.get(nm) : -1;
      if (heir >= 0) {
        if (after == "erased") after = <i32>gKind.get(heir) == GK.Alias ? "alias" : "thunk";
        ia += countInsts(heir); ba += printedSize(w, heir);
      }
    }
    o.str(",\"instsAfter\":"); o.i64(ia);
    o.str(",\"bytesAfter\":"); o.i64(ba);
    o.str(",\"after\":\""); o.str(after); o.str("\"}");
  }
  o.str("\n],\"merges\":[");
  for (let i = 0; i < recs; i++) {
    if (i > 0) o.byte(44);
    o.str("\n{\"from\":"); o.i64(report.recordFromGlobal(i));
    o.str(",\"into\":"); o.i64(report.recordIntoGlobal(i));
    o.str(",\"how\":\""); o.str(report.recordHowName(i));
    o.str("\",\"viaPrivateCopy\":"); o.str(report.recordViaPrivate(i) ? "true" : "false");
    o.str(",\"callersRedirected\":"); o.i64(report.recordRedirected(i));
    o.byte(125);
  }
  o.str("\n],\"linker\":[");
  for (let i = 0; i < l.evKind.len; i++) {
    if (i > 0) o.byte(44);
    let k = l.evKind.get(i);
    o.str("\n{\"kind\":\""); o.str(k == 0 ? "deduplicated" : k == 1 ? "overridden" : "conflict");
    o.str("\",\"name\":"); jsonStrId(o, strtab, l.evName.get(i));
    o.str(",\"function\":"); o.str(l.evIsFunc.get(i) != 0 ? "true" : "false");
    o.str(",\"kept\":"); o.i64(l.evKept.get(i));
    o.str(",\"keptModule\":"); o.i64(l.evKeptMod.get(i));
    o.str(",\"keptLinkage\":\""); linkageName(o, l.evKeptLinkage.get(i));
    o.str("\",\"droppedModule\":"); o.i64(l.evDropMod.get(i));
    o.str(",\"droppedLinkage\":\""); linkageName(o, l.evDropLinkage.get(i));
    o.str("\",\"droppedInsts\":"); o.i64(l.evDropInsts.get(i));
    o.byte(125);
  }
  o.str("\n]}\n");
  return o;
}

function printedSize(w: Writer, g: i32): i32 {
  w.out.clear();
  let k = <i32>gKind.get(g);
  if (k == GK.Func) printFunction(w, g);
  else if (k == GK.Alias || k == GK.IFunc) printAliasOrIFunc(w, g);
  return w.out.len;
}
function numbered(): Writer {
  let w = new Writer();
  w.slots.numberGlobals();
  w.slots.numberModule();
  w.types.find();
  return w;
}
function linkageName(o: OutBuf, l: i32): void { let s = LINKAGE_NAMES[l]; o.str(s.length > 0 ? s : "external"); }
