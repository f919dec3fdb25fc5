// A TypeScript consumer of the package's types, checked with `strict` (tests/node/api/types.test.js).
// It imports the package by name, as a user would, and uses each entry. The `@ts-expect-error`
// lines are misuses the types must reject: if a type were loosened to `any`, tsc would report
// those lines as unused expectations and the test would fail.
import { optimize, runModule, formatDiagnostic, encodePipeline, LLVM_VERSIONS, type OptimizeResult, type Diagnostic } from 'wopt';
import { loadWopt } from 'wopt/node';
import { openRepository, RepoError, type Repository, type RepoStats } from 'wopt/repo';

export async function main(text: string): Promise<string> {
  const names: string[] = [];
  const r: OptimizeResult = await optimize(text, { passes: 'mem2reg', llvmVersion: 22, options: { 'mergefunc-use-aliases': true } });
  if (!r.ok) {
    const d: Diagnostic = r.diagnostics[0];
    return formatDiagnostic({ file: 'in.ll', line: d.line, col: d.col, message: d.message, source: text });
  }
  // past the failure, the output is the module: no null check, no cast
  const out: string = r.output;
  const bc = await optimize(text, { format: 'bitcode', llvmVersion: 19 });
  const bitcode: Uint8Array | null = bc.output;
  // @ts-expect-error the bitcode output is bytes, not text
  const notText: string | null = bc.output;
  if (bc.ok) names.push(String(bc.output.byteLength));
  else { const none: null = bc.output; names.push(String(none), ...bc.diagnostics.map(d => d.message)); }
  // a format chosen at run time: text or bytes
  const either = await optimize(text, { format: Math.random() < 0.5 ? 'text' : 'bitcode' });
  if (either.ok) names.push(typeof either.output === 'string' ? either.output : String(either.output.length));
  // @ts-expect-error: not narrowed by ok, the output may be null
  const maybe: string = (await optimize(text)).output;
  // @ts-expect-error: a success's output is never null
  const wrong: OptimizeResult = { ok: true, output: null, diagnostics: [] };
  // @ts-expect-error: a failure has no output
  const wrong2: OptimizeResult = { ok: false, output: 'x', diagnostics: [] };

  const core = await loadWopt();
  const run = runModule(core, text, { passes: 'mergefunc', verify: true });
  const timing: number = run.timings.reduce((s, t) => s + t.ms, 0);
  const fns = core.functions();
  names.push(...(Array.isArray(fns) ? fns.map(f => f.name) : [fns.message]));
  const passes = core.passes();
  const passNames = Array.isArray(passes) ? passes.filter(p => !p.analysis).map(p => `${p.level}:${p.name}`) : [];
  const printed = core.printInto(view => view.length);
  const size: number = printed.ok ? printed.value : 0;

  let repo: Repository | null = null;
  try {
    repo = await openRepository(':memory:');
    const stats: RepoStats = await repo.stats();
    const hits = await repo.lookup(['0123456789abcdef0123456789abcdef'], { text: false });
    for (const [digest, e] of hits) names.push(`${digest}:${e.kind}:${e.dependents.length}`);
    names.push(String(stats.definitions));
  } catch (e) {
    if (e instanceof RepoError) names.push(e.reason ?? e.code);
  } finally {
    await repo?.close();
  }

  // @ts-expect-error: passes is a pipeline string
  await optimize(text, { passes: ['mem2reg'] });
  // @ts-expect-error: only the LLVM versions the core follows
  await optimize(text, { llvmVersion: 21 });
  const failed = await optimize(text, { passes: 'nosuchpass' });
  // @ts-expect-error: output may be null when the run failed
  const len: number = failed.output.length;
  // @ts-expect-error: a repository spec is a path, ':memory:' or { indexedDB }
  await openRepository({ sqlite: 'x.db' });

  return [out, String(bitcode?.length ?? 0), String(notText), maybe, String(wrong.ok && wrong2.ok), encodePipeline('mem2reg', [['mem2reg-x', 1]]), String(LLVM_VERSIONS.length), String(timing), String(size), String(len), ...names, ...passNames].join('\n');
}

// Sessions: in-thread and in a worker, through one interface.
import { openSession, type SessionLike, type SessionResult } from 'wopt';
import { openWorkerSession } from 'wopt/worker';

