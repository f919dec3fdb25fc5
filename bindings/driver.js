// driver.js — one module through the core, the way opt does it: parse, verify the input,
// run the pipeline, verify the output, print. Environment-neutral; used by index.js and cli.js.

const now = () => globalThis.performance?.now() ?? Date.now();

/**
 * @param core     a WoptCore
 * @param input    .ll bytes or string
 * @param opts     { passes, options, moduleId, verify = true, print = true, sink }
 *                 sink(view): when given, receives the printed text as a view into the core's
 *                 memory (no copy) instead of res.output
 * @returns {{ ok, stage, error, output, log, files, timings }}
 *   stage: where it stopped ('parse' | 'verify-input' | 'pipeline' | 'verify-output' | 'print'),
 *   error: { message, line?, col?, code?, internal? } when !ok,
 *   output: Uint8Array (when print and ok), log: text the passes printed (e.g. print<domtree>),
 *   files: side files the passes produced [{ name, bytes }], timings: [{ name, ms }].
 */
export function runModule(core, input, { passes = '', options = [], moduleId, verify = true, print = true, sink } = {}) {
  const timings = [];
  const res = { ok: false, stage: null, error: null, output: null, log: '', files: [], timings };
  const step = (name, fn) => { const t = now(); const r = fn(); timings.push({ name, ms: now() - t }); return r; };
  const fail = (stage, error) => { res.stage = stage; res.error = error; return res; };

  const p = step('Parse IR', () => core.parse(input, { moduleId }));
  if (!p.ok) return fail('parse', p);

  if (verify) {
    const v = step('Verify input', () => core.verify());
    if (!v.ok) return fail('verify-input', v);
  }

  const hasOptions = Array.isArray(options) ? options.length > 0 : Object.keys(options ?? {}).length > 0;
  if (passes !== '' || hasOptions) {
    const r = step(`Pipeline: ${passes || '(empty)'}`, () => core.runPipeline(passes, hasOptions ? options : undefined));
    res.log = r.log ?? '';
    res.files = r.files ?? [];
    if (!r.ok) return fail('pipeline', r);
    if (verify) {
      const v = step('Verify output', () => core.verify());
      if (!v.ok) return fail('verify-output', v);
    }
  }

  if (print && sink) {
    const r = step('Print module', () => core.printInto(sink));
    if (!r.ok) return fail('print', r);
  } else if (print) {
    const out = step('Print module', () => core.print());
    if (!(out instanceof Uint8Array)) return fail('print', out);
    res.output = out;
  }
  res.ok = true;
  return res;
}
