export const id = 774;
export const ids = [774];
export const modules = {

/***/ 25647:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ ProgressMeter)
/* harmony export */ });
/** At most one report per this long, besides one per tenth of the work. */
const REPORT_EVERY_MS = 5000;
/**
 * Turns a stream of "n more bytes done" into occasional progress reports. A total not known yet
 * is Infinity: reports then come by time only, until `setTotal` gives it.
 */
class ProgressMeter {
    total;
    clock;
    report;
    done = 0;
    start;
    lastAt;
    lastTenth = 0;
    constructor(total, clock, report) {
        this.total = total;
        this.clock = clock;
        this.report = report;
        this.start = clock.now();
        this.lastAt = this.start;
    }
    /** The total is known now (an upload of a zip that was still being written). */
    setTotal(total) {
        this.total = total;
    }
    add(bytes) {
        if (!this.report || bytes === 0)
            return;
        this.done += bytes;
        const now = this.clock.now();
        const tenth = this.total > 0 ? Math.floor((this.done * 10) / this.total) : 10;
        if (tenth <= this.lastTenth && now - this.lastAt < REPORT_EVERY_MS)
            return;
        this.lastTenth = Math.max(this.lastTenth, tenth);
        this.lastAt = now;
        const elapsedMs = now - this.start;
        this.report({
            bytesDone: this.done,
            bytesTotal: this.total,
            rate: elapsedMs > 0 ? Math.round((this.done * 1000) / elapsedMs) : 0,
            elapsedMs,
        });
    }
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

/***/ 49237:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ progressLine)
/* harmony export */ });
/* harmony import */ var _util_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(32693);

const WORTH_A_LINE_BYTES = 16 * 1024 * 1024;
const WORTH_A_LINE_MS = 5000;
/** A total of Infinity is one not known yet (an upload of a zip still being written). */
function progressLine(log, verb) {
    return (p) => {
        if (log.progress)
            return log.progress({ activity: verb, ...p });
        if (p.bytesTotal < WORTH_A_LINE_BYTES && p.elapsedMs < WORTH_A_LINE_MS)
            return;
        if (!Number.isFinite(p.bytesTotal)) {
            log.info(`${verb}: ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(p.bytesDone)} so far, while the zip is written (${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(p.rate)}/s)`);
            return;
        }
        const pct = p.bytesTotal > 0 ? ` ${Math.floor((p.bytesDone * 100) / p.bytesTotal)}%,` : '';
        log.info(`${verb}:${pct} ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(p.bytesDone)} of ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(p.bytesTotal)} (${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(p.rate)}/s)`);
    };
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

/***/ 89956:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Y: () => (/* binding */ healthGate)
});

// EXTERNAL MODULE: ./src/api/transport.ts + 1 modules
var api_transport = __webpack_require__(15644);
// EXTERNAL MODULE: ./src/steps/common/step-error.ts
var step_error = __webpack_require__(74164);
// EXTERNAL MODULE: ./src/api/network-failure.ts
var network_failure = __webpack_require__(69433);
// EXTERNAL MODULE: ./src/util/format.ts
var format = __webpack_require__(32693);
// EXTERNAL MODULE: ./src/steps/deploy/health/expect.ts
var expect = __webpack_require__(73089);
// EXTERNAL MODULE: ./src/api/url.ts
var url = __webpack_require__(68301);
;// CONCATENATED MODULE: ./src/steps/deploy/health/redirect.ts
/**
 * Which redirects the health check follows: at most MAX_REDIRECTS, each to https, or to plain
 * http on a loopback host only (the rule of every URL the action sends to), and never back to a
 * URL already asked (a loop). A redirect it may not follow is a refusal with a reason: the
 * check counts it unhealthy whatever its status, since the page behind it was never seen.
 * Pure: the transport is not involved.
 */

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const isRedirect = (status) => REDIRECTS.has(status);
/**
 * Where a redirect answer leads. `visited` holds the hrefs asked so far in this attempt, the
 * first URL included; its size - 1 is the number of redirects already followed.
 */
