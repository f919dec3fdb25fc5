// Types of `wopt/worker` (worker-node.js in Node, worker-browser.js in browsers and bundlers): a
// session whose work runs in a Web Worker or a worker_threads thread.
import type { Input, LLVMVersion, FunctionInfo, PassInfo } from './core.js';
import type { FunctionGraph } from './index.js';
import type { RepositorySpec } from './repo/store.js';
import type { SessionLike, SessionOptimizeOptions, SessionResult } from './session.js';

export interface WorkerSessionOptions {
  llvmVersion?: LLVMVersion;
  /** Opened inside the worker: a file path (Node), ':memory:' or { indexedDB: name }. */
  repository?: RepositorySpec | null;
  wasmPath?: string;
  wasmUrl?: string | { readonly href: string };
  /** Browsers: where worker-main-browser.js (or its bundle) is served, for bundlers that do not bundle workers (esbuild). */
  workerUrl?: string | { readonly href: string };
}

export interface WorkerOptimizeOptions extends SessionOptimizeOptions {
  /** Hand an ArrayBuffer-backed input to the worker instead of copying it (the caller's buffer is detached). */
  transfer?: boolean;
}

export declare class WorkerSession implements SessionLike {
  readonly llvmVersion: LLVMVersion | undefined;
  /** The result's output is what `output` asks for: 'text' (the default) a string, 'bytes' a Uint8Array, 'none' null. */
  optimize(input: Input, opts: WorkerOptimizeOptions & { output: 'bytes' }): Promise<SessionResult<Uint8Array>>;
  optimize(input: Input, opts: WorkerOptimizeOptions & { output: 'none' }): Promise<SessionResult<null>>;
  optimize(input: Input, opts?: WorkerOptimizeOptions & { output?: 'text' }): Promise<SessionResult<string>>;
  optimize(input: Input, opts?: WorkerOptimizeOptions): Promise<SessionResult>;
  functions(): Promise<FunctionInfo[]>;
  inspect(name: string | number): Promise<FunctionGraph | null>;
  passes(): Promise<PassInfo[]>;
  version(): Promise<string>;
  close(): Promise<void>;
}

export declare function openWorkerSession(opts?: WorkerSessionOptions): Promise<WorkerSession>;
