/**
 * `npm run bench [-- archive|poll|step|start]`: runs the named benchmark, or all of them. Each
 * prints its own `key=value` figures; they are ratios and counts measured side by side in this
 * one run. `step` takes `--small` for a quicker, smaller workspace and `--phases` for where its
 * time goes; `start` takes `--runs N`.
 */
// Bench names only: not options, nor the values that follow --runs and --baseline.
const args = process.argv.slice(2);
const wanted = args.filter((a, i) => !a.startsWith('-') && !['--runs', '--baseline'].includes(args[i - 1] ?? ''));
const all = wanted.length === 0;

if (all || wanted.includes('poll')) {
  const { runPollBench } = await import('./poll.js');
  await runPollBench();
}
if (all || wanted.includes('archive')) {
  const { runArchiveBench } = await import('./archive.js');
  await runArchiveBench();
}
if (all || wanted.includes('step')) {
  const { runStepBench } = await import('./step.js');
  await runStepBench();
}
if (all || wanted.includes('start')) {
  const { runStartBench } = await import('./start.js');
  await runStartBench();
}
