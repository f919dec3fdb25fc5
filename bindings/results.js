// results.js — the structured results an IDE draws, beside the printed module: the per-pass trace
// (the core's `trace` instrumentation: each pass's unit before and after, and its time) and the
// merge reports (mergefunc's -mergefunc-report, global-merge-func's -global-merge-func-report).
// Environment-neutral.
import { BlobReader, decodeUtf8 } from './marshal.js';

const TRACE_FILE = 'wopt-trace';
const REPORT_FILE = 'wopt-merge-report.json';
const GLOBAL_REPORT_FILE = 'wopt-global-merge-report.json';

/**
 * The core options that make the side files `trace`, `mergeReport` and `globalMergeReport` ask
 * for, added to `options`: { options, reportFile, globalReportFile } (a report keeps a name the
 * caller gave with -mergefunc-report / -global-merge-func-report).
 */
export function withStructuredOptions(options = {}, { trace = false, mergeReport = false, globalMergeReport = false } = {}) {
  const pairs = Array.isArray(options) ? [...options] : Object.entries(options ?? {});
  if (trace) pairs.push(['trace', true]);
  let reportFile = pairs.find(([n]) => n === 'mergefunc-report')?.[1];
  if (mergeReport && !reportFile) pairs.push(['mergefunc-report', reportFile = REPORT_FILE]);
  let globalReportFile = pairs.find(([n]) => n === 'global-merge-func-report')?.[1];
  if (globalMergeReport && !globalReportFile) pairs.push(['global-merge-func-report', globalReportFile = GLOBAL_REPORT_FILE]);
  return { options: pairs, reportFile, globalReportFile };
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
 * res.trace (when asked for), res.mergeReport (null when mergefunc did not run) and
 * res.globalMergeReport (null when global-merge-func did not run).
 */
export function takeStructuredResults(res, files, { trace = false, mergeReport = false, reportFile = REPORT_FILE,
  globalMergeReport = false, globalReportFile = GLOBAL_REPORT_FILE } = {}) {
  const rest = [];
  for (const f of files ?? []) {
    if (trace && f.name === TRACE_FILE) res.trace = decodeTrace(f.bytes);
    else if (mergeReport && f.name === reportFile) res.mergeReport = JSON.parse(decodeUtf8(f.bytes));
    else if (globalMergeReport && f.name === globalReportFile) res.globalMergeReport = JSON.parse(decodeUtf8(f.bytes));
    else rest.push(f);
  }
  if (trace) res.trace ??= [];
  if (mergeReport) res.mergeReport ??= null;
  if (globalMergeReport) res.globalMergeReport ??= null;
  res.files = rest;
  return res;
}
