// cross-module.js — the cross-module report (`wopt --cross-module-report`): which functions are
// identical across a batch of modules, as mergefunc finds them after `llvm-link` of the batch,
// and what merging them would save. Environment-neutral (no Node built-ins).
//
// The core does the work (assembly/link/xmod.ts, assembly/passes/xmod/): it reads the modules one after the other into
// one arena with llvm-link's symbol resolution and global order, runs mergefunc there and
// reports each merge and what the linker did. This file groups the merges into classes of
// identical functions, adds up the sizes and writes the text. The report's JSON shape is
// documented in README.md ("Cross-module report").
import { decodeUtf8 } from './marshal.js';

const fmtInt = n => n.toLocaleString('en-US');
const fmtBytes = n => n >= 1e6 ? `${(n / 1e6).toFixed(2)} MB` : n >= 1e4 ? `${(n / 1e3).toFixed(1)} KB` : `${fmtInt(n)} bytes`;

/**
 * @param core a WoptCore (its module, if any, is replaced)
 * @param inputs [{ name, bytes }] the batch, in link order (llvm-link's order of its arguments)
 * @param options { llvmVersion, useAliases } (useAliases: mergefunc's -mergefunc-use-aliases)
 * @returns { report, text } — report: the JSON-able object; text: the human summary
 */
export function crossModuleReport(core, inputs, { llvmVersion, useAliases = false } = {}) {
  const t0 = now();
  const failed = new Map();          // input index -> failure
  let good = [];
  // Reads the inputs not known to fail; a module that fails leaves part of itself in the
  // arena, so the batch starts over without it.
  for (let attempt = 0; attempt <= inputs.length; attempt++) {
    const b = core.crossModuleBegin({ llvmVersion });
    if (!b.ok) throw new Error(b.message);
    good = [];
    let restart = false;
    for (let i = 0; i < inputs.length; i++) {
      if (failed.has(i)) continue;
      const r = core.crossModuleAdd(inputs[i].bytes, i);
      if (r.ok) { good.push(i); continue; }
      failed.set(i, failure(inputs[i], r));
      restart = true;
      break;
    }
    if (!restart) break;
  }
  const fin = core.crossModuleFinish({ useAliases });
  if (!fin.ok) throw new Error(`cross-module report: internal error: ${fin.message}`);
  const raw = JSON.parse(fin.json);
  const report = buildReport(raw, inputs, failed, now() - t0);
  return { report, text: reportText(report) };
}

const now = () => globalThis.performance?.now() ?? Date.now();

function failure(input, r) {
  const first = String(r.message ?? '').split('\n').find(l => l.trim()) ?? '';
  const message = r.stage === 'parse' && r.line > 0 ? `${input.name}:${r.line}:${r.col}: error: ${first}`
    : r.stage === 'verify' ? `${input.name}: error: input module is broken: ${first}`
    : `${input.name}: error: ${first}`;
  return { module: input.name, stage: r.stage ?? 'internal', message };
}

