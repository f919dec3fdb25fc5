// Calling conventions: keyword <-> LLVM's numbering (CallingConv.h).
import { strtab } from "../ir/module";
import { OutBuf } from "../util/outbuf";
import { llvmVersion } from "../ir/version";

// LLVM 19's keywords (CallingConv.h numbering); numbers without one print as `cc N`.
const CC_TABLE: string[] = [
  "0:ccc", "8:fastcc", "9:coldcc", "10:ghccc", "13:anyregcc", "14:preserve_mostcc", "15:preserve_allcc",
  "16:swiftcc", "17:cxx_fast_tlscc", "18:tailcc", "19:cfguard_checkcc", "20:swifttailcc", "21:preserve_nonecc",
  "64:x86_stdcallcc", "65:x86_fastcallcc", "66:arm_apcscc", "67:arm_aapcscc", "68:arm_aapcs_vfpcc",
  "69:msp430_intrcc", "70:x86_thiscallcc", "71:ptx_kernel", "72:ptx_device", "75:spir_func", "76:spir_kernel",
  "77:intel_ocl_bicc", "78:x86_64_sysvcc", "79:win64cc", "80:x86_vectorcallcc", "83:x86_intrcc",
  "84:avr_intrcc", "85:avr_signalcc", "87:amdgpu_vs", "88:amdgpu_gs", "89:amdgpu_ps", "90:amdgpu_cs",
  "91:amdgpu_kernel", "92:x86_regcallcc", "93:amdgpu_hs", "95:amdgpu_ls", "96:amdgpu_es",
  "97:aarch64_vector_pcs", "98:aarch64_sve_vector_pcs", "100:amdgpu_gfx", "101:m68k_intrcc",
  "102:aarch64_sme_preservemost_from_x0", "103:aarch64_sme_preservemost_from_x2", "104:amdgpu_cs_chain",
  "105:amdgpu_cs_chain_preserve", "106:m68k_rtdcc", "107:graalcc", "110:riscv_vector_cc",
  "111:aarch64_sme_preservemost_from_x1", "81:hhvmcc", "82:hhvm_ccc",
  // LLVM 22 on (NEW_IN_22 below)
  "124:amdgpu_gfx_whole_wave", "125:cheriot_compartmentcallcc", "126:cheriot_compartmentcalleecc",
  "127:cheriot_librarycallcc",
];
// The numbers of LLVM 22's new keywords: under LLVM 19 they are no keywords and print as `ccN`.
function newIn22(n: i32): bool { return n >= 124 && n <= 127; }
// LLVM 22's riscv_vls_cc(VLEN): numbers 112 (VLEN 32) to 123 (VLEN 65536), one per power of two.
export const RISCV_VLS_FIRST = 112, RISCV_VLS_LAST = 123;
// The two directions of the table as string ids, made again after each reset (at a fixed address
// in static memory, like the reader's state).
@final class CallingConventions {
  byStr: Map<i32, i32> = new Map();
  byNum: Map<i32, i32> = new Map();
}
const CC_SIZE: usize = 16;
const cc: CallingConventions = changetype<CallingConventions>(memory.data(<i32>CC_SIZE, 16));
export function resetCC(): void {
  assert(offsetof<CallingConventions>() <= CC_SIZE);
  memory.copy(changetype<usize>(cc), changetype<usize>(new CallingConventions()), offsetof<CallingConventions>());
  for (let i = 0; i < CC_TABLE.length; i++) {
    let e = CC_TABLE[i];
    let c = e.indexOf(":");
    let n = I32.parseInt(e.substring(0, c));
    let s = strtab.internStr(e.substring(c + 1));
    cc.byStr.set(s, n);
    if (!cc.byNum.has(n)) cc.byNum.set(n, s);
  }
  cc.byStr.set(strtab.internStr("cc"), -2);
}
// Number for a keyword; -2 for `cc` (a number follows); -1 if not a calling convention.
export function ccOfWord(w: i32): i32 {
  if (!cc.byStr.has(w)) return -1;
  let n = cc.byStr.get(w);
  return newIn22(n) && llvmVersion < 22 ? -1 : n;
}
// Keyword strId for a number, or -1 (printed as `cc N`).
export function ccName(n: i32): i32 { return cc.byNum.has(n) && !(newIn22(n) && llvmVersion < 22) ? cc.byNum.get(n) : -1; }
// Prints calling convention n: its keyword, or `ccN` (function headers, printer-globals.ts; calls,
// printer-inst.ts).
export function printCC(out: OutBuf, n: i32): void {
  if (llvmVersion >= 22 && n >= RISCV_VLS_FIRST && n <= RISCV_VLS_LAST) {
    out.str("riscv_vls_cc("); out.int(32 << (n - RISCV_VLS_FIRST)); out.byte(41); return;
  }
  let s = ccName(n);
  if (s >= 0) out.strId(strtab, s); else { out.str("cc"); out.int(n); }
}
