// results.js — the structured results an IDE draws, beside the printed module: the per-pass trace
// (the core's `trace` instrumentation: each pass's unit before and after, and its time) and the
// merge report (mergefunc's -mergefunc-report). Environment-neutral.
import { BlobReader, decodeUtf8 } from './core.js';

const TRACE_FILE = 'wopt-trace';
const REPORT_FILE = 'wopt-merge-report.json';

/**
 * The core options that make the side files `trace` and `mergeReport` ask for, added to `options`:
 * { options, reportFile } (the report keeps a name the caller gave with -mergefunc-report).
 */
export function withStructuredOptions(options = {}, { trace = false, mergeReport = false } = {}) {
  const pairs = Array.isArray(options) ? [...options] : Object.entries(options ?? {});
  if (trace) pairs.push(['trace', true]);
  let reportFile = pairs.find(([n]) => n === 'mergefunc-report')?.[1];
  if (mergeReport && !reportFile) pairs.push(['mergefunc-report', reportFile = REPORT_FILE]);
  return { options: pairs, reportFile };
}

/** Decodes the trace side file: [{ pass, name, unit, changed, ms, before, after }]. */
export function decodeTrace(bytes) {
  const r = new BlobReader(bytes);
  const list = [];
  for (let i = 0, n = r.u32(); i < n; i++) {
    const pass = r.str(), name = r.str(), unit = r.str();
    const changed = r.u8() === 1;
    const ms = r.f64();
    list.push({ pass, name, unit, changed, ms, before: r.str(), after: r.str() });
  }
  return list;
}

/**
 * Moves the side files the structured options produced out of `files` into fields of `res`:
 * res.trace (when asked for) and res.mergeReport (null when mergefunc did not run).
 */
export function takeStructuredResults(res, files, { trace = false, mergeReport = false, reportFile = REPORT_FILE } = {}) {
  const rest = [];
  for (const f of files ?? []) {
    if (trace && f.name === TRACE_FILE) res.trace = decodeTrace(f.bytes);
    else if (mergeReport && f.name === reportFile) res.mergeReport = JSON.parse(decodeUtf8(f.bytes));
    else rest.push(f);
  }
  if (trace) res.trace ??= [];
  if (mergeReport) res.mergeReport ??= null;
  res.files = rest;
  return res;
}
