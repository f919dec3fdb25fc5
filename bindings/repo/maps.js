// maps.js — `wopt repo maps`: the stable function maps of global merging a repository holds (one
// per module, stored by --across-modules --repo), listed, or forgotten when their modules are gone
// from the sources (a stored map adds its module's functions to every later merge). Node only.
import { openRepository } from './store.js';
import { readRepoArgs } from './stats.js';

export const MAPS_USAGE = 'usage: wopt repo maps --repo=<file> [--json]\n'
  + '       wopt repo maps --repo=<file> --forget <module>... | --forget-all\n';

/**
 * Runs `wopt repo maps` (arguments after "repo maps") and returns the text to print: the maps as
 * "<bytes>  <module>" lines (or JSON), or how many were forgotten. Never creates a repository.
 */
export async function repoMapsCommand(args) {
  const a = readRepoArgs(args, 'maps', MAPS_USAGE, ['json', 'forget', 'forget-all']);
  if (a.help) return MAPS_USAGE;
  if (a.spec === undefined) throw a.bad('no repository given (--repo=<file>)');
  const forget = a.flags.has('forget'), all = a.flags.has('forget-all');
  if (forget && all) throw a.bad('--forget names modules, --forget-all takes none: give one of them');
  if (forget && !a.positional.length) throw a.bad('--forget needs the names of the modules whose maps go (as repo maps lists them)');
  if (!forget && a.positional.length) throw a.bad(`unexpected '${a.positional[0]}' (module names follow --forget)`);
  const repo = await openRepository(a.spec, { create: false });
  try {
    if (forget || all) {
      const n = await repo.forgetFunctionMaps(all ? 'all' : a.positional);
      if (a.flags.has('json')) return JSON.stringify({ forgotten: n }) + '\n';
      const missing = all ? 0 : new Set(a.positional).size - n;
      return `forgot ${n} function map${n === 1 ? '' : 's'}${missing ? ` (${missing} of the names had none)` : ''}\n`;
    }
    const maps = await repo.functionMaps();
    if (a.flags.has('json')) return JSON.stringify(maps.map(m => ({ module: m.module, bytes: m.map.length }))) + '\n';
    const width = Math.max(5, ...maps.map(m => String(m.map.length).length));
    return `${'bytes'.padStart(width)}  module\n` + maps.map(m => `${String(m.map.length).padStart(width)}  ${m.module}\n`).join('')
      + `${maps.length} function map${maps.length === 1 ? '' : 's'}\n`;
  } finally { await repo.close(); }
}
