// Generates assembly/ir/triple-layouts.ts: what opt-19 and opt-22 do with a module that has a
// `target triple` and no `target datalayout` (opt's data layout callback asks the target for its
// layout): the layout it derives, or that it cannot (a warning), and whether it then warns that
// it has no target machine or stops at an unrecognized architecture. Asks each opt with modules
// holding only the triple, so the table can be regenerated for a new LLVM.
//   node tools/gen-triple-layouts.mjs [--llvm-bin-pattern /usr/lib/llvm-%V/bin]
//
// Keys are `arch|os|env` (the triple's components by position, as LLVM's Triple reads them; the
// vendor ignored, trailing version numbers dropped, `unknown` as empty), and whole triples where
// the vendor matters. The core looks a triple up whole, then by its own key, then `arch|os|`, `arch||env`, `arch||` (triple-layout.ts); an entry the
// shorter keys already answer the same way is left out.
import { execFile } from 'node:child_process';
import fs from 'node:fs';

const pattern = process.argv.includes('--llvm-bin-pattern') ? process.argv[process.argv.indexOf('--llvm-bin-pattern') + 1] : '/usr/lib/llvm-%V/bin';
const VERSIONS = [19, 22];

const ARCHES = `x86_64 x86_64h amd64 i386 i486 i586 i686 aarch64 aarch64_be arm64 arm64_32 arm64e aarch64_32
  arm armeb armv4t armv5te armv6 armv6m armv6k armv7 armv7a armv7r armv7m armv7em armv7s armv7k armv7ve armv8a armv8r
  armv8m.base armv8m.main armv8.1m.main thumb thumbeb thumbv6m thumbv7 thumbv7m thumbv7em thumbv8m.base thumbv8m.main
  thumbv8.1m.main riscv32 riscv64 riscv32be riscv64be wasm32 wasm64 powerpc powerpcle powerpc64 powerpc64le ppc ppc32 ppc64 ppc64le
  mips mipsel mips64 mips64el mipsisa32r6 mipsisa32r6el mipsisa64r6 mipsisa64r6el s390x systemz nvptx nvptx64 amdgcn r600
  loongarch32 loongarch64 sparc sparcv9 sparc64 sparcel hexagon bpf bpfel bpfeb msp430 avr lanai m68k xcore ve xtensa csky
  arc spir spir64 spirv spirv32 spirv64 dxil le32 le64 amdil amdil64 hsail hsail64 kalimba shave renderscript32
  renderscript64 tce tcele unknown`.split(/\s+/);
const OSES = `linux freebsd netbsd openbsd darwin macosx ios tvos watchos xros windows win32 none emscripten wasi aix
  cuda amdhsa amdpal mesa3d fuchsia haiku solaris elfiamcu uefi zos ps4 hurd`.split(/\s+/);
const ENVS = `gnu musl msvc gnueabi gnueabihf eabi eabihf android androideabi musleabi musleabihf gnux32 gnuabin32
  gnuabi64 itanium cygnus macho elf coff simulator`.split(/\s+/);
