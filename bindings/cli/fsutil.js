// fsutil.js — file output for the CLI (Node only).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A temporary file's name suffix: the process id and a per-process counter make it unique among
// live writers; opening it with 'wx' refuses a leftover of the same name instead of clobbering it.
// (No node:crypto here: loading OpenSSL costs a CLI run ~10 ms at start-up.)
let tmpCount = 0;
const tmpSuffix = () => `.${process.pid}.${(++tmpCount).toString(36)}${Date.now().toString(36)}.tmp`;

// A writer killed between creating its temporary file and the rename (SIGKILL, power cut) leaves
// `.<name>.<pid>.<suffix>.tmp` behind. The next write of the same name removes those whose process
// is gone. Each directory is listed once per process: batch mode writes thousands of files to one.
const TMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-z]+\.tmp$/;
const staleByDir = new Map(); // dir -> Map(target name -> [stale temporary names])

function alive(pid) {
  try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
}

function removeStaleTemps(dir, name) {
  let byName = staleByDir.get(dir);
  if (!byName) {
    byName = new Map();
    let entries = [];
    try { entries = fs.readdirSync(dir); } catch { /* unreadable: then creating the file fails too */ }
    for (const e of entries) {
      const m = TMP_NAME.exec(e);
      const pid = m ? Number(m[2]) : 0;
      if (!m || pid === process.pid || pid === 0 || alive(pid)) continue;
      if (!byName.has(m[1])) byName.set(m[1], []);
      byName.get(m[1]).push(e);
    }
    staleByDir.set(dir, byName);
  }
  for (const e of byName.get(name) ?? []) try { fs.unlinkSync(path.join(dir, e)); } catch { /* already gone */ }
  byName.delete(name);
}

// The temporary file beside `target`, after clearing what killed writers of it left. A target
// named by raw bytes (a Buffer: a name that is not valid UTF-8) gets a Buffer path; the clean-up
// of stale files, which lists the directory by name, is left to writes of UTF-8 names.
function tempBeside(target) {
  if (typeof target === 'string') {
    const dir = path.dirname(target), name = path.basename(target);
    removeStaleTemps(dir, name);
    return path.join(dir, `.${name}${tmpSuffix()}`);
  }
  const slash = target.lastIndexOf(0x2f);
  return Buffer.concat([target.subarray(0, slash + 1), Buffer.from('.'), target.subarray(slash + 1), Buffer.from(tmpSuffix())]);
}

/**
 * Removes this process's temporary files beside `target` for it and for the files named
 * `<target>.<anything>` (its side files): what writers stopped in the middle left (batch mode's
 * workers, terminated on Ctrl-C, share the process id). Returns how many it removed.
 */
export function removeOwnTemps(target) {
  const dir = path.dirname(target), name = path.basename(target);
  let entries = [], removed = 0;
  try { entries = fs.readdirSync(dir); } catch { return 0; }
  for (const e of entries) {
    const m = TMP_NAME.exec(e);
    if (!m || Number(m[2]) !== process.pid || (m[1] !== name && !m[1].startsWith(`${name}.`))) continue;
    try { fs.unlinkSync(path.join(dir, e)); removed++; } catch { /* already gone */ }
  }
  return removed;
}

// An fs error tagged with the step that failed ('open', 'write', 'rename'), for the message.
const failed = (op, e) => Object.assign(e, { op });

// ---- signals while an output is open ----
//
// opt removes an output it has not finished when SIGINT or SIGTERM comes (RemoveFileOnSignal).
// Node runs a signal's listener only between two pieces of JavaScript work, never inside the
// core's print, so the listener only records the signal and the writer asks signalCaught() before
// it commits. Listening only while an output is open leaves the default (end at once) to the
// rest of a run: nothing is written while the input is parsed and the passes run.
let held = 0, caught = null;
const record = sig => { caught ??= sig; };

function holdSignals() {
  if (held++ === 0) { process.on('SIGINT', record); process.on('SIGTERM', record); }
}
function releaseSignals() {
  if (--held === 0) { process.off('SIGINT', record); process.off('SIGTERM', record); }
}

/** The signal (SIGINT or SIGTERM) that came while an output was open, or null; lets one in first. */
export async function signalCaught() {
  // A pending signal is delivered in the event loop's poll phase: two turns of setImmediate (its
  // check phase) have one poll between them, wherever this was called from.
  if (held) for (let k = 0; k < 2; k++) await new Promise(setImmediate);
  return caught;
}

/** The exit status after signal `sig`, as a shell reports a process it ended: 128 + its number. */
export const signalStatus = sig => 128 + os.constants.signals[sig];

