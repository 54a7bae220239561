export const id = 264;
export const ids = [264];
export const modules = {

/***/ 3249:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ BadRequest),
/* harmony export */   Dr: () => (/* binding */ NetworkError),
/* harmony export */   Iq: () => (/* binding */ ServiceUnavailable),
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

/***/ 4164:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   iB: () => (/* binding */ isCancellation),
/* harmony export */   uQ: () => (/* binding */ toStepError),
/* harmony export */   zg: () => (/* binding */ StepError)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
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

/***/ 7138:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ waitForOperation)
/* harmony export */ });
/* unused harmony export buildFailureReason */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/* harmony import */ var _util_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2693);
/* harmony import */ var _step_error_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4164);
/**
 * Waits for an operation (the deploy's upload, or one named by the `operation` input), with a
 * heartbeat at most every 10 s: state, build, elapsed and remaining time. Outputs `operation`,
 * `build` and `deployment` follow the operation as seen.
 */



const HEARTBEAT_MS = 10_000;
function record(ctx, op) {
    // The name answered at upload is `.../no_build`; once the build starts, polling reveals the real one.
    if (op.name && !op.name.endsWith('/no_build')) {
        ctx.journal.operation = op.name;
        ctx.outputs.set('operation', op.name);
    }
    if (op.metadata?.build) {
        ctx.journal.build = op.metadata.build;
        ctx.outputs.set('build', op.metadata.build);
    }
    if (op.metadata?.deployment) {
        ctx.journal.deployment = op.metadata.deployment;
        ctx.outputs.set('deployment', op.metadata.deployment);
    }
}
const lastSegment = (name) => name.slice(name.lastIndexOf('/') + 1);
/** The service's reason, without a leading "build failed:" the message around it already says. */
function buildFailureReason(message) {
    return message.replace(/^\s*build failed\s*[:;,-]?\s*/i, '').trim() || 'no reason given';
}
async function waitForOperation(ctx, operation, o) {
    const started = ctx.clock.now();
    let lastBeat = started;
    record(ctx, operation);
    // A `no_build` name stands for "the latest operation": naming it would name an operation
    // other than the one that later succeeds or fails, so it is named once it is known.
    const named = operation.name.endsWith('/no_build') ? '' : `operation ${operation.name}, `;
    ctx.log.info(`waiting for the build (${named}up to ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(o.timeoutMs)})`);
    const op = await ctx.client
        .waitForOperation(operation.name, {
        timeoutMs: o.timeoutMs,
        signal: ctx.signal,
        onPoll: (seen, info) => {
            if (seen)
                record(ctx, seen);
            const now = ctx.clock.now();
            // A done operation gets its own line below, at once.
            if (seen?.done || now - lastBeat < HEARTBEAT_MS)
                return;
            lastBeat = now;
            const build = seen?.metadata?.build ? lastSegment(seen.metadata.build) : '';
            const state = !seen
                ? `build state unknown (poll failed: ${info.error?.status ?? info.error?.name ?? 'error'}), still waiting`
                : build && build !== 'no_build'
                    ? `build ${build} running`
                    : 'build queued';
            ctx.log.info(`${state}: ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(info.elapsedMs)} elapsed, ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(Math.max(0, o.timeoutMs - info.elapsedMs))} left`);
        },
    })
        .catch((err) => {
        throw err instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .TimeoutError */ .MU && err.waitedMs !== undefined ? timedOut(ctx, o.timeoutMs, err) : err;
    });
    record(ctx, op);
    ctx.journal.time('build', ctx.clock.now() - started);
    if (op.error) {
        const hint = o.failureHint ? `; ${o.failureHint}` : '; fix the app so it builds, then deploy again';
        throw new _step_error_js__WEBPACK_IMPORTED_MODULE_1__/* .StepError */ .zg(`the build failed (operation ${op.name}): ${buildFailureReason(op.error.message)}${hint}`);
    }
    ctx.log.info(`build done in ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(ctx.clock.now() - started)}${op.metadata?.deployment ? `: ${op.metadata.deployment}` : ''}`);
    return op;
}
/**
 * The wait's TimeoutError names the `no_build` path it polled, which stands for "the latest
 * operation" and means little to a person: name the operation as last seen instead.
 */
function timedOut(ctx, timeoutMs, err) {
    const name = ctx.journal.operation ?? err.operation?.name ?? 'of the upload';
    const buildId = ctx.journal.build ? lastSegment(ctx.journal.build) : undefined;
    const build = buildId && buildId !== 'no_build' ? ` (build ${buildId})` : '';
    const cause = err.cause instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD ? err.cause : null;
    const lastPoll = cause
        ? `; the last poll failed (${cause.status ? `status ${cause.status}` : (cause.code ?? cause.name)})`
        : '';
    return new _step_error_js__WEBPACK_IMPORTED_MODULE_1__/* .StepError */ .zg(`operation ${name}${build} not done after ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(err.waitedMs ?? timeoutMs)} (timeout ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(timeoutMs)})${lastPoll}; the build may still be running: raise the timeout, or follow the build in the portal`, 'timeout', { cause: err });
}


/***/ }),

/***/ 4388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   waitForEarlierOperation: () => (/* binding */ waitForEarlierOperation)
/* harmony export */ });
/* harmony import */ var _common_wait_for_operation_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7138);

async function waitForEarlierOperation(ctx, w) {
    if (ctx.inputs.dryRun) {
        // A dry run may make GET requests: show where the operation stands, without waiting.
        const op = await ctx.client.getOperation(w.operation, { signal: ctx.signal });
        const state = !op.done ? 'not done yet' : op.error ? 'done, and failed' : 'done';
        ctx.log.info(`operation ${op.name} is ${state}; would wait for it`);
        return;
    }
    const first = await ctx.client.getOperation(w.operation, { signal: ctx.signal });
    await (0,_common_wait_for_operation_js__WEBPACK_IMPORTED_MODULE_0__/* .waitForOperation */ .o)(ctx, first, {
        timeoutMs: w.timeoutMs,
        failureHint: 'fix the app so it builds, then deploy again',
    });
    ctx.journal.did('wait', 'the build finished');
}


/***/ })

};
