#!/usr/bin/env node
// Instruction counts per phase, independent of machine load: valgrind's callgrind counts the
// instructions node executes while the core runs parse, verify, pass, verify, print in process
// on one input. V8 compiles the whole core with its optimising tier first (--no-liftoff), so the
// counts are those of steady-state code; each phase is the difference between runs that stop
// after it, and per-iteration counts are the difference between 2 and 5 iterations (start-up and
// compilation cancel out). V8 runs predictable (fixed random and hash seeds, no concurrent work),
// so a phase's count repeats to within about 0.1 M instructions (without, the same build moved by 2-3%). Use it to
// compare two core builds where wall time is too noisy. With --bitcode the last phase writes the
// module as bitcode (core.writeBitcode) instead of printing it; the input may be a .bc either way.
//
//   node bench/instructions.bench.js [--input FILE | --size 1MB] [--passes mem2reg] [--wasm build/wopt.wasm] [--llvm 22] [--bitcode]
//
// Needs valgrind (apt-get install valgrind). Reports; never fails because wopt is slow.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateToFile, parseSize, GEN_VERSION } from './gen.js';
import { forEachOption } from './options.js';
import { which, parseLlvmOne, llvmUsage, DEFAULT_LLVM_VERSION } from './llvm.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const CACHE = join(HERE, '.cache');

const USAGE = `usage: node bench/instructions.bench.js [options]
  --input FILE      the module (default: a generated one of --size)
  --size S          generated module size (default 1MB)
  --passes P        the pipeline between the verifications (default mem2reg)
  --wasm FILE       the core to measure (default build/wopt.wasm); repeatable, to compare builds
  --bitcode         the last phase writes bitcode (core.writeBitcode) instead of printing text
${llvmUsage({ compare: false, one: true })}
  --json            print JSON instead of the markdown table`;

const PHASES = ['parse', 'verify input', 'pipeline', 'verify output', 'print'];
const phaseNames = (bitcode) => bitcode ? [...PHASES.slice(0, -1), 'write bitcode'] : PHASES;

// The in-process loop callgrind runs: `steps` phases of each of `k` iterations.
const LOOP = `
import { loadWopt } from ${JSON.stringify(pathToFileURL(join(ROOT, 'bindings/node.js')).href)};
import { readFileSync } from 'node:fs';
const [wasmPath, file, k, steps, passes, llvmVersion, bitcode] = process.argv.slice(1);
const core = await loadWopt({ wasmPath });
const text = readFileSync(file);
for (let r = 0; r < +k; r++) {
  if (!core.parse(text, { llvmVersion: +llvmVersion }).ok) throw new Error('parse failed');
  if (+steps > 1) core.verify();
  if (+steps > 2 && !core.runPipeline(passes).ok) throw new Error('pipeline failed');
  if (+steps > 3) core.verify();
  if (+steps > 4 && bitcode === '1' && !core.writeBitcode().ok) throw new Error('writeBitcode failed');
  if (+steps > 4 && bitcode !== '1') core.printInto(() => {});
}
`;

function parseArgs(argv) {
  const o = { input: null, size: '1MB', passes: 'mem2reg', llvm: DEFAULT_LLVM_VERSION, wasm: [], json: false, bitcode: false };
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--input': o.input = resolve(val()); break;
      case '--size': o.size = val(); break;
      case '--passes': o.passes = val(); break;
      case '--wasm': o.wasm.push(resolve(val())); break;
      case '--llvm': o.llvm = parseLlvmOne(val()); break;
      case '--json': o.json = true; break;
      case '--bitcode': o.bitcode = true; break;
      case '-h': case '--help': o.help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  if (!o.wasm.length) o.wasm.push(join(ROOT, 'build/wopt.wasm'));
  return o;
}

function inputFile(o) {
  if (o.input) return o.input;
  mkdirSync(CACHE, { recursive: true });
  const f = join(CACHE, `gen-v${GEN_VERSION}-${o.size}-s1-d0.3.ll`);
  if (!existsSync(f)) { generateToFile(f + '.tmp', { size: parseSize(o.size), seed: 1, dup: 0.3 }); renameSync(f + '.tmp', f); }
  return f;
}

function count(valgrind, wasm, file, k, steps, passes, llvm, bitcode) {
  const r = spawnSync(valgrind, ['--tool=callgrind', '--smc-check=all-non-file', '--callgrind-out-file=/dev/null',
    process.execPath, '--single-threaded', '--no-liftoff', '--predictable', '--random-seed=7', '--hash-seed=7', '--input-type=module', '-e', LOOP, wasm, file, String(k), String(steps), passes, String(llvm), bitcode ? '1' : '0'],
  { encoding: 'utf8', maxBuffer: 64 << 20 });
  const m = /Collected : (\d+)/.exec(r.stderr || '');
  if (r.status !== 0 || !m) throw new Error(`valgrind failed: ${(r.stderr || '').split('\n').filter(Boolean).slice(-3).join(' | ')}`);
  return Number(m[1]);
}

export function measureInstructions(o, log = (m) => process.stderr.write(m + '\n')) {
  const valgrind = which('valgrind');
  if (!valgrind) throw new Error('valgrind not found (apt-get install valgrind)');
  const file = inputFile(o);
  const builds = [];
  for (const wasm of o.wasm) {
    // cumulative per-iteration counts after 1..5 phases, then per phase
    const cumulative = [];
    for (let steps = 1; steps <= PHASES.length; steps++) {
      log(`${wasm}: ${phaseNames(o.bitcode).slice(0, steps).join(' + ')}`);
      const a = count(valgrind, wasm, file, 2, steps, o.passes, o.llvm, o.bitcode), b = count(valgrind, wasm, file, 5, steps, o.passes, o.llvm, o.bitcode);
      cumulative.push((b - a) / 3);
    }
    const phases = phaseNames(o.bitcode).map((name, i) => ({ name, instructions: cumulative[i] - (i ? cumulative[i - 1] : 0) }));
    builds.push({ wasm, phases, total: cumulative[cumulative.length - 1] });
  }
  return { file, passes: o.passes, llvm: o.llvm, bitcode: o.bitcode, builds };
}

const fmtM = (n) => `${(n / 1e6).toFixed(1)} M`;

export function markdown(r) {
  const out = [`instructions per iteration (callgrind, V8 optimising tier only), ${r.file}, pipeline ${r.passes}, LLVM ${r.llvm}${r.bitcode ? ', bitcode out' : ''}`, ''];
  out.push(`| phase | ${r.builds.map((b) => b.wasm.replace(ROOT + '/', '')).join(' | ')} |`);
  out.push(`|---|${r.builds.map(() => '---:').join('|')}|`);
  const names = phaseNames(r.bitcode);
  for (let i = 0; i < names.length; i++) out.push(`| ${names[i]} | ${r.builds.map((b) => fmtM(b.phases[i].instructions)).join(' | ')} |`);
  out.push(`| **total** | ${r.builds.map((b) => `**${fmtM(b.total)}**`).join(' | ')} |`);
  out.push('', 'V8 runs with --predictable and fixed seeds: repeated runs of the same build agree to about 0.1 M per phase.');
  return out.join('\n');
}

export async function main(argv = process.argv.slice(2)) {
  let o;
  try { o = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (o.help) { console.log(USAGE); return 0; }
  let r;
  try { r = measureInstructions(o); } catch (e) { console.error(e.message); return 1; }
  process.stdout.write((o.json ? JSON.stringify(r, null, 2) : markdown(r)) + '\n');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
