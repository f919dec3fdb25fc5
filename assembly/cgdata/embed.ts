// The stable function map global-merge-func embeds in a module under -codegen-data-generate
// (LLVM 22: GlobalMergeFunc::emitFunctionMap, embedBufferInModule): the serialized map
// (record.ts) as the initializer of
//
//   @llvm.embedded.object = private constant [N x i8] c"...", section "<merge section>", align 4, !exclude !0
//
// listed in @llvm.compiler.used and in !llvm.embedded.objects = !{!{ptr @llvm.embedded.object,
// !"<merge section>"}}. The section is "__llvm_merge", "__DATA,__llvm_merge" for Mach-O targets
// and ".lmerge" for COFF ones (getCodeGenDataSectionName). The object file's section holds the
// bytes of every such global, in module order: that is what llvm-cgdata --merge reads, and what
// `embeddedMapBytes` gives.
import { OutBuf } from "../util/outbuf";
import { I32Vec } from "../util/vec";
import { strtab, targetTriple } from "../ir/module";
import { globalCount, gKind, gValue, gSection, gFlags, gValueType, gAlign, gAddrSpace, gMD, Linkage, GK, GF_DEFINED, GF_ERASED, GF_CONSTANT, newGlobal } from "../ir/globals";
import { operand, vKind, vA, vType, vName, VK, numOperands, newValue, appendOperand } from "../ir/values";
import { memberCount, elementType, isInt, intWidth, arrayType, ptrType, T_I8, T_PTR } from "../ir/types";
import { intLow64, getData, getAggregate } from "../ir/constants";
import { MK, MDF_DISTINCT, mdKind, mdFlags, mdNOps, mdOps, mdPool, newMD, addAttachment, attachmentKind, appendNamedMD, canonicalMD, mdCount } from "../ir/metadata";
import { setLinkage } from "../ir/builder";
import { eraseGlobal } from "../ir/edit";

export const enum ObjectFormat { ELF = 0, MachO, COFF, Other }

// The object format LLVM's Triple gives the module's target triple, as far as the section name
// depends on it: an explicit format at the end of the environment part ("-elf", "-coff",
// "-macho", ...) first, then Darwin-family systems Mach-O, Windows and UEFI COFF, the rest ELF
// (or another format with the same section name).
export function objectFormatOf(triple: string): ObjectFormat {
  let parts = triple.split("-");
  let arch = parts.length > 0 ? parts[0] : "";
  if (arch.startsWith("wasm") || arch.startsWith("spirv") || arch == "dxil") return ObjectFormat.Other;
  if (parts.length >= 4) {
    let env = parts[3];
    if (env.endsWith("xcoff") || env.endsWith("goff") || env.endsWith("wasm") || env.endsWith("spirv")) return ObjectFormat.Other;
    if (env.endsWith("coff")) return ObjectFormat.COFF;
    if (env.endsWith("elf")) return ObjectFormat.ELF;
    if (env.endsWith("macho")) return ObjectFormat.MachO;
  }
  let os = parts.length >= 3 ? parts[2] : "";
  const darwin = ["darwin", "macos", "ios", "tvos", "watchos", "xros", "visionos", "driverkit", "bridgeos"];
  for (let i = 0; i < darwin.length; i++) if (os.startsWith(darwin[i])) return ObjectFormat.MachO;
  if (os.startsWith("win32") || os.startsWith("windows") || os.startsWith("mingw32") || os.startsWith("cygwin") || os.startsWith("uefi")) return ObjectFormat.COFF;
  return ObjectFormat.ELF;
}

// The merge section's name for a target triple (getCodeGenDataSectionName(CG_merge, format)).
export function mergeSectionName(triple: string): string {
  let f = objectFormatOf(triple);
  if (f == ObjectFormat.MachO) return "__DATA,__llvm_merge";
  if (f == ObjectFormat.COFF) return ".lmerge";
  return "__llvm_merge";
}

// The merge section's name for the parsed module.
export function moduleMergeSectionName(): string {
  if (targetTriple < 0) return mergeSectionName("");
  return mergeSectionName(String.UTF8.decodeUnsafe(strtab.ptrOf(targetTriple), <usize>strtab.lenOf(targetTriple), false));
}

// Appends the bytes of constant c (an i8 array: a byte string, zeroinitializer or a list of i8
// constants) to o; false when c is something else.
function appendBytes(c: i32, o: OutBuf): bool {
  let k = <i32>vKind.get(c);
  let t = vType.get(c);
  let el = elementType(t);
  if (el < 0 || !isInt(el) || intWidth(el) != 8) return false;
  if (k == VK.ConstData) { o.strId(strtab, vA.get(c)); return true; }
  if (k == VK.ConstZero) { let n = <i32>memberCount(t); for (let i = 0; i < n; i++) o.byte(0); return true; }
  if (k == VK.ConstArray) {
    let n = numOperands(c);
    for (let i = 0; i < n; i++) {
      let x = operand(c, i);
      if (<i32>vKind.get(x) != VK.ConstInt) return false;
      o.byte(<i32>intLow64(x) & 0xff);
    }
    return true;
  }
  return false;
}

