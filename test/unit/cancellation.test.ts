/**
 * Cancellation as each runner OS delivers it, with the signals coming from an EventEmitter: on
 * Linux and macOS SIGINT then SIGTERM, on Windows Ctrl+C (SIGINT in node) then Ctrl+Break
 * (SIGBREAK). Each one, first or alone, takes the same path.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CANCEL_SIGNALS, cancelOnSignals, EXIT_AFTER_CANCEL_MS } from '../../src/util/cancellation.js';

function wired() {
  const source = new EventEmitter();
  const warnings: string[] = [];
  const exits: number[] = [];
  const signal = cancelOnSignals({
    on: (sig, listener) => source.on(sig, listener),
    log: { warning: (m) => warnings.push(m) },
    exitLater: (ms) => exits.push(ms),
  });
  return { send: (sig: NodeJS.Signals) => source.emit(sig, sig), signal, warnings, exits, source };
}

describe('cancelOnSignals', () => {
  it('listens to SIGINT, SIGTERM and SIGBREAK; its last-resort exit comes before the runner’s kill', () => {
    // The runner kills 2.5 s after its second signal.
    expect(EXIT_AFTER_CANCEL_MS).toBeLessThan(2500);
    const { source } = wired();
    expect(CANCEL_SIGNALS).toEqual(['SIGINT', 'SIGTERM', 'SIGBREAK']);
    for (const sig of CANCEL_SIGNALS) expect(source.listenerCount(sig), sig).toBe(1);
    expect(source.listenerCount('SIGHUP')).toBe(0);
  });

  it.each(CANCEL_SIGNALS)('%s alone aborts, says so once, and schedules the last-resort exit', (sig) => {
    const { send, signal, warnings, exits } = wired();
    expect(signal.aborted).toBe(false);
    send(sig);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe(`cancelled by ${sig}`);
    expect(warnings).toEqual([`received ${sig}: cancelling requests in flight`]);
    expect(exits).toEqual([EXIT_AFTER_CANCEL_MS]);
  });

  it.each([
    ['Linux and macOS', ['SIGINT', 'SIGTERM']],
    ['Windows', ['SIGINT', 'SIGBREAK']],
  ] as const)('the runner’s escalation on %s changes nothing after the first signal', (_os, sequence) => {
    const { send, signal, warnings, exits } = wired();
    for (const sig of sequence) send(sig);
    expect((signal.reason as Error).message).toBe(`cancelled by ${sequence[0]}`);
    expect(warnings).toHaveLength(1);
    expect(exits).toHaveLength(1);
  });
});
