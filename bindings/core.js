// core.js — environment-neutral wrapper around the wopt WebAssembly core.
// Talks to the exports documented in assembly/ABI.md and nothing else. No Node built-ins here:
// this file runs unchanged in Node and in browsers.

import { toBytes, decodeUtf8, encodePipeline, BlobReader, hex, unhex, concat, encoder } from './marshal.js';

import { EXPORTS, UNSIGNED, PASS_STATS, LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from './abi.js';

// The LLVM versions whose dialect and behaviour the core follows (`--llvm-version`), and the one
// used when none is asked for (abi.js, generated from the core).
export { LLVM_VERSIONS, DEFAULT_LLVM_VERSION };
export { toBytes, decodeUtf8, encodePipeline, BlobReader };

// The core and this wrapper ship together: every export the core has (abi.js, generated from the
// core's own declarations) must be there, and none is feature-detected. The exports that return an
// address or a byte count are read unsigned (UNSIGNED): WebAssembly hands an i32 result to JS as a
// signed number, so an address at or above 2 GiB of core memory would come back negative.
const REQUIRED = ['memory', ...EXPORTS];

/** The exports with UNSIGNED's functions wrapped to return unsigned numbers. */
export function unsignedExports(x) {
  const out = { ...x };
  for (const name of UNSIGNED) {
    const fn = x[name];
    if (typeof fn === 'function') out[name] = function (...args) { return fn.apply(this, args) >>> 0; };
  }
  return out;
}


/** Thrown by the `env.abort` import (an AssemblyScript `assert`/`abort` in the core). */
export class WoptAbort extends Error {
  constructor(message) { super(message); this.name = 'WoptAbort'; }
}

/** True for errors that mean "the core trapped", as opposed to a bug in the caller. */
function isTrap(err) {
  return err instanceof WoptAbort || err instanceof WebAssembly.RuntimeError ||
    (err instanceof RangeError && /call stack/i.test(err.message));
}

// An AssemblyScript string in the core's memory (UTF-16, its byte length in the header word before
// it); '' when the memory does not hold one there (an abort may come from a damaged heap).
function coreString(memory, ptr) {
  ptr >>>= 0; // an i32 import argument: signed in JS
  try {
    const buf = memory.buffer;
    if (!ptr || ptr < 4 || ptr > buf.byteLength) return '';
    const len = new DataView(buf).getUint32(ptr - 4, true);
    if (ptr + len > buf.byteLength) return '';
    return String.fromCharCode(...new Uint16Array(buf.slice(ptr, ptr + (len & ~1))));
  } catch { return ''; }
}

// The core's imports, by name: env.abort (an AssemblyScript assert/abort: a WoptAbort), the clock
// and seed; any other import traps when called. getMemory: the live instance's memory.
function makeImports(module, getMemory) {
  const env = {
    abort(msg, file, line, col) {
      const m = getMemory();
      const text = m ? coreString(m, msg) : '';
      const where = m ? coreString(m, file) : '';
      throw new WoptAbort(`${text || 'abort'}${where ? ` in ${where}:${line}:${col}` : ''}`);
    },
    trace() {},
    seed: () => Date.now(),
    clock: () => globalThis.performance?.now() ?? Date.now(),   // the API's per-pass trace times
  };
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== 'function') throw new Error(`wopt core: unsupported import ${imp.module}.${imp.name} (${imp.kind})`);
    const fn = imp.module === 'env' && env[imp.name] ||
      (() => { throw new WoptAbort(`unexpected call of import ${imp.module}.${imp.name}`); });
    (imports[imp.module] ??= {})[imp.name] = fn;
  }
  return imports;
}

/**
 * One live core instance. Every method catches traps: the result is then
 * `{ ok: false, internal: true, message }` (`{ ok: false, outOfMemory: true, message }` when the
 * module needs more memory than the core can have) and the instance is replaced by a fresh one,
 * so the next call works (the module that was loaded is gone).
 */
export class WoptCore {
  #create; #x; #memory;

