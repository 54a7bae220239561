/**
 * The action's run(): the engine behind the runner's door. dist/index.js calls it, and so does
 * `@github/local-action`, which runs this file from source.
 */
import { runEngine } from '../../engine/run.js';
import { actionDoor } from './action-door.js';
import { readRunInputs } from './from-env.js';

export async function run(): Promise<void> {
  const read = readRunInputs();
  // The marks cost nothing and tell `npm run bench -- start` where the time before the first request goes.
  performance.mark('headless-deploy:inputs');
  await runEngine(actionDoor(read));
}
