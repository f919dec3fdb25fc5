// driver.js — one module through the core, the way opt does it: parse, verify the input,
// run the pipeline, verify the output, print. Environment-neutral; used by index.js and cli.js.

const now = () => globalThis.performance?.now() ?? Date.now();

/**
 * @param core     a WoptCore
 * @param input    .ll bytes or string
 * @param opts     { passes, options, moduleId, llvmVersion, verify = true, print = true, bitcode = false (write bitcode instead of text), sink, codegenData }
 *                 llvmVersion: the LLVM whose dialect and behaviour to follow (core.js LLVM_VERSIONS)
 *                 sink(view): when given, receives the printed text as a view into the core's
 *                 memory (no copy) instead of res.output
 *                 codegenData: the bytes of a .cgdata file, read into the core after parsing for
 *                 global-merge-func under codegen-data-use-path (unreadable: a warning, and the
 *                 pass merges within the module, as opt-22 does without a word)
 *                 onWarning(w): called with each warning as it arises (opt prints its reader's
 *                 warnings while reading, before any output); they are in res.warnings too
 *                 With the pass option codegen-data-collect, the pipeline stops at
 *                 global-merge-func: res.functionMap holds the module's map (null: none), nothing
 *                 is verified or printed after it.
 * @returns {{ ok, stage, error, output, log, files, timings, warnings }}
 *   stage: where it stopped ('parse' | 'verify-input' | 'target' | 'pipeline' | 'verify-output' | 'print'),
 *   error: { message, line?, col?, code?, internal? } when !ok,
 *   output: Uint8Array (when print and ok), log: text the passes printed (e.g. print<domtree>),
 *   files: side files the passes produced [{ name, bytes }], timings: [{ name, ms }],
 *   warnings: what opt would warn about, in its order: [{ stage, tool, text }] (tool: opt prefixes
 *   the text with its name; text: the line after that prefix, e.g. 'warning: ...').
 */
export function runModule(core, input, opts = {}) {
  const gen = moduleSteps(core, input, { ...opts, store: false });
  let r = gen.next();
  while (!r.done) r = gen.next({ error: NO_REPO });
  return r.value;
}
const NO_REPO = 'repo-prune needs a program repository (--repo=<file>)';

/**
 * runModule with a program repository (bindings/repo/store.js): when the pipeline pauses at
 * repo-prune, the candidate digests are looked up in `repo` and the hits handed back; after
 * printing, the definitions that were not pruned are stored in one transaction (when the
 * pipeline ran repo-metadata or repo-prune). Without `repo`, a pipeline with repo-prune fails.
 * res.repo = { candidates, pruned, stored } when a repository was used.
 */
export async function runModuleWithRepository(core, input, opts = {}) {
  const { repo } = opts;
  const store = opts.store ?? (!!repo && /(^|[,(])\s*repo-(metadata|prune)\s*([,)]|$)/.test(opts.passes ?? ''));
  const gen = moduleSteps(core, input, { ...opts, store });
  let r = gen.next();
  let stats = { candidates: 0, pruned: 0, stored: 0 };
  while (!r.done) {
    const ask = r.value;
    let answer;
    try {
      if (ask.kind === 'lookup') {
        if (!repo) { answer = { error: NO_REPO }; }
        else {
          // ask.digests are the candidates' repository keys (final digest and name)
          const hits = await repo.lookup(ask.digests, { text: false });
          stats.candidates += ask.digests.length;
          answer = { hits };
        }
      } else if (ask.kind === 'store') {
        if (repo) { await repo.putModule(ask.entries); stats.stored += ask.entries.filter(e => e.kind !== 'metadata').length; }
        answer = {};
      }
    } catch (e) {
      answer = { error: e.message ?? String(e), code: e.code };
    }
    r = gen.next(answer);
  }
  const res = r.value;
  if (repo) { stats.pruned = res.pruned ?? 0; res.repo = stats; }
  return res;
}

