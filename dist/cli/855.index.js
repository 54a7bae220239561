export const id = 855;
export const ids = [855];
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


/***/ }),

/***/ 54793:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   rollBack: () => (/* binding */ rollBack)
/* harmony export */ });
/* harmony import */ var _common_step_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(74164);
/* harmony import */ var _common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(75162);
/* harmony import */ var _deploy_keep_artifact_name_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(51959);
/* harmony import */ var _deploy_keep_pick_kept_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5581);
/* harmony import */ var _restore_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8261);





/** The rollback runs alone (the inputs refuse other steps beside it), so it hands nothing on. */
async function rollBack(ctx, r) {
    ctx.journal.doing = 'looking for the environment';
    const env = await (0,_common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .findEnvironment */ .j)(ctx.client, { account: r.account, app: r.app }, r.environment, ctx.signal);
    if (!env) {
        throw new _common_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .zg(`environment "${r.environment}" of app "${r.app}" was not found, so there is nothing to roll back: check the "environment" input`);
    }
    const id = (0,_common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .environmentId */ .X)(env);
    ctx.outputs.set('environment-id', id);
    // The client reads a missing display name as '': name the environment as the input did instead.
    const displayName = env.displayName || r.environment;
    if (ctx.inputs.dryRun) {
        const name = (0,_deploy_keep_artifact_name_js__WEBPACK_IMPORTED_MODULE_3__/* .artifactName */ .Cs)(r.app, id);
        const listing = (await ctx.github?.kept?.list(name, ctx.signal)) ?? [];
        const pick = (0,_deploy_keep_pick_kept_js__WEBPACK_IMPORTED_MODULE_4__/* .pickKept */ .c)(listing, name, r.want);
        ctx.log.info('none' in pick
            ? `would roll back, but ${pick.none}`
            : `would upload again artifact "${name}" (id ${pick.artifact.id}) kept by run ${pick.artifact.workflow_run?.id ?? 'unknown'}`);
        return;
    }
    const restored = await (0,_restore_js__WEBPACK_IMPORTED_MODULE_2__/* .restoreKept */ .p)(ctx, {
        account: r.account,
        app: r.app,
        environmentId: id,
        displayName,
        url: null,
        timeoutMs: r.timeoutMs,
        health: r.health,
        step: 'rollback',
        input: 'rollback',
    }, r.want);
    if (restored.kind === 'none') {
        throw new _common_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .zg(`input "rollback" is "${r.want.kind === 'previous' ? 'previous' : r.want.runId}", but ${restored.why}; nothing was uploaded: deploy with keep-archive: true to keep archives to roll back to`);
    }
    if (!restored.followed) {
        // The archive was taken: the step ends `started`, as a deploy whose build cannot be followed.
        ctx.journal.started = true;
        ctx.journal.detail('rollback', 'live now', `unknown: the archive kept by run ${restored.runId} (sha256 ${restored.sha256}) was uploaded to environment "${displayName}" (${id}), its build not followed`);
        return;
    }
    const live = `environment "${displayName}" (${id}) runs the archive kept by run ${restored.runId} (sha256 ${restored.sha256})${r.health ? ', and it is healthy' : ''}`;
    ctx.journal.detail('rollback', 'live now', live);
    ctx.log.notice(`rolled back: ${live}`);
}


/***/ })

};
