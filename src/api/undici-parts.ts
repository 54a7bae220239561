/**
 * The parts of undici the client sends with: its agents, and the request API. undici's index
 * loads everything it has (fetch, WebSocket, EventSource, the cache, the mocks): 930 KB that
 * every start would compile before its first request. These parts are about 515 KB; fetch
 * comes from the index, by import(), only for octokit (transport.ts). `npm run bench -- start`
 * measured 25-45 ms less from start to the first request (docs/start.md).
 *
 * The index also lends the request API (`request`, `connect`, …) to every dispatcher, and
 * ProxyAgent opens its tunnels with `connect`: that line is repeated here. Loading the index
 * later does the same again, harmlessly. The paths are undici's files (its package has no
 * exports map); the version is pinned, and a moved file fails the build.
 */
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import api from 'undici/lib/api/index.js';

Object.assign(Dispatcher.prototype, api);

export { Agent, ProxyAgent };
export type { Dispatcher } from 'undici';
