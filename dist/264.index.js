export const id = 264;
export const ids = [264];
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

/***/ 37568:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  R8: () => (/* binding */ describePollFailure),
  o5: () => (/* binding */ waitForOperation)
});

// UNUSED EXPORTS: formatDuration

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(53249);
;// CONCATENATED MODULE: ./src/api/poll-schedule.ts
/**
 * When to poll a long-running operation: a pure schedule of poll times, measured from the
 * start of the wait, without jitter (each client polls its own operation, so there is no herd
 * to spread out, and a fixed schedule makes the notice delay predictable).
 *
 *   interval(t) = initial                                    for t < fastUntil
 *               = initial → cap, rising linearly with t      for fastUntil ≤ t < capFrom
 *               = cap                                        for t ≥ capFrom
 *
 * Why this shape, with the defaults (1 s, until 20 s, 3 s cap from 90 s):
 * - The delay between an operation finishing and our noticing it is at most the interval in
 *   force when it finishes. 20 polls a minute at the cap needs a cap of at least 3 s, so a
 *   worst notice delay under 2.5 s cannot hold for every build length; it holds where it
 *   matters most, for builds of the first minute, because the interval only reaches 2.5 s at
 *   about t = 72 s (it is 2.14 s at 60 s). After 90 s it is 3 s: 20 polls a minute, for as long
 *   as the wait lasts, so a 30-minute wait costs 630 requests instead of 1800 at 1 s (48 of
 *   them in the first minute).
 * - Most quick builds finish in the first 20 s, where a 1 s interval notices them within a
 *   second (median ≈ half the interval).
 * The bench (`npm run bench -- poll`) measures exactly this.
 */
const DEFAULT_POLL_SCHEDULE = Object.freeze({
    initialMs: 1_000,
    fastUntilMs: 20_000,
    capMs: 3_000,
    capFromMs: 90_000,
});
/** The interval between a poll at `elapsedMs` (since the wait began) and the next one. */
function pollInterval(elapsedMs, s = DEFAULT_POLL_SCHEDULE) {
    if (elapsedMs < s.fastUntilMs)
        return s.initialMs;
    if (elapsedMs >= s.capFromMs || s.capFromMs <= s.fastUntilMs)
        return s.capMs;
    const share = (elapsedMs - s.fastUntilMs) / (s.capFromMs - s.fastUntilMs);
    return Math.round(s.initialMs + (s.capMs - s.initialMs) * share);
}
/**
 * The offset (from the start of the wait) of the poll after one scheduled at `scheduledMs`,
 * never past the deadline offset `timeoutMs`: the last poll lands exactly on the deadline.
 * `minGapMs` after the previous poll returned (`returnedMs`) keeps a slow service from being
 * polled back to back.
 */
function nextPollAt(scheduledMs, returnedMs, timeoutMs, s = DEFAULT_POLL_SCHEDULE, minGapMs = 250) {
    const planned = Math.max(scheduledMs + pollInterval(scheduledMs, s), returnedMs + minGapMs);
    return Math.min(planned, timeoutMs);
}
/** Resolves a partial schedule, checking it is usable. */
function resolvePollSchedule(partial = {}) {
    const s = { ...DEFAULT_POLL_SCHEDULE, ...partial };
    if (!(s.initialMs > 0 && s.capMs >= s.initialMs)) {
        throw new Error(`poll schedule: need 0 < initialMs <= capMs, got ${s.initialMs} and ${s.capMs}`);
    }
    return s;
}

// EXTERNAL MODULE: ./src/util/format.ts
var format = __webpack_require__(32693);
;// CONCATENATED MODULE: ./src/api/wait-for-operation.ts