// The steps of one module as a generator: it yields { kind: 'lookup', digests } when repo-prune
// waits for the repository and { kind: 'store', entries } after printing; runModule drives it
// without a repository, runModuleWithRepository with one.
function* moduleSteps(core, input, { passes = '', options = [], moduleId, llvmVersion, verify = true, print = true, bitcode = false, sink, store, codegenData, onWarning, symbols = false } = {}) {
  const timings = [];
  const res = { ok: false, stage: null, error: null, output: null, log: '', files: [], timings, warnings: [] };
  const warn = (ws) => { for (const w of ws ?? []) { res.warnings.push(w); onWarning?.(w); } };
  const step = (name, fn) => { const t = now(); const r = fn(); timings.push({ name, ms: now() - t }); return r; };
  const fail = (stage, error) => { res.stage = stage; res.error = error; return res; };

  const p = step('Parse IR', () => core.parse(input, { moduleId, llvmVersion, symbols }));
  if (symbols) res.symbols = p.symbols;
  warn(p.warnings);
  if (!p.ok) return fail('parse', p);

  // opt's reader verifies a module with current debug info itself, -disable-verify or not
  const readerVerifies = core.readerVerifies();
  if (verify || readerVerifies) {
    const v = step('Verify input', () => core.verify());
    if (!v.ok && v.debugInfoOnly && readerVerifies) {
      // opt's reader: the messages, "ignoring invalid debug info", and the module without it
      warn([{ stage: 'parse', tool: false, text: `${v.message}warning: ignoring invalid debug info in ${moduleId ?? '<string>'}`, parts: v.parts }]);
      core.dropInvalidDebugInfo();
      // then opt's own check of its input, which what the strip leaves (a DILocation in a
      // custom attachment, say) can still fail
      if (verify) {
        const again = step('Verify input', () => core.verify());
        if (!again.ok) return fail('verify-input', again);
      }
    } else if (!v.ok) return fail('verify-input', { ...v, byReader: readerVerifies });
  }
  // opt looks for the triple's target machine after verifying the input
  if (core.checkTarget) {
    const t = core.checkTarget();
    warn(t.warnings);
    if (!t.ok) return fail('target', t);
  }

  if (codegenData) {
    const c = step('Read codegen data', () => core.cgdataRead(codegenData));
    if (!c.ok) warn([{ stage: 'pipeline', tool: true, text: `warning: codegen data not used: ${c.message}` }]);
  }

  const hasOptions = Array.isArray(options) ? options.length > 0 : Object.keys(options ?? {}).length > 0;
  if (passes !== '' || hasOptions) {
    let r = step(`Pipeline: ${passes || '(empty)'}`, () => core.runPipeline(passes, hasOptions ? options : undefined));
    while (r.ok === false && r.code === 3) {
      const digests = core.repoCandidates();
      if (!Array.isArray(digests)) return fail('pipeline', digests);
      const t = now();
      const answer = yield { kind: 'lookup', digests };
      timings.push({ name: 'Repository lookup', ms: now() - t });
      // a RepoError's message is whole ('<repo>: error: ...'); another error gets opt's prefix
      if (answer?.error) return fail('pipeline', { message: answer.code === 'EREPO' ? answer.error : `error: ${answer.error}` });
      const h = core.repoSetHits(answer.hits, answer.deps);
      if (!h.ok) return fail('pipeline', h);
      r = step('Pipeline (after repository lookup)', () => core.resumePipeline());
      res.pruned = (res.pruned ?? 0) + core.repoPrunedCount();
    }
    res.log = r.log ?? '';
    res.files = r.files ?? [];
    if (!r.ok) return fail('pipeline', r);
    if (r.code === 4) {
      const m = core.gmfFunctionMap();
      if (!m.ok) return fail('pipeline', m);
      res.functionMap = m.bytes;
      res.ok = true;
      return res;
    }
    if (verify) {
      const v = step('Verify output', () => core.verify());
      if (!v.ok) return fail('verify-output', v);
    }
  }

  if (print && bitcode) {
    // to a sink straight from the core's memory (no copy of the whole bitcode in JS)
    const b = step('Write bitcode', () => sink && core.writeBitcodeInto ? core.writeBitcodeInto(sink) : core.writeBitcode());
    if (!b.ok) return fail('print', b);
    if (!b.bytes) { /* written to the sink */ } else if (sink) sink(b.bytes); else res.output = b.bytes;
  } else if (print && sink) {
    const r = step('Print module', () => core.printInto(sink));
    if (!r.ok) return fail('print', r);
  } else if (print) {
    const out = step('Print module', () => core.print());
    if (!(out instanceof Uint8Array)) return fail('print', out);
    res.output = out;
  }
  // store what was not pruned; the caller commits its output only after this succeeded
  if (store) {
    const entries = core.repoRecords ? step('Repository records (collect, print fragments)', () => core.repoRecords()) : undefined;
    if (entries && !Array.isArray(entries)) return fail('store', entries);
    if (entries) {
      const t = now();
      const answer = yield { kind: 'store', entries };
      timings.push({ name: 'Repository store', ms: now() - t });
      if (answer?.error) return fail('store', { message: answer.error, code: answer.code });
    }
  }
  res.ok = true;
  return res;
}
