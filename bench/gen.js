#!/usr/bin/env node
// Deterministic generator of LLVM 19 textual IR for benchmarks. LLVM 22 reads it too (opt-22
// upgrades it, e.g. `nocapture` to `captures(none)`, and so does wopt --llvm-version=22), so the
// same inputs serve both versions of the comparisons.
//
// Two modes:
//  - default: a module resembling clang -O0 output (allocas, loads/stores, diamonds, loops, switch,
//    calls, globals, strings, structs, GEPs; no phis) sized to roughly --size bytes. A fraction of the
//    functions are exact or renamed-value duplicates (mergefunc food) and some are near-duplicates
//    that differ in one constant.
//  - --shape <kind>: a module of few functions, each a large CFG of --blocks blocks
//    (random, ladder, chain, switch, mix) for dominator-tree / IDF benches.
//
// The same options always produce the same bytes (own PRNG, no Math.random, no Date).
//
//   node bench/gen.js --size 10MB --seed 1 --dup 0.3 -o out.ll
//   node bench/gen.js --shape random --blocks 100000 --functions 2 -o cfg.ll
//
// Exports: generate(opts) -> string, generateToFile(path, opts) -> {bytes, functions},
//          generateTo(write, opts), parseSize(str), DEFAULTS, GEN_VERSION.
//
// This file is the API and the CLI; the generator's pieces are in bench/gen/ (module.js the module,
// fn-base.js, fn-expr.js and function.js a function, shape.js the --shape mode).

import { openSync, writeSync, closeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { forEachOption } from './options.js';
import { ModuleGen } from './gen/module.js';
import { Sink } from './gen/builder.js';
import { generateShape } from './gen/shape.js';

// Bump when the output for given options changes (side-by-side caches inputs by it).
export const GEN_VERSION = 1;

export const DEFAULTS = Object.freeze({
  size: 1_000_000,   // bytes, approximate (default mode)
  seed: 1,
  dup: 0.3,          // fraction of functions that are exact / renamed-value duplicates
  near: null,        // fraction of near-duplicates (one constant differs); default dup/3
  optnone: 0.05,     // fraction of functions carrying optnone (mem2reg skips those)
  debug: false,      // -g style debug metadata
  shape: null,       // random | ladder | chain | switch | mix
  blocks: 10_000,    // blocks per function in --shape mode
  functions: 1,      // functions in --shape mode
  allocas: 4,        // allocas per function in --shape mode (each stored in the entry block)
});

// ---------------------------------------------------------------------------------------------
// Helpers

export function parseSize(s) {
  if (typeof s === 'number') return s;
  const m = /^\s*([0-9]*\.?[0-9]+)\s*([kmg]i?b?|b)?\s*$/i.exec(String(s));
  if (!m) throw new Error(`bad size: ${s}`);
  const n = parseFloat(m[1]);
  const u = (m[2] || 'b').toLowerCase();
  const mult = u.startsWith('k') ? (u.includes('i') ? 1024 : 1e3)
    : u.startsWith('m') ? (u.includes('i') ? 1024 ** 2 : 1e6)
      : u.startsWith('g') ? (u.includes('i') ? 1024 ** 3 : 1e9) : 1;
  return Math.round(n * mult);
}

// ---------------------------------------------------------------------------------------------
// API

function normalize(opts = {}) {
  const o = { ...DEFAULTS, ...opts };
  o.size = parseSize(o.size);
  o.blocks = parseSize(o.blocks);
  o.allocas = parseSize(o.allocas);
  o.seed = Number(o.seed) >>> 0;
  o.dup = Number(o.dup);
  o.functions = Number(o.functions);
  return o;
}

export function generateTo(write, opts) {
  const o = normalize(opts);
  const sink = new Sink(write);
  let functions;
  if (o.shape) { generateShape(o, sink); functions = o.functions; } else {
    const mg = new ModuleGen(o, sink);
    mg.run();
    functions = mg.fnCount;
  }
  return { bytes: sink.bytes, functions };
}

export function generate(opts) {
  const parts = [];
  generateTo((s) => parts.push(s), opts);
  return parts.join('');
}

export function generateToFile(path, opts) {
  const fd = openSync(path, 'w');
  try {
    return generateTo((s) => writeSync(fd, s), opts);
  } finally {
    closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// CLI

const USAGE = `usage: node bench/gen.js [options] [-o out.ll]
  --size N        approximate output size (1KB, 10MB, 1.5MiB, ...; default 1MB)
  --seed N        PRNG seed (default 1)
  --dup F         fraction of exact / renamed-value duplicate functions (default 0.3)
  --near F        fraction of near-duplicates differing in one constant (default dup/3)
  --optnone F     fraction of functions with optnone (default 0.05)
  -g, --debug     emit -g style debug metadata (#dbg_declare, !dbg, DISubprogram, ...)
  --shape K       large-CFG module instead: random | ladder | chain | switch | mix
  --blocks N      blocks per function in --shape mode (default 10000; 1K, 1M accepted)
  --functions N   functions in --shape mode (default 1)
  --allocas N     allocas per function in --shape mode, all stored in the entry block (default 4)
  -o FILE         output file (default stdout)`;

export function parseArgs(argv) {
  const o = {};
  let out = null, help = false;
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--size': o.size = val(); break;
      case '--seed': o.seed = val(); break;
      case '--dup': o.dup = val(); break;
      case '--near': o.near = Number(val()); break;
      case '--optnone': o.optnone = Number(val()); break;
      case '-g': case '--debug': o.debug = true; break;
      case '--shape': o.shape = val(); break;
      case '--allocas': o.allocas = val(); break;
      case '--blocks': o.blocks = val(); break;
      case '--functions': o.functions = val(); break;
      case '-o': case '--output': out = val(); break;
      case '-h': case '--help': help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  return help ? { help: true } : { opts: o, out };
}

export function main(argv = process.argv.slice(2)) {
  let parsed;
  try { parsed = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (parsed.help) { console.log(USAGE); return 0; }
  const t0 = process.hrtime.bigint();
  let res;
  if (parsed.out) res = generateToFile(parsed.out, parsed.opts);
  else res = generateTo((s) => process.stdout.write(s), parsed.opts);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (parsed.out) console.error(`wrote ${parsed.out}: ${res.bytes} bytes, ${res.functions} functions in ${(ms / 1000).toFixed(2)} s`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
