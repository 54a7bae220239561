/** The pure decisions of a streamed upload: the `upload-mode` value, and which answers refuse a body without a length. */
import { describe, expect, it } from 'vitest';
import { streamRefusal, type AttemptOutcome } from '../../src/api/retry-policy.js';
import { nearestMode, parseUploadMode } from '../../src/release/upload-mode.js';

describe('parseUploadMode', () => {
  it.each([
    ['auto', 'auto'],
    ['AUTO', 'auto'],
    ['Stream', 'stream'],
    [' file ', 'file'],
  ])('%j → %s', (value, mode) => {
    expect(parseUploadMode(value)).toBe(mode);
  });

  it.each([
    ['streaming', 'stream'],
    ['streamed', 'stream'],
    ['chunked', 'stream'],
    ['steam', 'stream'],
    ['fiel', 'file'],
    ['files', 'file'],
    ['content-length', 'file'],
    ['atuo', 'auto'],
    ['Default', 'auto'],
    // As close to auto as to file: the first mode in the list.
    ['fute', 'auto'],
    // A mode with something added, too much for a typo.
    ['stream-it', 'stream'],
    ['fileupload', 'file'],
    // Three from file, though two once its last letter is left out.
    ['xfilexx', null],
    ['fast', null],
    ['x', null],
    ['true', null],
  ] as [string, string | null][])('a near miss %j suggests %s', (value, near) => {
    expect(nearestMode(value)).toBe(near);
  });

  it('says what was given, the likely mode, and every mode', () => {
    expect(() => parseUploadMode('Streaming')).toThrow(
      '"Streaming" is not an upload mode; did you mean stream? use auto, stream or file',
    );
    expect(() => parseUploadMode('fast')).toThrow('"fast" is not an upload mode; use auto, stream or file');
  });
});

describe('streamRefusal', () => {
  const answer = (status: number): AttemptOutcome => ({ kind: 'response', status });
  it.each([
    ['411, body sent whole', answer(411), false, 'length-required'],
    ['411 before the body', answer(411), true, 'length-required'],
    ['400 before the body', answer(400), true, 'answered-early'],
    ['413 before the body', answer(413), true, 'answered-early'],
    ['500 before the body', answer(500), true, 'answered-early'],
    ['400 after the whole body', answer(400), false, null],
    ['500 after the whole body', answer(500), false, null],
    ['429 before the body: try later, counted', answer(429), true, null],
    ['503 before the body: try later, counted', answer(503), true, null],
    ['200 before the body', answer(200), true, null],
    ['a reset', { kind: 'network', failure: 'reset' } as AttemptOutcome, false, null],
    ['cancelled', { kind: 'cancelled' } as AttemptOutcome, true, null],
  ] as [string, AttemptOutcome, boolean, string | null][])('%s → %s', (_title, outcome, early, want) => {
    expect(streamRefusal(outcome, early)).toBe(want);
  });
});
