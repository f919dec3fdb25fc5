// across-modules.js — global-merge-func over many modules by their combined stable function map:
// LLVM 22's two rounds with codegen data (round 1: each module's map; llvm-cgdata --merge of them
// all; round 2: every module merged by the combined map) in one process, each module's result
// what opt-22's round 2 gives. Batch mode (batch.js, --across-modules) runs the rounds on its
// lanes; mergeAcrossModules runs them on one core, for the API. Environment-neutral.
import { runModule } from './driver.js';
import { mergeCodegenData } from './cgdata.js';

const pairsOf = options => (Array.isArray(options) ? [...options] : Object.entries(options ?? {}));

/** The pass options of round 1: global-merge-func hands the module's map over and the pipeline stops. */
export const collectOptions = options => [...pairsOf(options), ['codegen-data-collect', true]];
/** The pass options of round 2: merge by the codegen data the host read (driver.js codegenData). */
export const useOptions = options => [...pairsOf(options), ['codegen-data-use-path', '<batch>']];

/** The codegen data options a run across modules makes itself: they cannot be given with it. */
export const OWN_OPTIONS = ['codegen-data-use-path', 'codegen-data-generate', 'codegen-data-collect'];

// The -global-merging-* options, as the combined map's finalize applies them.
const THRESHOLD_OPTIONS = { 'global-merging-min-merges': 'minMerges', 'global-merging-min-instrs': 'minInstrs', 'global-merging-max-params': 'maxParams',
  'global-merging-skip-no-params': 'skipNoParams', 'global-merging-inst-overhead': 'instOverhead', 'global-merging-param-overhead': 'paramOverhead',
  'global-merging-call-overhead': 'callOverhead', 'global-merging-extra-threshold': 'extraThreshold' };
function thresholdsOf(options) {
  const t = {};
  for (const [name, value] of pairsOf(options)) {
    const key = THRESHOLD_OPTIONS[name];
    if (key === 'skipNoParams') t[key] = value === true || value === 1 || value === '1' || value === 'true';
    else if (key) t[key] = Number(value);
  }
  return t;
}

/** Whether a pipeline runs global-merge-func (what a run across modules needs). */
export const runsGlobalMergeFunc = pipeline => /(^|[,(])\s*global-merge-func\s*([,)]|$)/.test(pipeline ?? '');

/**
 * The modules' maps (round 1's, in input order; null: a module without one) combined as
 * llvm-cgdata --merge combines their objects: { cgdata (the indexed .cgdata bytes), modules,
 * hashes, functions } (functions: those kept to merge, of `hashes` hashes).
 */
export function combineFunctionMaps(core, maps, options) {
  const given = maps.filter(Boolean);
  const cgdata = mergeCodegenData(core, given, { thresholds: thresholdsOf(options) });
  const c = core.cgdataCounts();
  if (!c.ok) throw new Error(`codegen data: ${c.message}`);
  return { cgdata, modules: given.length, hashes: c.hashes, functions: c.functions };
}

/**
 * Round 1 shared through a repository: the modules' maps (null: none) stored under `keys`, then
 * every stored map of a module not among `keys` after them, in the repository's order (by name).
 * @returns Promise<{ all: maps to combine, stored: how many came from the repository }>
 */
export async function shareMaps(repo, keys, maps) {
  await repo.putFunctionMaps(keys.flatMap((module, i) => (maps[i] ? [{ module, map: maps[i] }] : [])));
  const given = new Set(keys);
  const others = (await repo.functionMaps()).filter(x => !given.has(x.module)).map(x => x.map);
  return { all: [...maps, ...others], stored: others.length };
}

/**
 * Both rounds on one core: inputs [{ name, bytes }] (name: the module identifier the map records),
 * opts as runModule takes them (passes must run global-merge-func) and `repo`, an open repository
 * sharing round 1 (shareMaps: the maps stored under the inputs' names). Returns { modules:
 * [runModule's result per input, in order], map: { cgdata, modules, hashes, functions,
 * fromRepository (with repo) } }. A module that fails round 1 is not run again (its result is round 1's).
 */
export async function mergeAcrossModules(core, inputs, opts = {}) {
  const { options = [], repo = null, ...rest } = opts;
  const first = inputs.map(x => runModule(core, x.bytes, { ...rest, moduleId: x.name, options: collectOptions(options), print: false }));
  const own = first.map(r => (r.ok ? r.functionMap : null));
  const { all, stored } = repo ? await shareMaps(repo, inputs.map(x => x.name), own) : { all: own, stored: 0 };
  const map = { ...combineFunctionMaps(core, all, options), ...(repo ? { fromRepository: stored } : {}) };
  const modules = inputs.map((x, i) => (first[i].ok
    ? runModule(core, x.bytes, { ...rest, moduleId: x.name, options: useOptions(options), codegenData: map.cgdata })
    : first[i]));
  return { modules, map };
}