  /** @param create () => exports — builds a fresh instance; @param initial optional first exports */
  constructor(create, initial) {
    this.#create = create;
    this.restarts = 0;
    this.#use(initial ?? create());
  }

  #use(x) {
    const missing = REQUIRED.filter(k => !(k in x));
    if (missing.length) throw new Error(`wopt core: missing exports ${missing.join(', ')}`);
    this.#x = unsignedExports(x);
    this.#memory = x.memory;
  }

  /** The memory of the live instance (for the abort import). */
  get memory() { return this.#memory; }


  #guard(fn) {
    try {
      return fn(this.#x);
    } catch (err) {
      if (!isTrap(err)) throw err;
      let message = err.message || String(err);
      // The stub runtime traps with `unreachable` when memory.grow fails: past 2 GiB that is the
      // 4 GiB limit of 32-bit WebAssembly memory, not a bug in the input.
      if (/unreachable/.test(message) && this.#memory.buffer.byteLength >= 2 ** 31)
        message = `out of memory: the module needs more than the 4 GiB a WebAssembly core can address (${message})`;
      // Out of memory is a limit of the input's size (opt stops there too: "LLVM ERROR: out of
      // memory"), not an internal error: the caller says so plainly.
      const outOfMemory = /^out of memory/.test(message);
      try { this.#use(this.#create()); this.restarts++; } catch (e) {
        return { ok: false, internal: true, message: `${message} (restart failed: ${e.message})` };
      }
      return outOfMemory ? { ok: false, internal: false, outOfMemory: true, message } : { ok: false, internal: true, message };
    }
  }

  #bytes(ptr, len) {
    const buf = this.#memory.buffer;
    if (len < 0 || ptr < 0 || ptr + len > buf.byteLength) throw new WebAssembly.RuntimeError(`core returned an out-of-range buffer (${ptr}, ${len})`);
    return new Uint8Array(buf, ptr, len).slice();
  }

  #write(ptr, bytes) {
    const buf = this.#memory.buffer;
    if (ptr <= 0 || ptr + bytes.length > buf.byteLength) throw new WebAssembly.RuntimeError(`core returned an out-of-range buffer (${ptr}, ${bytes.length})`);
    new Uint8Array(buf).set(bytes, ptr);
  }

  #arg(x, bytes) { const ptr = x.argAlloc(bytes.length); this.#write(ptr, bytes); return bytes.length; }

  #error(x) { const len = x.errorMessage(); return decodeUtf8(this.#bytes(x.errorPtr(), len)); }

  #out(len) { return this.#bytes(this.#x.outputPtr(), len); }

  /**
   * Parses `.ll` text (bytes or string), or `{ size, fill(view) }`: `fill` writes exactly `size`
   * bytes into a view of the core's input buffer (no intermediate copy, used for large files).
   * `moduleId` names the module (ModuleID, source_filename). `symbols`: also return the text
   * reader's index of names (res.symbols, see #symbols), read or not.
   */
  parse(input, { moduleId, llvmVersion = DEFAULT_LLVM_VERSION, symbols = false } = {}) {
    // { size, fill }, not an Array (which has a fill method too: it would be overwritten)
    const direct = input !== null && typeof input === 'object' && !ArrayBuffer.isView(input) && !Array.isArray(input) &&
      typeof input.fill === 'function' && Number.isSafeInteger(input.size) && input.size >= 0;
    const bytes = direct ? null : toBytes(input);
    const size = direct ? input.size : bytes.length;
    return this.#guard(x => {
      const ptr = x.inputAlloc(size);
      if (direct) {
        const buf = this.#memory.buffer;
        if (ptr <= 0 || ptr + size > buf.byteLength) throw new WebAssembly.RuntimeError(`core returned an out-of-range buffer (${ptr}, ${size})`);
        input.fill(new Uint8Array(buf, ptr, size));
      } else this.#write(ptr, bytes);
      // moduleId: a string, or bytes (a file name that is not valid UTF-8, as opt prints it)
      if (moduleId !== undefined) x.setModuleId(this.#arg(x, typeof moduleId === 'string' ? encoder.encode(moduleId) : toBytes(moduleId)));
      if (x.setLLVMVersion(llvmVersion) !== 0) {
        return { ok: false, line: 0, col: 0, message: `unsupported LLVM version ${llvmVersion} (supported: ${LLVM_VERSIONS.join(', ')})` };
      }
      if (symbols) x.indexNextParse();
      const ok = x.parse(size) === 0;
      const res = ok ? { ok: true, line: 0, col: 0, message: '' } : { ok: false, line: x.errorLine(), col: x.errorCol(), message: this.#error(x) };
      if (symbols) res.symbols = this.#symbols(x);
      if (!ok && x.errorOffset() >= 0) res.offset = x.errorOffset();
      const warnings = this.#warnings(x, 'parse');
      if (warnings.length) res.warnings = warnings;   // only when there are some
      return res;
    });
  }

  // The text reader's index (assembly/text/symbol-index.ts): `records`, six words per name token
  // (flags|kind, start, end, key, scope, type; byte offsets into the input), and `types`, the
  // printed type of each type id the records name.
  #symbols(x) {
    const records = new Int32Array(this.#bytes(x.symbolRecords(), x.symbolRecordWords() * 4).buffer);
    const types = new Map();
    for (const line of decodeUtf8(this.#out(x.symbolTypes())).split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) types.set(Number(line.slice(0, tab)), line.slice(tab + 1));
    }
    return { records, types };
  }

  /**
   * The bitstream container of `bytes` (bitcode) as text, block by block and record by record
   * (assembly/bitcode/dump.ts): { ok, text } or { ok: false, message, text } (what was read).
   */
  bitstreamDump(bytes) {
    return this.#guard(x => {
      const ptr = x.inputAlloc(bytes.length);
      this.#write(ptr, bytes);
      const ok = x.bitstreamDump(bytes.length) === 0;
      const text = decodeUtf8(this.#out(x.bitstreamDumpText()));
      return ok ? { ok, text } : { ok, text, message: this.#error(x) };
    });
  }

  /**
   * Runs a pipeline (see encodePipeline for options). code: 0 ok, 1 error, 2 unknown pass,
   * 3 paused at repo-prune for the repository (see repoCandidates / repoSetHits / resumePipeline).
   */
  runPipeline(text, options) {
    const bytes = encoder.encode(options ? encodePipeline(text, options) : text);
    return this.#guard(x => this.#pipelineResult(x, x.runPipeline(this.#arg(x, bytes))));
  }

  /** Continues a pipeline that returned code 3, after repoSetHits. */
  resumePipeline() {
    return this.#guard(x => this.#pipelineResult(x, x.resumePipeline()));
  }

  /** The final digests (32 hex chars each) of the definitions repo-prune may prune. */
  repoCandidates() {
    return this.#guard(x => {
      const b = this.#out(x.repoCandidates());
      const list = [];
      for (let i = 0; i + 16 <= b.length; i += 16) list.push(hex(b, i));
      return list;
    });
  }

  /**
   * Hands repo-prune the repository's answer: `hits` is a Map digest -> Entry (as lookup returns
   * it); `dependents` a Map digest -> Entry for the hits' dependents (for their linkage and
   * visibility; missing ones are written as external/default).
   */
  repoSetHits(hits, dependents = new Map()) {
    const parts = [];
    const u32 = n => { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, n, true); parts.push(b); };
    const str = s => { const b = encoder.encode(s); u32(b.length); parts.push(b); };
    u32(hits.size);
    for (const [digest, entry] of hits) {
      parts.push(unhex(digest));
      const deps = entry.dependents ?? [];
      u32(deps.length);
      for (const d of deps) {
        parts.push(unhex(d.digest));
        const e = dependents.get(d.digest);
        str(d.name); str(e?.linkage ?? 'external'); str(e?.visibility ?? 'default');
      }
    }
    const blob = concat(parts);
    return this.#guard(x => x.repoSetHits(this.#arg(x, blob)) === 0 ? { ok: true } : { ok: false, message: 'malformed repository hits' });
  }

  /**
   * What the passes did to the module since its parse (ABI.md `passStat`): { allocasPromoted,
   * phisInserted, functionsMerged, thunks, aliases, deleted, globalMerged (global-merge-func's
   * thunks) }; null when the core cannot count.
   */
  passStats() {
    return this.#guard(x => Object.fromEntries(PASS_STATS.map((name, k) => [name, x.passStat(k)])));
  }

  /** Definitions pruned by the last repo-prune. */
  repoPrunedCount() { return this.#guard(x => x.repoPrunedCount()); }

  /**
   * After printing: the entries to store, [{ digest, name, kind, linkage, visibility, text,
   * dependents: [{ name, digest }] }] for every definition that was not pruned.
   */
  repoRecords() {
    return this.#guard(x => {
      const r = new BlobReader(this.#out(x.repoRecords()));
      const list = [];
      for (let i = 0, n = r.u32(); i < n; i++) {
        const digest = r.digest();
        const kind = ['function', 'variable', 'metadata'][r.u8()];
        const name = r.str(), linkage = r.str(), visibility = r.str(), text = r.str();
        const dependents = [];
        for (let k = 0, m = r.u32(); k < m; k++) { const d = r.digest(); dependents.push({ name: r.str(), digest: d }); }
        list.push({ digest, name, kind, linkage, visibility, text, dependents });
      }
      return list;
    });
  }

  /**
   * After parse: the module's tickets in `!repo.tickets` order, [{ key, digest, name, pruned }]
   * (key: the repository entry of the definition; digest: the ticket's final digest).
   */
  repoTickets() {
    return this.#guard(x => {
      const r = new BlobReader(this.#out(x.repoTickets()));
      const list = [];
      for (let i = 0, n = r.u32(); i < n; i++) { const key = r.digest(), digest = r.digest(), pruned = r.u8() === 1; list.push({ key, digest, name: r.str(), pruned }); }
      return list;
    });
  }

  /**
   * `wopt repo link`: reads the stored texts (one per pruned repoTickets entry, in its order) into
   * the parsed module, with the shared-metadata entries they name ([{ key, text }]).
   */
  repoLink(texts, shared = []) {
    const parts = [];
    const u32 = n => { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, n, true); parts.push(b); };
    u32(texts.length);
    for (const t of texts) { const b = encoder.encode(t); u32(b.length); parts.push(b); }
    u32(shared.length);
    for (const s of shared) { parts.push(unhex(s.key)); const b = encoder.encode(s.text); u32(b.length); parts.push(b); }
    const blob = concat(parts);
    return this.#guard(x => x.repoLink(this.#arg(x, blob)) === 0 ? { ok: true } : { ok: false, message: this.#error(x) });
  }

  #pipelineResult(x, code) {
    // 4: global-merge-func collected the module's stable function map and stopped the pipeline
    const res = { ok: code === 0 || code === 4, code, message: code === 0 || code === 3 || code === 4 ? '' : this.#error(x) };
    if (code === 3) return res;
    res.log = decodeUtf8(this.#out(x.passOutput()));
    res.files = [];
    for (let i = 0, n = x.sideFileCount(); i < n; i++) {
      const name = decodeUtf8(this.#out(x.sideFileName(i)));
      res.files.push({ name, bytes: this.#out(x.sideFileData(i)) });
    }
    return res;
  }

  /**
   * True when opt's reader verifies this module itself (its debug info has the current version):
   * opt then verifies it even under -disable-verify and stops with "Broken module found".
   */
  readerVerifies() { return this.#guard(x => x.readerVerifies()) === 1; }

  /** Drops the module's debug info, as opt's reader does when it finds it broken. */
  dropInvalidDebugInfo() { this.#guard(x => { x.dropInvalidDebugInfo(); }); }

  /** Runs the IR verifier. A core without `verify` reports ok with `skipped: true`. */
  /**
   * opt's target machine checks, after the input verified: { ok, warnings }; ok false (message
   * set) when opt stops (an architecture LLVM does not recognize).
   */
  checkTarget() {
    return this.#guard(x => {
      const stop = x.checkTarget() !== 0;
      const warnings = this.#warnings(x, 'target');
      return stop ? { ok: false, message: warnings.pop().text, warnings } : { ok: true, message: '', warnings };
    });
  }

  // The core's warnings of one stage ('parse' | 'target'): [{ stage, tool, text }] (ABI.md `warnings`).
  #warnings(x, stage) {
    const lines = decodeUtf8(this.#out(x.warnings())).split('\n').filter(Boolean);
    return lines.map(l => ({ stage: l[0] === 't' ? 'target' : 'parse', tool: l[1] === '1', text: l.slice(2) })).filter(w => w.stage === stage);
  }

  verify() {
    // 2: only the debug info is broken (a reader drops it with a warning; an output is broken)
    return this.#guard(x => {
      const r = x.verify();
      if (r === 0) return { ok: true, message: '' };
      const bytes = this.#bytes(x.errorPtr(), x.errorMessage());
      const res = { ok: false, message: decodeUtf8(bytes) };
      const parts = this.#verifierParts(x, bytes);
      if (parts.length) res.parts = parts;
      if (r === 2) res.debugInfoOnly = true;
      return res;
    });
  }
  // The verifier's messages one by one: [{ message, value, md }], value and md the first value id
  // and metadata node id each prints (-1 for none), which the text reader's index places.
  #verifierParts(x, bytes) {
    const f = new Int32Array(this.#bytes(x.verifierFailures(), x.verifierFailureWords() * 4).buffer);
    const parts = [];
    for (let i = 0; i < f.length; i += 3) {
      const end = i + 3 < f.length ? f[i + 3] : bytes.length;
      parts.push({ message: decodeUtf8(bytes.subarray(f[i], end)).replace(/\n+$/, ''), value: f[i + 1], md: f[i + 2] });
    }
    return parts;
  }

  /**
   * The module as bitcode for the LLVM version it was parsed for (assembly/bitcode/write-module.ts):
   * { ok: true, bytes } (a Uint8Array copy), { ok: false, message } when the module holds something
   * the writer cannot encode, or an internal-error object after a trap.
   */
  writeBitcode() {
    return this.#guard(x => {
      if (x.writeBitcode() !== 0) return { ok: false, message: this.#error(x) };
      return { ok: true, bytes: this.#out(x.bitcodeSize()) };
    });
  }

  /**
   * writeBitcode without the copy: `consume` gets a view of the bitcode inside the core's memory
   * (valid only during the call). { ok: true, value } with consume's result, or what writeBitcode
   * gives on failure.
   */
  writeBitcodeInto(consume) {
    return this.#guard(x => {
      if (x.writeBitcode() !== 0) return { ok: false, message: this.#error(x) };
      const ptr = x.outputPtr(), len = x.bitcodeSize();
      const buf = this.#memory.buffer;
      if (len < 0 || ptr < 0 || ptr + len > buf.byteLength) throw new WebAssembly.RuntimeError(`core returned an out-of-range buffer (${ptr}, ${len})`);
      return { ok: true, value: consume(new Uint8Array(buf, ptr, len)) };
    });
  }

  /** The module as LLVM text: a Uint8Array copy (or an internal-error object after a trap). */
  print() { return this.#guard(x => this.#out(x.print())); }

  /**
   * Prints and hands `consume` views of the text inside the core's memory, in order, one or more
   * chunks (no copy; each view is valid only during its call). Returns `{ ok: true, value }` with consume's result, or an internal-error object.
   */
  printInto(consume) {
    return this.#guard(x => {
      const view = len => {
        const ptr = x.outputPtr();
        const buf = this.#memory.buffer;
        if (len < 0 || ptr < 0 || ptr + len > buf.byteLength) throw new WebAssembly.RuntimeError(`core returned an out-of-range buffer (${ptr}, ${len})`);
        return new Uint8Array(buf, ptr, len);
      };
      // Chunked: the text never sits in core memory whole.
      let value = consume(view(x.printStart()));
      for (let n = x.printChunk(); n > 0; n = x.printChunk()) value = consume(view(n));
      return { ok: true, value };
    });
  }

  /** [{ name, blocks, declaration }] in module order (or an internal-error object). */
  functions() {
    return this.#guard(x => {
      const list = [];
      for (let i = 0, n = x.functionCount(); i < n; i++) {
        const name = decodeUtf8(this.#out(x.functionName(i)));
        list.push({ name, blocks: x.functionBlockCount(i), declaration: x.functionIsDeclaration(i) !== 0 });
      }
      return list;
    });
  }

  /**
   * The core's pass table: [{ name, level: 'module'|'function', analysis, preserves:
   * 'nothing'|'cfg'|'all', help, since, options: [{ name, kind: 'bool'|'uint'|'enum'|'string'|'number',
   * default, values, help }] }]. Analyses are named in pipelines as require<name> and
   * invalidate<name>; `since` is the first LLVM version that has the pass (0: every version).
   * [] when the core has no `passTable`.
   */
  passes() {
    const r = this.#guard(x => decodeUtf8(this.#out(x.passTable())));
    if (typeof r !== 'string') return r;
    const list = [];
    for (const line of r.split('\n')) {
      const f = line.split('\t');
      if (f[0] === 'pass' || f[0] === 'analysis') {
        list.push({ name: f[2], level: f[1], analysis: f[0] === 'analysis', preserves: f[3], help: f[4], since: Number(f[5]) || 0, options: [] });
      } else if (f[0] === 'option' && list.length) {
        list[list.length - 1].options.push({ name: f[1], kind: f[2], default: f[3], values: f[4] ? f[4].split('|') : [], help: f[5] });
      }
    }
    return list;
  }

  /**
   * The CFG, dominator and post-dominator trees, dominance frontiers and phi counts of the defined
   * function `name` in the module as it is now (after the last pipeline), for an IDE to draw:
   * { name, blocks: [{ name, succ, pred, idom, ipdom, frontier, phis, reachable }] } with block
   * indices in function order (idom -1 for the entry and unreachable blocks, ipdom -1 when the
   * virtual exit post-dominates the block directly); null when there is no such definition.
   * `name` may also be the function's index in functions(): the only way to name one of several
   * unnamed functions (@0, @1: mergefunc's private copies).
   */
  inspect(name) {
    return this.#guard(x => {
      let index = -1;
      if (typeof name === 'number') {
        if (!Number.isInteger(name) || name < 0 || name >= x.functionCount()) return null;
        index = name;
        name = decodeUtf8(this.#out(x.functionName(index)));
      }
      for (let i = 0, n = x.functionCount(); i < n && index < 0; i++) if (decodeUtf8(this.#out(x.functionName(i))) === name) index = i;
      const n = index < 0 ? 0 : x.cfgBuild(index);
      if (n === 0) return null;
      const ints = (ptr, len) => new Int32Array(this.#bytes(ptr, len * 4).buffer);
      const cfg = k => ints(x.cfgArray(k), x.cfgArrayLen(k));
      const succOff = cfg(0), succ = cfg(1), predOff = cfg(2), pred = cfg(3), rpoIndex = cfg(5);
      const labels = decodeUtf8(this.#out(x.cfgBlockLabels())).split('\n');
      x.domTreeBuild(0);
      const idom = ints(x.domTreeArray(0, 0), x.domTreeArrayLen(0, 0));
      x.domTreeBuild(1);
      const ipdom = ints(x.domTreeArray(1, 0), x.domTreeArrayLen(1, 0));
      const blocks = [];
      for (let b = 0; b < n; b++) {
        const [label, phis] = labels[b].split('\t');
        blocks.push({
          name: label, succ: [...succ.subarray(succOff[b], succOff[b + 1])], pred: [...pred.subarray(predOff[b], predOff[b + 1])],
          idom: idom[b] ?? -1, ipdom: ipdom[b] === undefined || ipdom[b] >= n ? -1 : ipdom[b], frontier: [], phis: Number(phis), reachable: rpoIndex[b] >= 0,
        });
      }
      // dominance frontiers (Cooper, Harvey and Kennedy): walk up from each predecessor of a join
      for (let b = 0; b < n; b++) {
        const preds = blocks[b].pred.filter(p => blocks[p].reachable);
        if (!blocks[b].reachable || preds.length < 2) continue;
        for (const p of new Set(preds)) {
          for (let r = p; r !== -1 && r !== blocks[b].idom; r = blocks[r].idom) {
            if (!blocks[r].frontier.includes(b)) blocks[r].frontier.push(b);
          }
        }
      }
      for (const blk of blocks) blk.frontier.sort((a, c) => a - c);
      return { name, blocks };
    });
  }

  /** The core's version string ('' when the core has no `version`). */
  version() {
    const r = this.#guard(x => decodeUtf8(this.#out(x.version())));
    return typeof r === 'string' ? r : `(error: ${r.message})`;
  }

  reset() { return this.#guard(x => { x.reset(); return { ok: true }; }); }

  // ---- the cross-module report (ABI.md "Cross-module report"; bindings/cross-module.js) ----
  /** Starts a batch: resets the core, follows LLVM `llvmVersion`. */
  crossModuleBegin({ llvmVersion = DEFAULT_LLVM_VERSION } = {}) {
    return this.#guard(x => {
      if (x.setLLVMVersion(llvmVersion) !== 0) return { ok: false, message: `unsupported LLVM version ${llvmVersion} (supported: ${LLVM_VERSIONS.join(', ')})` };
      x.xmodBegin();
      return { ok: true };
    });
  }
  /** Reads module number `index` into the batch and links it: `{ ok }` or `{ ok: false, stage: 'parse' | 'verify', line, col, message }`. */
  crossModuleAdd(input, index) {
    const bytes = toBytes(input);
    return this.#guard(x => {
      const ptr = x.xmodInput(bytes.length);
      this.#write(ptr, bytes);
      const r = x.xmodAdd(bytes.length, index);
      if (r === 0) return { ok: true };
      return { ok: false, stage: r === 1 ? 'parse' : 'verify', line: x.errorLine(), col: x.errorCol(), message: this.#error(x) };
    });
  }
  /** Runs mergefunc on the linked batch: `{ ok, json }` (the core's report, see assembly/passes/xmod/run.ts). */
  crossModuleFinish({ useAliases = false } = {}) {
    return this.#guard(x => ({ ok: true, json: decodeUtf8(this.#out(x.xmodFinish(useAliases ? 1 : 0))) }));
  }

  // ---- codegen data: the stable function map (ABI.md "Codegen data"; bindings/cgdata.js) ----

  /**
   * After parse: the module's merge section contents as its object file would hold them (the
   * maps global-merge-func embedded): { ok: true, bytes } (empty when there are none) or
   * { ok: false, message }.
   */
  cgdataEmbedded() {
    return this.#guard(x => {
      const n = x.cgdataEmbedded();
      if (n < 0) return { ok: false, message: this.#error(x) };
      return { ok: true, bytes: this.#out(n >>> 0) };
    });
  }

  /**
   * After parse: embeds the session map in the module as global-merge-func does under
   * -codegen-data-generate. { ok: true, embedded } (false: the map is empty, LLVM embeds nothing).
   */
  cgdataEmbed() {
    return this.#guard(x => ({ ok: true, embedded: x.cgdataEmbed() === 0 }));
  }

  /**
   * After runPipeline returned code 4 (the pass option codegen-data-collect): the module's stable
   * function map, serialized as global-merge-func embeds it: { ok: true, bytes } (null: the
   * module has no function global-merge-func could merge).
   */
  gmfFunctionMap() {
    return this.#guard(x => { const n = x.gmfFunctionMap(); return { ok: true, bytes: n > 0 ? this.#out(n) : null }; });
  }

  /** Resets the core and starts an empty session map. */
  cgdataBegin() {
    return this.#guard(x => { x.cgdataBegin(); return { ok: true }; });
  }

  #cgdataCall(x, name, bytes) {
    const ptr = x.cgdataInput(bytes.length);
    this.#write(ptr, bytes);
    return x[name](bytes.length) === 0 ? { ok: true } : { ok: false, message: this.#error(x) };
  }

  /** Merges one object's merge section contents into the session map (llvm-cgdata --merge). */
  cgdataMerge(bytes) { return this.#guard(x => this.#cgdataCall(x, 'cgdataMerge', toBytes(bytes))); }
  /** Merges one object's __llvm_outline section contents into the session's outlined hash tree. */
  cgdataMergeOutline(bytes) { return this.#guard(x => this.#cgdataCall(x, 'cgdataMergeOutline', toBytes(bytes))); }
  /** Inserts functions (the blob of assembly/cgdata/session.ts addFunctions) into the session map. */
  cgdataAdd(blob) { return this.#guard(x => this.#cgdataCall(x, 'cgdataAdd', toBytes(blob))); }
  /** Replaces the session map with the map of a .cgdata file; works after parse (no reset). */
  cgdataRead(bytes) { return this.#guard(x => this.#cgdataCall(x, 'cgdataRead', toBytes(bytes))); }
  /** Replaces the session map with one serialized map (the embedded form), its names keeping their ids. */
  cgdataReadRecord(bytes) { return this.#guard(x => this.#cgdataCall(x, 'cgdataReadRecord', toBytes(bytes))); }
  /**
   * The thresholds the session map's finalize applies (global-merge-func's -global-merging-*
   * options: minMerges, minInstrs, maxParams, skipNoParams, instOverhead, paramOverhead,
   * callOverhead, extraThreshold; those not given keep LLVM 22's defaults).
   */
  cgdataSetThresholds(t = {}) {
    const d = { minMerges: 2, minInstrs: 1, maxParams: 4294967295, skipNoParams: true, instOverhead: 1.2, paramOverhead: 2, callOverhead: 1, extraThreshold: 0, ...t };
    return this.#guard(x => {
      x.cgdataSetThresholds(d.minMerges >>> 0, d.minInstrs >>> 0, d.maxParams >>> 0, d.skipNoParams ? 1 : 0, d.instOverhead, d.paramOverhead, d.callOverhead, d.extraThreshold);
      return { ok: true };
    });
  }
  /** StableFunctionMap::size of the session map: { hashes, functions, mergeable } (llvm-cgdata --show's counts). */
  cgdataCounts() {
    return this.#guard(x => ({ ok: true, hashes: x.cgdataCount(0), functions: x.cgdataCount(1), mergeable: x.cgdataCount(2) }));
  }
  /** StableFunctionMap::finalize on the session map. */
  cgdataFinalize({ skipTrim = false } = {}) { return this.#guard(x => { x.cgdataFinalize(skipTrim ? 1 : 0); return { ok: true }; }); }
  /**
   * The session map written out: kind 0 a .cgdata as llvm-cgdata --merge writes it, 1 as --convert
   * writes it, 2 the serialized map alone (the embedded form), 3 the description blob, 4 the same
   * with functions as added and operand hashes as stored, 5 the outlined hash tree's description.
   */
  cgdataWrite(kind) { return this.#guard(x => ({ ok: true, bytes: this.#out(x.cgdataWrite(kind)) })); }
}

/** Compiles (if needed) and instantiates the core. Accepts a WebAssembly.Module or wasm bytes. */
export async function instantiate(bytesOrModule) {
  const module = bytesOrModule instanceof WebAssembly.Module ? bytesOrModule
    : await WebAssembly.compile(toBytes(bytesOrModule));
  let core = null;
  const imports = makeImports(module, () => core?.memory);
  const first = await WebAssembly.instantiate(module, imports);
  core = new WoptCore(() => new WebAssembly.Instance(module, imports).exports, first.exports);
  return core;
}
