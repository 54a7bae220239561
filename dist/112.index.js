export const id = 112;
export const ids = [112];
export const modules = {

/***/ 53249:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ BadRequest),
/* harmony export */   Dr: () => (/* binding */ NetworkError),
/* harmony export */   Iq: () => (/* binding */ ServiceUnavailable),
/* harmony export */   M7: () => (/* binding */ UnexpectedAnswer),
/* harmony export */   MU: () => (/* binding */ TimeoutError),
/* harmony export */   Mk: () => (/* binding */ NotFound),
/* harmony export */   PO: () => (/* binding */ InternalServerError),
/* harmony export */   RS: () => (/* binding */ WrongServer),
/* harmony export */   U6: () => (/* binding */ errorForStatus),
/* harmony export */   cc: () => (/* binding */ CancelledError),
/* harmony export */   cv: () => (/* binding */ TooManyRequests),
/* harmony export */   hD: () => (/* binding */ ApiError),
/* harmony export */   lt: () => (/* binding */ Conflict),
/* harmony export */   pB: () => (/* binding */ UpstreamInvalid),
/* harmony export */   v3: () => (/* binding */ AuthenticationError)
/* harmony export */ });
/* unused harmony exports composeMessage, NotAuthorized, UploadTooLarge */
/** Lower-cases a leading capital unless it starts an acronym ("Invalid site" → "invalid site", "TXT …" stays). */
function lowerFirst(s) {
    return /^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
}
/**
 * A server message that starts by repeating the outcome (`authentication failed: bad
 * password` after `authentication failed (401)`) loses the repeat, so it is said once.
 */
function withoutOutcome(server, outcome) {
    if (!server.toLowerCase().startsWith(outcome.toLowerCase()))
        return server;
    const rest = server.slice(outcome.length);
    return rest === '' || /^\s*[:;,.-]/.test(rest) ? rest.replace(/^[\s:;,.-]+/, '') : server;
}
/** Builds the message of an ApiError from its parts. */
function composeMessage(p) {
    let out = `${p.method} ${p.path}: ${p.outcome}`;
    if (p.status !== undefined)
        out += ` (${p.status})`;
    if (p.attempts !== undefined && p.attempts > 1)
        out += ` after ${p.attempts} attempts`;
    const server = withoutOutcome(p.serverMessage?.trim().replace(/[.\s]+$/, '') ?? '', p.outcome);
    if (server)
        out += `: ${lowerFirst(server)}`;
    if (p.mayHaveSucceeded)
        out += '; it may have taken effect all the same, check before repeating it';
    if (p.advice)
        out += `; ${p.advice}`;
    return out;
}
class ApiError extends Error {
    static outcome = 'unexpected answer';
    static advice = 'check the request; if it keeps happening, report it with this message';
    name = 'ApiError';
    status;
    method;
    path;
    serverMessage;
    code;
    attempts;
    mayHaveSucceeded;
    constructor(init) {
        const cls = new.target;
        super(composeMessage({
            ...init,
            outcome: init.detail ?? cls.outcome,
            advice: init.advice ?? cls.adviceFor(init),
        }), init.cause ? { cause: init.cause } : undefined);
        this.status = init.status;
        this.method = init.method;
        this.path = init.path;
        this.serverMessage = init.serverMessage;
        this.code = init.code;
        this.attempts = init.attempts ?? 1;
        this.mayHaveSucceeded = init.mayHaveSucceeded ?? false;
    }
    /** Advice for this class; subclasses may look at the details (BadRequest names the fields). */
    static adviceFor(_init) {
        return this.advice;
    }
}
class BadRequest extends ApiError {
    static outcome = 'bad request';
    static advice = 'the service rejected the request as invalid; correct the inputs and run again';
    name = 'BadRequest';
    errors;
    constructor(init) {
        super(init);
        this.errors = init.errors ?? [];
    }
    static adviceFor(init) {
        const fields = [...new Set((init.errors ?? []).map((e) => e.field).filter((f) => !!f))];
        return fields.length ? `check ${fields.map((f) => `"${f}"`).join(', ')}` : this.advice;
    }
}
class AuthenticationError extends ApiError {
    static outcome = 'authentication failed';
    static advice = 'check api-user-id and api-password (an API user of this account)';
    name = 'AuthenticationError';
}
class NotAuthorized extends ApiError {
    static outcome = 'not authorized';
    static advice = 'the API user lacks the permission or role for this; ask an account owner to grant it';
    name = 'NotAuthorized';
}
class NotFound extends ApiError {
    static outcome = 'not found';
    static advice = 'check the name or id, and that it belongs to this account';
    name = 'NotFound';
}
class Conflict extends ApiError {
    static outcome = 'conflict';
    static advice = 'it already exists; use the existing one or pick another name';
    name = 'Conflict';
}
class UploadTooLarge extends ApiError {
    static outcome = 'upload too large';
    static advice = "the zip is over the service's size limit; leave out what the app does not need (exclude, exclude-from)";
    name = 'UploadTooLarge';
}
class TooManyRequests extends ApiError {
    static outcome = 'too many requests';
    static advice = 'the rate limit was hit; wait a minute and run again, or make fewer requests';
    name = 'TooManyRequests';
}
class InternalServerError extends ApiError {
    static outcome = 'internal server error';
    static advice = 'the service failed unexpectedly; try again later';
    name = 'InternalServerError';
}
class UpstreamInvalid extends ApiError {
    static outcome = 'invalid response from an upstream server';
    static advice = 'a server behind the API answered badly; try again later';
    name = 'UpstreamInvalid';
}
class ServiceUnavailable extends ApiError {
    static outcome = 'service unavailable';
    static advice = 'the service is down or overloaded, try again later';
    name = 'ServiceUnavailable';
}
/**
 * No answer: the connection failed (see network-failure.ts for the kinds). `failure` is the
 * kind; the message names the host, the code and the input the URL came from.
 */
