/**
 * The entry of dist/index.js. Whatever it imports statically is parsed and run at every start,
 * so that is only what reading and checking the inputs needs (inputs/ and the step rows).
 * The rest comes by import(), which ncc writes as chunk files next to index.js: once the inputs
 * are read, main.ts with undici's agents, the client and the flow; each step's work (the zip
 * engine with the deploy) when the step runs; form-data with the first upload; octokit and
 * undici's fetch only when a GitHub deployment or pull request comment is asked for.
 * docs/start.md says what this buys.
 */
import { readRunInputs } from './inputs/from-env.js';

// The marks cost nothing and tell `npm run bench -- start` where the time before the first request goes.
performance.mark('headless-deploy:entry');
const read = readRunInputs();
performance.mark('headless-deploy:inputs');
const { run } = await import(/* webpackChunkName: "run" */ './main.js');
performance.mark('headless-deploy:loaded');
await run(read);
