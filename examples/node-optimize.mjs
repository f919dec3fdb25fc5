// Optimizes a .ll file as `opt -S -passes='function(mem2reg),mergefunc'` does; the module goes to
// stdout, the pass trace, merge report and one function's dominator facts to stderr.
import { readFileSync } from 'node:fs';
import { openSession } from 'wopt';

const file = process.argv[2] ?? 'examples/sample.ll';
const session = await openSession();
const res = await session.optimize(readFileSync(file, 'utf8'), {
  passes: 'function(mem2reg),mergefunc', moduleId: file, trace: true, mergeReport: true,
});
if (!res.ok) { console.error(res.diagnostics.map(d => `${file}:${d.line}:${d.col}: ${d.message}`).join('\n')); process.exit(1); }
process.stdout.write(res.output);
for (const t of res.trace) console.error(`${t.pass} ${t.unit} ${t.changed} ${t.ms.toFixed(3)}`);
for (const m of res.mergeReport?.merged ?? []) console.error(`merged @${m.function} into @${m.into} (${m.how})`);
const fn = (await session.functions()).find(f => !f.declaration);
const g = await session.inspect(fn.name);
const name = i => (i < 0 ? '-' : g.blocks[i].name);
for (const b of g.blocks) console.error(`${g.name} ${b.name} idom=${name(b.idom)} frontier=[${b.frontier.map(name).join(' ')}]`);
await session.close();
