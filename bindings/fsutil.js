// fsutil.js — file output for the CLI (Node only).
import fs from 'node:fs';
import path from 'node:path';

// A temporary file's name suffix: the process id and a per-process counter make it unique among
// live writers; opening it with 'wx' refuses a leftover of the same name instead of clobbering it.
// (No node:crypto here: loading OpenSSL costs a CLI run ~10 ms at start-up.)
let tmpCount = 0;
const tmpSuffix = () => `.${process.pid}.${(++tmpCount).toString(36)}${Date.now().toString(36)}.tmp`;

/**
 * Writes a whole file or nothing: a temporary file beside the target, then rename. Devices,
 * FIFOs and the like (e.g. /dev/null) are written in place; symlinks are followed.
 */
export function writeFileAtomic(file, bytes) {
  let target = file, st = null;
  try { target = fs.realpathSync(file); st = fs.statSync(target); } catch { /* a new file */ }
  if (st && !st.isFile()) return fs.writeFileSync(target, bytes);
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}${tmpSuffix()}`);
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
 * a process killed before that leaves no output file, only the hidden temporary one).
 */
export function openOutput(file, { atomic = false } = {}) {
  let target = file, st = null;
  try { target = fs.realpathSync(file); st = fs.statSync(target); } catch { /* a new file */ }
  const regular = !st || st.isFile();
  const mode = st ? st.mode & 0o7777 : 0o666;
  const tmp = atomic && regular
    ? path.join(path.dirname(target), `.${path.basename(target)}${tmpSuffix()}`)
    : null;
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