class NetworkError extends ApiError {
    static outcome = 'connection failed';
    static advice = 'check api-url / headless-api-url and the network between the runner and the API';
    name = 'NetworkError';
    failure;
    constructor(init) {
        super(init);
        this.failure = init.failure;
    }
}
/**
 * The answer did not come from the API the request was meant for: an HTML page, the other
 * API's error shape, a 404 without the API's error body, no JSON where JSON is due. The base
 * URL is wrong (or a proxy answered in its place), so the resource is not known to be missing.
 */
class WrongServer extends ApiError {
    static outcome = 'this does not look like the API';
    static advice = 'check the base URL';
    name = 'WrongServer';
}
/**
 * A success whose body holds nothing the caller can use (a record it needs to go on). The
 * request was taken: this is never retried, and a step that needs the record says what to do.
 */
class UnexpectedAnswer extends ApiError {
    static outcome = 'unexpected answer';
    static advice = 'the service accepted the request, but its answer is not of a shape this client reads; check headless-api-url, and report it with this message if it is right';
    name = 'UnexpectedAnswer';
}
class TimeoutError extends ApiError {
    static outcome = 'timed out';
    static advice = 'the service is slow or unreachable; try again later';
    name = 'TimeoutError';
    operation;
    waitedMs;
    constructor(init) {
        super(init);
        this.operation = init.operation;
        this.waitedMs = init.waitedMs;
    }
}
/**
 * The caller's AbortSignal fired. A dedicated class rather than a DOMException named
 * AbortError, so that it is still an ApiError (method, path, attempts) and `instanceof` works;
 * `cause` carries the signal's reason when that is an Error.
 */
class CancelledError extends ApiError {
    static outcome = 'cancelled';
    static advice = 'the run was cancelled before this request finished';
    name = 'CancelledError';
}
const BY_STATUS = {
    400: BadRequest,
    401: AuthenticationError,
    403: NotAuthorized,
    404: NotFound,
    409: Conflict,
    413: UploadTooLarge,
    429: TooManyRequests,
    500: InternalServerError,
    502: UpstreamInvalid,
    503: ServiceUnavailable,
};
/** The error for an HTTP error status: the class of its outcome, or ApiError for another status. */
function errorForStatus(init) {
    const Cls = BY_STATUS[init.status] ?? ApiError;
    return new Cls(init);
}


/***/ }),