function nextHop(from, status, location, visited) {
    const what = `answered ${status}`;
    if (location === undefined || location.trim() === '')
        return { refused: `${what} without a Location header` };
    let next;
    try {
        next = new URL(location.trim(), from);
    }
    catch {
        return { refused: `${what} with a Location that is not a URL: ${(0,url/* quoteUntrusted */.X0)(location, 100)}` };
    }
    next.hash = '';
    if (next.protocol === 'http:' && !(0,url/* isLoopbackHost */.cW)(next.hostname)) {
        return {
            refused: `${what} redirecting to plain http on ${next.host}; only https is followed (plain http only to localhost, 127.0.0.0/8 and ::1)`,
        };
    }
    if (next.protocol !== 'https:' && next.protocol !== 'http:') {
        return { refused: `${what} redirecting to a ${(0,url/* quoteUntrusted */.X0)(next.protocol, 20)} URL; only https is followed` };
    }
    if (next.username || next.password)
        return { refused: `${what} redirecting to a URL with credentials in it` };
    if (visited.has(next.href))
        return { refused: `${what}: a redirect loop (back to ${where(next)})` };
    if (visited.size - 1 >= MAX_REDIRECTS)
        return { refused: `${what} after ${MAX_REDIRECTS} redirects: too many redirects` };
    return { next };
}
/** A URL for a log line: origin and path, the query left out (it may hold a token). */
function where(url) {
    return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}

;// CONCATENATED MODULE: ./src/steps/deploy/health/check.ts
/**
 * The health check: asks a URL until it answers healthy or the time is up. Healthy is a status
 * in `health-expect` after following redirects (redirect.ts), and, with `health-text`, that
 * text in the first MiB of the body. Every failure of an attempt (a status, DNS, TLS, a
 * refused redirect) is retried with a growing pause until `health-timeout`: a site can come up,
 * a certificate be issued, a name resolve, after the build is done. The result always says why.
 *
 * The transport is the action's own (the proxy rules of every request); no credentials are
 * sent. Time is the injected clock's, so tests run the whole schedule on a VirtualClock; only
 * the cap of one attempt runs on real time, inside the transport, where the I/O is.
 */





/**
 * Longest one attempt may take, redirects included: with the pause cap, a log line at least every
 * 10 s. Each attempt gets all of it, the last one too (started before health-timeout, it may end
 * up to this much after): a last attempt squeezed into the few milliseconds left would fail for
 * want of time and hide the site's real answer.
 */
