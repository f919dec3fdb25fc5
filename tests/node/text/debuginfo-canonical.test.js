// Hand-written debug info read from text prints as opt prints it (tests/fixtures/debuginfo-text,
// modules of our own): fields in the printer's order, defaults left out or made explicit, numbers
// in decimal and DWARF codes by name, flags in opt's order, DISubprogram's isLocal/isDefinition/
// isOptimized/virtuality as spFlags. Each
// <name>.ll is printed under --llvm-version=22 and =19 and compared with <name>.expected22.ll /
// <name>.expected19.ll, made by `opt-N -S < <name>.ll` (a llvm22-<name>.ll holds what only LLVM 22
// reads, e.g. DISubrangeType: printed under 22 alone). No native opt is needed at run time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, haveRealCore, NO_CORE, runCli } from '../helpers.js';

const DIR = path.join(REPO, 'tests/fixtures/debuginfo-text');
const CASES = fs.readdirSync(DIR).filter(f => f.endsWith('.ll') && !f.includes('.expected')).map(f => f.slice(0, -3)).sort();
const skip = !haveRealCore && NO_CORE;

test('the debug-info fixtures are there, each with both expectations', () => {
  for (const c of ['more', 'old-fields', 'types']) assert.ok(CASES.includes(c), c);
  for (const c of CASES) for (const v of versions(c)) assert.ok(fs.existsSync(path.join(DIR, `${c}.expected${v}.ll`)), `${c} ${v}`);
});

function versions(name) { return name.startsWith('llvm22-') ? [22] : [22, 19]; }

for (const name of CASES) for (const v of versions(name)) {
  test(`--llvm-version=${v} prints the debug info of ${name} as opt-${v} does`, { skip }, async () => {
    const r = await runCli([`--llvm-version=${v}`, '-S'], { input: fs.readFileSync(path.join(DIR, `${name}.ll`), 'utf8') });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, fs.readFileSync(path.join(DIR, `${name}.expected${v}.ll`), 'utf8'));
  });
}