/***/ 69433:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CA: () => (/* binding */ errorCode),
/* harmony export */   EY: () => (/* binding */ classifyCode),
/* harmony export */   Ic: () => (/* binding */ describeFailure),
/* harmony export */   MB: () => (/* binding */ nothingSent)
/* harmony export */ });
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
function classifyCode(code) {
    if (!code)
        return 'broken';
    if (CERTIFICATE.has(code))
        return 'certificate';
    if (DNS.has(code))
        return 'dns';
    if (REFUSED.has(code))
        return 'refused';
    if (RESET.has(code))
        return 'reset';
    if (TIMEOUT.has(code))
        return 'timeout';
    // ERR_SSL_WRONG_VERSION_NUMBER (https to a plain-http port), EPROTO, ERR_TLS_*: a handshake that never completed.
    if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO')
        return 'tls';
    return 'broken';
}
/** True when nothing reached the server: the attempt cannot have had an effect. */
function nothingSent(failure) {
    return failure !== 'reset' && failure !== 'timeout' && failure !== 'broken';
}
const NETWORK_ADVICE = (source) => `check ${source} and the network between the runner and the server`;
function certificateWords(f, code) {
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
        advice: `nothing was sent; check ${f.source}; if ${f.host} uses a certificate from a private CA ` +
            `(or a proxy re-signs TLS), give the runner that CA: set NODE_EXTRA_CA_CERTS to its PEM file in the job's env`,
    };
}
/** The outcome fragment and advice of an ApiError for a failure without an answer. */
function describeFailure(f) {
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
function errorCode(err) {
    for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
        const code = e.code;
        if (typeof code === 'string' && code !== 'UND_ERR_ABORTED')
            return code;
        e = e.cause;
    }
    return undefined;
}


/***/ }),

/***/ 71101:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EY: () => (/* binding */ backoffDelay),
/* harmony export */   LR: () => (/* binding */ mayHaveActed),
/* harmony export */   Lu: () => (/* binding */ resolveRetryOptions),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   tE: () => (/* binding */ decideRetry),
/* harmony export */   tF: () => (/* binding */ streamRefusal),
/* harmony export */   vI: () => (/* binding */ DEFAULT_RETRY)
/* harmony export */ });
/* unused harmony exports DNS_ATTEMPTS, isRetryable, backoffCeiling */
/* harmony import */ var _network_failure_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(69433);
/**
 * The retry policy, as a pure decision table. The loop that applies it is in request.ts.
 *
 * Which outcomes are retried
 * --------------------------
 * | outcome of an attempt                        | safe request¹ | unsafe POST² | why                                  |
 * |----------------------------------------------|---------------|--------------|--------------------------------------|
 * | 2xx, 3xx, 4xx other than 429                 | no            | no           | an answer; repeating changes nothing |
 * | 429 too many requests                        | yes           | yes          | refused before acting                |
 * | 503 service unavailable                      | yes           | yes          | refused before acting                |
 * | 500 internal error, 502 upstream, 504        | yes           | no           | the server may have acted            |
 * | certificate not trusted, TLS handshake failed| no            | no           | the same certificate comes back; nothing was sent |
 * | proxy wants credentials (407)                | no            | no           | the same credentials are refused again |
 * | host name does not resolve                   | once          | once         | a DNS hiccup passes; a typo does not |
 * | connection refused, unreachable, proxy would not tunnel | yes, short budget⁴ | yes, short budget⁴ | never reached the server |
 * | connection reset before any response byte    | yes           | yes³         | CONTRACT: nothing was acted on       |
 * | no response within the request timeout       | yes           | no           | the server may still be acting       |
 * | answer cut off or malformed                  | yes           | no           | the server has acted or was acting   |
 * | cancelled by the caller's AbortSignal        | no            | no           | the caller asked us to stop          |
 *
 * ¹ GET, PATCH, DELETE, and POST routes marked `idempotent` in routes.ts (upload re-streams the
 *   same zip; domain verification; third-party certificate): repeating them cannot double an effect.
 * ² Every other POST (create site/domain/user/environment, install copy, SSL order, webhook, create app).
 * ³ The contract's "reset" drops the connection before the server does anything, so it is
 *   retried; because a real network could also drop the answer to a request that was acted on,
 *   the request layer marks the final error `mayHaveSucceeded` after such an attempt, and a later
 *   409 is reported the same way, so the caller can look before repeating the request itself.
 * ⁴ `unreachableBudgetMs` (default 10 s) from the first attempt: a server that is restarting
 *   comes back within seconds; a wrong host or port never does, and should fail fast.
 *
 * A body sent while it is produced
 * --------------------------------
 * An upload may send its first attempt while the zip is still being written, without a
 * Content-Length (chunked). A server that will not take a body of unknown length says so with
 * 411, or by answering before it has read the body: `streamRefusal` tells such an answer apart.
 * The next attempt then sends the finished file with its length, at once and without counting
 * against the attempts or the time budget (the server refused the form, not the request), or the
 * call fails when its caller asked for a streamed body only. A 429 or 503 answered early is the
 * ordinary "try later" (counted, with its wait), and a failure without an answer follows the
 * table above; either way every later attempt sends the finished file. Whether an attempt may
 * have acted (`mayHaveActed`) is judged the same way for both forms of body.
 *
 * When to stop
 * ------------
 * Attempts are limited (default 5), and so is the time spent (default 2 min from the first
 * attempt): no retry is started whose wait would end past the budget or past a caller's deadline.
 *
 * How long to wait
 * ----------------
 * Exponential backoff with full jitter: a uniform random delay in [0, min(cap, base·2^(n-1))]
 * after the n-th attempt (AWS Architecture Blog, "Exponential Backoff And Jitter"), so many CI
 * jobs hitting the same outage do not come back in lockstep. A `Retry-After` from the server
 * (seconds or an HTTP date) replaces it, capped at `maxRetryAfterMs` so one answer cannot park
 * a job for an hour; a wait longer than the remaining budget ends the retries instead.
 */

