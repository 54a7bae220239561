export const id = 542;
export const ids = [542];
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

/***/ 60089:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ environmentId),
/* harmony export */   j: () => (/* binding */ findEnvironment)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/**
 * Finds an environment by id or by display name. A person knows an environment by its display
 * name; every route but the list takes its id, so one input (and one client call) serves both:
 * a value shaped like an id is tried first (one GET), then the list is walked for a display name
 * (or an id) that matches.
 */

/** The id is the last segment of the environment's resource name. */
function environmentId(env) {
    return env.name.slice(env.name.lastIndexOf('/') + 1);
}
/** The environment whose id or display name is `wanted`, or null when the app has none such. */
async function findEnvironment(client, ref, wanted, signal) {
    if (/^[A-Za-z0-9_-]+$/.test(wanted)) {
        try {
            return await client.getEnvironment({ ...ref, environment: wanted }, { signal });
        }
        catch (err) {
            // Not an id after all: a display name that looks like one, or no such environment.
            if (!(err instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .NotFound */ .Mk) && !(err instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadRequest */ .B))
                throw err;
        }
    }
    for await (const env of client.iterateEnvironments(ref, { pageSize: 100 }, { signal })) {
        if (env.displayName === wanted || environmentId(env) === wanted)
            return env;
    }
    return null;
}


/***/ }),

/***/ 75162:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* reexport safe */ _api_find_environment_js__WEBPACK_IMPORTED_MODULE_0__.X),
/* harmony export */   j: () => (/* reexport safe */ _api_find_environment_js__WEBPACK_IMPORTED_MODULE_0__.j)
/* harmony export */ });
/* harmony import */ var _api_find_environment_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(60089);
/** The steps find an environment as the client does (by id or display name): one rule for both. */



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

/***/ 68778:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ep: () => (/* binding */ guardDeletion),
/* harmony export */   ak: () => (/* binding */ deactivateGithubDeployments),
/* harmony export */   hi: () => (/* binding */ deleteMatching)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/* harmony import */ var _common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(75162);
/* harmony import */ var _common_step_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(74164);
/**
 * Deleting one environment a lookup found, the one way every delete goes (the delete step and
 * the sweep): only when its display name matches `delete-pattern`, never in a dry run, a 404
 * counted as already gone; then its GitHub Deployments marked inactive.
 */



/** Throws unless the display name matches the pattern: the guard in front of every DELETE. */
function guardDeletion(d) {
    if (d.pattern.matches(d.env.displayName))
        return;
    throw new _common_step_error_js__WEBPACK_IMPORTED_MODULE_2__/* .StepError */ .zg(`refusing to delete environment "${d.env.displayName}" (id ${(0,_common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .environmentId */ .X)(d.env)}) of app "${d.app}": its ` +
        `display name does not match delete-pattern "${d.pattern.source}"; nothing was deleted (${d.advice})`);
}
/**
 * The guard, then the DELETE. `deleted`: this run's request removed it (a 404 on a repeat means
 * our own earlier attempt went through); `gone`: someone else's did, before ours arrived.
 */
async function deleteMatching(ctx, d) {
    guardDeletion(d);
    const id = (0,_common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .environmentId */ .X)(d.env);
    if (ctx.inputs.dryRun)
        throw new Error(`a dry run reached the DELETE of environment "${d.env.displayName}"`);
    ctx.journal.doing = `deleting environment "${d.env.displayName}" (id ${id})`;
    try {
        await ctx.client.deleteEnvironment({ account: d.account, app: d.app, environment: id }, { signal: ctx.signal });
        return 'deleted';
    }
    catch (err) {
        if (!(err instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .NotFound */ .Mk))
            throw err;
        return err.attempts > 1 ? 'deleted' : 'gone';
    }
}
/**
 * Marks the GitHub Deployments recorded under each name inactive, so a pull request stops
 * offering a link to a preview that is gone. How many were marked; never throws.
 */
async function deactivateGithubDeployments(ctx, names) {
    if (!ctx.github || ctx.inputs.dryRun)
        return 0;
    ctx.journal.doing = 'marking the GitHub Deployments inactive';
    let count = 0;
    for (const name of new Set(names))
        count += await ctx.github.deactivateDeployments(name);
    return count;
}


/***/ }),

/***/ 41094:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deleteEnvironment: () => (/* binding */ deleteEnvironment)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/* harmony import */ var _common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(75162);
/* harmony import */ var _delete_matching_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(68778);
/**
 * The delete step: look the environment up, check its display name against `delete-pattern`,
 * delete it, then mark its GitHub Deployments inactive (delete-matching.ts, which the sweep
 * deletes through too). Nothing is deleted unless the lookup found the environment and its
 * display name matches; a dry run stops before the DELETE.
 */



async function lookUp(ctx, d) {
    try {
        const env = await (0,_common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .findEnvironment */ .j)(ctx.client, { account: d.account, app: d.app }, d.environment, ctx.signal);
        return env ? { env } : { gone: `environment "${d.environment}" of app "${d.app}" is already gone (not found)` };
    }
    catch (err) {
        // The list of a missing app is a 404: no app, so no environment either.
        if (err instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .NotFound */ .Mk)
            return { gone: `app "${d.app}" was not found, so environment "${d.environment}" is already gone` };
        throw err;
    }
}
async function deleteEnvironment(ctx, d) {
    ctx.journal.doing = `looking up environment "${d.environment}"`;
    const found = await lookUp(ctx, d);
    if ('gone' in found) {
        ctx.log.notice(`${found.gone}; nothing to delete`);
        ctx.outputs.set('environment-deleted', false);
        ctx.journal.detail('delete', 'environment', 'already gone');
        await deactivate(ctx, d, [d.environment]);
        return;
    }
    const { env } = found;
    const id = (0,_common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .environmentId */ .X)(env);
    const deletion = { ...d, env, advice: 'check the environment input, or widen delete-pattern' };
    (0,_delete_matching_js__WEBPACK_IMPORTED_MODULE_2__/* .guardDeletion */ .Ep)(deletion);
    ctx.journal.detail('delete', 'environment', `${env.displayName} (id ${id})`);
    if (ctx.inputs.dryRun) {
        ctx.log.info(`would delete environment "${env.displayName}" (id ${id}) of app "${d.app}"`);
        return;
    }
    const deleted = (await (0,_delete_matching_js__WEBPACK_IMPORTED_MODULE_2__/* .deleteMatching */ .hi)(ctx, deletion)) === 'deleted';
    ctx.outputs.set('environment-deleted', deleted);
    if (deleted) {
        ctx.log.info(`environment "${env.displayName}" (id ${id}) of app "${d.app}" deleted`);
        ctx.journal.did(`environment "${env.displayName}" deleted`);
    }
    else {
        ctx.log.notice(`environment "${env.displayName}" (id ${id}) was deleted by someone else meanwhile; nothing to delete`);
    }
    await deactivate(ctx, d, [d.environment, env.displayName]);
}
/** The GitHub Deployments recorded under the input's name (and the display name, when it differs). */
async function deactivate(ctx, d, names) {
    if (!d.githubDeployment)
        return;
    const count = await (0,_delete_matching_js__WEBPACK_IMPORTED_MODULE_2__/* .deactivateGithubDeployments */ .ak)(ctx, names);
    if (count > 0)
        ctx.journal.detail('delete', 'GitHub Deployments marked inactive', String(count));
}


/***/ })

};