// Whole triples people use (combinations of os and env the keys above do not reach alone).
const TRIPLES = `x86_64-pc-linux-gnu x86_64-unknown-linux-gnu x86_64-unknown-linux-musl x86_64-unknown-linux-gnux32
  x86_64-apple-macosx10.15.0 x86_64-apple-darwin x86_64-pc-windows-msvc x86_64-pc-windows-gnu x86_64-w64-windows-gnu
  x86_64-pc-windows-cygnus x86_64-pc-windows-itanium x86_64-pc-windows-elf x86_64-pc-windows-macho x86_64-linux-android
  x86_64-unknown-linux-android x86_64-pc-linux-elf x86_64-apple-ios-simulator x86_64-unknown-linux-code16
  i386-unknown-linux-gnu i386-pc-linux-gnu i686-pc-linux-gnu i686-unknown-linux-gnu i386-apple-macosx i686-apple-darwin
  i686-pc-windows-msvc i686-pc-windows-gnu i686-w64-windows-gnu i686-pc-windows-cygnus i686-pc-windows-itanium
  i686-linux-android i686-unknown-linux-android i386-pc-elfiamcu i686-unknown-linux-musl i386-unknown-linux-code16
  aarch64-unknown-linux-gnu aarch64-linux-gnu aarch64-unknown-linux-musl aarch64-linux-android aarch64-unknown-linux-android
  aarch64-apple-darwin aarch64-apple-macosx arm64-apple-macosx arm64-apple-ios arm64-apple-ios-simulator arm64e-apple-ios
  aarch64-pc-windows-msvc aarch64-pc-windows-gnu aarch64-w64-windows-gnu arm64-pc-windows-msvc aarch64-unknown-linux-gnu_ilp32
  aarch64-none-elf aarch64-unknown-none aarch64-unknown-uefi arm64_32-apple-watchos
  arm-unknown-linux-gnueabi arm-unknown-linux-gnueabihf arm-linux-gnueabihf armv7-unknown-linux-gnueabihf
  armv7a-unknown-linux-gnueabihf armv7-linux-androideabi armv7a-linux-androideabi armv7-none-linux-androideabi
  armv7-apple-ios armv7s-apple-ios armv7k-apple-watchos armv7-pc-windows-msvc thumbv7-pc-windows-msvc thumbv7-windows-msvc
  arm-none-eabi armv6m-none-eabi armv7m-none-eabi armv7em-none-eabihf thumbv6m-none-eabi thumbv7m-none-eabi
  thumbv7em-none-eabi thumbv7em-none-eabihf thumbv8m.main-none-eabi thumbv7-apple-ios thumbv7m-apple-darwin-eabi
  arm-apple-darwin armv7-unknown-linux-musleabihf armv6-unknown-linux-gnueabihf
  riscv32-unknown-elf riscv32-unknown-linux-gnu riscv64-unknown-elf riscv64-unknown-linux-gnu riscv64-linux-android
  riscv32-unknown-none-elf riscv64-unknown-none-elf riscv64-unknown-linux-musl
  wasm32-unknown-unknown wasm32-unknown-emscripten wasm32-wasi wasm32-unknown-wasi wasm32-wasip1 wasm32-wasip2
  wasm64-unknown-unknown wasm64-unknown-emscripten wasm32-unknown-unknown-wasm
  powerpc-unknown-linux-gnu powerpc-ibm-aix powerpc64-ibm-aix powerpc64-unknown-linux-gnu powerpc64le-unknown-linux-gnu
  powerpc64-unknown-freebsd powerpc64le-linux-gnu powerpc-unknown-freebsd powerpc64-unknown-linux-musl ppc64le-unknown-linux-gnu
  mips-unknown-linux-gnu mipsel-unknown-linux-gnu mips64-unknown-linux-gnuabi64 mips64el-unknown-linux-gnuabi64
  mips64-unknown-linux-gnuabin32 mips64el-unknown-linux-gnuabin32 mips64-unknown-linux-gnu mipsel-linux-android
  mips-mti-linux-gnu mips64el-linux-android mipsel-unknown-linux-musl
  s390x-unknown-linux-gnu s390x-ibm-linux s390x-ibm-zos nvptx-nvidia-cuda nvptx64-nvidia-cuda nvptx64-nvidia-nvcl
  amdgcn-amd-amdhsa amdgcn-amd-amdpal amdgcn-mesa-mesa3d amdgcn-- r600-- r600-mesa-mesa3d
  loongarch64-unknown-linux-gnu loongarch32-unknown-linux-gnu loongarch64-unknown-linux-musl
  sparc-unknown-linux-gnu sparcv9-unknown-linux-gnu sparc64-unknown-linux-gnu sparcv9-sun-solaris sparc-sun-solaris
  hexagon-unknown-linux-musl hexagon-unknown-elf bpf-pc-linux bpfel-unknown-none bpfeb-unknown-none
  msp430-unknown-elf avr-unknown-unknown avr-atmel-none lanai-unknown-unknown m68k-unknown-linux-gnu xcore-unknown-unknown
  ve-unknown-linux-gnu xtensa-unknown-elf csky-unknown-linux-gnu spir-unknown-unknown spir64-unknown-unknown
  spirv32-unknown-unknown spirv64-unknown-unknown spirv-unknown-vulkan1.3-compute spirv64-amd-amdhsa dxil-pc-shadermodel6.0-library
  dxil-unknown-shadermodel6.3-compute x86_64-scei-ps4 x86_64-sie-ps5 x86_64-unknown-fuchsia aarch64-unknown-fuchsia
  x86_64-unknown-freebsd x86_64-unknown-netbsd x86_64-unknown-openbsd x86_64-pc-solaris2.11 x86_64-unknown-haiku
  x86_64-unknown-hurd-gnu i686-unknown-hurd-gnu x86_64-ibm-zos x86_64-unknown-uefi i686-unknown-uefi`.split(/\s+/);

const strip = s => (s ?? '').replace(/[0-9.]+$/, '');
const norm = s => (s === 'unknown' ? '' : s);
/** The table key of a triple (the core computes the same in triple-layout.ts). */
export function keyOf(triple) {
  const c = triple.split('-');
  return `${c[0]}|${norm(strip(c[2]))}|${norm(strip(c.slice(3).join('-')))}`;
}
const crashed = [];
const RESULT_NO_LAYOUT = 1, RESULT_NO_TARGET = 2, RESULT_BAD_ARCH = 4;

