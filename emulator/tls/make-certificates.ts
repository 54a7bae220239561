/**
 * Throwaway TLS material for the emulator and for tests: a fresh certificate authority and a
 * server certificate it signs for the given host names and IP addresses. Nothing is written to
 * disk here and nothing is reused: each call makes new keys, so a CA can never outlive its run.
 *
 * Keys come from node:crypto (native, fast); node-forge only assembles and signs the X.509
 * structures, which node:crypto cannot build.
 */
import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  privateEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { isIP } from 'node:net';
import forge from 'node-forge';

export interface TlsMaterial {
  /** The CA certificate, PEM: what a client must trust. */
  caPem: string;
  /** The server certificate, PEM, signed by the CA. */
  certPem: string;
  /** The server certificate's private key, PEM (PKCS#1). */
  keyPem: string;
}

export interface MakeTlsOptions {
  /** Host names and IP addresses (v4 or v6, without brackets) the server certificate is valid for. */
  hosts: readonly string[];
  /** How long both certificates stay valid; default 30 days. */
  validDays?: number;
  /** Start of validity; default now. Backdated by an hour to absorb clock skew between processes. */
  now?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SKEW_MS = 60 * 60 * 1000;

interface KeyPair {
  pem: string;
  native: KeyObject;
  publicKey: forge.pki.rsa.PublicKey;
}

function newKeyPair(): KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { pem: privateKey, native: createPrivateKey(privateKey), publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

/**
 * DER prefix of a PKCS#1 v1.5 DigestInfo for SHA-256. forge hands `sign()` the finished digest;
 * wrapping it here and padding natively gives the same signature as forge's own, in a fraction
 * of the time of its pure-JavaScript RSA.
 */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

function nativeSigner(key: KeyPair): forge.pki.rsa.PrivateKey {
  const sign = (md: forge.md.MessageDigest): string => {
    const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]);
    return privateEncrypt({ key: key.native, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
  };
  return { sign } as unknown as forge.pki.rsa.PrivateKey;
}

/** A positive serial number: 16 random bytes with the top bit cleared (DER integers are signed). */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

/** One subjectAltName entry: type 7 is an IP address, type 2 a DNS name. */
function altName(host: string): { type: number; ip?: string; value?: string } {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIP(bare) ? { type: 7, ip: bare } : { type: 2, value: bare };
}

function validity(cert: forge.pki.Certificate, now: Date, days: number): void {
  cert.validity.notBefore = new Date(now.getTime() - SKEW_MS);
  cert.validity.notAfter = new Date(now.getTime() + days * DAY_MS);
}

export function makeTlsMaterial(options: MakeTlsOptions): TlsMaterial {
  const hosts = options.hosts.filter((h) => h.trim() !== '');
  if (hosts.length === 0) throw new Error('makeTlsMaterial: give at least one host name or IP address');
  const now = options.now ?? new Date();
  const days = options.validDays ?? 30;

  const caKeys = newKeyPair();
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = serialNumber();
  validity(ca, now, days);
  const caName = [{ name: 'commonName', value: `headless emulator throwaway CA ${serialNumber().slice(0, 8)}` }];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(nativeSigner(caKeys), forge.md.sha256.create());

  const serverKeys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = serverKeys.publicKey;
  cert.serialNumber = serialNumber();
  validity(cert, now, days);
  cert.setSubject([{ name: 'commonName', value: hosts[0]!.slice(0, 64) }]);
  cert.setIssuer(caName);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: hosts.map(altName) },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(nativeSigner(caKeys), forge.md.sha256.create());

  return {
    caPem: forge.pki.certificateToPem(ca),
    certPem: forge.pki.certificateToPem(cert),
    keyPem: serverKeys.pem,
  };
}
