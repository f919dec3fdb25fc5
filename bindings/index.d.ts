// Types of the package's main entry (`import ... from 'wopt'`: index.js in Node, index-browser.js
// in browsers and bundlers; the two export the same API).
import type { CoreWarning, Input, LLVMVersion, PassOptions, SideFile, WoptCore } from './core.js';
import type { Session, SessionOptions } from './session.js';
import type { Repository, RepositorySpec } from './repo/store.js';

export * from './core.js';
export { Session } from './session.js';
export type { SessionOptions, SessionOptimizeOptions, SessionResult, SessionResultFields, SessionLike } from './session.js';

export type Stage = 'parse' | 'verify-input' | 'target' | 'pipeline' | 'verify-output' | 'print';

/** An error (the module failed), or a warning opt would print too (the result may still be ok). */
export interface Diagnostic {
  severity: 'error' | 'warning';
  stage: Stage;
  message: string;
  /** 1-based; 0 when the message has no position. */
  line: number;
  col: number;
  /** The core trapped (a bug in wopt, not in the input). */
  internal: boolean;
  /**
   * The verifier's messages one by one, each with the first value and metadata node it names (ids
   * the `symbols` index's records carry; -1 for none): where an editor places each message.
   */
  parts?: { message: string; value: number; md: number }[];
}

/** Structured results an IDE can draw (results.js), asked for with `trace` / `mergeReport`. */
export interface StructuredOptions {
  /** Record each pass's unit (a function, or the module) before and after it, and its time: result.trace. */
  trace?: boolean;
  /** Report what mergefunc merged and how: result.mergeReport. */
  mergeReport?: boolean;
  /** Report global-merge-func's groups, what decided each and what it merged: result.globalMergeReport. */
  globalMergeReport?: boolean;
  /** Index the names of a text input as the reader resolves them (the language server's): result.symbols. */
  symbols?: boolean;
}

/** One pass run on one unit, as opt -print-changed reports it. */
export interface TraceEntry {
  /** opt's class name, e.g. 'PromotePass', 'MergeFunctionsPass'. */
  pass: string;
  /** The name in the pipeline, e.g. 'mem2reg', 'require<domtree>'. */
  name: string;
  /** The function's name, or '[module]'. */
  unit: string;
  changed: boolean;
  ms: number;
  /** The unit's IR before and after the pass, as opt prints it. */
  before: string;
  after: string;
}

export interface MergeReport {
  pass: 'mergefunc';
  merged: Array<{ function: string; into: string; how: 'erased' | 'thunk' | 'alias'; callersRedirected: number; viaPrivateCopy: boolean }>;
  functionsMerged: number;
  thunks: number;
  aliases: number;
  privateCopies: number;
}

/** global-merge-func's report (-global-merge-func-report). With the module's own map
 *  (codegenData false): each group of two or more of its functions with one structural hash, in
 *  module order of its first function, with what finalize decided. With codegen data (a .cgdata,
 *  or a run across modules): each hash of the module's functions the map has. */
export interface GlobalMergeReport {
  pass: 'global-merge-func';
  codegenData: boolean;
  groups: Array<{
    /** The functions' structural hash (16 hex digits). */
    hash: string;
    /** The module's functions with this hash. */
    functions: string[];
    /** Instructions of each function. */
    instructions: number;
    /** Own map: instructions x (functions - 1) x inst-overhead, and the cost (0 when a check decided first). */
    benefit?: number;
    cost?: number;
    /** Codegen data: the functions the map has with this hash (in the whole program). */
    programFunctions?: number;
    /** Own map: 'profitable', or why the group was left alone, e.g. 'benefit not above cost';
     *  codegen data: 'merged with codegen data' or 'no compatible function in codegen data'. */
    decision: string;
    /** Own map, merged groups: the instructions the linker can fold away (instructions x (merged - 1)). */
    instructionsSaved?: number;
    /** Merged groups: each function now a thunk, its .Tgm body and the constants it passes. */
    merges?: Array<{ thunk: string; body: string; parameters: string[] }>;
  }>;
  functionsMerged: number;
  groupsMerged: number;
  parametersAdded: number;
}

/** A function's CFG, dominator trees, dominance frontiers and phis (session.inspect). */
export interface FunctionGraph {
  name: string;
  /** In function order; every index below refers to this array. */
  blocks: Array<{
    /** As printed: '%entry', '%5'. */
    name: string;
    succ: number[];
    pred: number[];
    /** Immediate dominator; -1 for the entry and unreachable blocks. */
    idom: number;
    /** Immediate post-dominator; -1 when it is the virtual exit. */
    ipdom: number;
    frontier: number[];
    phis: number;
    reachable: boolean;
  }>;
}