const DEFAULT_RETRY = Object.freeze({
    attempts: 5,
    baseMs: 500,
    capMs: 15_000,
    budgetMs: 120_000,
    unreachableBudgetMs: 10_000,
    maxRetryAfterMs: 30_000,
    random: Math.random,
});
/** Attempts in all for a host name that does not resolve: one retry rides out a DNS hiccup. */
const DNS_ATTEMPTS = 2;
/** True when an outcome may be retried for a route of this kind (the table above). */
function isRetryable(outcome, safe) {
    if (outcome.kind === 'cancelled')
        return false;
    if (outcome.kind === 'network') {
        switch (outcome.failure) {
            case 'certificate':
            case 'tls':
            case 'proxy-auth':
                return false;
            case 'timeout':
            case 'broken':
                return safe;
            default:
                return true;
        }
    }
    const { status } = outcome;
    if (status === 429 || status === 503)
        return true;
    if (status === 500 || status === 502 || status === 504)
        return safe;
    return false;
}
/**
 * True when an attempt with this outcome may have changed something on the server although
 * the request failed: the server may have acted without our seeing the answer.
 */
function mayHaveActed(outcome) {
    if (outcome.kind === 'network')
        return !(0,_network_failure_js__WEBPACK_IMPORTED_MODULE_0__/* .nothingSent */ .MB)(outcome.failure);
    if (outcome.kind === 'response')
        return outcome.status === 500 || outcome.status === 502 || outcome.status === 504;
    return false;
}
/**
 * Whether the outcome of an attempt whose body went without a Content-Length is the server
 * refusing that form: 411 Length Required, or an error status answered before the whole body
 * was sent (`answeredEarly`), other than the retry-later statuses. Null otherwise: success, a
 * failure without an answer, or an answer to the whole body, which the file would get again.
 */
