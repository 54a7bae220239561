/**
 * `npm run bench [-- archive|poll|step]`: runs the named benchmark, or all of them. Each prints
 * its own `key=value` figures; they are ratios and counts measured side by side in this one run.
 * `step` takes `--small` for a quicker, smaller workspace.
 */
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
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