export interface OptimizeOptions extends StructuredOptions {
  /** An opt pipeline, e.g. 'mem2reg' or 'function(mem2reg),mergefunc'. */
  passes?: string;
  /** Pass options, e.g. { 'mergefunc-use-aliases': true }. */
  options?: PassOptions;
  /** Verify the input and the output as opt does (default true). */
  verify?: boolean;
  /** The ModuleID and source_filename of a module read from a string. */
  moduleId?: string;
  llvmVersion?: LLVMVersion;
  /** 'text' (default): output is the printed module; 'bitcode': LLVM bitcode of llvmVersion, as opt writes without -S. */
  format?: 'text' | 'bitcode';
  /** The core to run on (default: one loaded on first use, shared by the process or page). */
  core?: WoptCore;
}

/** What a result has whether the run succeeded or not. */
export interface OptimizeResultFields {
  diagnostics: Diagnostic[];
  /** What the passes printed (print<domtree>, ...). */
  log?: string;
  files?: SideFile[];
  /** With `trace`: every pass run, in order. */
  trace?: TraceEntry[];
  /** With `mergeReport`: null when mergefunc did not run. */
  mergeReport?: MergeReport | null;
  /** With `globalMergeReport`: null when global-merge-func did not run. */
  globalMergeReport?: GlobalMergeReport | null;
  /** With `symbols`: the reader's index, as far as the text read (empty for bitcode). */
  symbols?: SymbolIndex | null;
}

/**
 * Every name token the text reader resolved: `records` holds six words per token — kind and flags,
 * start and end byte offsets, key (interned name or number), scope (the function's value for
 * locals, else -1) and type id — as `assembly/text/symbol-index.ts` describes; `types` prints each type id.
 */
export interface SymbolIndex {
  records: Int32Array;
  types: Map<number, string>;
}

/** A run that succeeded: `output` is the printed module (`string`), or with format 'bitcode' its bitcode (`Uint8Array`). */
export interface OptimizeSuccess<Output extends string | Uint8Array = string> extends OptimizeResultFields {
  ok: true;
  output: Output;
}

/** A run that failed: no output; `diagnostics` say why. */
export interface OptimizeFailure extends OptimizeResultFields {
  ok: false;
  output: null;
}

/** optimize's result, told apart by `ok`: `if (r.ok) r.output` is the module, with no null check. */
export type OptimizeResult<Output extends string | Uint8Array = string> = OptimizeSuccess<Output> | OptimizeFailure;

/** Parses, verifies, runs `passes` and prints, as `opt -S -passes=...` does. */
export declare function optimize(text: Input, opts: OptimizeOptions & { format: 'bitcode' }): Promise<OptimizeResult<Uint8Array>>;
export declare function optimize(text: Input, opts?: OptimizeOptions & { format?: 'text' }): Promise<OptimizeResult<string>>;
export declare function optimize(text: Input, opts?: OptimizeOptions): Promise<OptimizeResult<string | Uint8Array>>;

/** Opens a session: one core, one LLVM version, optionally a repository (session.d.ts). */
export declare function openSession(opts?: SessionOptions): Promise<Session>;

/** The core optimize() uses when none is given (one per process or page). */
export declare function defaultCore(): Promise<WoptCore>;

/** One member of a class of identical functions (README "Cross-module report"). */
export interface CrossModuleMember {
  module: string; function: string | null; linkedName: string | null; linkage: string;
  instructions: number; bytes: number;
  /** 'kept', or how mergefunc merged it away: 'replaced' | 'erased' | 'thunk' | 'alias' | 'callers' */
  merge: string;
  privateCopy?: boolean; nameBecame?: string;
}
export interface CrossModuleReport {
  summary: {
    modules: number; linked: number; inputBytes: number; functionsLinked: number; classes: number;
    crossModuleClasses: number; functionsMerged: number; savedInstructions: number; savedBytes: number;
    linkerDeduplicated: number; linkerDroppedCopies: number; conflicts: number; failures: number; ms: number;
  };
  classes: Array<{ functions: number; modules: string[]; crossModule: boolean; viaPrivateCopy: boolean;
    savedInstructions: number; savedBytes: number; members: CrossModuleMember[] }>;
  linker: {
    deduplicated: Array<{ name: string; linkage: string; kept: string; modules: string[]; copies: number; instructions: number; droppedInstructions: number; droppedBytes: number }>;
    overridden: Array<{ name: string; function: boolean; kept: string; keptLinkage: string; dropped: string; droppedLinkage: string }>;
    conflicts: Array<{ name: string; function: boolean; kept: string; dropped: string; linkage: string }>;
  };
  failures: Array<{ module: string; stage: string; message: string }>;
}
/** The functions identical across modules, as mergefunc finds them after llvm-link of the modules (in this order). */
export declare function crossModuleReport(
  inputs: Array<{ name: string; bytes?: Input; text?: Input }>,
  opts?: { llvmVersion?: LLVMVersion; useAliases?: boolean; core?: WoptCore },
): Promise<{ report: CrossModuleReport; text: string }>;