/**
 * An output file written in pieces, as opt's ToolOutputFile does: straight into the target (no
 * temporary file and rename, which costs a forced flush on ext4 when the target exists); if
 * anything fails before close(), abort() removes what was written, so no partial file remains.
 * Devices and FIFOs are written in place and never removed.
 * { atomic: true }: the pieces go to a temporary file beside the target that close() renames
 * into place, so the target appears only at close() (batch mode, wopt --repo: after the store
 * committed; a process killed before that leaves no output file, only the hidden temporary one,
 * which the next write of the same file removes). An existing target that is not writable is
 * refused, as opening it in place would be.
 * { holdSignals: true }: SIGINT and SIGTERM are held until close() or abort(); the caller asks
 * signalCaught() before close() and aborts when one came.
 * `file` may be a Buffer (a name that is not valid UTF-8). Errors carry `op`: 'open', 'write' or
 * 'rename'.
 */
export function openOutput(file, { atomic = false, holdSignals: hold = false } = {}) {
  let target = file, st = null;
  try {
    target = fs.realpathSync(file, { encoding: typeof file === 'string' ? 'utf8' : 'buffer' });
    st = fs.statSync(target);
  } catch { /* a new file */ }
  const regular = !st || st.isFile();
  const mode = st ? st.mode & 0o7777 : 0o666;
  const tmp = atomic && regular ? tempBeside(target) : null;
  if (hold) holdSignals();
  let fd;
  try {
    if (tmp && st) fs.accessSync(target, fs.constants.W_OK);
    fd = fs.openSync(tmp ?? target, tmp ? 'wx' : 'w', mode);
  } catch (e) {
    if (hold) releaseSignals();
    throw failed('open', e);
  }
  let state = 'open'; // then 'closed' (committed) or 'aborted'
  const end = to => { state = to; if (hold) releaseSignals(); };
  return {
    write(bytes) {
      try {
        let off = 0;
        while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
      } catch (e) { throw failed('write', e); }
    },
    close() {
      if (state !== 'open') return;
      end('closed');
      try {
        try { fs.closeSync(fd); } catch (e) { throw failed('write', e); }
        if (tmp) try { fs.renameSync(tmp, target); } catch (e) { throw failed('rename', e); }
      } catch (e) {
        if (regular) try { fs.unlinkSync(tmp ?? target); } catch { /* gone */ }
        throw e;
      }
    },
    /** Removes what was written; nothing after close() succeeded. */
    abort() {
      if (state !== 'open') return;
      end('aborted');
      try { fs.closeSync(fd); } catch { /* already failing */ }
      if (regular) try { fs.unlinkSync(tmp ?? target); } catch { /* gone */ }
    },
  };
}

/**
 * Writes a whole file or nothing: openOutput's temporary file beside the target, then rename.
 * Devices, FIFOs and the like (e.g. /dev/null) are written in place; symlinks are followed.
 */
export function writeFileAtomic(file, bytes) {
  const out = openOutput(file, { atomic: true });
  try {
    out.write(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
    out.close();
  } catch (e) { out.abort(); throw e; }
}

/**
 * Whether standard output was closed when the process started (`wopt -S x.ll >&-`). Node gives a
 * closed standard stream /dev/null opened read-write, so that is what this looks for (Linux:
 * /proc/self/fdinfo; elsewhere it says no); `> /dev/null` opens it write-only and is not closed.
 * A child process whose standard output its parent set to 'ignore' (Node's child_process, libuv)
 * gets the same read-write /dev/null and looks closed too.
 */
export function stdoutClosed() {
  try {
    const st = fs.fstatSync(1);
    if (!st.isCharacterDevice() || st.rdev !== fs.statSync('/dev/null').rdev) return false;
    const flags = /^flags:\s*([0-7]+)$/m.exec(fs.readFileSync('/proc/self/fdinfo/1', 'utf8'));
    return flags !== null && (parseInt(flags[1], 8) & 3) === 2; // O_ACCMODE is O_RDWR
  } catch { return false; }
}

const MESSAGES = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory', EROFS: 'Read-only file system', ENOSPC: 'No space left on device', EEXIST: 'File exists',
  ELOOP: 'Too many levels of symbolic links', EBADF: 'Bad file descriptor', EPERM: 'Operation not permitted',
  EDQUOT: 'Disk quota exceeded', EFBIG: 'File too large', EIO: 'Input/output error', ENAMETOOLONG: 'File name too long' };

/** strerror-like text for a Node fs error. */
export const errnoText = e => MESSAGES[e.code] ?? e.message;
