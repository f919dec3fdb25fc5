// fsutil.js — file output for the CLI (Node only).
import fs from 'node:fs';
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

// The temporary file beside `target`, after clearing what killed writers of it left.
function tempBeside(target) {
  const dir = path.dirname(target), name = path.basename(target);
  removeStaleTemps(dir, name);
  return path.join(dir, `.${name}${tmpSuffix()}`);
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

/**
 * Writes a whole file or nothing: a temporary file beside the target, then rename. Devices,
 * FIFOs and the like (e.g. /dev/null) are written in place; symlinks are followed.
 */
export function writeFileAtomic(file, bytes) {
  let target = file, st = null;
  try { target = fs.realpathSync(file); st = fs.statSync(target); } catch { /* a new file */ }
  if (st && !st.isFile()) return fs.writeFileSync(target, bytes);
  const tmp = tempBeside(target);
  try {
    fs.writeFileSync(tmp, bytes, { mode: st ? st.mode & 0o7777 : 0o666, flag: 'wx' });
    fs.renameSync(tmp, target);
  } catch (e) {
    try { fs.unlinkSync(tmp); } catch { /* never created */ }
    throw e;
  }
}

/**
 * An output file written in pieces, as opt's ToolOutputFile does: straight into the target (no
 * temporary file and rename, which costs a forced flush on ext4 when the target exists); if
 * anything fails before close(), abort() removes what was written, so no partial file remains.
 * Devices and FIFOs are written in place and never removed.
 * { atomic: true }: the pieces go to a temporary file beside the target that close() renames
 * into place, so the target appears only at close() (wopt --repo: after the store committed;
 * a process killed before that leaves no output file, only the hidden temporary one, which the
 * next write of the same file removes).
 */
export function openOutput(file, { atomic = false } = {}) {
  let target = file, st = null;
  try { target = fs.realpathSync(file); st = fs.statSync(target); } catch { /* a new file */ }
  const regular = !st || st.isFile();
  const mode = st ? st.mode & 0o7777 : 0o666;
  const tmp = atomic && regular ? tempBeside(target) : null;
  const fd = fs.openSync(tmp ?? target, tmp ? 'wx' : 'w', mode);
  let open = true;
  return {
    write(bytes) {
      let off = 0;
      while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
    },
    close() {
      if (!open) return;
      open = false;
      fs.closeSync(fd);
      if (tmp) {
        try { fs.renameSync(tmp, target); } catch (e) { try { fs.unlinkSync(tmp); } catch { /* gone */ } throw e; }
      }
    },
    abort() {
      if (open) { open = false; try { fs.closeSync(fd); } catch { /* already closed */ } }
      if (regular) try { fs.unlinkSync(tmp ?? target); } catch { /* gone */ }
    },
  };
}

const MESSAGES = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory', EROFS: 'Read-only file system', ENOSPC: 'No space left on device', EEXIST: 'File exists' };

/** strerror-like text for a Node fs error. */
export const errnoText = e => MESSAGES[e.code] ?? e.message;
