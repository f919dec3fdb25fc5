// timing.js — a wall-clock report shaped like LLVM's "Pass execution timing report".
const RULE = '===' + '-'.repeat(73) + '===';
const center = t => ' '.repeat(Math.max(0, Math.floor((80 - t.length) / 2))) + t;
const sec = ms => (ms / 1000).toFixed(4).padStart(9);
const pct = (ms, total) => `(${(total > 0 ? (100 * ms) / total : 0).toFixed(1).padStart(5)}%)`;

/** rows: [{ name, ms }] (slowest first in the report); totalMs: the wall time of the whole run. */
export function timingReport(rows, totalMs, title = 'Pass execution timing report') {
  const sum = rows.reduce((s, r) => s + r.ms, 0);
  const lines = [RULE, center(title), RULE,
    `  Total Execution Time: ${(totalMs / 1000).toFixed(4)} seconds (${(totalMs / 1000).toFixed(4)} wall clock)`, '',
    '   ---Wall Time---  --- Name ---'];
  for (const r of [...rows].sort((a, b) => b.ms - a.ms)) lines.push(`${sec(r.ms)} ${pct(r.ms, sum)}  ${r.name}`);
  lines.push(`${sec(sum)} ${pct(sum, sum)}  Total`, '');
  return lines.join('\n') + '\n';
}
