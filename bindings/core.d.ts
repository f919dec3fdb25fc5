// Types of core.js: one live core instance and the helpers around it. Environment-neutral.

/** The LLVM versions whose dialect and behaviour the core follows. */
export type LLVMVersion = 19 | 22;
export declare const LLVM_VERSIONS: readonly LLVMVersion[];
export declare const DEFAULT_LLVM_VERSION: 22;

/** Text or UTF-8 bytes of a module. */
export type Input = string | Uint8Array | ArrayBufferView | ArrayBuffer;

/** Thrown by the core's `abort` import (an assertion inside the core). */
export declare class WoptAbort extends Error {
  constructor(message: string);
}

/** What every method returns instead of its value when the core trapped (the instance is then replaced). */
export interface InternalError {
  ok: false;
  internal: true;
  message: string;
}
/** What a method returns when the module needed more memory than the core can have (also a fresh instance after). */
export interface OutOfMemoryError {
  ok: false;
  internal: false;
  outOfMemory: true;
  message: string;
}

export interface ParseResult {
  ok: boolean;
  /** 1-based position of the error; 0 when there is none or it has no position. */
  line: number;
  col: number;
  message: string;
  /** What reading the module warned about (also when it failed); absent when nothing. */
  warnings?: CoreWarning[];
}

/** A warning of the core, as opt prints it: `${tool ? 'opt: ' : ''}${text}`. */
export interface CoreWarning {
  /** 'parse': while reading; 'target': opt's target machine checks after the input verified. */
  stage: 'parse' | 'target';
  /** opt prefixes the text with its name ("opt: warning: ..."), not a context diagnostic ("warning: ..."). */
  tool: boolean;
  /** The line after that prefix, e.g. "warning: failed to infer data layout from target triple". */
  text: string;
}

export interface TargetCheckResult {
  /** false: opt stops here (an architecture LLVM does not recognize); message says so. */
  ok: boolean;
  message: string;
  warnings: CoreWarning[];
}

export interface SideFile {
  name: string;
  bytes: Uint8Array;
}

export interface PipelineResult {
  ok: boolean;
  /** 0 ok, 1 error, 2 unknown pass, 3 paused at repo-prune for the repository. */
  code: 0 | 1 | 2 | 3;
  message: string;
  /** What the passes printed (print<domtree>, check-debugify, ...). */
  log?: string;
  /** Files the passes wrote (dot-cfg, dot-dom, ...). */
  files?: SideFile[];
}

export interface VerifyResult {
  ok: boolean;
  message: string;
  skipped?: true;
}

export interface FunctionInfo {
  name: string;
  blocks: number;
  declaration: boolean;
}

export interface PassOptionInfo {
  name: string;
  kind: 'bool' | 'uint' | 'enum' | 'string' | 'number';
  default: string;
  values: string[];
  help: string;
}

export interface PassInfo {
  name: string;
  level: 'module' | 'function';
  /** Analyses are named in pipelines as require<name> and invalidate<name>. */
  analysis: boolean;
  preserves: 'nothing' | 'cfg' | 'all';
  help: string;
  /** The first LLVM version that has the pass (0: every version wopt follows); an older
   *  llvmVersion does not know its name, as that version's opt. */
  since: number;
  options: PassOptionInfo[];
}

export interface RepoDependent {
  name: string;
  /** 32 lowercase hex characters. */
  digest: string;
}

export interface RepoEntry {
  digest: string;
  name: string;
  /** 'metadata': the metadata a module's definitions share, stored once (no name, linkage or visibility). */
  kind: 'function' | 'variable' | 'metadata';
  linkage: string;
  visibility: string;
  /** Left out by lookups made with `{ text: false }`. */
  text?: string;
  dependents: RepoDependent[];
}

/** Pass options: an object or [name, value] pairs; booleans become 1/0. */
export type PassOptions = Record<string, string | number | boolean> | Array<[string, string | number | boolean]>;

