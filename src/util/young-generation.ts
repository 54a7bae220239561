import { setFlagsFromString } from 'node:v8';

/**
 * V8 flag read each time the young generation would grow: at 1, it keeps the size it has. (The
 * size limit itself is fixed when the process starts; only a command-line flag, which the
 * runner does not let an action pass, could lower it.)
 */
const NO_YOUNG_GROWTH_FLAG = '--semi-space-growth-factor=1';

/** Whether this process asked for it (the deploy does; code that merely zips does not). */
let kept = false;

/**
 * Keeps this thread's young generation at the size it has now. V8 grows it, up to 16 MB a half on
 * Node 20 and 32 on Node 24, when much of what is allocated survives, as the plan of a large tree
 * does, and then holds that memory to the end: 15 to 20 MB of a deploy's peak (docs/archive.md,
 * "Memory"). The deploy calls this once its walk has kept a first entry and its look-ups started:
 * called at start, it made loading the run's code 30 ms slower (compiled code survives, and a
 * young generation of 1 MB a half is collected over and over). Node documents that a flag set at
 * run time may do nothing; a test runs the bundle and checks that this one does what it says.
 */
export function keepYoungGenerationSmall(): void {
  kept = true;
  setFlagsFromString(NO_YOUNG_GROWTH_FLAG);
}

/**
 * Sets the flag again when this process asked for it: V8 on Node 20 resets it each time a
 * worker's heap is made. (Code that merely uses the zip engine, a test or a benchmark, is left
 * with V8's own setting.)
 */
export function keepYoungGenerationSmallAgain(): void {
  if (kept) setFlagsFromString(NO_YOUNG_GROWTH_FLAG);
}