export async function sessions(text: string, signal: AbortSignalLike): Promise<number> {
  const all: SessionLike[] = [await openSession({ llvmVersion: 19, repository: ':memory:' }), await openWorkerSession({ llvmVersion: 22 })];
  let n = 0;
  for (const s of all) {
    const r: SessionResult = await s.optimize(text, { passes: 'mergefunc', output: 'bytes', signal });
    if (r.output instanceof Uint8Array) n += r.output.length;
    // the result typed by the output option, told apart by ok
    const bytes = await s.optimize(text, { output: 'bytes' });
    if (bytes.ok) n += bytes.output.byteLength;
    else n += bytes.diagnostics.length;
    const printed = await s.optimize(text, { passes: 'mem2reg' });
    if (printed.ok) n += printed.output.length + printed.log.length;
    const none = await s.optimize(text, { output: 'none' });
    if (none.ok) { const nothing: null = none.output; n += nothing === null ? 1 : 0; }
    // @ts-expect-error: 'bytes' gives a Uint8Array, not text
    if (bytes.ok) { const t: string = bytes.output; n += t.length; }
    // @ts-expect-error: not narrowed by ok, the output may be null
    n += printed.output.length;
    n += r.repo?.stored ?? 0;
    n += (await s.functions()).length;
    // structured results for an IDE
    const t = await s.optimize(text, { passes: 'function(mem2reg),mergefunc', trace: true, mergeReport: true });
    for (const e of t.trace ?? []) if (e.changed && e.unit !== '[module]') n += e.after.length - e.before.length;
    n += t.mergeReport?.merged.filter(m => m.how === 'thunk').length ?? 0;
    const gm = await s.optimize(text, { passes: 'global-merge-func', globalMergeReport: true });
    for (const grp of gm.globalMergeReport?.groups ?? []) n += (grp.benefit ?? 0) > (grp.cost ?? 0) ? (grp.merges?.length ?? 0) : grp.functions.length;
    const g = await s.inspect('main');
    if (g) for (const b of g.blocks) n += b.frontier.length + b.phis + (b.idom >= 0 ? g.blocks[b.idom].succ.length : 0);
    // or its index in functions() (the way to an unnamed function)
    const first = await s.inspect(0);
    if (first) n += first.blocks.length;
    // @ts-expect-error: inspect takes a function's name or index
    await s.inspect(true);
    await s.close();
  }
  const w = await openWorkerSession();
  await w.optimize(new Uint8Array(4), { transfer: true });
  // @ts-expect-error: a worker session opens its repository itself, from a spec
  await openWorkerSession({ repository: await openRepository(':memory:') });
  // @ts-expect-error: output is 'text', 'bytes' or 'none'
  await w.optimize(text, { output: 'json' });
  return n;
}
interface AbortSignalLike { readonly aborted: boolean; addEventListener(type: 'abort', fn: () => void, opts?: { once?: boolean }): void; removeEventListener(type: 'abort', fn: () => void): void }

// Merging across modules: each module's result and the batch's codegen data.
import { mergeAcrossModules, type AcrossModulesMap, type GlobalMergeReport } from 'wopt';

export async function across(a: string, b: string): Promise<number> {
  const r = await mergeAcrossModules([{ name: 'a.ll', text: a }, { name: 'b.ll', text: b }], { globalMergeReport: true });
  const map: AcrossModulesMap = r.map;
  // all ok: every module's output is its text; else each module says
  let chars = 0;
  if (r.ok) for (const m of r.modules) chars += m.output.length;
  else for (const m of r.modules) chars += m.ok ? m.output.length : m.diagnostics.length;
  const bc = await mergeAcrossModules([{ name: 'a.ll', text: a }], { format: 'bitcode' });
  if (bc.ok) chars += bc.modules[0].output.byteLength;
  // @ts-expect-error: a module of a run that failed may have no output
  if (!r.ok) chars += r.modules[0].output.length;
  // @ts-expect-error: bitcode modules are bytes
  if (bc.ok) { const t: string = bc.modules[0].output; chars += t.length; }
  const cgdata: Uint8Array = map.cgdata;
  const reports = r.modules.map(m => m.globalMergeReport).filter((x): x is GlobalMergeReport => !!x);
  const merged = reports.reduce((s, x) => s + x.functionsMerged + (x.codegenData ? 1 : 0), 0);
  // @ts-expect-error: moduleId comes from each input's name
  await mergeAcrossModules([], { moduleId: 'x' });
  const shared = await openRepository(':memory:');
  const viaRepo = await mergeAcrossModules([{ name: 'a.ll', text: a }], { repository: shared });
  const fromRepository: number | undefined = viaRepo.map.fromRepository;
  const forgotten: number = await shared.forgetFunctionMaps(['a.ll']) + await shared.forgetFunctionMaps('all');
  // @ts-expect-error: module names or 'all', not one name
  await shared.forgetFunctionMaps('a.ll');
  await mergeAcrossModules([{ name: 'a.ll', text: a }], { repository: 'farm.db' });
  return cgdata.length + merged + map.hashes + chars + (fromRepository ?? 0) + forgotten;
}