const ATTEMPT_MAX_MS = 5_000;
const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 5_000;
/** How much of the body `health-text` is looked for in. */
const TEXT_WINDOW_BYTES = 1024 * 1024;
const USER_AGENT = 'headless-deploy-health-check';
async function checkHealth(deps, target) {
    const { clock } = deps;
    const started = clock.now();
    const deadline = started + target.timeoutMs;
    let pause = FIRST_PAUSE_MS;
    for (let attempts = 1;; attempts++) {
        const outcome = await attempt(deps, target, ATTEMPT_MAX_MS);
        const elapsedMs = clock.now() - started;
        deps.log(`health check attempt ${attempts}: ${outcome.reason} (${(0,format/* formatDuration */.a3)(elapsedMs)} elapsed, ${(0,format/* formatDuration */.a3)(Math.max(0, deadline - clock.now()))} left)`);
        if (outcome.ok)
            return { healthy: true, reason: outcome.reason, attempts, elapsedMs, status: outcome.status };
        if (clock.now() >= deadline) {
            const advice = outcome.advice ? `; ${outcome.advice}` : '';
            return {
                healthy: false,
                reason: `not healthy after ${(0,format/* formatDuration */.a3)(elapsedMs)} (health-timeout ${(0,format/* formatDuration */.a3)(target.timeoutMs)}, ${count(attempts, 'attempt')}): the last ${outcome.reason}${advice}`,
                attempts,
                elapsedMs,
                status: outcome.status,
            };
        }
        await clock.sleep(Math.min(pause, deadline - clock.now()), deps.signal);
        pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
}
/** One attempt: the URL and the redirects it leads to, judged. Throws only when cancelled. */
async function attempt(deps, target, limitMs) {
    let url = new URL(target.url);
    const visited = new Set([url.href]);
    for (;;) {
        let res;
        try {
            res = await deps.transport.send({
                method: 'GET',
                url,
                // No platform credentials, no cookies: the check sees what a visitor sees.
                headers: { accept: '*/*', 'user-agent': USER_AGENT },
                signal: deps.signal,
                timeoutMs: limitMs,
                maxMs: limitMs,
            });
        }
        catch (err) {
            if (deps.signal.aborted)
                throw deps.signal.reason ?? err;
            if (!(err instanceof api_transport/* TransportFailure */.Az) || err.failure === 'cancelled' || err.failure === 'body')
                throw err;
            const words = (0,network_failure/* describeFailure */.Ic)({
                failure: err.failure,
                code: err.code,
                host: url.host,
                proxy: err.proxy,
                source: 'health-url',
                message: err.message,
            });
            return {
                ok: false,
                status: null,
                reason: `attempt failed: ${words.detail} (${where(url)})`,
                advice: words.advice,
            };
        }
        if (isRedirect(res.status)) {
            const hop = nextHop(url, res.status, res.headers.location, visited);
            if ('refused' in hop)
                return { ok: false, status: res.status, reason: `answer: ${where(url)} ${hop.refused}` };
            visited.add(hop.next.href);
            url = hop.next;
            continue;
        }
        const via = visited.size > 1 ? ` (after ${count(visited.size - 1, 'redirect')}, at ${where(url)})` : '';
        if (!(0,expect/* statusMatches */.W_)(target.expect, res.status)) {
            return {
                ok: false,
                status: res.status,
                reason: `answer: ${res.status}${via}, not in health-expect ${target.expect.source}`,
            };
        }
        if (target.text !== null && !firstWindow(res.body).includes(target.text)) {
            return {
                ok: false,
                status: res.status,
                reason: `answer: ${res.status}${via}, but the body's first MiB does not contain the health-text`,
            };
        }
        return { ok: true, status: res.status, reason: `answer: ${res.status}${via}` };
    }
}
function firstWindow(body) {
    if (body.length <= TEXT_WINDOW_BYTES / 4)
        return body;
    return Buffer.from(body, 'utf8').subarray(0, TEXT_WINDOW_BYTES).toString('utf8');
}
function count(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

// EXTERNAL MODULE: ./src/steps/deploy/health/health-url.ts
var health_url = __webpack_require__(31238);
;// CONCATENATED MODULE: ./src/steps/deploy/health/gate.ts
/**
 * The health gate of the deploy: once the build is done, the site is asked until it answers
 * healthy (check.ts). Sets the `health` output and a summary row; an unhealthy site fails the
 * step with the `unhealthy` outcome (so status `unhealthy`, the GitHub Deployment `failure`).
 */






/** Checks the site; throws a StepError (`unhealthy`) when it did not answer healthy in time. */
async function healthGate(ctx, h, deployed, o = {}) {
    let url;
    try {
        url = (0,health_url/* resolveHealthUrl */.yZ)(h.url, { app: deployed.app, environment: deployed.displayName, 'environment-id': deployed.environmentId }, deployed.url);
    }
    catch (err) {
        throw new step_error/* StepError */.zg(`input "health-url" filled in for environment "${deployed.displayName}" ${err.message}; the build succeeded, but the site was not checked`);
    }
    ctx.journal.doing = 'checking the health of the site';
    ctx.log.info(`checking the health of ${where(new URL(url))} (expect ${h.expect.source}${h.text === null ? '' : ' and the health-text'}, up to ${(0,format/* formatDuration */.a3)(h.timeoutMs)})`);
    // The action's own transport (its proxy decision and connections) when wired; one of its own otherwise.
    const transport = ctx.transport ?? (0,api_transport/* createUndiciTransport */.OX)();
    let result;
    try {
        result = await checkHealth({ transport, clock: ctx.clock, signal: ctx.signal, log: (line) => ctx.log.info(ctx.redact(line)) }, { url, expect: h.expect, text: h.text, timeoutMs: h.timeoutMs });
    }
    finally {
        if (!ctx.transport)
            await transport.close?.();
    }
    ctx.journal.time('health check', result.elapsedMs);
    if (o.setOutput !== false)
        ctx.outputs.set('health', result.healthy ? 'healthy' : 'unhealthy');
    const reason = ctx.redact(result.reason);
    ctx.journal.detail(o.step ?? 'deploy', o.detail ?? 'health', `${result.healthy ? 'healthy' : 'unhealthy'}: ${reason}`);
    if (!result.healthy) {
        throw new step_error/* StepError */.zg(`the build succeeded, but the site is unhealthy: ${reason}; fix the app (or health-expect, health-text), then deploy again`, 'unhealthy');
    }
    ctx.journal.did('the site answered healthy');
    ctx.log.info(`the site is healthy (${reason})`);
    return result;
}


/***/ }),

