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
import { strtab, targetTriple } from "../ir/module";
import { globalCount, gKind, gValue, gSection, gFlags, GK, GF_DEFINED, GF_ERASED } from "../ir/globals";
import { operand, vKind, vA, vType, VK, numOperands } from "../ir/values";
import { memberCount, elementType, isInt, intWidth } from "../ir/types";
import { intLow64 } from "../ir/constants";

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
