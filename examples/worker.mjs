// The same pipeline in a worker thread (wopt/worker), cancellable through an AbortSignal.
import { readFileSync } from 'node:fs';
import { openWorkerSession } from 'wopt/worker';

const file = process.argv[2] ?? 'examples/sample.ll';
const session = await openWorkerSession();
const controller = new AbortController(); // controller.abort() would cancel the run
try {
  const res = await session.optimize(readFileSync(file, 'utf8'), {
    passes: 'function(mem2reg),mergefunc', moduleId: file, trace: true, mergeReport: true, signal: controller.signal,
  });
  if (!res.ok) throw new Error(res.diagnostics.map(d => d.message).join('\n'));
  process.stdout.write(res.output);
  for (const t of res.trace) console.error(`${t.pass} ${t.unit} ${t.changed} ${t.ms.toFixed(3)}`);
  for (const m of res.mergeReport?.merged ?? []) console.error(`merged @${m.function} into @${m.into} (${m.how})`);
} finally {
  await session.close();
}
