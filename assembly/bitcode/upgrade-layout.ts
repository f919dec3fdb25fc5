// The data layout upgrade LLVM's bitcode reader applies to a module's layout string (the text
// parser does not): x86 gains the 32/64-bit pointer address spaces (p270-p272) and i128:128 (and
// f80:128 for 32-bit MSVC); AArch64 gains -Fn32 (and, from LLVM 22, the address spaces);
// 64-bit RISC-V and LoongArch get i32 as a native type; SystemZ a stack alignment; from LLVM 22,
// 64-bit PowerPC, SPARC, 64-bit MIPS (not o32) and WebAssembly gain i128:128; AMDGPU gains its
// globals address space and (amdgcn) the buffer address spaces, even from no layout at all, and
// from LLVM 22 the ELF mangling. Learned by reading llvm-as-19/22 output back with llvm-dis.
import { llvmVersion } from "../ir/version";

const SPACES = "-p270:32:32-p271:32:32-p272:64:64";

function archOf(triple: string): string { let i = triple.indexOf("-"); return i < 0 ? triple : triple.substring(0, i); }
function isX86(a: string): bool {
  return a == "x86_64" || a == "amd64" || a == "x86_64h" || a == "i386" || a == "i486" || a == "i586" || a == "i686" ||
    a == "i786" || a == "i886" || a == "i986";
}
// `^([Ee]-m:[a-z](-p:32:32)?)(-.*)$`: the address spaces go after the mangling (and a 32-bit pointer spec).
function addSpaces(dl: string): string {
  if (dl.includes(SPACES)) return dl;
  if (dl.length < 5 || (dl.charAt(0) != "e" && dl.charAt(0) != "E") || !dl.startsWith("-m:", 1)) return dl;
  let c = dl.charCodeAt(4);
  if (c < 97 || c > 122) return dl;
  let at = 5;
  if (dl.startsWith("-p:32:32", 5)) at = 13;
  if (at >= dl.length || dl.charAt(at) != "-") return dl;
  return dl.substring(0, at) + SPACES + dl.substring(at);
}
// i128:128 after the leading run of m/p/i specs when every later spec starts with another letter.
function addI128X86(dl: string): string {
  if (dl.includes("-i128:128")) return dl;
  let parts = dl.split("-");
  if (parts[0] != "e") return dl;
  let j = 1;
  while (j < parts.length && parts[j].length > 0 && "mpi".includes(parts[j].charAt(0))) j++;
  for (let k = j; k < parts.length; k++) if (parts[k].length > 0 && "mpi".includes(parts[k].charAt(0))) return dl;
  let head = parts.slice(0, j).join("-"), tail = parts.slice(j).join("-");
  return head + "-i128:128" + (j < parts.length ? "-" + tail : "");
}

// AMDGPU's upgrades, each appended in turn (so `ni:7` gains its `:8:9` after the G1 appended).
function upgradeAMDGPU(dl: string, gcn: bool, v22: bool): string {
  let r = dl;
  if (v22 && !dl.includes("m:")) r = r.length == 0 ? "m:e" : "m:e-" + r;
  if (!dl.includes("-G") && !dl.startsWith("G")) r += r.length == 0 ? "G1" : "-G1";
  if (!gcn) return r;
  if (!dl.includes("-ni") && !dl.startsWith("ni")) r += "-ni:7:8:9";
  if (dl.endsWith("ni:7")) r += ":8:9";
  if (dl.endsWith("ni:7:8")) r += ":9";
  if (!dl.includes("-p7") && !dl.startsWith("p7")) r += "-p7:160:256:256:32";
  if (!dl.includes("-p8") && !dl.startsWith("p8")) r += v22 ? "-p8:128:128:128:48" : "-p8:128:128";
  else if (v22) {
    // LLVM 22 gives the buffer resources an index width
    let i = r.indexOf("p8:128:128");
    if (i >= 0 && (i + 10 == r.length || r.charAt(i + 10) == "-")) r = r.substring(0, i + 10) + ":128:48" + r.substring(i + 10);
  }
  if (!dl.includes("-p9") && !dl.startsWith("p9")) r += "-p9:192:256:256:32";
  return r;
}

export function upgradeDataLayout(dl: string, triple: string): string {
  let a = archOf(triple);
  let v22 = llvmVersion >= 22;
  if (a == "amdgcn" || a == "r600") return upgradeAMDGPU(dl, a == "amdgcn", v22);
  if (a == "riscv64" || a == "loongarch64") {
    let i = dl.indexOf("-n64-");
    return i < 0 ? dl : dl.substring(0, i) + "-n32:64-" + dl.substring(i + 5);
  }
  if (a == "s390x" && dl.length > 0) return dl.includes("-S64") ? dl : "E-S64" + dl.substring(1);
  if (a == "aarch64" || a == "arm64" || a == "aarch64_be" || a == "arm64_32" || a == "aarch64_32") {
    let r = dl;
    if (r.length > 0 && !r.includes("-Fn32")) r += "-Fn32";
    return v22 ? addSpaces(r) : r;
  }
  if (v22 && (a == "sparc" || a == "sparcv9" || a == "sparcel" || ((a == "mips64" || a == "mips64el") && !dl.includes("m:m")) ||
      a == "powerpc64" || a == "powerpc64le" || a == "ppc64" || a == "ppc64le" || a == "wasm32" || a == "wasm64")) {
    if (dl.includes("-i128:128")) return dl;
    let i = dl.indexOf("-i64:64");
    return i < 0 ? dl : dl.substring(0, i + 7) + "-i128:128" + dl.substring(i + 7);
  }
  if (!isX86(a)) return dl;
  let r = addSpaces(dl);
  if (!triple.includes("-iamcu")) r = addI128X86(r);
  let is32 = a != "x86_64" && a != "amd64" && a != "x86_64h";
  if (is32 && triple.includes("-windows") && !triple.includes("-gnu") && !triple.includes("-cygnus") && !triple.includes("-itanium")) {
    let i = r.indexOf("-f80:32-");
    if (i >= 0) r = r.substring(0, i) + "-f80:128-" + r.substring(i + 8);
  }
  return r;
}