function probe(v, triple) {
  const opt = `${pattern.replace('%V', v)}/opt`;
  return new Promise((resolve, reject) => {
    const child = execFile(opt, ['-S', '-'], { encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err && (err.signal || stderr.includes('LLVM ERROR'))) { crashed.push(`opt-${v} '${triple}'`); return resolve(null); }  // opt crashes or aborts: no entry
      if (err && err.code !== 1) return reject(err);
      const layout = /^target datalayout = "(.*)"$/m.exec(stdout)?.[1] ?? '';
      const arch = triple.split('-')[0];
      const lines = stderr.split('\n').filter(Boolean);
      let flags = 0;
      const expect = [];
      if (!layout) {
        flags |= RESULT_NO_LAYOUT;
        expect.push(v >= 22 ? `${opt}: warning: failed to infer data layout from target triple`
          : `${opt}: warning: failed to infer data layout: unable to get target for '${triple}', see --version and --triple.`);
      }
      if (lines.some(l => l.includes('failed to create target machine'))) {
        flags |= RESULT_NO_TARGET;
        expect.push(`${opt}: WARNING: failed to create target machine for '${triple}': unable to get target for '${triple}', see --version and --triple.`);
      }
      if (lines.some(l => l.includes('unrecognized architecture'))) {
        flags |= RESULT_BAD_ARCH;
        expect.push(`${opt}: unrecognized architecture '${arch}' provided.`);
      }
      // The core prints these texts; stop when opt says something else.
      if (lines.join('\n') !== expect.join('\n') || (err && !(flags & RESULT_BAD_ARCH))) {
        return reject(new Error(`opt-${v} on '${triple}': unexpected\n${stderr}`));
      }
      resolve(`${flags}${layout}`);
    });
    child.stdin.end(`target triple = "${triple}"\n`);
  });
}

async function pool(jobs, n) {
  const out = new Array(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < jobs.length) { const i = next++; out[i] = await jobs[i](); }
  }));
  return out;
}

// Each key's probe triple: the bare arch, arch with each os, with each env, and the whole triples.
const probes = new Map();
for (const a of ARCHES) {
  probes.set(keyOf(a), a);
  for (const os of OSES) probes.set(keyOf(`${a}-unknown-${os}`), `${a}-unknown-${os}`);
  for (const env of ENVS) probes.set(keyOf(`${a}-unknown-unknown-${env}`), `${a}-unknown-unknown-${env}`);
}
for (const t of TRIPLES) {
  const k = keyOf(t);
  if (!probes.has(k)) probes.set(k, t);
}

const fallbacks = k => { const [a, os, env] = k.split('|'); return [`${a}|${os}|`, `${a}||${env}`, `${a}||`].filter(x => x !== k); };
const sections = [];
for (const v of VERSIONS) {
  const keys = [...probes.keys()];
  const vals = await pool(keys.map(k => () => probe(v, probes.get(k))), 4);
  const full = new Map(keys.map((k, i) => [k, vals[i]]).filter(([, val]) => val !== null));
  // A whole triple its key answers otherwise (the key drops the vendor) gets an entry of its own.
  const exact = [];
  for (const t of TRIPLES) {
    const got = await probe(v, t);
    if (got !== null && full.has(keyOf(t)) && got !== full.get(keyOf(t))) exact.push([t, got]);
  }
  // Keep an entry only when the shorter keys would answer otherwise (most specific first).
  const kept = new Map();
  const answer = k => { for (const f of [k, ...fallbacks(k)]) if (kept.has(f)) return kept.get(f); return undefined; };
  const bySpecificity = keys.sort((x, y) => x.split('|').filter(Boolean).length - y.split('|').filter(Boolean).length || (x < y ? -1 : 1));
  for (const k of bySpecificity.filter(x => full.has(x))) if (answer(k) !== full.get(k)) kept.set(k, full.get(k));
  for (const k of keys.filter(x => full.has(x))) if (answer(k) !== full.get(k)) throw new Error(`internal: ${k}`);
  const rows = [...exact, ...[...kept].sort(([a], [b]) => (a < b ? -1 : 1))].map(([k, val]) => `  "${k}", "${val}",`);
  sections.push(`// LLVM ${v}: ${kept.size} entries for ${keys.length} keys, ${exact.length} whole triples first.\nexport const TRIPLE_LAYOUTS_${v}: string[] = [\n${rows.join('\n')}\n];`);
  console.log(`opt-${v}: ${keys.length} keys, ${kept.size} entries`);
  if (crashed.length) console.log(`opt crashed (no entry): ${crashed.splice(0).join(', ')}`);
}

const out = `// Generated by tools/gen-triple-layouts.mjs from opt-19 and opt-22 (a generated table, long on
// purpose). Do not edit; run the generator. Pairs of a whole triple or key \`arch|os|env\` and
// the result: a digit (1: no layout inferred, 2: no target machine, 4: unrecognized architecture;
// added) then the layout.
${sections.join('\n\n')}
`;
fs.writeFileSync(new URL('../assembly/ir/triple-layouts.ts', import.meta.url), out);
