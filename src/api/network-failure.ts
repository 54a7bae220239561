/**
 * What went wrong on the way to the server, as a person needs to hear it. Pure: the transport
 * maps a system error code to a kind (`classifyCode`), the retry policy decides on the kind,
 * and `describeFailure` words it, naming the host, the code and the input the URL came from.
 *
 * | kind         | what happened                                 | retried            | request sent?  |
 * |--------------|-----------------------------------------------|--------------------|----------------|
 * | certificate  | the server's certificate failed verification  | no                 | no             |
 * | tls          | the TLS handshake failed otherwise            | no                 | no             |
 * | dns          | the host name does not resolve                | once               | no             |
 * | refused      | nothing listens there / no route to it        | within a short budget | no          |
 * | proxy-auth   | the proxy wants credentials (407)             | no                 | no             |
 * | proxy        | the proxy would not open a tunnel             | within a short budget | no          |
 * | reset        | dropped before any answer                     | yes                | maybe          |
 * | timeout      | no progress, or over the request's maximum    | safe requests only | maybe          |
 * | broken       | the answer was cut off or malformed           | safe requests only | yes            |
 */

export type NetworkFailure =
  'certificate' | 'tls' | 'dns' | 'refused' | 'proxy-auth' | 'proxy' | 'reset' | 'timeout' | 'broken';

/** Node's and OpenSSL's codes for a certificate that does not verify. */
const CERTIFICATE = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_REVOKED',
  'CERT_CHAIN_TOO_LONG',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const REFUSED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'UND_ERR_CONNECT_TIMEOUT']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUT = new Set(['ETIMEDOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** The kind of a failure before any answer, from its system error code. */
export function classifyCode(code: string | undefined): NetworkFailure {
  if (!code) return 'broken';
  if (CERTIFICATE.has(code)) return 'certificate';
  if (DNS.has(code)) return 'dns';
  if (REFUSED.has(code)) return 'refused';
  if (RESET.has(code)) return 'reset';
  if (TIMEOUT.has(code)) return 'timeout';
  // ERR_SSL_WRONG_VERSION_NUMBER (https to a plain-http port), EPROTO, ERR_TLS_*: a handshake that never completed.
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO') return 'tls';
  return 'broken';
}

/** True when nothing reached the server: the attempt cannot have had an effect. */
export function nothingSent(failure: NetworkFailure): boolean {
  return failure !== 'reset' && failure !== 'timeout' && failure !== 'broken';
}

export interface FailureFacts {
  failure: NetworkFailure;
  /** The system or TLS code, or the proxy's status. */
  code?: string;
  /** `host` or `host:port` of the URL. */
  host: string;
  /** `host:port` of the proxy the request went through, if any. */
  proxy?: string;
  /** The input the URL came from: `api-url`, `headless-api-url`, `webhook-url`, `the GitHub API`. */
  source: string;
  /** The transport's own words, for a timeout (`no progress within 30s`). */
  message?: string;
}

export interface FailureWords {
  /** What happened: the outcome fragment of the message. */
  detail: string;
  /** What to do. */
  advice: string;
}

const NETWORK_ADVICE = (source: string) => `check ${source} and the network between the runner and the server`;

function certificateWords(f: FailureFacts, code: string): FailureWords {
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') {
    return {
      detail: `the certificate of ${f.host} is not valid for that name (${code})`,
      advice: `nothing was sent; check the host name in ${f.source}: it must be a name the certificate was issued for`,
    };
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return {
      detail: `the certificate of ${f.host} is outside its validity period (${code})`,
      advice: `nothing was sent; the server's certificate must be renewed (or the runner's clock is wrong)`,
    };
  }
  return {
    detail: `the certificate of ${f.host} is not trusted (${code})`,
    advice:
      `nothing was sent; check ${f.source}; if ${f.host} uses a certificate from a private CA ` +
      `(or a proxy re-signs TLS), give the runner that CA: set NODE_EXTRA_CA_CERTS to its PEM file in the job's env`,
  };
}

/** The outcome fragment and advice of an ApiError for a failure without an answer. */
export function describeFailure(f: FailureFacts): FailureWords {
  const code = f.code ? ` (${f.code})` : '';
  const bypass = `or list ${f.host.replace(/:\d+$/, '')} in NO_PROXY to connect directly`;
  switch (f.failure) {
    case 'certificate':
      return certificateWords(f, f.code ?? 'certificate error');
    case 'tls':
      return {
        detail: `TLS handshake with ${f.host} failed${code}`,
        advice: `nothing was sent; check the scheme and port in ${f.source}: the server there may not speak https`,
      };
    case 'dns':
      return f.proxy
        ? { detail: `proxy host ${f.proxy} does not resolve${code}`, advice: `check HTTPS_PROXY, ${bypass}` }
        : {
            detail: `host ${f.host} does not resolve${code}`,
            advice: `check the host name in ${f.source} and the runner's DNS`,
          };
    case 'refused':
      return f.proxy
        ? { detail: `could not connect to the proxy ${f.proxy}${code}`, advice: `check HTTPS_PROXY, ${bypass}` }
        : {
            detail: `could not connect to ${f.host}${code}`,
            advice: `check ${f.source} (host and port) and that the service is up`,
          };
    case 'proxy-auth':
      return {
        detail: `the proxy ${f.proxy ?? ''} asked for credentials${code}`,
        advice: `put the proxy's user and password in HTTPS_PROXY (https://user:password@host:port), ${bypass}`,
      };
    case 'proxy':
      return {
        detail: `the proxy ${f.proxy ?? ''} would not open a tunnel to ${f.host}${code}`,
        advice: `check the host in ${f.source} and that the proxy may reach it, ${bypass}`,
      };
    case 'reset':
      return { detail: `connection to ${f.host} dropped before an answer${code}`, advice: NETWORK_ADVICE(f.source) };
    case 'timeout':
      return {
        detail: `no answer from ${f.host}${f.message ? `: ${f.message}` : code}`,
        advice: `the service is slow or unreachable; ${NETWORK_ADVICE(f.source)}`,
      };
    case 'broken':
      return { detail: `answer from ${f.host} cut off or malformed${code}`, advice: NETWORK_ADVICE(f.source) };
  }
}

/** The first string `code` along an error's `cause` chain (undici wraps the system error). */
export function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
