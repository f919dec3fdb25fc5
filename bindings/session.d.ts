// Types of session.js (its Session is re-exported by the main entry, which also declares
// openSession) and the shape worker sessions share.
import type { Diagnostic, FunctionGraph, OptimizeResultFields, StructuredOptions } from './index.js';
import type { FunctionInfo, Input, LLVMVersion, PassInfo, PassOptions, WoptCore } from './core.js';
import type { Repository, RepositorySpec } from './repo/store.js';

export interface SessionOptions {
  llvmVersion?: LLVMVersion;
  /** An open Repository (wopt/repo) or a spec the session opens (and closes with itself). */
  repository?: Repository | RepositorySpec | null;
  /** Run on this core (default: one loaded for the session). */
  core?: WoptCore;
  /** Node: another core build (default build/wopt.wasm). */
  wasmPath?: string;
  /** Browsers: where wopt.wasm is served (default beside the bindings). */
  wasmUrl?: string | { readonly href: string };
}

export interface SessionOptimizeOptions extends StructuredOptions {
  passes?: string;
  options?: PassOptions;
  /** Verify the input and output as opt does (default true). */
  verify?: boolean;
  moduleId?: string;
  /** 'text' (default): output is a string; 'bytes': a Uint8Array; 'none': not printed. */
  output?: 'text' | 'bytes' | 'none';
  /** Rejects with an AbortError when aborted (a worker session stops its worker at once). */
  signal?: { readonly aborted: boolean; readonly reason?: unknown; addEventListener(type: 'abort', fn: () => void, opts?: { once?: boolean }): void; removeEventListener(type: 'abort', fn: () => void): void };
}

/** What a session result has whether the run succeeded or not. */
export interface SessionResultFields extends OptimizeResultFields {
  log: string;
  files: Array<{ name: string; bytes: Uint8Array }>;
  timings: Array<{ name: string; ms: number }>;
  /** With a repository: definitions looked up, pruned and stored. */
  repo?: { candidates: number; pruned: number; stored: number };
}

/** A session's result, told apart by `ok`. When ok, `output` is what the `output` option asked for:
 *  'text' (the default) a string, 'bytes' a Uint8Array, 'none' null; when not ok, null. */
export type SessionResult<Output extends string | Uint8Array | null = string | Uint8Array | null> =
  | (SessionResultFields & { ok: true; output: Output })
  | (SessionResultFields & { ok: false; output: null });

/** The methods a session and a worker session share. */
export interface SessionLike {
  readonly llvmVersion: LLVMVersion | undefined;
  /** The result's output is what `output` asks for: 'text' (the default) a string, 'bytes' a Uint8Array, 'none' null. */
  optimize(input: Input, opts: SessionOptimizeOptions & { output: 'bytes' }): Promise<SessionResult<Uint8Array>>;
  optimize(input: Input, opts: SessionOptimizeOptions & { output: 'none' }): Promise<SessionResult<null>>;
  optimize(input: Input, opts?: SessionOptimizeOptions & { output?: 'text' }): Promise<SessionResult<string>>;
  optimize(input: Input, opts?: SessionOptimizeOptions): Promise<SessionResult>;
  /** The functions of the module last run. */
  functions(): Promise<FunctionInfo[]>;
  /** The CFG, dominator trees, frontiers and phis of a function of the module last run (after its pipeline), by name or by index in functions(); null if none. */
  inspect(name: string | number): Promise<FunctionGraph | null>;
  passes(): Promise<PassInfo[]>;
  version(): Promise<string>;
  close(): Promise<void>;
}

export declare class Session implements SessionLike {
  constructor(core: WoptCore, opts?: { llvmVersion?: LLVMVersion; repository?: Repository | null; closeRepository?: boolean });
  readonly llvmVersion: LLVMVersion;
  /** The underlying core (the low-level API). */
  readonly core: WoptCore;
  /** The result's output is what `output` asks for: 'text' (the default) a string, 'bytes' a Uint8Array, 'none' null. */
  optimize(input: Input, opts: SessionOptimizeOptions & { output: 'bytes' }): Promise<SessionResult<Uint8Array>>;
  optimize(input: Input, opts: SessionOptimizeOptions & { output: 'none' }): Promise<SessionResult<null>>;
  optimize(input: Input, opts?: SessionOptimizeOptions & { output?: 'text' }): Promise<SessionResult<string>>;
  optimize(input: Input, opts?: SessionOptimizeOptions): Promise<SessionResult>;
  functions(): Promise<FunctionInfo[]>;
  inspect(name: string | number): Promise<FunctionGraph | null>;
  passes(): Promise<PassInfo[]>;
  version(): Promise<string>;
  close(): Promise<void>;
}

/** session.js's environment-neutral opener; the package's entries export it bound as openSession. */
export declare function openSessionIn(env: { loadCore(opts: { wasmPath?: string; wasmUrl?: string | { readonly href: string } }): Promise<WoptCore>; openRepository(spec: RepositorySpec): Promise<Repository> }, opts?: SessionOptions): Promise<Session>;
export declare function diagnosticsOf(r: { ok: boolean; stage?: string; error?: unknown }): Diagnostic[];
export declare function abortError(signal?: { reason?: unknown }): Error;
