// check.js — the argument checks of the public API's entry points (api.js, session.js, worker.js,
// the repository openers): a TypeError that says what was expected, instead of a failure deep
// inside or, worse, a wrong result (an Array taken for an empty module). Environment-neutral.

/** What a value is, for a TypeError's message: 'an Array', 'null', 'the number 5', ... */
export function describeValue(x) {
  if (x === null || x === undefined) return String(x);
  if (Array.isArray(x)) return 'an Array';
  if (typeof x === 'string') return 'a string';
  if (typeof x === 'object' || typeof x === 'function') {
    const name = x.constructor?.name;
    return name && name !== 'Object' ? `a ${name}` : typeof x === 'function' ? 'a function' : 'an object';
  }
  return `the ${typeof x} ${String(x)}`;
}

/** `opts` of `where`: undefined (none) or an object; returns an object to destructure. */
export function checkOptions(where, opts) {
  if (opts === undefined) return {};
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) {
    throw new TypeError(`${where}: expected an options object, not ${describeValue(opts)}`);
  }
  return opts;
}

/** Field `name` of `opts`, when given, must be of JavaScript type `type`. */
export function checkField(where, opts, name, type) {
  const v = opts[name];
  if (v !== undefined && typeof v !== type) throw new TypeError(`${where}: option '${name}' must be a ${type}, not ${describeValue(v)}`);
}

// Whether an ArrayBuffer was detached (transferred to a worker, say). Where `detached` is missing
// (V8 before 11.4: Node 20), a detached buffer is one of length 0 that cannot be cloned.
function isDetached(buf) {
  if (typeof buf.detached === 'boolean') return buf.detached;
  if (buf.byteLength !== 0 || typeof structuredClone !== 'function') return false;
  try { structuredClone(buf); return false; } catch { return true; }
}

/** A module's input: text, or bytes (a Uint8Array or other view, or an ArrayBuffer) not detached. */
export function checkInput(where, input) {
  if (typeof input === 'string') return input;
  const buf = input instanceof ArrayBuffer ? input : ArrayBuffer.isView(input) ? input.buffer : null;
  if (buf === null) throw new TypeError(`${where}: expected the module as a string, Uint8Array or ArrayBuffer, not ${describeValue(input)}`);
  if (buf instanceof ArrayBuffer && isDetached(buf)) {
    throw new TypeError(`${where}: the input's ArrayBuffer is detached (it was transferred), so it holds no module`);
  }
  return input;
}

/**
 * A repository spec as the openers take it: a file path or ':memory:' (a string), or
 * { indexedDB: name, factory? }; `orOpen`: an open Repository (an object with lookup()) too.
 */
export function checkRepositorySpec(where, spec, { orOpen = false } = {}) {
  if (typeof spec === 'string') return; // '' is refused by the opener, as a value (RepoError)
  if (spec !== null && typeof spec === 'object' && !Array.isArray(spec)) {
    if (typeof spec.indexedDB === 'string') return;
    if (orOpen && typeof spec.lookup === 'function') return;
  }
  const open = orOpen ? ', an open Repository' : '';
  throw new TypeError(`${where}: expected a repository as a file path, ':memory:'${open} or { indexedDB: name }, not ${describeValue(spec)}`);
}

/** The options of the repository openers: { create, busyTimeout }. */
export function checkRepositoryOptions(where, opts) {
  const o = checkOptions(where, opts);
  checkField(where, o, 'create', 'boolean');
  checkField(where, o, 'busyTimeout', 'number');
  return o;
}

/** A core given by the caller: undefined, or a WoptCore (core.js instantiate, loadWopt). */
export function checkCore(where, core, what = "option 'core'") {
  if (core !== undefined && (core === null || typeof core !== 'object' || typeof core.parse !== 'function')) {
    throw new TypeError(`${where}: ${what} must be a WoptCore (from instantiate or loadWopt), not ${describeValue(core)}`);
  }
}

/** The options of one module's run (optimize, Session.optimize): their object and their types. */
export function checkModuleOptions(where, opts) {
  const o = checkOptions(where, opts);
  for (const f of ['passes', 'moduleId', 'format', 'output']) checkField(where, o, f, 'string');
  for (const f of ['verify', 'trace', 'mergeReport', 'globalMergeReport', 'symbols', 'transfer']) checkField(where, o, f, 'boolean');
  checkField(where, o, 'llvmVersion', 'number');
  if (o.options !== undefined && o.options !== null && typeof o.options !== 'object') {
    throw new TypeError(`${where}: option 'options' must be an object of pass options (or an array of [name, value] pairs), not ${describeValue(o.options)}`);
  }
  return o;
}
