// --across-modules with --repo: round 1 shared through the program repository. Two batches on
// different modules of tests/fixtures/gmf22/across, one repository (an SQLite file; PostgreSQL
// where a throwaway server can be started, tests/node/pg-server.js): the second batch merges by
// the first batch's maps too, so its modules come out as one batch over all of them leaves them
// (LLVM 22's outputs, expected/), though alone they merge less.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, haveRealCore, NO_CORE, runCli, tempDir } from '../helpers.js';
import { openRepository } from '../../../bindings/repo/store.js';
import { postgresForTests } from '../pg-server.js';

const skip = !haveRealCore && NO_CORE;
const DIR = path.join(REPO, 'tests/fixtures/gmf22/across');
const MODULES = ['net', 'disk', 'cpu'];
const expected = name => fs.readFileSync(path.join(DIR, 'expected', name));
const pg = skip ? null : await postgresForTests();
if (pg?.fail) test('a PostgreSQL server for the shared function maps', () => assert.fail(pg.fail));

function modules(t) {
  const dir = tempDir(t);
  for (const m of MODULES) fs.copyFileSync(path.join(DIR, `${m}.ll.in`), path.join(dir, `${m}.ll`));
  return dir;
}
const batch = (dir, out, names, extra = []) => runCli(['-S', '-passes=global-merge-func', '--across-modules', `-output-dir=${out}`,
  ...extra, ...names.map(m => `${m}.ll`)], { cwd: dir });
const output = (dir, out, m) => fs.readFileSync(path.join(dir, out, `${m}.ll`), 'utf8');

const stores = {
  'an SQLite file': { skip, spec: async dir => path.join(dir, 'farm.db') },
  PostgreSQL: { skip: skip || (pg?.server ? false : (pg?.skip ?? pg?.fail)), spec: async () => pg.server.url(await pg.server.createDatabase('farm')) },
};