/** The text handed to runPipeline: `<pipeline>` or `<pipeline>|<name>=<value>,...`. */
export declare function encodePipeline(passes?: string, options?: PassOptions): string;
export declare function toBytes(input: Input): Uint8Array;
export declare function decodeUtf8(bytes: Uint8Array): string;
/** Reads the core's binary blobs: little-endian numbers, strings with a u32 length, 16-byte digests as hex. */
export declare class BlobReader {
  constructor(bytes: Uint8Array);
  u8(): number;
  u32(): number;
  f64(): number;
  str(): string;
  digest(): string;
}

/**
 * One live core instance. Every method catches traps: it then returns an InternalError and the
 * instance is replaced by a fresh one, so the next call works (the loaded module is gone).
 */
/** core.passStats(): mem2reg's and mergefunc's counters for the module (see assembly/ABI.md passStat). */
export interface PassStats { allocasPromoted: number; phisInserted: number; functionsMerged: number; thunks: number; aliases: number; deleted: number }

export declare class WoptCore {
  /** How many times a trap replaced the instance. */
  restarts: number;
  /** The live instance's memory (a WebAssembly.Memory). */
  readonly memory: { readonly buffer: ArrayBuffer };
  parse(input: Input | { size: number; fill(view: Uint8Array): void }, opts?: { moduleId?: string; llvmVersion?: LLVMVersion }): ParseResult | InternalError | OutOfMemoryError;
  runPipeline(text: string, options?: PassOptions): PipelineResult | InternalError | OutOfMemoryError;
  resumePipeline(): PipelineResult | InternalError | OutOfMemoryError;
  repoCandidates(): string[] | InternalError | OutOfMemoryError;
  repoSetHits(hits: Map<string, RepoEntry>, dependents?: Map<string, RepoEntry>): { ok: true } | { ok: false; message: string } | InternalError | OutOfMemoryError;
  repoPrunedCount(): number | InternalError | OutOfMemoryError;
  /** What the passes did to the module since its parse. */
  passStats(): PassStats | InternalError | OutOfMemoryError;
  repoRecords(): RepoEntry[] | InternalError | OutOfMemoryError;
  /** After parse: the module's tickets in `!repo.tickets` order; key: the definition's repository entry. */
  repoTickets(): { key: string; digest: string; name: string; pruned: boolean }[] | InternalError | OutOfMemoryError | { ok: false; message: string };
  /** `wopt repo link`: the stored texts of the pruned tickets (repoTickets order) read into the parsed module. */
  repoLink(texts: string[], shared?: Array<{ key: string; text: string }>): { ok: true } | { ok: false; message: string } | InternalError | OutOfMemoryError;
  verify(): VerifyResult | InternalError | OutOfMemoryError;
  /** opt's target machine checks on the parsed module (after verifying it). */
  checkTarget(): TargetCheckResult | InternalError | OutOfMemoryError;
  /** The module as LLVM text (a copy). */
  print(): Uint8Array | InternalError | OutOfMemoryError;
  /** Prints in chunks; `consume` gets views into the core's memory, valid only during its call. */
  printInto<T>(consume: (view: Uint8Array) => T): { ok: true; value: T } | InternalError | OutOfMemoryError;
  /** The module as bitcode of the LLVM version it was parsed for (a copy). */
  writeBitcode(): { ok: true; bytes: Uint8Array } | { ok: false; message: string } | InternalError | OutOfMemoryError;
  /** writeBitcode without the copy: `consume` gets a view into the core's memory, valid only during its call. */
  writeBitcodeInto<T>(consume: (view: Uint8Array) => T): { ok: true; value: T } | { ok: false; message: string } | InternalError | OutOfMemoryError;
  functions(): FunctionInfo[] | InternalError | OutOfMemoryError;
  /** The CFG, dominator trees, frontiers and phis of defined function `name`, or of the one at that index of functions() (index.d.ts FunctionGraph); null if none. */
  inspect(name: string | number): import('./index.js').FunctionGraph | null | InternalError | OutOfMemoryError;
  passes(): PassInfo[] | InternalError | OutOfMemoryError;
  version(): string;
  reset(): { ok: true } | InternalError | OutOfMemoryError;
}

/**
 * Compiles (if needed) and instantiates the core from its bytes or a compiled WebAssembly.Module
 * (typed as `object` so that these types need neither the DOM nor Node's lib).
 */
export declare function instantiate(bytesOrModule: Uint8Array | ArrayBuffer | object): Promise<WoptCore>;
