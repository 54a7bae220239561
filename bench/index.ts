/**
 * `npm run bench [-- archive|poll|step|start|fleet]`: runs the named benchmark, or all of them. Each
 * prints its own `key=value` figures; they are ratios and counts measured side by side in this
 * one run. `step` takes `--small` for a quicker, smaller workspace and `--phases` for where its
 * time goes; `start` takes `--runs N`; `archive` takes `--workers 2,4,8,16` to compare numbers
 * of deflate workers instead.
 */
// Bench names only: not options, nor the values that follow --runs, --baseline and --workers.
const args = process.argv.slice(2);
const VALUED = ['--runs', '--baseline', '--workers'];
const wanted = args.filter((a, i) => !a.startsWith('-') && !VALUED.includes(args[i - 1] ?? ''));
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
if (all || wanted.includes('fleet')) {
  const { runFleetBench } = await import('./fleet.js');
  await runFleetBench();
}