const TRANSIENT = [errors/* TooManyRequests */.cv, errors/* ServiceUnavailable */.Iq, errors/* InternalServerError */.PO, errors/* UpstreamInvalid */.pB, errors/* NetworkError */.Dr];
/** A certificate, a handshake or a proxy's refusal of our credentials will be the same at the next poll. */
const PERMANENT = ['certificate', 'tls', 'proxy-auth'];
function isTransient(err) {
    if (err instanceof errors/* TimeoutError */.MU || err instanceof errors/* UnexpectedAnswer */.M7)
        return true;
    if (err instanceof errors/* NetworkError */.Dr && PERMANENT.includes(err.failure))
        return false;
    return TRANSIENT.some((Cls) => err instanceof Cls);
}

/** How a failed poll is named in messages: its status, its network code, or what the answer lacked. */
function describePollFailure(err) {
    if (err instanceof errors/* UnexpectedAnswer */.M7)
        return 'answered without an operation';
    return err.status ? `status ${err.status}` : (err.code ?? err.name);
}
async function waitForOperation(deps, name, options) {
    const { clock } = deps;
    const schedule = resolvePollSchedule(options.schedule);
    const timeoutMs = Math.max(0, options.timeoutMs);
    const start = clock.now();
    const deadline = start + timeoutMs;
    const path = `/v1/${name}`;
    let last;
    let lastError;
    let scheduled = 0;
    for (let poll = 1;; poll++) {
        try {
            const op = await deps.getOperation(name, { signal: options.signal, deadline });
            // An answer without an operation says nothing of the build: the wait goes on, as after a
            // poll that failed for a while.
            if (!op)
                throw new errors/* UnexpectedAnswer */.M7({ method: 'GET', path, detail: 'the answer holds no operation' });
            last = op;
            lastError = undefined;
            options.onPoll?.(op, { poll, elapsedMs: clock.now() - start });
            if (op.done)
                return op;
        }
        catch (err) {
            if (!isTransient(err))
                throw err;
            lastError = err;
            options.onPoll?.(undefined, { poll, elapsedMs: clock.now() - start, error: err });
        }
        const elapsed = clock.now() - start;
        if (elapsed >= timeoutMs) {
            const why = lastError && describePollFailure(lastError);
            const failed = why ? `; the last poll failed (${why})` : '';
            throw new errors/* TimeoutError */.MU({
                method: 'GET',
                path,
                operation: last,
                waitedMs: elapsed,
                detail: `operation not done after ${(0,format/* formatDuration */.a3)(elapsed)} (${poll} polls)${failed}`,
                advice: 'the build may still be running; raise the timeout, or check the environment in the portal',
                cause: lastError,
            });
        }
        const at = nextPollAt(scheduled, elapsed, timeoutMs, schedule);
        try {
            await clock.sleep(Math.max(0, at - elapsed), options.signal);
        }
        catch (err) {
            const cause = err instanceof Error ? new Error(err.message) : undefined;
            throw new errors/* CancelledError */.cc({ method: 'GET', path, attempts: poll, cause });
        }
        scheduled = at;
    }
}


/***/ }),

/***/ 66891:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ setServerName)
/* harmony export */ });
/* unused harmony export isServerName */
const SEGMENT = '[A-Za-z0-9._~-]+';
const GRAMMAR = {
    operations: new RegExp(`^accounts/${SEGMENT}/apps/${SEGMENT}/environments/${SEGMENT}/operations/${SEGMENT}$`),
    builds: new RegExp(`^accounts/${SEGMENT}/apps/${SEGMENT}/environments/${SEGMENT}/builds/${SEGMENT}$`),
    deployments: new RegExp(`^accounts/${SEGMENT}/apps/${SEGMENT}/environments/${SEGMENT}/deployments/${SEGMENT}$`),
};
/** True when `value` is a name of that kind in the spec's form. */
function isServerName(kind, value) {
    return GRAMMAR[kind].test(value);
}
const KIND_OF = {
    operation: 'operations',
    build: 'builds',
    deployment: 'deployments',
};
/** Outputs already warned about in a run, so that a wait's polls warn once, not at every poll. */
const warned = new WeakMap();
/**
 * Sets the output to the server's name when it is of the spec's form; otherwise leaves the
 * output as it was and warns, once per output and run, without echoing the name.
 */
