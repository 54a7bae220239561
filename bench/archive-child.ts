/**
 * Runs the action's path alone in its own process, so its peak RSS can be read:
 * `archive-child.ts <root> <tempDir> <baseUrl>` prints one JSON line with the timing and maxRSS.
 */
import { runActionPath } from './archive-action.js';

const [root, tempDir, baseUrl] = process.argv.slice(2);
if (!root || !tempDir || !baseUrl) throw new Error('usage: archive-child.ts <root> <tempDir> <baseUrl>');
const timing = await runActionPath(root, tempDir, baseUrl);
// maxRSS is in KiB.
console.log(JSON.stringify({ ...timing, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
