/**
 * `upload-mode` end to end: dist/index.js, with INPUT_UPLOAD-MODE as the runner sets it, against
 * an emulator that requires a Content-Length (as some servers and proxies do): `auto` streams the
 * zip chunked, then sends the finished file with its length, and deploys. The other modes are
 * test/integration/deploy-upload-mode.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { seedWithApp } from './helpers/emulator.js';
import { deployInputs, logText, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { APP_FILES, makeWorkspace } from './helpers/workspace.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3, requireContentLength: true });
const uploads = () => emulator.requests().filter((r) => r.path.endsWith(':upload'));

describe('upload-mode against a server that requires a Content-Length', () => {
  it('auto: the streamed attempt is refused with 411, the finished file goes next, and the deploy succeeds', async () => {
    const r = await runChecked({
      workspace: makeWorkspace(APP_FILES),
      emulator,
      inputs: deployInputs(emulator, 'shop', { 'upload-mode': 'auto' }),
    });
    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('success');
    expect(uploads().map((u) => [u.status, u.framing])).toEqual([
      [411, 'chunked'],
      [200, 'content-length'],
    ]);
    expect(emulator.state.uploads.map((u) => u.sha256)).toEqual([r.outputs['archive-sha256']]);
    expect(logText(r)).toMatch(/uploaded .* \(sent the finished file \(server asked for a length\)\)/);
    expect(logText(r)).not.toMatch(/retrying in/);
    expect(r.tempLeft).toEqual([]);
  });
});