/***/ 51959:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cs: () => (/* binding */ artifactName),
/* harmony export */   h1: () => (/* binding */ MANIFEST_FILE),
/* harmony export */   sX: () => (/* binding */ ARCHIVE_FILE)
/* harmony export */ });
/**
 * What a kept archive is called and what travels with it. The artifact's name says whose it is
 * (`headless-deploy-{app}-{environment-id}`); the manifest inside it, next to the zip, records
 * the zip's sha256 (an artifact's name cannot hold it), so a rollback can check the zip it
 * fetched is the one that was deployed before uploading it again.
 */
const ARCHIVE_FILE = 'archive.zip';
const MANIFEST_FILE = 'headless-deploy-manifest.json';
function artifactName(app, environmentId) {
    return `headless-deploy-${app}-${environmentId}`;
}


/***/ }),

/***/ 5581:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ pickKept)
/* harmony export */ });
function pickKept(listing, name, want) {
    const kept = listing
        .filter((a) => a.name === name && !a.expired)
        .sort((a, b) => Date.parse(b.created_at ?? '') - Date.parse(a.created_at ?? '') || b.id - a.id);
    const runOf = (a) => a.workflow_run?.id ?? null;
    let artifact;
    if (want.kind === 'previous') {
        artifact = kept[1];
        if (!artifact) {
            return {
                none: `${kept.length === 0 ? 'no' : 'only one'} unexpired archive named "${name}" is kept, so there is no previous one to roll back to`,
            };
        }
    }
    else if (want.kind === 'run') {
        artifact = kept.find((a) => runOf(a) === want.runId);
        if (!artifact)
            return { none: `run ${want.runId} kept no unexpired archive named "${name}"` };
    }
    else {
        artifact = kept.find((a) => runOf(a) !== want.runId);
        if (!artifact)
            return { none: `no earlier run kept an unexpired archive named "${name}"` };
    }
    return { artifact };
}


/***/ }),

/***/ 3558:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   rP: () => (/* binding */ finishedFile),
/* harmony export */   wG: () => (/* binding */ uploadArchive)
/* harmony export */ });
/* unused harmony export STREAM_REFUSED_ADVICE */
/* harmony import */ var _util_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(32693);
/* harmony import */ var _archive_progress_meter_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(25647);
/* harmony import */ var _api_operation_name_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(30333);
/* harmony import */ var _common_progress_line_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(49237);
/* harmony import */ var _common_server_names_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(66891);
/**
 * Uploads the zip, as `upload-mode` says: while it is being written (auto, stream), or once it
 * is finished (file). Progress is logged at most every 5 s (or each tenth, once the size is
 * known), and the count restarts on a retry.
 */





/** What the server said when it refused a body without a length, for the log. */
const REFUSED_WORDS = {
    'length-required': 'server asked for a length',
    'answered-early': 'server answered before reading a body without a length',
};
/** Advice of the error when `upload-mode: stream` meets a server that refuses a streamed body. */
const STREAM_REFUSED_ADVICE = 'input "upload-mode" is stream, and the server (or a proxy on the way) refused the zip sent while it was being written, without a Content-Length; set upload-mode to auto (the finished file is then sent with its length when this happens) or file';
/** A finished zip on disk as an upload's source: sent whole, with its length. */
function finishedFile(file, bytes) {
    return { file, done: Promise.resolve({ bytes }) };
}
/**
 * Uploads the zip being written (`zipping`), and returns the operation with the finished zip.
 * The first attempt streams it as it grows, unless the mode is `file`; later attempts send the
 * finished file.
 */