function setServerName(ctx, output, value) {
    if (isServerName(KIND_OF[output], value)) {
        ctx.outputs.set(output, value);
        return true;
    }
    const seen = warned.get(ctx.outputs) ?? new Set();
    warned.set(ctx.outputs, seen);
    if (!seen.has(output)) {
        seen.add(output);
        ctx.log.warning(`output "${output}" left empty: the service named the ${output} in a form other than accounts/{account}/apps/{app}/environments/{id}/${KIND_OF[output]}/{name} (letters, digits and ._~- only), so it is not passed on to the workflow`);
    }
    return false;
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

/***/ 27138:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o5: () => (/* binding */ waitForOperation)
/* harmony export */ });
/* unused harmony exports recordOperation, buildFailureReason */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/* harmony import */ var _api_wait_for_operation_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(37568);
/* harmony import */ var _util_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(32693);
/* harmony import */ var _step_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(74164);
/* harmony import */ var _server_names_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(66891);
/**
 * Waits for an operation (the deploy's upload, or one named by the `operation` input), with a
 * heartbeat at most every 10 s: state, build, elapsed and remaining time. Outputs `operation`,
 * `build` and `deployment` follow the operation as seen, when the server's names are of the
 * spec's form (server-names.ts).
 */





const HEARTBEAT_MS = 10_000;
/** Records what the operation shows as it is seen: the journal keeps it, the outputs when its form is safe. */
function recordOperation(ctx, op) {
    // The name answered at upload is `.../no_build`; once the build starts, polling reveals the real one.
    if (!op.name.endsWith('/no_build')) {
        ctx.journal.operation = op.name;
        (0,_server_names_js__WEBPACK_IMPORTED_MODULE_3__/* .setServerName */ .s)(ctx, 'operation', op.name);
    }
    const { build, deployment } = op.metadata;
    // Likewise `.../builds/no_build` names no build: the output waits for the real one.
    if (build && !build.endsWith('/no_build')) {
        ctx.journal.build = build;
        (0,_server_names_js__WEBPACK_IMPORTED_MODULE_3__/* .setServerName */ .s)(ctx, 'build', build);
    }
    if (deployment) {
        ctx.journal.deployment = deployment;
        (0,_server_names_js__WEBPACK_IMPORTED_MODULE_3__/* .setServerName */ .s)(ctx, 'deployment', deployment);
    }
}
const lastSegment = (name) => name.slice(name.lastIndexOf('/') + 1);
/**
 * The platform's reason, as it wrote it, in quotes: reworded or cut, it would no longer match
 * what the user finds in the platform's own build log.
 */
