/** The entry of dist/index.js: everything else is in run(). */
import { run } from './main.js';

performance.mark('headless-deploy:entry');
await run();
