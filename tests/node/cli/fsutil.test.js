// bindings/cli/fsutil.js: whole-file writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { writeFileAtomic, openOutput } from '../../../bindings/cli/fsutil.js';
import { tempDir } from '../helpers.js';

test('replaces a file whole, keeps its mode, leaves no temporary file', t => {
  const dir = tempDir(t);
  const f = path.join(dir, 'a.ll');
  fs.writeFileSync(f, 'old', { mode: 0o640 });
  fs.chmodSync(f, 0o640);
  writeFileAtomic(f, new TextEncoder().encode('new'));
  assert.equal(fs.readFileSync(f, 'utf8'), 'new');
  assert.equal(fs.statSync(f).mode & 0o777, 0o640);
  assert.deepEqual(fs.readdirSync(dir), ['a.ll']);
});

test('writes through a symlink instead of replacing it', t => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'target.ll'), 'old');
  fs.symlinkSync('target.ll', path.join(dir, 'link.ll'));
  writeFileAtomic(path.join(dir, 'link.ll'), new TextEncoder().encode('new'));
  assert.ok(fs.lstatSync(path.join(dir, 'link.ll')).isSymbolicLink());
  assert.equal(fs.readFileSync(path.join(dir, 'target.ll'), 'utf8'), 'new');
});

test('devices are written in place (/dev/null stays a device)', () => {
  writeFileAtomic('/dev/null', new TextEncoder().encode('x'));
  assert.ok(fs.statSync('/dev/null').isCharacterDevice());
});

test('a failed write leaves nothing behind', t => {
  const dir = tempDir(t);
  assert.throws(() => writeFileAtomic(path.join(dir, 'missing/x.ll'), new Uint8Array(1)), { code: 'ENOENT' });
  assert.deepEqual(fs.readdirSync(dir), []);
});

test('openOutput atomic: the target appears (or is replaced) only at close(); abort() leaves the old file', t => {
  const dir = tempDir(t);
  const f = path.join(dir, 'o.ll');
  const o = openOutput(f, { atomic: true });
  o.write(new TextEncoder().encode('part 1 '));
  assert.ok(!fs.existsSync(f), 'nothing at the target before close()');
  o.write(new TextEncoder().encode('part 2'));
  o.close();
  assert.equal(fs.readFileSync(f, 'utf8'), 'part 1 part 2');
  assert.deepEqual(fs.readdirSync(dir), ['o.ll']);
  const o2 = openOutput(f, { atomic: true });
  o2.write(new TextEncoder().encode('half'));
  o2.abort();
  assert.equal(fs.readFileSync(f, 'utf8'), 'part 1 part 2', 'an aborted write keeps the previous file');
  assert.deepEqual(fs.readdirSync(dir), ['o.ll']);
  // without atomic, abort() removes the partial target
  const o3 = openOutput(path.join(dir, 'p.ll'));
  o3.write(new TextEncoder().encode('half'));
  assert.ok(fs.existsSync(path.join(dir, 'p.ll')));
  o3.abort();
  assert.deepEqual(fs.readdirSync(dir), ['o.ll']);
});

test('a write removes the temporary files killed writers of the same file left, and only those', t => {
  const dir = tempDir(t);
  // a pid that is gone: a child that has exited (spawnSync waits for it)
  const dead = spawnSync(process.execPath, ['-e', '0']).pid;
  const names = [`.out.ll.${dead}.k1x.tmp`, `.out.ll.${dead}.k2y.tmp`, `.out.ll.${process.ppid}.k3z.tmp`, `.other.ll.${dead}.k4w.tmp`];
  for (const n of names) fs.writeFileSync(path.join(dir, n), 'partial');
  const o = openOutput(path.join(dir, 'out.ll'), { atomic: true });
  o.write(Buffer.from('whole\n'));
  o.close();
  assert.equal(fs.readFileSync(path.join(dir, 'out.ll'), 'utf8'), 'whole\n');
  // the live writer's file and another target's stay (the latter goes when that target is written)
  assert.deepEqual(fs.readdirSync(dir).sort(), ['.other.ll.' + dead + '.k4w.tmp', `.out.ll.${process.ppid}.k3z.tmp`, 'out.ll'].sort());
  writeFileAtomic(path.join(dir, 'other.ll'), 'x');
  assert.deepEqual(fs.readdirSync(dir).sort(), [`.out.ll.${process.ppid}.k3z.tmp`, 'other.ll', 'out.ll'].sort());
});

test('names that are not valid UTF-8 (Buffer paths), in place and atomically; errors say which step failed', t => {
  const dir = tempDir(t);
  for (const [name, atomic] of [['a\xff.ll', false], ['b\xfe.ll', true]]) {
    const f = Buffer.from(`${dir}/${name}`, 'latin1');
    const o = openOutput(f, { atomic });
    o.write(Buffer.from('whole\n'));
    o.close();
    assert.equal(fs.readFileSync(f, 'utf8'), 'whole\n');
  }
  writeFileAtomic(Buffer.from(`${dir}/a\xff.ll`, 'latin1'), 'again\n');
  assert.deepEqual(fs.readdirSync(dir, { encoding: 'latin1' }).sort(), ['a\xff.ll', 'b\xfe.ll']);
  assert.equal(fs.readFileSync(Buffer.from(`${dir}/a\xff.ll`, 'latin1'), 'utf8'), 'again\n');
  assert.throws(() => openOutput(path.join(dir, 'no/such.ll')), { code: 'ENOENT', op: 'open' });
  const full = openOutput('/dev/full');
  assert.throws(() => full.write(Buffer.from('x')), { code: 'ENOSPC', op: 'write' });
  full.abort();
});
