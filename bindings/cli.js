#!/usr/bin/env node
// cli.js — the `wopt` program: opt-compatible front end over the WebAssembly core (Node only).
// Options: see cli/args.js (`wopt --help`); the work: cli/main.js. Exit status 0 on success, 1 on
// any error, 130 or 143 when SIGINT or SIGTERM stopped it while it wrote its output.
import { errnoText, signalStatus } from './cli/fsutil.js';
import { UsageError } from './cli/args.js';
import { PROG, CliError, Interrupted } from './cli/run-module.js';
import { main, afterRun } from './cli/main.js';

// A reader that stopped (EPIPE: `| head`) ends the output quietly; any other write error (a full
// disk) is reported once and fails the run, as opt's does.
let stdoutFailed = false;
process.stdout.on('error', e => {
  if (e.code === 'EPIPE' || stdoutFailed) return;
  stdoutFailed = true;
  process.stderr.write(`${PROG}: error: writing standard output failed: ${errnoText(e)}\n`);
  process.exitCode = 1;
});
main(process.argv.slice(2)).catch(e => {
  if (e instanceof Interrupted) { process.stderr.write(`${PROG}: ${e.message}\n`); process.exitCode = signalStatus(e.signal); return; }
  if (e instanceof UsageError || e instanceof CliError || e?.code === 'EREPO') process.stderr.write(`${PROG}: ${e.message}\n${e.note ? `${PROG}: note: ${e.note}\n` : ''}`);
  else process.stderr.write(`${PROG}: error: internal error: ${e?.stack ?? e}\n`);
  process.exitCode = 1;
}).finally(afterRun);
