// fsutil.js — file output for the CLI (Node only).
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes a whole file or nothing: a temporary file beside the target, then rename. Devices,
 * FIFOs and the like (e.g. /dev/null) are written in place; symlinks are followed.
 */
export function writeFileAtomic(file, bytes) {
  let target = file, st = null;
  try { target = fs.realpathSync(file); st = fs.statSync(target); } catch { /* a new file */ }
  if (st && !st.isFile()) return fs.writeFileSync(target, bytes);
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    fs.writeFileSync(tmp, bytes, { mode: st ? st.mode & 0o7777 : 0o666 });
    fs.renameSync(tmp, target);
  } catch (e) {
    try { fs.unlinkSync(tmp); } catch { /* never created */ }
    throw e;
  }
}

const MESSAGES = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory', EROFS: 'Read-only file system', ENOSPC: 'No space left on device' };

/** strerror-like text for a Node fs error. */
export const errnoText = e => MESSAGES[e.code] ?? e.message;
