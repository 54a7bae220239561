import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTlsMaterial, startEmulator, type RunningEmulator, type TlsMaterial } from '../../emulator/index.js';
import { openSocket } from './helpers/raw-http.js';
import { withEmulator } from './helpers/start-headless.js';

/** GET over https with the given trust; resolves to the status, rejects with the TLS error. */
function httpsGet(url: string, opts: { ca?: string; servername?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca: opts.ca, servername: opts.servername, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

let material: TlsMaterial | null = null;
/** One certificate for the tests that do not care which (making one takes a moment). */
const makeTlsMaterialOnce = () => (material ??= makeTlsMaterial({ hosts: ['127.0.0.1'] }));

const UNTRUSTED = ['SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'];

describe('emulator over TLS with a generated CA', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ tls: true });
  });
  afterAll(() => emu.close());

  it('serves https on 127.0.0.1 and reports the CA, in memory and in a temp file', () => {
    expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.headlessUrl).toBe(`${emu.url}/headless`);
    expect(emu.tls?.caPem).toContain('-----BEGIN CERTIFICATE-----');
    expect(readFileSync(emu.tls!.caPath!, 'utf8')).toBe(emu.tls!.caPem);
    expect(new X509Certificate(emu.tls!.caPem!).ca).toBe(true);
  });

  it.each<[string, { ca?: boolean; servername?: string }, string | string[]]>([
    ['trusts the CA, under the IP address', { ca: true }, '200'],
    ['trusts the CA, under the name localhost', { ca: true, servername: 'localhost' }, '200'],
    [
      'trusts the CA, under a name the certificate does not hold',
      { ca: true, servername: 'example.test' },
      'ERR_TLS_CERT_ALTNAME_INVALID',
    ],
    ['does not trust the CA', {}, UNTRUSTED],
  ])('a client that %s: %s', async (_who, { ca, servername }, outcome) => {
    const got = await httpsGet(`${emu.url}/__emulator/state`, {
      ca: ca ? emu.tls!.caPem! : undefined,
      servername,
    }).then(String, (e: NodeJS.ErrnoException) => e.code!);
    if (Array.isArray(outcome)) expect(outcome).toContain(got);
    else expect(got).toBe(outcome);
  });

  it('closes a connection that never starts its TLS handshake, within the headers deadline', async () => {
    await withEmulator({ tls: makeTlsMaterialOnce(), headersTimeoutMs: 200, idleTimeoutMs: 60_000 }, async (strict) => {
      const s = await openSocket(strict.url.replace('https:', 'http:'));
      await s.closed;
      expect(s.received()).toBe('');
    });
  });

  it('removes the temp CA file when it closes', async () => {
    const other = await startEmulator({ tls: true });
    const path = other.tls!.caPath!;
    expect(existsSync(path)).toBe(true);
    await other.close();
    expect(existsSync(path)).toBe(false);
  });
});

describe('emulator over TLS with given material', () => {
  it('serves a certificate made for another host name (reached through a proxy, say)', async () => {
    const material = makeTlsMaterial({ hosts: ['api.test'] });
    const cert = new X509Certificate(material.certPem);
    expect(cert.subjectAltName).toBe('DNS:api.test');
    expect(cert.checkIssued(new X509Certificate(material.caPem))).toBe(true);

    await withEmulator({ tls: material }, async (emu) => {
      expect(emu.tls).toEqual({ caPem: material.caPem, caPath: null });
      expect(await httpsGet(`${emu.url}/__emulator/state`, { ca: material.caPem, servername: 'api.test' })).toBe(200);
      // 127.0.0.1 is not among its names this time.
      const err = (await httpsGet(`${emu.url}/__emulator/state`, { ca: material.caPem }).catch(
        (e: unknown) => e,
      )) as NodeJS.ErrnoException;
      expect(err.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    });
  });

  it('makes a new CA on every call, so one run cannot trust another', () => {
    const a = makeTlsMaterial({ hosts: ['localhost'] });
    const b = makeTlsMaterial({ hosts: ['localhost'] });
    expect(a.caPem).not.toBe(b.caPem);
    expect(new X509Certificate(b.certPem).checkIssued(new X509Certificate(a.caPem))).toBe(false);
    expect(() => makeTlsMaterial({ hosts: [] })).toThrow(/at least one host/);
  });
});
