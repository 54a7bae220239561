/**
 * Turns the `tls` option into what the HTTPS server needs. `true` makes a throwaway CA and a
 * server certificate for the loopback names (plus the listening host), and writes the CA to a
 * temp file that clients can be pointed at (e.g. NODE_EXTRA_CA_CERTS); the file is removed when
 * the emulator closes. Given PEM material is used as it is.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTlsMaterial } from './make-certificates.js';

export interface TlsPem {
  /** Server certificate (chain), PEM. */
  certPem: string;
  /** Its private key, PEM. */
  keyPem: string;
  /** The CA that signed it, when known: reported back to the caller, not used by the server. */
  caPem?: string;
}

/** `true`: generate; or certificate and key as PEM text. */
export type TlsOption = boolean | TlsPem;

export interface TlsSetup {
  certPem: string;
  keyPem: string;
  caPem: string | null;
  /** Temp file holding caPem when the CA was generated here; null otherwise. */
  caPath: string | null;
  /** Removes the temp CA file, if any. */
  dispose(): void;
}

export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1'];

export function setupTls(option: TlsOption, listenHost: string): TlsSetup | null {
  if (option === false) return null;
  if (option !== true) {
    return { certPem: option.certPem, keyPem: option.keyPem, caPem: option.caPem ?? null, caPath: null, dispose() {} };
  }
  const bare = listenHost.replace(/^\[|\]$/g, '');
  const extra = ['0.0.0.0', '::', ''].includes(bare) || LOOPBACK_HOSTS.includes(bare) ? [] : [bare];
  const material = makeTlsMaterial({ hosts: [...LOOPBACK_HOSTS, ...extra] });
  const caPath = join(tmpdir(), `headless-emulator-ca-${process.pid}-${randomBytes(4).toString('hex')}.pem`);
  writeFileSync(caPath, material.caPem, { mode: 0o644, flag: 'wx' });
  return {
    certPem: material.certPem,
    keyPem: material.keyPem,
    caPem: material.caPem,
    caPath,
    dispose: () => rmSync(caPath, { force: true }),
  };
}