async function uploadArchive(ctx, d, environmentId, zipping, expectedBytes) {
    const started = ctx.clock.now();
    const growing = d.uploadMode !== 'file' ? zipping.growing : undefined;
    const streamFirst = growing !== undefined;
    // A file-mode upload waits for the finished zip; the client is given its path once it exists whole.
    if (!streamFirst)
        await zipping.done;
    let meter = null;
    let sent = 0;
    let refusal = null;
    let lastBody = 'file';
    let attempts = 0;
    const op = await ctx.client.uploadEnvironment({ account: d.account, app: d.app, environment: environmentId }, zipping.file, {
        signal: ctx.signal,
        ...(streamFirst
            ? {
                growing: {
                    file: growing,
                    expectedBytes,
                    whenRefused: d.uploadMode === 'stream' ? 'fail' : 'file',
                    refusedAdvice: STREAM_REFUSED_ADVICE,
                    onRefused: (why, status) => {
                        refusal = why;
                        ctx.log.info(`upload: the server refused the zip sent while it was being written (${status}, ${REFUSED_WORDS[why]}); sending the finished file with its length`);
                    },
                },
            }
            : {}),
        onAttempt: (body) => {
            lastBody = body;
            attempts++;
            meter = null;
        },
        onProgress: (bytesSent, total) => {
            if (!meter || bytesSent < sent) {
                meter = new _archive_progress_meter_js__WEBPACK_IMPORTED_MODULE_2__/* .ProgressMeter */ .Z(total ?? Infinity, ctx.clock, (0,_common_progress_line_js__WEBPACK_IMPORTED_MODULE_3__/* .progressLine */ .o)(ctx.log, 'uploading'));
                sent = 0;
            }
            else if (total !== undefined)
                meter.setTotal(total);
            meter.add(bytesSent - sent);
            sent = bytesSent;
        },
    });
    // The upload succeeded, so the zip was written whole: the writer is done by now.
    const zip = await zipping.done;
    const ms = ctx.clock.now() - started;
    ctx.journal.time('upload', ms);
    // The zip was taken whatever the answer's body: an answer without an operation is followed
    // by the name the spec gives the upload's operation, never by a second upload.
    const byName = op === undefined;
    const name = op?.name ?? (0,_api_operation_name_js__WEBPACK_IMPORTED_MODULE_0__/* .uploadOperationName */ .I)({ account: d.account, app: d.app, environment: environmentId });
    // `.../no_build` stands for "the environment's latest operation", not the build's own name:
    // naming it here would name a different operation than the one that later fails or succeeds.
    const queued = name.endsWith('/no_build');
    const said = byName
        ? "the service answered no operation; the build is followed as the environment's latest operation"
        : queued
            ? 'the build is queued'
            : `operation ${name}`;
    ctx.log.info(`uploaded ${(0,_util_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatBytes */ .z3)(zip.bytes)} in ${ms} ms (${howSent(d, lastBody, refusal, attempts)}); ${said}`);
    const what = d.what ?? 'zip';
    ctx.journal.did(queued ? `${what} uploaded` : `${what} uploaded (operation ${name})`);
    ctx.journal.operation = name;
    // The upload's own answer is its only chance to name the operation when the build is not awaited.
    if (!queued || !d.wait)
        (0,_common_server_names_js__WEBPACK_IMPORTED_MODULE_1__/* .setServerName */ .s)(ctx, 'operation', name);
    return { target: op ? { name, first: op } : { name }, byName, zip };
}
/** How the zip that arrived was sent, in the log's words. */
function howSent(d, body, refusal, attempts) {
    if (body === 'streamed')
        return 'streamed while zipping';
    if (d.uploadMode === 'file')
        return 'sent the finished file (upload-mode: file)';
    if (refusal)
        return `sent the finished file (${REFUSED_WORDS[refusal]})`;
    return `sent the finished file (attempt ${attempts}, after a failed one)`;
}


/***/ }),

/***/ 8261:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  D: () => (/* binding */ RestoreError),
  p: () => (/* binding */ restoreKept)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(53249);
// EXTERNAL MODULE: ./src/steps/common/step-error.ts
var step_error = __webpack_require__(74164);
// EXTERNAL MODULE: ./src/steps/common/wait-for-operation.ts
var wait_for_operation = __webpack_require__(27138);
// EXTERNAL MODULE: ./src/steps/deploy/keep/artifact-name.ts
var artifact_name = __webpack_require__(51959);
;// CONCATENATED MODULE: ./src/steps/deploy/keep/check-kept.ts
/**
 * What makes a fetched kept archive safe to upload again, and how the result is named. Pure, so
 * each rule is a row of a table test: the manifest must be ours (version 1), name the same app
 * and environment as the artifact's name, and record the sha256 of the zip that came with it.
 * An archive that fails any rule is never uploaded.
 */

