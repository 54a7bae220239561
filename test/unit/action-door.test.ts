/**
 * The action's front door hands every line to @actions/core redacted, and plain lines
 * neutralized: what a secret or outside text could do to the runner's log is undone here.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { actionDoor } from '../../src/doors/action/action-door.js';

let written: string[] = [];
beforeEach(() => {
  written = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

const redact = (text: string) => text.replaceAll('hunter22', '***');
const lines = () => written.join('').split(/\r?\n/);

it('redacts every message, and neutralizes plain lines', async () => {
  const log = actionDoor({ error: new Error('unused') }).logger(redact);
  log.info('a\n::error::hunter22');
  log.warning('bad hunter22');
  log.error('e\nhunter22');
  log.notice('n hunter22');
  await log.group('group hunter22', async () => log.debug('d hunter22'));
  expect(lines()).toEqual([
    'a',
    '» ::error::***',
    '::warning::bad ***',
    '::error::e%0A***',
    '::notice::n ***',
    '::group::group ***',
    '::debug::d ***',
    '::endgroup::',
    '',
  ]);
});