// The merge section's contents as the module's object file would hold them: the initializers of
// the global variables placed in the section (for the module's triple), in module order,
// appended to o. Returns how many globals contributed; -1 when one of them is not a byte array.
export function embeddedMapBytes(o: OutBuf): i32 {
  let section = moduleMergeSectionName();
  let b = String.UTF8.encode(section, false);
  let sec = strtab.find(changetype<usize>(b), b.byteLength);
  if (sec < 0) return 0;
  let found = 0;
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Var || (gFlags.get(g) & GF_ERASED) != 0) continue;
    if (gSection.get(g) != sec || (gFlags.get(g) & GF_DEFINED) == 0) continue;
    if (!appendBytes(operand(gValue.get(g), 0), o)) return -1;
    found++;
  }
  return found;
}

// ---- embedding (LLVM's embedBufferInModule, as emitFunctionMap calls it) ----

// The live global named `name` (strId), or -1.
function globalNamed(name: i32): i32 {
  for (let g = 0; g < globalCount(); g++) {
    if ((gFlags.get(g) & GF_ERASED) != 0) continue;
    if (vName.get(gValue.get(g)) == name) return g;
  }
  return -1;
}
// `base`, or `base.N` with the first N (from 1) no global has (ValueSymbolTable::makeUniqueName,
// in a module that has made no unique name before).
function freeGlobalName(base: string): i32 {
  let id = strtab.internStr(base);
  for (let n = 1; globalNamed(id) >= 0; n++) id = strtab.internStr(base + "." + n.toString());
  return id;
}
// The module's uniqued empty tuple `!{}`, made when there is none (MDNode::get(Ctx, {})).
function emptyTuple(): i32 {
  for (let m = 0; m < mdCount(); m++) {
    if (<i32>mdKind.get(m) == MK.Tuple && mdNOps.get(m) == 0 && (mdFlags.get(m) & MDF_DISTINCT) == 0 && canonicalMD(m) == m) return m;
  }
  return newMD(MK.Tuple, -1);
}
function tuple(ops: I32Vec): i32 {
  let m = newMD(MK.Tuple, -1);
  mdOps.set(m, mdPool.len);
  for (let i = 0; i < ops.len; i++) mdPool.push(ops.get(i));
  mdNOps.set(m, ops.len);
  return m;
}

// appendToCompilerUsed(M, {gv}): @llvm.compiler.used made anew, at the end of the globals, with
// the old list's elements (kept once each, in order) and then gv; the old list is erased.
function appendToCompilerUsed(gvValue: i32): void {
  let name = strtab.internStr("llvm.compiler.used");
  let old = globalNamed(name);
  let elems = new I32Vec();
  let eltTy = T_PTR;
  if (old >= 0 && (gFlags.get(old) & GF_DEFINED) != 0) {
    let init = operand(gValue.get(old), 0);
    let at = elementType(gValueType.get(old));
    if (at >= 0) eltTy = at;
    if (init >= 0 && <i32>vKind.get(init) == VK.ConstArray) {
      for (let i = 0; i < numOperands(init); i++) {
        let e = operand(init, i);
        let seen = false;
        for (let j = 0; j < elems.len; j++) if (elems.get(j) == e) { seen = true; break; }
        if (!seen) elems.push(e);
      }
    }
  }
  if (old >= 0) eraseGlobal(old);
  let seen = false;
  for (let j = 0; j < elems.len; j++) if (elems.get(j) == gvValue) { seen = true; break; }
  if (!seen) elems.push(gvValue);
  let ty = arrayType(eltTy, elems.len);
  let v = newValue(VK.GlobalVar, ptrType(0));
  let g = newGlobal(GK.Var, v);
  vA.set(v, g); vName.set(v, name);
  gValueType.set(g, ty);
  gFlags.set(g, gFlags.get(g) | GF_DEFINED);
  gSection.set(g, strtab.internStr("llvm.metadata"));
  appendOperand(v, getAggregate(VK.ConstArray, ty, elems, 0, elems.len));
  setLinkage(g, Linkage.Appending);
}

// Embeds `len` bytes at p in the module as LLVM 22's global-merge-func does with its serialized
// map: a private constant byte array @llvm.embedded.object (renamed .N when the name is taken) in
// the module's merge section, align 4, `!exclude !{}`, listed in @llvm.compiler.used and in
// !llvm.embedded.objects. Returns the new global. (A map with no functions is not embedded by
// LLVM: the caller leaves it out.)
export function embedMapBytes(p: usize, len: i32): i32 {
  let section = moduleMergeSectionName();
  let ty = arrayType(T_I8, len);
  let v = newValue(VK.GlobalVar, ptrType(0));
  let g = newGlobal(GK.Var, v);
  vA.set(v, g); vName.set(v, freeGlobalName("llvm.embedded.object"));
  gValueType.set(g, ty); gAddrSpace.set(g, 0);
  gFlags.set(g, gFlags.get(g) | GF_DEFINED | GF_CONSTANT);
  gSection.set(g, strtab.internStr(section));
  gAlign.set(g, 3);   // align 4 (log2 + 1)
  appendOperand(v, getData(ty, strtab.intern(p, len)));
  setLinkage(g, Linkage.Private);
  // the named metadata entry, then the attachment, then the used list, as LLVM makes them
  let ops = new I32Vec();
  ops.push(newMD(MK.Value, v));
  ops.push(newMD(MK.String, strtab.internStr(section)));
  appendNamedMD(strtab.internStr("llvm.embedded.objects"), tuple(ops));
  gMD.set(g, addAttachment(gMD.get(g), attachmentKind(strtab.internStr("exclude")), emptyTuple()));
  appendToCompilerUsed(v);
  return g;
}