const SHA256 = /^[0-9a-f]{64}$/;
/** The manifest read from its text, or why it cannot be used. */
function readManifest(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return { problem: `${artifact_name/* MANIFEST_FILE */.h1} is not JSON` };
    }
    const m = (value ?? {});
    if (m.version !== 1)
        return { problem: `${artifact_name/* MANIFEST_FILE */.h1} has version ${JSON.stringify(m.version)}, not 1` };
    if (typeof m.app !== 'string' || typeof m.environmentId !== 'string') {
        return { problem: `${artifact_name/* MANIFEST_FILE */.h1} names no app or environment id` };
    }
    if (typeof m.sha256 !== 'string' || !SHA256.test(m.sha256)) {
        return { problem: `${artifact_name/* MANIFEST_FILE */.h1} records no sha256` };
    }
    return {
        version: 1,
        app: m.app,
        environmentId: m.environmentId,
        sha256: m.sha256,
        bytes: typeof m.bytes === 'number' ? m.bytes : 0,
        runId: typeof m.runId === 'string' ? m.runId : null,
    };
}
/** Null when the archive may be uploaded again; otherwise why not, in words. */
function keptProblem(manifest, facts) {
    if (manifest.app !== facts.app || manifest.environmentId !== facts.environmentId) {
        // JSON-quoted: the manifest is outside text, and a line break in it must not start a log line of its own.
        return `its manifest is for app ${JSON.stringify(manifest.app)} environment ${JSON.stringify(manifest.environmentId)}, not app "${facts.app}" environment ${facts.environmentId} (${(0,artifact_name/* artifactName */.Cs)(facts.app, facts.environmentId)})`;
    }
    if (manifest.sha256 !== facts.sha256) {
        return `the zip fetched has sha256 ${facts.sha256}, but its manifest records ${manifest.sha256}: it is not the archive that was deployed`;
    }
    return null;
}
/** The `rolled-back-to` output: `{run id}:{sha256}`. */
function rolledBackTo(runId, sha256) {
    return `${runId}:${sha256}`;
}

// EXTERNAL MODULE: ./src/steps/deploy/keep/pick-kept.ts
var pick_kept = __webpack_require__(5581);
// EXTERNAL MODULE: ./src/steps/deploy/upload.ts
var upload = __webpack_require__(3558);
// EXTERNAL MODULE: ./src/steps/deploy/health/gate.ts + 2 modules
var gate = __webpack_require__(89956);
;// CONCATENATED MODULE: ./src/steps/rollback/restore.ts
/**
 * Uploads a kept archive again (the platform has no rollback of its own): find it in GitHub's
 * artifact listing, fetch it, check it, upload it as a finished file through the deploy's own
 * upload, wait for its build, and check health when asked. Shared by `rollback-on-failure` (the
 * deploy step) and the `rollback` step. Nothing is uploaded unless every check passed: the
 * artifact's digest (when GitHub lists one), the manifest's app and environment, and the sha256
 * of the zip against the manifest's.
 */












