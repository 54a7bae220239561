export const id = 769;
export const ids = [769];
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

/***/ 54285:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FV: () => (/* binding */ escapeMarkdown),
/* harmony export */   iQ: () => (/* binding */ markdownLink),
/* harmony export */   kq: () => (/* binding */ escapeCell)
/* harmony export */ });
/**
 * Text from outside (file names, names, server messages, URLs) inside markdown that GitHub
 * renders (the job summary, the pull request comment): shown as itself, never as HTML, emphasis,
 * a link it did not ask for, or a mention. Every such value goes through `escapeMarkdown` (or
 * `escapeCell` in a table); docs/security.md says why.
 */
/**
 * After `@`, a zero-width joiner: GitHub's mention (`@user`, `@org/team`) needs a name character
 * right after the `@`, so nobody is pinged, and the text still reads the same.
 */
const MENTION_BREAK = '@\u200D';
/**
 * Markdown that shows as the text itself: no HTML, no emphasis, no links (`.` and `:` escaped,
 * so neither `www.` nor `http://` becomes a link of its own), no mentions, one line.
 */
function escapeMarkdown(text) {
    return text
        .replace(/\r?\n|\r/g, ' ')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/[\\`*_{}[\]()#+\-.!|~:]/g, '\\$&')
        .replace(/@/g, MENTION_BREAK);
}
/** One table cell: escaped as above, its lines kept apart by `<br>` (a newline would end the row). */
function escapeCell(text) {
    return text
        .split(/\r?\n|\r/)
        .map(escapeMarkdown)
        .join('<br>');
}
/** A link whose target cannot leave the parentheses or be anything but http(s). */
function markdownLink(text, href) {
    let url;
    try {
        url = new URL(href);
    }
    catch {
        return escapeMarkdown(text);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return escapeMarkdown(text);
    const safe = url.href.replace(/[()<>"'\\ ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
    return `[${escapeMarkdown(text)}](${safe})`;
}


/***/ }),

/***/ 71914:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q1: () => (/* binding */ renderPrComment),
/* harmony export */   Ql: () => (/* binding */ commentMarker)
/* harmony export */ });
/* unused harmony export parseMarker */
/* harmony import */ var _util_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(32693);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(54285);
/**
 * The sticky pull request comment, as text: a hidden marker that says which app and
 * environment it is about (so a later run finds and edits it), then what the last run did.
 * Pure. Everything that comes from outside (names, build ids, server messages, URLs) is escaped:
 * a display name or error cannot open HTML, close the marker, break the table or add a link.
 */


const MARKER = /^<!-- headless-deploy:preview app=(\S*) environment=(\S*) -->$/;
/**
 * `<!-- headless-deploy:preview app=shop environment=pr-12 -->`. The values are URL-encoded,
 * so neither a space nor a `>` can end the comment or the field early.
 */
function commentMarker(app, environment) {
    return `<!-- headless-deploy:preview app=${encodeURIComponent(app)} environment=${encodeURIComponent(environment)} -->`;
}
/** The app and environment of a comment's marker (its first line), or null when it has none. */
function parseMarker(body) {
    const m = MARKER.exec(body.split(/\r?\n/, 1)[0].trim());
    if (!m)
        return null;
    try {
        return { app: decodeURIComponent(m[1]), environment: decodeURIComponent(m[2]) };
    }
    catch {
        return null;
    }
}
const ICONS = {
    success: '✅',
    started: '🚀',
    failure: '❌',
    timeout: '⏱️',
    cancelled: '🚫',
    unhealthy: '🩺',
    'rolled-back': '⏪',
    planned: '📝',
    skipped: '⏭️',
};
const ENDED = {
    success: 'succeeded',
    started: 'started',
    failure: 'failed',
    timeout: 'timed out',
    cancelled: 'was cancelled',
    unhealthy: 'built, but the site is unhealthy',
    'rolled-back': 'failed, and a kept archive was uploaded again',
    planned: 'was planned (dry run)',
    skipped: 'was skipped',
};
function heading(f) {
    const name = `**${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(f.environment)}**`;
    if (f.kind === 'delete') {
        return f.status === 'success'
            ? `🗑️ Preview ${name} removed`
            : `${ICONS[f.status]} Preview ${name}: removal ${ENDED[f.status]}`;
    }
    if (f.status === 'success')
        return `✅ Preview ${name} deployed`;
    if (f.status === 'started')
        return `🚀 Preview ${name} uploaded; the build was not awaited`;
    return `${ICONS[f.status]} Preview ${name}: deploy ${ENDED[f.status]}`;
}
function renderPrComment(f) {
    const lines = [commentMarker(f.app, f.environment), `### ${heading(f)}`, ''];
    if (f.kind === 'delete' && f.status === 'success') {
        lines.push(f.deleted === false
            ? 'The preview environment was already gone; nothing was left to delete.'
            : 'The preview environment was deleted; its link no longer works.', '');
    }
    if (f.note)
        lines.push((0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(f.note), '');
    if (f.error)
        lines.push(`> ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(f.error.length > 500 ? `${f.error.slice(0, 497)}...` : f.error)}`, '');
    const rows = [];
    rows.push(['App', (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(f.app)]);
    rows.push([
        'Environment',
        (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(f.environment) + (f.environmentId ? ` \\(id ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(f.environmentId)}\\)` : ''),
    ]);
    if (f.url && f.kind === 'deploy')
        rows.push(['URL', (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .markdownLink */ .iQ)(f.url, f.url)]);
    if (f.commit) {
        const short = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(f.commit.sha.slice(0, 7));
        rows.push(['Commit', f.commit.url ? (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .markdownLink */ .iQ)(f.commit.sha.slice(0, 7), f.commit.url) : short]);
    }
    if (f.build)
        rows.push(['Build', (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(f.build)]);
    if (f.archiveBytes != null)
        rows.push(['Archive', (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)((0,_util_format_js__WEBPACK_IMPORTED_MODULE_1__/* .formatBytes */ .z3)(f.archiveBytes))]);
    if (f.durationMs != null)
        rows.push(['Duration', (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)((0,_util_format_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(f.durationMs))]);
    if (f.logUrl)
        rows.push(['Log', (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .markdownLink */ .iQ)('workflow run', f.logUrl)]);
    lines.push('| | |', '| --- | --- |', ...rows.map(([k, v]) => `| ${k} | ${v} |`), '');
    // The time is ours (an ISO string), but escaped anyway if it ever is not.
    const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(f.updatedAt) ? f.updatedAt : (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(f.updatedAt);
    lines.push(`<sub>Updated by headless-deploy at ${at}.</sub>`);
    return lines.join('\n');
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

/***/ 98639:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sweepPreviews: () => (/* binding */ sweepPreviews)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(53249);
// EXTERNAL MODULE: ./src/report/pr-comment.ts
var pr_comment = __webpack_require__(71914);
// EXTERNAL MODULE: ./src/steps/common/find-environment.ts
var find_environment = __webpack_require__(75162);
// EXTERNAL MODULE: ./src/steps/common/step-error.ts
var step_error = __webpack_require__(74164);
// EXTERNAL MODULE: ./src/steps/delete/delete-matching.ts
var delete_matching = __webpack_require__(68778);
;// CONCATENATED MODULE: ./src/steps/sweep/decide.ts
/**
 * What the sweep does with each preview, as a decision table. Pure.
 *
 * | the pull request                          | the preview |
 * | ----------------------------------------- | ----------- |
 * | open                                      | kept        |
 * | closed, not merged                        | deleted     |
 * | merged                                    | deleted     |
 * | missing (404, or 410 gone)                | deleted     |
 * | unreadable (401/403, 5xx after retries,   | kept, with  |
 * | a rate limit too long to wait, no answer) | the reason  |
 * | (no pull request number in the name)      | kept        |
 *
 * Only an answer that says the pull request is over deletes: whatever cannot be read keeps.
 * A 404 counts as "missing" only when GitHub showed the same token another pull request of the
 * repository in the same sweep (`trustMissing`): a token that cannot see the repository at all
 * gets 404 for every pull request, and that must not read as "every pull request is gone".
 */
function decide(state) {
    if (state === null)
        return { delete: false, why: 'no pull request number' };
    switch (state.kind) {
        case 'closed':
        case 'merged':
        case 'missing':
            return { delete: true };
        case 'open':
            return { delete: false, why: 'the pull request is open' };
        case 'unreadable':
            return { delete: false, why: `the pull request's state could not be read: ${state.reason}` };
    }
}
/** The states, with every `missing` made `unreadable` when no pull request was found at all. */
function trustMissing(states) {
    const seen = [...states.values()].some((s) => s.kind === 'open' || s.kind === 'closed' || s.kind === 'merged');
    const out = new Map(states);
    if (seen)
        return out;
    for (const [number, state] of states) {
        if (state.kind === 'missing') {
            out.set(number, {
                kind: 'unreadable',
                reason: 'GitHub answered 404 for every pull request asked, as it does when the token cannot see the repository ' +
                    '(check github-token and GITHUB_REPOSITORY)',
            });
        }
    }
    return out;
}
/** The state in the summary's words. */
function stateLabel(state) {
    if (state === null)
        return '';
    return state.kind === 'missing' ? 'not found' : state.kind;
}
/**
 * True when a sweep must stop before deleting anything: more to delete than `sweep-max`, the
 * sign of a pattern wider than meant (or of GitHub answering "not found" for everything).
 */
function overThreshold(toDelete, max) {
    return toDelete > max;
}

;// CONCATENATED MODULE: ./src/steps/sweep/pull-number.ts
/**
 * Which pull request a preview belongs to, read from its display name. Pure.
 *
 * A name carries a pull request number when `pr-` and digits stand in it as a word of their
 * own: at the start or after a character that is not a letter or digit, and followed by the end
 * or such a character. So `pr-12`, `pr-12-docs`, `shop-pr-12` and `PR-12` carry 12, while
 * `pr-12a`, `xpr-12`, `pr-` and `pr-1x2` carry none. Only ASCII digits count, a leading zero is
 * not a pull request GitHub would number (`pr-012` carries none), and a name with two such words
 * (`pr-1-pr-2`) is ambiguous and carries none: a preview is deleted only when its pull request
 * is known for sure. The number is the whole run of digits, so `pr-12` is never `pr-1` or `pr-123`.
 */
// Linear: no nested quantifier, and the digits run is bounded by the name's own length.
const WORD = /(?<![A-Za-z0-9])pr-([0-9]+)(?![A-Za-z0-9])/gi;
function pullNumberOf(displayName) {
    const found = [...displayName.matchAll(WORD)].map((m) => m[1]);
    if (found.length === 0)
        return { none: 'no pull request number (pr-{number}) in the name' };
    if (found.length > 1)
        return { none: `more than one pull request number in the name (${found.join(', ')})` };
    const digits = found[0];
    const number = Number(digits);
    if (digits.startsWith('0') || !Number.isSafeInteger(number)) {
        return { none: `"${digits}" is not a pull request number` };
    }
    return { number };
}

;// CONCATENATED MODULE: ./src/steps/sweep/github-retry.ts
const MAX_ATTEMPTS = 4;
/** Longest single wait for a rate limit: a nightly job can wait a couple of minutes, not an hour. */
const MAX_WAIT_MS = 120_000;
/** GitHub: without a retry-after, wait at least one minute after a secondary rate limit. */
const UNHINTED_RATE_LIMIT_MS = 60_000;
const BACKOFF_MS = [1_000, 2_000, 4_000];
/** `attempt`: how many requests for this pull request have been answered, this one included. */
function judge(answer, attempt, now) {
    if (answer.kind === 'found') {
        return { state: { kind: answer.state === 'open' ? 'open' : answer.merged ? 'merged' : 'closed' } };
    }
    if (answer.kind === 'unreachable')
        return backOff(attempt, `GitHub could not be reached: ${answer.message}`);
    const { status } = answer;
    if (status === 404 || status === 410)
        return { state: { kind: 'missing' } };
    const rateWait = rateLimitWait(answer, now);
    if (rateWait !== null) {
        const what = `GitHub's rate limit (${status})`;
        if (attempt >= MAX_ATTEMPTS)
            return unreadable(`${what}, still after ${attempt} attempts`);
        if (rateWait > MAX_WAIT_MS) {
            return unreadable(`${what} lifts in ${Math.ceil(rateWait / 1000)} s, longer than a sweep waits`);
        }
        return { waitMs: rateWait, why: what, rateLimited: true };
    }
    if (status === 401)
        return unreadable('GitHub refused github-token (401); check the token');
    if (status === 403) {
        return unreadable('no permission (403); give the workflow "permissions: pull-requests: read"');
    }
    if (status >= 500)
        return backOff(attempt, `GitHub answered ${status}`);
    return unreadable(`GitHub answered ${status}${answer.message ? `: ${answer.message}` : ''}`);
}
/** How long a rate-limit answer says to wait, or null when the answer is not a rate limit. */
function rateLimitWait(answer, now) {
    if (answer.status !== 403 && answer.status !== 429)
        return null;
    const retryAfter = parseRetryAfter(answer.headers['retry-after'], now);
    if (retryAfter !== null)
        return retryAfter;
    const reset = answer.headers['x-ratelimit-reset'];
    if (answer.headers['x-ratelimit-remaining'] === '0' && reset && /^\d+$/.test(reset)) {
        // One second past the reset: GitHub's clock and ours differ by that much.
        return Math.max(0, Number(reset) * 1000 - now) + 1000;
    }
    if (answer.status === 429 || /rate limit/i.test(answer.message))
        return UNHINTED_RATE_LIMIT_MS;
    return null;
}
/** `Retry-After` as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
function parseRetryAfter(value, now) {
    if (value === undefined)
        return null;
    // An empty or blank value is neither digits nor a date: null below.
    const v = value.trim();
    if (/^\d+$/.test(v))
        return Number(v) * 1000;
    const at = Date.parse(v);
    return Number.isNaN(at) ? null : Math.max(0, at - now);
}
function backOff(attempt, why) {
    if (attempt >= MAX_ATTEMPTS)
        return unreadable(`${why}, still after ${attempt} attempts`);
    return { waitMs: BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)], why, rateLimited: false };
}
function unreadable(reason) {
    return { state: { kind: 'unreadable', reason } };
}

;// CONCATENATED MODULE: ./src/steps/sweep/read-states.ts

/**
 * Requests in flight at once. GitHub counts concurrent requests towards its secondary rate
 * limits; a handful of GETs keeps a sweep of a hundred previews to seconds without meeting them.
 */
const CONCURRENCY = 4;
/** The state of each pull request, by number (each number asked once). */
async function readPullStates(numbers, o) {
    const queue = [...new Set(numbers)];
    const states = new Map();
    let next = 0;
    let pausedUntil = 0;
    async function reader() {
        while (next < queue.length) {
            const number = queue[next++];
            for (let attempt = 1;; attempt++) {
                const paused = pausedUntil - o.clock.now();
                if (paused > 0)
                    await o.clock.sleep(paused, o.signal);
                const judged = judge(await o.read(number, o.signal), attempt, o.clock.now());
                if ('state' in judged) {
                    states.set(number, judged.state);
                    break;
                }
                o.onWait?.(`pull request #${number}: ${judged.why}; asking again in ${Math.ceil(judged.waitMs / 1000)} s`);
                if (judged.rateLimited)
                    pausedUntil = Math.max(pausedUntil, o.clock.now() + judged.waitMs);
                else
                    await o.clock.sleep(judged.waitMs, o.signal);
            }
        }
    }
    const readers = Math.max(1, Math.min(o.concurrency ?? CONCURRENCY, queue.length));
    await Promise.all(Array.from({ length: readers }, reader));
    return states;
}

// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
;// CONCATENATED MODULE: ./src/steps/sweep/sweep-table.ts
/**
 * The sweep's part of the job summary: one row per environment that matched `delete-pattern`,
 * with its pull request (a link), the pull request's state and what the sweep did. Pure. Every
 * value from the service or GitHub (display names, reasons quoting GitHub's messages) goes
 * through escapeMarkdown, so a display name cannot add a link, HTML or a column.
 */


function renderSweepTable(f) {
    const title = `### Previews of app ${(0,markdown/* escapeMarkdown */.FV)(f.app)} matching ${(0,markdown/* escapeMarkdown */.FV)(f.pattern)}`;
    if (f.rows.length === 0)
        return `${title}\n\nNo environment of the app matches; nothing to sweep.`;
    const lines = [title, '', '| Environment | Pull request | State | Done |', '| --- | --- | --- | --- |'];
    for (const r of f.rows) {
        const pull = r.number === null ? '' : (0,markdown/* markdownLink */.iQ)(`#${r.number}`, f.pullRequestUrl(r.number));
        const cells = [(0,markdown/* escapeMarkdown */.FV)(r.displayName), pull, (0,markdown/* escapeMarkdown */.FV)(stateLabel(r.state)), (0,markdown/* escapeMarkdown */.FV)(r.done)];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    return lines.join('\n');
}

;// CONCATENATED MODULE: ./src/steps/sweep/run.ts
/**
 * The sweep: list every environment of the app (all pages), keep those whose display name
 * matches `delete-pattern` and carries a pull request number, ask GitHub for each pull
 * request's state, and delete the previews of closed, merged and missing ones, one at a time,
 * through the delete step's own guarded delete (delete/delete-matching.ts).
 *
 * Nothing is deleted before every state has been read and the count checked against
 * `sweep-max`. Each deletion is journalled and `environments-deleted` set as it happens, so a
 * failure part-way says what went and what stayed, and the next sweep finishes the job (the
 * previews already deleted are no longer listed; one deleted meanwhile counts as deleted).
 */









const ADVICE = 'check delete-pattern';
async function sweepPreviews(ctx, s) {
    const github = ctx.github;
    if (!github)
        throw new step_error/* StepError */.zg('the sweep needs the GitHub API, and github-token is empty; set it');
    const previews = [];
    try {
        previews.push(...(await listMatching(ctx, s)));
        await readStates(ctx, github, previews);
        await deleteOver(ctx, s, github, previews);
    }
    finally {
        ctx.journal.sections.push(renderSweepTable({
            app: s.app,
            pattern: s.pattern.source,
            rows: previews.map(toRow),
            pullRequestUrl: (n) => github.pullRequestUrl(n),
        }));
    }
}
async function listMatching(ctx, s) {
    ctx.journal.doing = `listing the environments of app "${s.app}"`;
    const all = [];
    try {
        for await (const env of ctx.client.iterateEnvironments(s, { pageSize: 100 }, { signal: ctx.signal }))
            all.push(env);
    }
    catch (err) {
        if (err instanceof errors/* NotFound */.Mk) {
            throw new step_error/* StepError */.zg(`app "${s.app}" was not found in account "${s.account}", so there is nothing to sweep; check the app and account inputs`);
        }
        throw err;
    }
    // A record without a display name cannot match a pattern, and is never deleted.
    const matching = all.filter((env) => typeof env.displayName === 'string' && s.pattern.matches(env.displayName));
    ctx.journal.detail('sweep', 'environments', `${matching.length} of ${all.length} match "${s.pattern.source}"`);
    return matching.map((env) => {
        const pull = pullNumberOf(env.displayName);
        return 'number' in pull
            ? { env, id: (0,find_environment/* environmentId */.X)(env), number: pull.number, state: null, toDelete: false, done: null }
            : { env, id: (0,find_environment/* environmentId */.X)(env), number: null, state: null, toDelete: false, done: `kept: ${pull.none}` };
    });
}
async function readStates(ctx, github, previews) {
    const numbers = previews.flatMap((p) => (p.number === null ? [] : [p.number]));
    if (numbers.length === 0)
        return;
    ctx.journal.doing = `reading the state of ${new Set(numbers).size} pull request(s) from GitHub`;
    const read = await readPullStates(numbers, {
        read: (n, signal) => github.pullRequestState(n, signal),
        clock: ctx.clock,
        signal: ctx.signal,
        onWait: (m) => ctx.log.info(m),
    });
    const states = trustMissing(read);
    for (const p of previews) {
        if (p.number === null)
            continue;
        p.state = states.get(p.number) ?? null;
        const verdict = decide(p.state);
        p.toDelete = verdict.delete;
        if (!verdict.delete)
            p.done = `kept: ${verdict.why}`;
    }
}
async function deleteOver(ctx, s, github, previews) {
    const doomed = previews.filter((p) => p.toDelete);
    const names = doomed.map((p) => p.env.displayName);
    for (const p of previews) {
        const pull = p.number === null ? '' : ` (pull request #${p.number})`;
        ctx.log.info(`${p.env.displayName}${pull}: ${p.done ?? 'to delete'}`);
    }
    ctx.journal.detail('sweep', 'to delete', names.length === 0 ? 'none' : names.join(', '));
    if (overThreshold(doomed.length, s.max)) {
        for (const p of doomed)
            p.done = `not deleted: more than sweep-max (${s.max}) to delete`;
        ctx.outputs.set('environments-deleted', '');
        throw new step_error/* StepError */.zg(`the sweep would delete ${doomed.length} environments, more than sweep-max (${s.max}): ${names.join(', ')}; ` +
            `nothing was deleted. If the pattern is too wide, narrow delete-pattern ("${s.pattern.source}"); if they ` +
            'should all go, raise sweep-max for one run');
    }
    const deletions = doomed.map((p) => ({ p, d: deletionOf(s, p.env) }));
    // Every guard before the first DELETE: a sweep refused part-way would be a sweep half done.
    for (const { d } of deletions)
        (0,delete_matching/* guardDeletion */.Ep)(d);
    if (ctx.inputs.dryRun) {
        for (const p of doomed)
            p.done = 'would be deleted (dry run)';
        ctx.outputs.set('environments-deleted', '');
        ctx.log.info(`dry run: would delete ${names.length === 0 ? 'nothing' : names.join(', ')}`);
        return;
    }
    const deleted = [];
    ctx.outputs.set('environments-deleted', '');
    let marked = 0;
    for (const [i, { p, d }] of deletions.entries()) {
        let result;
        try {
            result = await (0,delete_matching/* deleteMatching */.hi)(ctx, d);
        }
        catch (err) {
            const e = (0,step_error/* toStepError */.uQ)(err, ctx.journal.doing ?? `deleting environment "${p.env.displayName}"`, ctx.signal);
            p.done = `delete failed: ${ctx.redact(e.message)}`;
            const left = deletions.slice(i + 1).map((x) => x.p);
            const notDeleted = [p, ...left].map((x) => x.env.displayName);
            throw new step_error/* StepError */.zg(`${e.message}; deleted: ${deleted.length === 0 ? 'none' : deleted.join(', ')}; not deleted: ` +
                `${notDeleted.join(', ')}; run the sweep again to finish (what is gone is no longer listed)`, e.outcome, { cause: err });
        }
        const name = p.env.displayName;
        p.done = result === 'deleted' ? 'deleted' : 'deleted (already gone)';
        deleted.push(name);
        ctx.outputs.set('environments-deleted', deleted.join(','));
        ctx.journal.did(`environment "${name}" deleted`);
        ctx.log.info(`environment "${name}" (id ${p.id}) of app "${s.app}" ${p.done}`);
        if (s.githubDeployment)
            marked += await (0,delete_matching/* deactivateGithubDeployments */.ak)(ctx, [name]);
        if (s.prComment)
            await tellPullRequest(ctx, s, github, p, result);
    }
    ctx.journal.detail('sweep', 'deleted', deleted.length === 0 ? 'none' : deleted.join(', '));
    if (marked > 0)
        ctx.journal.detail('sweep', 'GitHub Deployments marked inactive', String(marked));
}
function deletionOf(s, env) {
    return { account: s.account, app: s.app, env, pattern: s.pattern, advice: ADVICE };
}
/** The swept pull request's sticky comment (when it exists on GitHub) says its preview was removed. */
async function tellPullRequest(ctx, s, github, p, result) {
    if (p.number === null || (p.state?.kind !== 'closed' && p.state?.kind !== 'merged'))
        return;
    ctx.journal.doing = `writing the comment on pull request #${p.number}`;
    const marker = (0,pr_comment/* commentMarker */.Ql)(s.app, p.env.displayName);
    const body = (0,pr_comment/* renderPrComment */.Q1)({
        kind: 'delete',
        status: 'success',
        app: s.app,
        environment: p.env.displayName,
        environmentId: p.id,
        deleted: result === 'deleted',
        logUrl: github.logUrl ?? null,
        note: `Removed by a sweep of previews: the pull request is ${p.state.kind}.`,
        updatedAt: new Date(ctx.clock.now()).toISOString(),
    });
    const written = await github.upsertComment(p.number, (text) => text.split(/\r?\n/, 1)[0].trim() === marker, ctx.redact(body));
    if (written)
        ctx.log.info(`pr-comment: ${written.action} the comment on pull request #${p.number}`);
}
/** A row for the summary; a preview the sweep did not come to (it failed first) says so. */
function toRow(p) {
    const done = p.done ?? (p.toDelete ? 'not deleted: the sweep stopped before it' : 'kept: the sweep stopped first');
    return { displayName: p.env.displayName, id: p.id, number: p.number, state: p.state, done };
}


/***/ })

};