for (const [name, store] of Object.entries(stores)) {
  test(`two batches sharing ${name}: the second merges by the first's maps as one batch over all would`, { skip: store.skip }, async t => {
    const dir = modules(t);
    const repo = await store.spec(dir);
    // alone, net and disk merge less than in a batch with cpu (what the rest relies on)
    const alone = await batch(dir, 'alone', ['net', 'disk']);
    assert.equal(alone.code, 0, alone.stderr);
    for (const m of ['net', 'disk']) assert.notEqual(output(dir, 'alone', m), expected(`${m}.out`).toString(), m);

    // the first batch: an empty repository adds nothing
    const first = await batch(dir, 'first', ['cpu'], [`--repo=${repo}`]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal((await batch(dir, 'alone-cpu', ['cpu'])).code, 0);
    assert.equal(output(dir, 'first', 'cpu'), output(dir, 'alone-cpu', 'cpu'));
    // the second batch: its maps, then cpu's from the repository, in the order one batch over all has them
    const second = await batch(dir, 'second', ['net', 'disk'], [`--repo=${repo}`, '--emit-cgdata=second.cgdata', '--report=report.json']);
    assert.equal(second.code, 0, second.stderr);
    for (const m of ['net', 'disk']) assert.equal(output(dir, 'second', m), expected(`${m}.out`).toString(), m);
    assert.deepEqual(fs.readFileSync(path.join(dir, 'second.cgdata')), expected('batch.cgdata'));
    assert.match(second.stderr, /the batch's map and the repository's maps of 1 other module: 5 functions of 2 hashes to merge/);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')).acrossModules,
      { modules: 3, hashes: 2, functions: 5, bytes: expected('batch.cgdata').length, fromRepository: 1, cgdata: 'second.cgdata' });

    // cpu again, now that the repository holds net's and disk's maps: as the batch over all
    const again = await batch(dir, 'again', ['cpu'], [`--repo=${repo}`]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(output(dir, 'again', 'cpu'), expected('cpu.out').toString());

    // the repository: one map per module, under its name as given, cpu's replaced by the last batch's
    const r = await openRepository(repo);
    const maps = await r.functionMaps();
    await r.close();
    assert.deepEqual(maps.map(x => x.module), ['cpu.ll', 'disk.ll', 'net.ll']);
  });
}

for (const [name, store] of Object.entries(stores)) {
  test(`machines with their own checkouts share ${name}: a module is one map however its path is spelled, and a forgotten module merges no more`, { skip: store.skip }, async t => {
    const a = modules(t), b = modules(t); // two machines' checkouts, at different paths
    const repo = await store.spec(a);
    const mapNames = async () => { const r = await openRepository(repo); try { return (await r.functionMaps()).map(x => x.module); } finally { await r.close(); } };
    // machine A: ./cpu.ll; machine B: its absolute path; both from their checkout's root
    assert.equal((await runCli(['-S', '-passes=global-merge-func', '--across-modules', '-output-dir=o', `--repo=${repo}`, './cpu.ll'], { cwd: a })).code, 0);
    const onB = await runCli(['-S', '-passes=global-merge-func', '--across-modules', '-output-dir=o', `--repo=${repo}`, path.join(b, 'cpu.ll')], { cwd: b });
    assert.equal(onB.code, 0, onB.stderr);
    assert.match(onB.stderr, /\(the batch's map: /); // cpu.ll's map replaced, no other module's
    assert.deepEqual(await mapNames(), ['cpu.ll']);
    // machine B's net and disk, by absolute paths: merged as one batch over all three
    const nd = await runCli(['-S', '-passes=global-merge-func', '--across-modules', '-output-dir=o', `--repo=${repo}`, ...['net', 'disk'].map(m => path.join(b, `${m}.ll`))], { cwd: b });
    assert.equal(nd.code, 0, nd.stderr);
    // (their ModuleID is the path as given, as opt prints it)
    const body = t => t.replace(/^; ModuleID = .*\n/, '');
    for (const m of ['net', 'disk']) {
      assert.equal(output(b, 'o', m).split('\n')[0], `; ModuleID = '${path.join(b, `${m}.ll`)}'`);
      assert.equal(body(output(b, 'o', m)), body(expected(`${m}.out`).toString()), m);
    }
    assert.deepEqual(await mapNames(), ['cpu.ll', 'disk.ll', 'net.ll']);
    // cpu.ll deleted from the sources: its map forgotten, net and disk merge as alone again
    const forget = await runCli(['repo', 'maps', `--repo=${repo}`, '--forget', 'cpu.ll'], { cwd: a });
    assert.equal(forget.stdout, 'forgot 1 function map\n', forget.stderr);
    assert.equal((await batch(a, 'alone', ['net', 'disk'])).code, 0);
    assert.equal((await batch(a, 'after', ['net', 'disk'], [`--repo=${repo}`])).code, 0);
    for (const m of ['net', 'disk']) assert.equal(output(a, 'after', m), output(a, 'alone', m), m);
  });

  test(`the API shares round 1 through ${name} as the CLI does: mergeAcrossModules with a repository`, { skip: store.skip }, async t => {
    const { mergeAcrossModules } = await import('../../../bindings/index.js');
    const dir = modules(t);
    const spec = await store.spec(dir);
    const input = m => ({ name: `${m}.ll`, text: fs.readFileSync(path.join(dir, `${m}.ll`), 'utf8') });
    // a spec: opened for the call and closed after it
    const first = await mergeAcrossModules([input('cpu')], { repository: spec });
    assert.equal(first.ok, true);
    assert.equal(first.map.fromRepository, 0);
    // an open repository: used and left open
    const r = await openRepository(spec);
    try {
      const second = await mergeAcrossModules([input('net'), input('disk')], { repository: r });
      assert.equal(second.ok, true);
      second.modules.forEach(m => assert.equal(m.output, expected(m.name.replace('.ll', '.out')).toString(), m.name));
      assert.deepEqual(Buffer.from(second.map.cgdata), expected('batch.cgdata'));
      assert.deepEqual({ ...second.map, cgdata: undefined }, { cgdata: undefined, modules: 3, hashes: 2, functions: 5, fromRepository: 1 });
      assert.deepEqual((await r.functionMaps()).map(x => x.module), ['cpu.ll', 'disk.ll', 'net.ll']);
    } finally { await r.close(); }
    // the CLI reads the maps the API stored (the same names: the paths relative to the directory)
    assert.equal((await batch(dir, 'cli', ['cpu'], [`--repo=${spec}`])).code, 0);
    assert.equal(output(dir, 'cli', 'cpu'), expected('cpu.out').toString());
    await assert.rejects(mergeAcrossModules([input('cpu')], { repository: 42 }), /option 'repository': expected a repository/);
  });
}

test('without --repo nothing is read or stored: the batch merges by its own maps', { skip }, async t => {
  const dir = modules(t);
  const r = await batch(dir, 'out', ['cpu'], ['--report=report.json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')).acrossModules.fromRepository, undefined);
  assert.doesNotMatch(r.stderr, /repository/);
  assert.notEqual(output(dir, 'out', 'cpu'), expected('cpu.out').toString());
});
