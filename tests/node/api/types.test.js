// The package's TypeScript types (bindings/*.d.ts), checked by compiling a consumer with `strict`
// (tests/types/consumer.ts, which imports the package by name). The consumer's @ts-expect-error
// lines are misuses the types must reject, so types loosened to `any` fail this test too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

test('a strict TypeScript consumer compiles against the package types', () => {
  const r = spawnSync(process.execPath, [TSC, '-p', join(ROOT, 'tests/types/tsconfig.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc reported:\n${r.stdout}${r.stderr}`);
});

test('every JavaScript entry in package.json exports has types', async () => {
  const { readFileSync, existsSync } = await import('node:fs');
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  assert.ok(existsSync(join(ROOT, pkg.types)), 'the top-level "types" file exists');
  for (const [entry, target] of Object.entries(pkg.exports)) {
    assert.equal(typeof target, 'object', `${entry} has conditions`);
    assert.ok(target.types, `${entry} names its types`);
    assert.ok(existsSync(join(ROOT, target.types)), `${entry}: ${target.types} exists`);
    assert.equal(Object.keys(target)[0], 'types', `${entry}: "types" comes first (TypeScript takes the first matching condition)`);
  }
});