// Classes of identical functions: the merges' functions joined (union-find), one class per
// group with at least two functions of the inputs.
function buildReport(raw, inputs, failed, ms) {
  const fns = new Map(raw.functions.map(f => [f.id, f]));
  const parent = new Map();
  const find = x => { while (parent.has(x) && parent.get(x) !== x) x = parent.get(x); return x; };
  const join = (a, b) => {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const ra = find(a), rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const m of raw.merges) if (m.from >= 0 && m.into >= 0) join(m.from, m.into);
  // a function merged away: the record that says how (a merge through a private copy also
  // records the kept name, moved to a new function, against the body it thunks to)
  const awayBy = new Map(), nameOf = new Map(), redirected = new Map();
  for (const m of raw.merges) {
    if (m.how === 'callers') { redirected.set(m.from, m); continue; }
    if (m.from === m.into) continue;
    if (fns.get(m.from)?.module >= 0) awayBy.set(m.from, m);
    else nameOf.set(m.into, m);          // the kept body's name, now a thunk, alias or gone
  }
  const groups = new Map();
  for (const id of parent.keys()) {
    const r = find(id);
    if (!groups.has(r)) groups.set(r, []);
    groups.get(r).push(id);
  }
  const modName = m => m >= 0 && m < inputs.length ? inputs[m].name : null;
  const classes = [];
  for (const [root, ids] of groups) {
    const members = ids.map(id => fns.get(id)).filter(f => f && f.module >= 0);
    if (members.length < 2) continue;
    const all = ids.map(id => fns.get(id)).filter(Boolean);
    const before = members.reduce((a, f) => ({ insts: a.insts + f.insts, bytes: a.bytes + f.bytes }), { insts: 0, bytes: 0 });
    const after = all.reduce((a, f) => ({ insts: a.insts + f.instsAfter, bytes: a.bytes + f.bytesAfter }), { insts: 0, bytes: 0 });
    const viaPrivateCopy = raw.merges.some(m => find(m.into) === root && m.viaPrivateCopy);
    const modules = [...new Set(members.map(f => f.module))].sort((a, b) => a - b).map(modName);
    classes.push({
      functions: members.length,
      modules,
      crossModule: modules.length > 1,
      viaPrivateCopy,
      savedInstructions: before.insts - after.insts,
      savedBytes: before.bytes - after.bytes,
      members: members.map(f => {
        const away = awayBy.get(f.id), moved = nameOf.get(f.id);
        const m = {
          module: modName(f.module), function: f.name, linkedName: f.linkedName, linkage: f.linkage,
          instructions: f.insts, bytes: f.bytes,
          merge: away ? away.how : redirected.has(f.id) ? 'callers' : 'kept',
        };
        if (!away && moved) { m.privateCopy = true; m.nameBecame = moved.how; }
        return m;
      }).sort((a, b) => (a.merge === 'kept' ? 0 : 1) - (b.merge === 'kept' ? 0 : 1) || inputs.findIndex(x => x.name === a.module) - inputs.findIndex(x => x.name === b.module)),
    });
  }
  classes.sort((a, b) => b.savedBytes - a.savedBytes || b.functions - a.functions);
  // the linker's own work: linkonce / weak copies it drops, strong definitions that clash
  const dedup = new Map();
  const conflicts = [];
  const overridden = [];
  for (const e of raw.linker) {
    if (e.kind === 'conflict') { conflicts.push({ name: e.name, function: e.function, kept: modName(e.keptModule), dropped: modName(e.droppedModule), linkage: e.keptLinkage }); continue; }
    if (e.kind === 'overridden') { overridden.push({ name: e.name, function: e.function, kept: modName(e.keptModule), keptLinkage: e.keptLinkage, dropped: modName(e.droppedModule), droppedLinkage: e.droppedLinkage }); continue; }
    if (!e.function) continue;
    let d = dedup.get(e.name);
    if (!d) dedup.set(e.name, d = { name: e.name, linkage: e.keptLinkage, kept: modName(e.keptModule), modules: [modName(e.keptModule)], copies: 1, instructions: 0, droppedInstructions: 0, droppedBytes: 0 });
    d.copies++;
    d.modules.push(modName(e.droppedModule));
    d.droppedInstructions += e.droppedInsts;
    const k = fns.get(e.kept);
    if (k) { d.instructions = k.insts; d.droppedBytes = d.copies > 1 ? (d.copies - 1) * k.bytes : 0; }
  }
  const deduplicated = [...dedup.values()].sort((a, b) => b.copies - a.copies || (a.name < b.name ? -1 : 1));
  const sum = (xs, f) => xs.reduce((a, x) => a + f(x), 0);
  const summary = {
    modules: inputs.length,
    linked: raw.modules,
    inputBytes: sum(inputs, x => x.bytes.length),
    functionsLinked: raw.functionsLinked,
    classes: classes.length,
    crossModuleClasses: classes.filter(c => c.crossModule).length,
    functionsMerged: sum(classes, c => c.members.filter(m => m.merge !== 'kept').length),
    savedInstructions: sum(classes, c => c.savedInstructions),
    savedBytes: sum(classes, c => c.savedBytes),
    linkerDeduplicated: deduplicated.length,
    linkerDroppedCopies: sum(deduplicated, d => d.copies - 1),
    conflicts: conflicts.length,
    failures: failed.size,
    ms: Math.round(ms),
  };
  return {
    summary, classes, linker: { deduplicated, overridden, conflicts },
    failures: [...failed.entries()].sort((a, b) => a[0] - b[0]).map(([, f]) => f),
  };
}

// Lists of the linker's work longer than this are cut in the text (the JSON has them all).
const LIST = 50;
const more = (out, n) => { if (n > LIST) out.push(`    ... and ${fmtInt(n - LIST)} more (--cross-module-report=<file.json> lists them all)`); };

export function reportText(r) {
  const s = r.summary;
  const out = [];
  out.push(`cross-module report: ${fmtInt(s.modules)} modules (${fmtBytes(s.inputBytes)}), ${fmtInt(s.functionsLinked)} functions after linking, ${(s.ms / 1000).toFixed(2)} s`);
  out.push(`identical functions (mergefunc after llvm-link): ${fmtInt(s.classes)} classes, ${fmtInt(s.crossModuleClasses)} across modules; ${fmtInt(s.functionsMerged)} functions merged away, saving ${fmtInt(s.savedInstructions)} instructions, about ${fmtBytes(s.savedBytes)} of IR`);
  r.classes.forEach((c, i) => {
    out.push(`  class ${i + 1}: ${c.functions} functions in ${c.modules.length} module${c.modules.length > 1 ? 's' : ''}${c.viaPrivateCopy ? ' (through a private copy)' : ''}: saves ${fmtInt(c.savedInstructions)} instructions, ${fmtBytes(c.savedBytes)}`);
    for (const m of c.members) {
      const renamed = m.linkedName && m.linkedName !== m.function ? ` (linked as ${m.linkedName})` : '';
      const priv = m.privateCopy ? ` (body kept as a private copy; the name: ${m.nameBecame})` : '';
      out.push(`    ${m.merge.padEnd(8)} ${m.function}${renamed}  ${m.linkage}, ${m.instructions} instructions  [${m.module}]${priv}`);
    }
  });
  const d = r.linker.deduplicated;
  if (d.length) {
    out.push(`deduplicated by the linker (linkonce/weak definitions of one name): ${fmtInt(d.length)} functions, ${fmtInt(s.linkerDroppedCopies)} copies dropped`);
    for (const x of d.slice(0, LIST)) out.push(`    ${x.name}  ${x.linkage}, ${x.copies} copies, ${x.instructions} instructions each  [${x.modules.join(', ')}]`);
    more(out, d.length);
  }
  for (const x of r.linker.overridden.slice(0, LIST)) out.push(`overridden: ${x.name} (${x.droppedLinkage}) of ${x.dropped} by the ${x.keptLinkage} definition of ${x.kept}`);
  more(out, r.linker.overridden.length);
  for (const x of r.linker.conflicts.slice(0, LIST)) out.push(`link conflict: ${x.name} is defined in ${x.kept} and ${x.dropped} (llvm-link stops here; the report keeps ${x.kept}'s)`);
  more(out, r.linker.conflicts.length);
  for (const f of r.failures) out.push(`failed: ${f.message}`);
  return out.join('\n') + '\n';
}

export { decodeUtf8 };