function buildFailureReason(message) {
    return message === undefined || message.trim() === '' ? 'the platform gave no reason' : `"${message}"`;
}
async function waitForOperation(ctx, target, o) {
    const started = ctx.clock.now();
    let lastBeat = started;
    if (target.first)
        recordOperation(ctx, target.first);
    // A `no_build` name stands for "the latest operation": naming it would name an operation
    // other than the one that later succeeds or fails, so it is named once it is known.
    const named = target.name.endsWith('/no_build') ? '' : `operation ${target.name}, `;
    ctx.log.info(`waiting for the build (${named}up to ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(o.timeoutMs)})`);
    ctx.log.progress?.({ activity: 'building', state: 'build queued', elapsedMs: 0, timeoutMs: o.timeoutMs });
    const op = await ctx.client
        .waitForOperation(target.name, {
        timeoutMs: o.timeoutMs,
        signal: ctx.signal,
        onPoll: (seen, info) => {
            if (seen)
                recordOperation(ctx, seen);
            const now = ctx.clock.now();
            // A done operation gets its own line below, at once.
            if (seen?.done)
                return;
            const build = seen?.metadata.build ? lastSegment(seen.metadata.build) : '';
            const state = !seen
                ? `build state unknown (${info.error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnexpectedAnswer */ .M7 ? 'poll answered without an operation' : `poll failed: ${info.error?.status ?? info.error?.name ?? 'error'}`}), still waiting`
                : build && build !== 'no_build'
                    ? `build ${build} running`
                    : 'build queued';
            ctx.log.progress?.({ activity: 'building', state, elapsedMs: info.elapsedMs, timeoutMs: o.timeoutMs });
            if (now - lastBeat < HEARTBEAT_MS)
                return;
            lastBeat = now;
            ctx.log.info(`${state}: ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(info.elapsedMs)} elapsed, ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(Math.max(0, o.timeoutMs - info.elapsedMs))} left`);
        },
    })
        .catch((err) => {
        // A later step can still wait for the build by the name polled, when no better one was seen.
        if (ctx.outputs.values().operation === undefined)
            (0,_server_names_js__WEBPACK_IMPORTED_MODULE_3__/* .setServerName */ .s)(ctx, 'operation', target.name);
        throw err instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .TimeoutError */ .MU && err.waitedMs !== undefined ? timedOut(ctx, o.timeoutMs, err) : err;
    });
    recordOperation(ctx, op);
    ctx.journal.time('build', ctx.clock.now() - started);
    if (op.error) {
        const hint = o.failureHint ? `; ${o.failureHint}` : '; fix the app so it builds, then deploy again';
        throw new _step_error_js__WEBPACK_IMPORTED_MODULE_2__/* .StepError */ .zg(`the build failed (operation ${op.name}): ${buildFailureReason(op.error.message)}${hint}`);
    }
    ctx.log.info(`build done in ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(ctx.clock.now() - started)}${op.metadata.deployment ? `: ${op.metadata.deployment}` : ''}`);
    return op;
}
/**
 * The wait's TimeoutError names the `no_build` path it polled, which stands for "the latest
 * operation" and means little to a person: name the operation as last seen instead.
 */
function timedOut(ctx, timeoutMs, err) {
    const name = ctx.journal.operation ?? err.operation?.name ?? 'of the upload';
    const buildId = ctx.journal.build ? lastSegment(ctx.journal.build) : undefined;
    // The journal never holds a no_build name (recordOperation), so any id here is a real build's.
    const build = buildId ? ` (build ${buildId})` : '';
    const cause = err.cause instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD ? err.cause : null;
    const lastPoll = cause ? `; the last poll failed (${(0,_api_wait_for_operation_js__WEBPACK_IMPORTED_MODULE_1__/* .describePollFailure */ .R8)(cause)})` : '';
    return new _step_error_js__WEBPACK_IMPORTED_MODULE_2__/* .StepError */ .zg(`operation ${name}${build} not done after ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(err.waitedMs ?? timeoutMs)} (timeout ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(timeoutMs)})${lastPoll}; the build may still be running: raise the timeout, or follow the build in the portal`, 'timeout', { cause: err });
}


/***/ }),

/***/ 54388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   waitForEarlierOperation: () => (/* binding */ waitForEarlierOperation)
/* harmony export */ });
/* harmony import */ var _common_wait_for_operation_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(27138);

async function waitForEarlierOperation(ctx, w) {
    if (ctx.inputs.dryRun) {
        // A dry run may make GET requests: show where the operation stands, without waiting.
        const op = await ctx.client.getOperation(w.operation, { signal: ctx.signal });
        const state = !op
            ? 'of unknown state (the answer held no operation)'
            : !op.done
                ? 'not done yet'
                : op.error
                    ? 'done, and failed'
                    : 'done';
        ctx.log.info(`operation ${w.operation} is ${state}; would wait for it`);
        return;
    }
    // The wait polls from its first look: an operation already done (failed, or built) ends it at once.
    await (0,_common_wait_for_operation_js__WEBPACK_IMPORTED_MODULE_0__/* .waitForOperation */ .o5)(ctx, { name: w.operation }, 
    // The advice for a failed build is waitForOperation's own: fix the app, then deploy again.
    { timeoutMs: w.timeoutMs });
    ctx.journal.did('the build finished');
}


/***/ })

};