function streamRefusal(outcome, answeredEarly) {
    if (outcome.kind !== 'response' || outcome.status < 400)
        return null;
    if (outcome.status === 411)
        return 'length-required';
    if (answeredEarly && outcome.status !== 429 && outcome.status !== 503)
        return 'answered-early';
    return null;
}
/** Upper bound of the backoff after the n-th attempt: min(cap, base·2^(n-1)). */
function backoffCeiling(attempt, o) {
    return Math.min(o.capMs, o.baseMs * 2 ** Math.max(0, attempt - 1));
}
/** Full jitter: uniform in [0, ceiling). */
function backoffDelay(attempt, o) {
    const ceiling = backoffCeiling(attempt, o);
    const r = Math.min(Math.max(o.random(), 0), 1);
    // A random source may return 1 (or more): the wait stays below the ceiling all the same.
    return Math.max(0, Math.min(Math.floor(r * ceiling), ceiling - 1));
}
function describe(outcome) {
    if (outcome.kind === 'response')
        return `status ${outcome.status}`;
    if (outcome.kind === 'network')
        return `connection ${outcome.failure}`;
    return 'cancelled';
}
/** Decides whether to try again after an attempt, and how long to wait first. */
function decideRetry(outcome, ctx, options) {
    if (outcome.kind === 'cancelled')
        return { retry: false, reason: 'cancelled' };
    if (outcome.kind === 'response' && outcome.status < 400)
        return { retry: false, reason: 'success' };
    if (!isRetryable(outcome, ctx.safe))
        return { retry: false, reason: 'not-retryable' };
    if (ctx.attempt >= options.attempts)
        return { retry: false, reason: 'attempts' };
    const failure = outcome.kind === 'network' ? outcome.failure : undefined;
    if (failure === 'dns' && (ctx.sameOutcomes ?? 1) >= DNS_ATTEMPTS)
        return { retry: false, reason: 'attempts' };
    const retryAfter = outcome.kind === 'response' ? outcome.retryAfterMs : undefined;
    const delayMs = retryAfter !== undefined
        ? Math.min(Math.max(0, retryAfter), options.maxRetryAfterMs)
        : backoffDelay(ctx.attempt, options);
    if (ctx.elapsedMs + delayMs > options.budgetMs)
        return { retry: false, reason: 'budget' };
    if ((failure === 'refused' || failure === 'proxy') && ctx.elapsedMs + delayMs > options.unreachableBudgetMs) {
        return { retry: false, reason: 'budget' };
    }
    if (ctx.remainingMs !== undefined && (ctx.remainingMs <= 0 || delayMs > ctx.remainingMs)) {
        return { retry: false, reason: 'deadline' };
    }
    const why = retryAfter !== undefined ? `${describe(outcome)}, retry-after` : describe(outcome);
    return { retry: true, delayMs, reason: why };
}
/**
 * Parses a Retry-After header value into milliseconds from `now`: delta-seconds or an
 * HTTP date (RFC 9110 §10.2.3). Undefined when absent or unreadable; a date in the past is 0.
 */
function parseRetryAfter(value, now) {
    if (value === undefined || value === null)
        return undefined;
    const v = value.trim();
    if (v === '')
        return undefined;
    if (/^\d+$/.test(v))
        return Number(v) * 1000;
    // An HTTP date always names a day or month; "1.5" or "-1" is neither seconds nor a date.
    if (!/[a-z]{3}/i.test(v))
        return undefined;
    const at = Date.parse(v);
    if (Number.isNaN(at))
        return undefined;
    return Math.max(0, at - now);
}
/** Fills in the defaults. */
function resolveRetryOptions(partial = {}) {
    const o = { ...DEFAULT_RETRY, ...partial };
    return { ...o, attempts: Math.max(1, Math.floor(o.attempts)) };
}


/***/ }),

/***/ 74164:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   iB: () => (/* binding */ isCancellation),
/* harmony export */   uQ: () => (/* binding */ toStepError),
/* harmony export */   zg: () => (/* binding */ StepError)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/**
 * How a step ends other than in success. The message is for people and already free of
 * secrets; `outcome` decides the run's status (failure, timeout or cancelled).
 */

class StepError extends Error {
    outcome;
    name = 'StepError';
    constructor(message, outcome = 'failure', options) {
        super(message, options);
        this.outcome = outcome;
    }
}
/** True for any way a cancelled run surfaces: our CancelledError, an AbortError, or the signal's reason. */
function isCancellation(err, signal) {
    if (err instanceof StepError)
        return err.outcome === 'cancelled';
    if (err instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CancelledError */ .cc)
        return true;
    if (err instanceof Error && err.name === 'AbortError')
        return true;
    return signal?.aborted === true;
}
/** Wraps what a step threw into a StepError that says which step and what it was doing. */
function toStepError(err, doing, signal) {
    if (err instanceof StepError)
        return err;
    const message = err instanceof Error ? err.message : String(err);
    if (isCancellation(err, signal))
        return new StepError(`cancelled while ${doing}`, 'cancelled', { cause: err });
    if (err instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .TimeoutError */ .MU)
        return new StepError(`${doing}: ${message}`, 'timeout', { cause: err });
    return new StepError(`${doing}: ${message}`, 'failure', { cause: err });
}


/***/ })

};