/** A rollback that did not complete; `uploaded` says whether the kept archive reached the platform. */
class RestoreError extends step_error/* StepError */.zg {
    uploaded;
    name = 'RestoreError';
    constructor(message, uploaded, outcome = 'failure', options) {
        super(message, outcome, options);
        this.uploaded = uploaded;
    }
}
async function restoreKept(ctx, t, want) {
    const kept = ctx.github?.kept;
    if (!kept) {
        throw new RestoreError(`input "${t.input}" needs input "github-token" (with "permissions: actions: read") and GITHUB_REPOSITORY to find the kept archives`, false);
    }
    const name = (0,artifact_name/* artifactName */.Cs)(t.app, t.environmentId);
    ctx.journal.doing = `listing the kept archives "${name}"`;
    let listing;
    try {
        listing = await kept.list(name, ctx.signal);
    }
    catch (err) {
        throw notUploaded(ctx, err, t);
    }
    const pick = (0,pick_kept/* pickKept */.c)(listing, name, want);
    if ('none' in pick)
        return { kind: 'none', why: pick.none };
    const a = pick.artifact;
    const runId = String(a.workflow_run?.id ?? 'unknown');
    ctx.log.info(`${t.input}: fetching artifact "${name}" (id ${a.id}) kept by run ${runId} on ${a.created_at ?? '?'}`);
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)(ctx.tempDir, 'headless-deploy-rollback-'));
    try {
        ctx.journal.doing = `fetching kept archive ${a.id}`;
        let fetched;
        try {
            fetched = await kept.download(a, dir);
        }
        catch (err) {
            throw notUploaded(ctx, err, t);
        }
        if (fetched.digestMismatch) {
            throw new RestoreError(`input "${t.input}": artifact "${name}" (id ${a.id}) fetched does not match the digest GitHub lists for it (${a.digest}); nothing was uploaded: run again, and if it persists, pick another run's archive`, false);
        }
        ctx.journal.doing = `checking kept archive ${a.id}`;
        const zipPath = (0,external_node_path_.join)(dir, artifact_name/* ARCHIVE_FILE */.sX);
        const manifestText = await (0,promises_.readFile)((0,external_node_path_.join)(dir, artifact_name/* MANIFEST_FILE */.h1), 'utf8').catch(() => null);
        const zipSize = await (0,promises_.stat)(zipPath).then((s) => (s.isFile() ? s.size : null), () => null);
        if (manifestText === null || zipSize === null) {
            throw refused(t, name, a, `it holds no ${manifestText === null ? artifact_name/* MANIFEST_FILE */.h1 : artifact_name/* ARCHIVE_FILE */.sX}`);
        }
        const manifest = readManifest(manifestText);
        if ('problem' in manifest)
            throw refused(t, name, a, manifest.problem);
        const sha256 = await sha256Of(zipPath);
        const problem = keptProblem(manifest, { app: t.app, environmentId: t.environmentId, sha256 });
        if (problem)
            throw refused(t, name, a, problem);
        ctx.log.info(`${t.input}: artifact ${a.id} checked: archive.zip has sha256 ${sha256}, as its manifest records`);
        ctx.journal.doing = 'uploading the kept archive again';
        const uploaded = await (0,upload/* uploadArchive */.wG)(ctx, {
            account: t.account,
            app: t.app,
            uploadMode: 'file',
            wait: true,
            what: `kept archive of run ${runId}`,
        }, t.environmentId, (0,upload/* finishedFile */.rP)(zipPath, zipSize), zipSize);
        let followed = true;
        try {
            ctx.journal.doing = "waiting for the kept archive's build";
            await (0,wait_for_operation/* waitForOperation */.o5)(ctx, uploaded.target, {
                timeoutMs: t.timeoutMs,
                failureHint: 'the kept archive built before; look at the platform (its build log, its variables)',
            }).catch((err) => {
                // Taken, but not to be followed: not a failure of the rollback, nor to be repeated.
                if (!uploaded.byName || !(err instanceof errors/* NotFound */.Mk))
                    throw err;
                followed = false;
            });
            if (followed && t.health) {
                await (0,gate/* healthGate */.Y)(ctx, t.health, { app: t.app, environmentId: t.environmentId, displayName: t.displayName, url: t.url }, { setOutput: t.step !== 'deploy', detail: 'health after rollback', step: t.step });
            }
        }
        catch (err) {
            if ((0,step_error/* isCancellation */.iB)(err, ctx.signal))
                throw err;
            const why = ctx.redact(err.message);
            throw new RestoreError(`the kept archive of run ${runId} (sha256 ${sha256}) was uploaded again, but ${why}`, true, err.outcome === 'timeout' ? 'timeout' : 'failure', { cause: err });
        }
        ctx.outputs.set('rolled-back-to', rolledBackTo(runId, sha256));
        ctx.journal.detail(t.step, 'rolled back to', `run ${runId}, sha256 ${sha256} (artifact ${a.id})`);
        if (!followed) {
            ctx.log.warning(`${t.input}: the kept archive of run ${runId} was uploaded again, but its build could not be followed: the service answered the upload without an operation, and does not know the environment's latest operation by its name (404); look in the portal whether it built${t.health ? ' (its health was not checked)' : ''}`);
            ctx.journal.did('the build could not be followed');
        }
        return { kind: 'restored', runId, sha256, artifact: a, followed };
    }
    finally {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
    }
}
function refused(t, name, a, why) {
    return new RestoreError(`input "${t.input}": artifact "${name}" (id ${a.id}) cannot be uploaded again: ${why}; nothing was uploaded`, false);
}
function notUploaded(ctx, err, t) {
    if ((0,step_error/* isCancellation */.iB)(err, ctx.signal))
        return err;
    return new RestoreError(`input "${t.input}": ${ctx.redact(err.message)}; nothing was uploaded`, false, 'failure', { cause: err });
}
async function sha256Of(file) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    for await (const chunk of (0,external_node_fs_.createReadStream)(file))
        hash.update(chunk);
    return hash.digest('hex');
}


/***/ })

};
