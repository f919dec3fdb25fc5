#!/usr/bin/env node
// Dispatcher for `npm run bench -- <what> [options]`:
//   node bench/run.js [report] [...]       the full report (bench/report.js): generated modules, real
//                                          programs and batch rows vs opt-19/opt-22, written to
//                                          bench/results/<date>.{md,svg,json}; the default
//   node bench/run.js side-by-side [...]   native opt-19/opt-22 vs our CLI (bench/side-by-side.js; --format bc: bitcode in and out)
//   node bench/run.js parse [...]          in-process parse/print MB/s (bench/parse.bench.js)
//   node bench/run.js bitcode [...]        in-process read/write .bc MB/s beside parse/print .ll (bench/bitcode.bench.js)
//   node bench/run.js domtree [...]        dominator tree / IDF edges/s vs opt-19/opt-22 (bench/domtree.bench.js)
//   node bench/run.js repo [...]           program repository: first vs second run, store entries/s
//   node bench/run.js pass [...]           the pass alone in process beside opt-V's -time-passes line
//   node bench/run.js instructions [...]   per-phase instruction counts under callgrind (load-independent)
//   node bench/run.js batch [...]          many modules: opt-V a process each vs one wopt -output-dir process
//   node bench/run.js gmf [...]            LLVM 22's global-merge-func: one module vs opt-22, across modules vs LLVM's two rounds
//   node bench/run.js lsp [...]            the language server: edit-to-diagnostics time and memory per open document (bench/lsp.bench.js)
//   node bench/run.js gen [...]            the input generator (bench/gen.js)
// With no argument, or options only (`npm run bench -- --quick`), it runs the report. The scripts
// comparing with native opt take --llvm 19,22 (bench/llvm.js): the LLVM versions compared, opt-V
// against wopt --llvm-version=V, default both.

const TARGETS = {
  report: './report.js',
  'side-by-side': './side-by-side.js',
  parse: './parse.bench.js',
  bitcode: './bitcode.bench.js',
  domtree: './domtree.bench.js',
  repo: './repo.bench.js',
  batch: './batch.bench.js',
  gmf: './gmf.bench.js',
  lsp: './lsp.bench.js',
  instructions: './instructions.bench.js',
  startup: './startup.bench.js',
  pass: './pass.bench.js',
  gen: './gen.js',
};

const args = process.argv.slice(2);
// options alone (or nothing) are the report's
const [what, ...rest] = args.length === 0 || (args[0].startsWith('-') && args[0] !== '-h' && args[0] !== '--help') ? ['report', ...args] : args;
if (what === '-h' || what === '--help' || !TARGETS[what]) {
  const msg = `usage: node bench/run.js [${Object.keys(TARGETS).join('|')}] [options]   (each takes --help; the default is report)`;
  if (TARGETS[what] === undefined && what !== '-h' && what !== '--help') {
    console.error(`unknown benchmark '${what}'\n${msg}`);
    process.exitCode = 2;
  } else console.log(msg);
} else {
  const mod = await import(TARGETS[what]);
  process.exitCode = await mod.main(rest);
}
