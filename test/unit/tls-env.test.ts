import { describe, expect, it } from 'vitest';
import { insecureTlsWarning } from '../../src/inputs/tls-env.js';

describe('insecureTlsWarning: only the value Node obeys', () => {
  it.each([
    [{ NODE_TLS_REJECT_UNAUTHORIZED: '0' }, true],
    [{ NODE_TLS_REJECT_UNAUTHORIZED: '1' }, false],
    [{ NODE_TLS_REJECT_UNAUTHORIZED: '' }, false],
    [{ NODE_TLS_REJECT_UNAUTHORIZED: 'false' }, false],
    [{}, false],
  ])('%j → warns: %s', (env, warns) => {
    const warning = insecureTlsWarning(env);
    expect(warning !== null).toBe(warns);
    if (warning) expect(warning).toMatch(/credentials.*NODE_EXTRA_CA_CERTS/);
  });
});
