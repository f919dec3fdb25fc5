// stats.js — `wopt repo stats`: what a repository holds (counts of definitions, functions and
// variables, of the shared-metadata entries, IR text size, the stored function maps of global
// merging, storage size). Node only (opens file repositories).
import { openRepository } from './store.js';
import { RepoError } from './common.js';

/** Statistics of an existing repository (never creates one). See Repository.stats(). */
export async function repoStats(spec, opts = {}) {
  const repo = await openRepository(spec, { ...opts, create: false });
  try { return await repo.stats(); } finally { await repo.close(); }
}

const human = n => {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0, v = n;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return i === 0 ? `${n} bytes` : `${n} bytes (${v.toFixed(1)} ${units[i]})`;
};

/** The text `wopt repo stats` prints. */
export function formatStats(s) {
  return [
    `repository: ${s.path}`,
    `backend: ${s.backend}, schema version ${s.schemaVersion}`,
    `definitions: ${s.definitions}`,
    `  functions: ${s.functions}`,
    `  variables: ${s.variables}`,
    `shared metadata: ${s.metadata ?? 0}`,
    `IR text: ${human(s.textBytes)}`,
    s.functionMaps === null ? 'function maps (global merging): not readable by this role' : `function maps (global merging): ${s.functionMaps ?? 0}, ${human(s.functionMapBytes ?? 0)}`,
    `size: ${human(s.bytes)}`,
  ].join('\n') + '\n';
}

export const STATS_USAGE = 'usage: wopt repo stats --repo=<file> [--json]\n';

/**
 * The arguments of a `wopt repo <command>` (after the command's name): --repo=<spec> or --repo
 * <spec>, the boolean `flags` named, --help, one or two dashes each; other words are `positional`.
 * Throws a RepoError carrying `usage` on a bad argument. @returns { spec, flags: Set, positional }
 */
export function readRepoArgs(args, command, usage, flags = []) {
  let spec;
  const set = new Set(), positional = [];
  const bad = why => new RepoError(`error: ${why}\n${usage.trimEnd()}`, { reason: 'invalid' });
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const m = /^--?([a-z-]+)(?:=(.*))?$/s.exec(a);
    if (m && m[1] === 'help') return { help: true };
    if (m && flags.includes(m[1]) && m[2] === undefined) { set.add(m[1]); continue; }
    if (m && m[1] === 'repo') {
      const v = m[2] ?? args[++i];
      if (v === undefined || v === '') throw bad('--repo needs a file');
      spec = v;
      continue;
    }
    if (m || a === '-') throw bad(`unknown option '${a}' for repo ${command}`);
    positional.push(a);
  }
  return { spec, flags: set, positional, bad };
}

/**
 * `wopt repo stats` arguments (after "repo stats"): --repo=<file> | --repo <file> | <file>,
 * --json, --help (one or two dashes, like the other options). Returns the text to print;
 * throws a RepoError with a printable message on bad arguments or a bad repository.
 */
export async function repoStatsCommand(args) {
  const a = readRepoArgs(args, 'stats', STATS_USAGE, ['json']);
  if (a.help) return STATS_USAGE;
  let file = a.spec;
  for (const p of a.positional) {
    if (file !== undefined) throw a.bad('repo stats takes one repository');
    file = p;
  }
  if (file === undefined) throw a.bad('no repository given');
  const s = await repoStats(file);
  return a.flags.has('json') ? JSON.stringify(s) + '\n' : formatStats(s);
}