/** The batch's stable function map a run across modules made. */
export interface AcrossModulesMap {
  /** The indexed .cgdata file llvm-cgdata --merge would write from the modules' objects. */
  cgdata: Uint8Array;
  /** Modules that gave a map, hashes and functions kept to merge (llvm-cgdata --show's counts). */
  modules: number; hashes: number; functions: number;
  /** With a repository: how many stored maps of other modules were combined with the inputs'. */
  fromRepository?: number;
}
export type MergeAcrossModulesOptions = Omit<OptimizeOptions, 'trace' | 'mergeReport' | 'moduleId'> & {
  /** Round 1 shared through a repository: the inputs' maps stored under their names, combined with
   *  every stored map of another module. A spec is opened for the call and closed after it. */
  repository?: Repository | RepositorySpec | null;
};
/** One input's result (in input order), named as the input was. */
export type AcrossModulesModule<Output extends string | Uint8Array = string> = OptimizeResult<Output> & { name: string };
/** mergeAcrossModules's result, told apart by `ok`: when it is true, every module succeeded (its output is there). */
export type AcrossModulesResult<Output extends string | Uint8Array = string> =
  | { ok: true; modules: Array<OptimizeSuccess<Output> & { name: string }>; map: AcrossModulesMap }
  | { ok: false; modules: Array<AcrossModulesModule<Output>>; map: AcrossModulesMap };
/** global-merge-func over all the modules by their combined stable function map: LLVM 22's two
 *  rounds with codegen data in one call, each module as opt-22's round 2 leaves it. */
export declare function mergeAcrossModules(inputs: Array<{ name: string; bytes?: Input; text?: Input }>,
  opts: MergeAcrossModulesOptions & { format: 'bitcode' }): Promise<AcrossModulesResult<Uint8Array>>;
export declare function mergeAcrossModules(inputs: Array<{ name: string; bytes?: Input; text?: Input }>,
  opts?: MergeAcrossModulesOptions & { format?: 'text' }): Promise<AcrossModulesResult<string>>;
export declare function mergeAcrossModules(inputs: Array<{ name: string; bytes?: Input; text?: Input }>,
  opts?: MergeAcrossModulesOptions): Promise<AcrossModulesResult<string | Uint8Array>>;

export interface RunModuleOptions {
  passes?: string;
  options?: PassOptions;
  moduleId?: string;
  llvmVersion?: LLVMVersion;
  verify?: boolean;
  print?: boolean;
  /** Receives the printed text as views into the core's memory (no copy) instead of `output`. */
  sink?: (view: Uint8Array) => void;
  /** A .cgdata file's bytes, for global-merge-func under the pass option codegen-data-use-path. */
  codegenData?: Uint8Array;
}

export interface RunModuleResult {
  ok: boolean;
  /** Where it stopped. */
  stage: Stage;
  error?: { message: string; line?: number; col?: number; /** a parse error's byte offset in the input */ offset?: number; code?: number; internal?: boolean; /** the module needed more memory than a WebAssembly core can have */ outOfMemory?: boolean; /** verify-input: opt's reader verified it (current debug info), as it does under -disable-verify too */ byReader?: boolean };
  output?: Uint8Array;
  log?: string;
  files?: SideFile[];
  timings: Array<{ name: string; ms: number }>;
  /** What opt would warn about, in its order (the CLI prints them to stderr). */
  warnings: CoreWarning[];
  /** With the pass option codegen-data-collect: the module's stable function map (null: none). */
  functionMap?: Uint8Array | null;
}

/** One module through a core: parse, verify, pipeline, verify, print. */
export declare function runModule(core: WoptCore, input: Input, opts?: RunModuleOptions): RunModuleResult;

export interface DiagnosticText {
  /** Program name before the message (default 'wopt'; '' for none). */
  prog?: string;
  file?: string;
  line?: number;
  col?: number;
  /** The byte offset of the position in `source`, when known: it picks the source line shown (a file with CR-only line ends needs it). */
  offset?: number;
  severity?: string;
  message: string;
  /** The input, to show the line and a caret under the column. */
  source?: Input;
}

/** `<prog>: <file>:<line>:<col>: <severity>: <message>`, the source line and a caret, newline-terminated. */
export declare function formatDiagnostic(d: DiagnosticText): string;
/** The source line and the caret line for a 1-based position, at byte `offset` when known ([] when there is no line). */
export declare function caretLines(source: Input, line: number, col: number, offset?: number): string[];
