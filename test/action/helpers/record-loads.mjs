/**
 * `node --import` this file to learn which modules a run loaded: it registers a loader hook
 * (record-loads-hooks.mjs) that appends the URL of every ES module node loads, the bundle's
 * chunk files among them, to the file RECORD_LOADS_TO names.
 */
import { register } from 'node:module';

register('./record-loads-hooks.mjs', import.meta.url);
