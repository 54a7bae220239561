export const id = 382;
export const ids = [382];
export const modules = {

/***/ 75560:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./src/util/clock.ts
var util_clock = __webpack_require__(97110);
// EXTERNAL MODULE: ./src/util/redact.ts
var util_redact = __webpack_require__(50767);
// EXTERNAL MODULE: ./src/api/headless.ts
var headless = __webpack_require__(1621);
// EXTERNAL MODULE: ./src/api/routes.ts
var routes = __webpack_require__(14200);
// EXTERNAL MODULE: ./src/api/paginate.ts
var paginate = __webpack_require__(5427);
// EXTERNAL MODULE: ./src/api/read-answer.ts
var read_answer = __webpack_require__(23505);
// EXTERNAL MODULE: ./src/api/url.ts
var url = __webpack_require__(68301);
;// CONCATENATED MODULE: ./src/api/hosting.ts




function hostingMethods(call, base) {
    async function get(route, params, query = {}, o) {
        const res = await call({ route, params, query: query, signal: o?.signal });
        return res.data;
    }
    async function send(route, params, json, o) {
        const res = await call({ route, params, json, signal: o?.signal });
        return res.data;
    }
    /** Walks a hosting list from its first page, following `next` links against the hosting base. */
    function walk(route, params, query, o) {
        return (0,paginate/* walkLinkedPages */.VN)(() => get(route, params, query, o), async (link) => (await call({ route, url: (0,url/* resolvePageLink */.mA)(base(), link), signal: o?.signal })).data);
    }
    return {
        listInstalls: (q = {}, o) => get(routes/* routes */.JZ.listInstalls, {}, q, o),
        iterateInstalls: (q = {}, o) => walk(routes/* routes */.JZ.listInstalls, {}, q, o),
        updateInstall: (installId, update, o) => send(routes/* routes */.JZ.updateInstall, { install_id: installId }, update, o),
        listArchives: (installId, q = {}, o) => get(routes/* routes */.JZ.listArchives, { install_id: installId }, q, o),
        iterateArchives: (installId, q = {}, o) => walk(routes/* routes */.JZ.listArchives, { install_id: installId }, q, o),
        /** Accepted whatever the body (`{id, status}`, `{}`, none); the id only when one came back. */
        createInstallCopy: async (request, o) => (0,read_answer/* readInstallCopy */.RY)(await send(routes/* routes */.JZ.createInstallCopy, {}, request, o)),
        createDomain: (installId, domain, o) => send(routes/* routes */.JZ.createDomain, { install_id: installId }, domain, o),
        listDomains: (installId, q = {}, o) => get(routes/* routes */.JZ.listDomains, { install_id: installId }, q, o),
        iterateDomains: (installId, q = {}, o) => walk(routes/* routes */.JZ.listDomains, { install_id: installId }, q, o),
        getDomain: (installId, domainId, o) => get(routes/* routes */.JZ.getDomain, { install_id: installId, domain_id: domainId }, {}, o),
        /** The spec does not show the answer: the Domain when it is one, else undefined (verified all the same). */
        verifyDomain: async (installId, domainId, o) => (0,read_answer/* readDomain */.dO)(await send(routes/* routes */.JZ.verifyDomain, { install_id: installId, domain_id: domainId }, undefined, o)),
        getDomainStatusReport: (installId, reportId, o) => get(routes/* routes */.JZ.getDomainStatusReport, { install_id: installId, report_id: reportId }, {}, o),
        orderSslCertificate: async (installId, domainId, order, o) => {
            await send(routes/* routes */.JZ.orderSslCertificate, { install_id: installId, domain_id: domainId }, order, o);
        },
        createThirdPartyCertificate: (installId, cert, o) => send(routes/* routes */.JZ.createThirdPartyCertificate, { install_id: installId }, cert, o),
        createSite: (site, o) => send(routes/* routes */.JZ.createSite, {}, site, o),
        listSites: (q = {}, o) => get(routes/* routes */.JZ.listSites, {}, q, o),
        iterateSites: (q = {}, o) => walk(routes/* routes */.JZ.listSites, {}, q, o),
        getSiteTransfer: (siteId, transferId, o) => get(routes/* routes */.JZ.getSiteTransfer, { site_id: siteId, transfer_id: transferId }, {}, o),
        listSiteTransfers: (accountId, q = {}, o) => get(routes/* routes */.JZ.listSiteTransfers, { account_id: accountId }, q, o),
        iterateSiteTransfers: (accountId, q = {}, o) => walk(routes/* routes */.JZ.listSiteTransfers, { account_id: accountId }, q, o),
        /** The body is `{user: {...}}` on the wire. */
        createAccountUser: (accountId, user, o) => send(routes/* routes */.JZ.createAccountUser, { account_id: accountId }, { user }, o),
        /** Not paginated: the service answers `{results: [...]}` without an envelope. */
        listAccountUsers: async (accountId, o) => (await get(routes/* routes */.JZ.listAccountUsers, { account_id: accountId }, {}, o)).results ?? [],
        getAccountLimits: (accountId, o) => get(routes/* routes */.JZ.getAccountLimits, { account_id: accountId }, {}, o),
        listSshKeys: (q = {}, o) => get(routes/* routes */.JZ.listSshKeys, {}, q, o),
        iterateSshKeys: (q = {}, o) => walk(routes/* routes */.JZ.listSshKeys, {}, q, o),
    };
}

// EXTERNAL MODULE: ./src/api/request.ts + 2 modules
var request = __webpack_require__(38550);
// EXTERNAL MODULE: ./src/api/retry-policy.ts
var retry_policy = __webpack_require__(71101);
// EXTERNAL MODULE: ./src/api/transport.ts + 1 modules
var api_transport = __webpack_require__(15644);
;// CONCATENATED MODULE: ./src/api/client.ts
/**
 * `createClient`: the typed client of both APIs. Everything with a side effect is passed in
 * (transport, clock, randomness, signal), so the action, tests and benchmarks drive it alike.
 */








const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_USER_AGENT = 'headless-deploy-client/0.1';
function createClient(options) {
    const { userId, password } = options.credentials;
    if (userId.includes(':'))
        throw new Error('api-user-id must not contain ":" (it cannot be sent as Basic credentials)');
    const hostingUrl = options.hostingUrl ? (0,url/* parseBaseUrl */.Q2)(options.hostingUrl, 'api-url') : undefined;
    const headlessUrl = options.headlessUrl ? (0,url/* parseBaseUrl */.Q2)(options.headlessUrl, 'headless-api-url') : undefined;
    const redact = (0,util_redact/* createRedactor */.lY)([password, userId], [userId, password]);
    const transport = options.transport ?? (0,api_transport/* createUndiciTransport */.OX)({ env: options.proxyEnv });
    const clock = options.clock ?? util_clock/* realClock */.d;
    const onEvent = options.logger || options.onRetry
        ? (e) => {
            options.logger?.(e);
            if (e.type === 'retry')
                options.onRetry?.(e);
        }
        : undefined;
    const call = (0,request/* createRequester */.RA)({
        hostingUrl,
        headlessUrl,
        authorization: userId || password ? `Basic ${Buffer.from(`${userId}:${password}`).toString('base64')}` : '',
        transport,
        clock,
        retry: (0,retry_policy/* resolveRetryOptions */.Lu)(options.retry),
        requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        requestMaxMs: options.requestMaxMs ?? request/* DEFAULT_REQUEST_MAX_MS */.IW,
        signal: options.signal,
        userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
        redact,
        onEvent,
    });
    return {
        ...hostingMethods(call, () => hostingUrl),
        ...(0,headless/* headlessMethods */.O)(call, clock),
        redact,
        close: async () => {
            await transport.close?.();
        },
    };
}

// EXTERNAL MODULE: ./src/api/proxy.ts
var proxy = __webpack_require__(86844);
// EXTERNAL MODULE: ./src/steps/common/step-error.ts
var step_error = __webpack_require__(74164);
// EXTERNAL MODULE: ./src/steps/table.ts + 21 modules
var table = __webpack_require__(55708);
;// CONCATENATED MODULE: ./src/flow/plan.ts

/** The chosen steps, in the table's order, each with its plan line. */
function planSteps(inputs) {
    return inputs.steps.map((chosen) => {
        const row = table/* STEPS */.U.find((s) => s.name === chosen.name);
        return { name: chosen.name, description: row.describe(chosen.inputs), row, inputs: chosen.inputs };
    });
}

;// CONCATENATED MODULE: ./src/flow/run-flow.ts


const ENDED = {
    failure: 'failed',
    timeout: 'timed out',
    cancelled: 'cancelled',
    unhealthy: 'found the site unhealthy',
    'rolled-back': 'failed and was rolled back',
};
/** The same logger, with every warning also kept in the journal for the job summary. */
function keepingWarnings(ctx) {
    const { log, journal } = ctx;
    return {
        ...ctx,
        log: {
            info: (m) => log.info(m),
            warning: (m) => {
                journal.warnings.push(ctx.redact(m));
                log.warning(m);
            },
            error: (m) => log.error(m),
            debug: (m) => log.debug(m),
            notice: (m) => log.notice(m),
            group: (name, fn) => log.group(name, fn),
            ...(log.progress ? { progress: log.progress.bind(log) } : {}),
        },
    };
}
async function runFlow(given) {
    const ctx = keepingWarnings(given);
    const { inputs } = ctx;
    const reports = [];
    const started = ctx.clock.now();
    let status = inputs.dryRun ? 'planned' : 'success';
    let error = null;
    let carry = {};
    for (const warning of inputs.warnings)
        ctx.log.warning(warning);
    if (inputs.skipped) {
        ctx.log.notice(inputs.skipped);
        ctx.outputs.set('status', 'skipped');
        return { status: 'skipped', steps: [], skipped: inputs.skipped, durationMs: 0, error: null };
    }
    if (inputs.dryRun)
        ctx.log.info('dry run: only GET requests are made; nothing is created, uploaded, copied or triggered');
    for (const step of planSteps(inputs)) {
        if (error) {
            reports.push({ name: step.name, description: step.description, outcome: 'skipped' });
            continue;
        }
        const stepStart = ctx.clock.now();
        ctx.journal.doing = null;
        let outcome = inputs.dryRun ? 'planned' : 'success';
        let stepError = null;
        await ctx.log.group(`${step.name}: ${step.description}`, async () => {
            try {
                carry = { ...carry, ...(await step.row.run(ctx, step.inputs, carry)) };
            }
            catch (err) {
                const e = (0,step_error/* toStepError */.uQ)(err, ctx.journal.doing ?? step.row.doing, ctx.signal);
                outcome = e.outcome;
                stepError = `${step.name} ${ENDED[e.outcome]}: ${ctx.redact(e.message)}`;
                ctx.log.info(stepError);
            }
        });
        reports.push({
            name: step.name,
            description: step.row.describe(step.inputs, ctx.journal),
            outcome,
            durationMs: ctx.clock.now() - stepStart,
            details: ctx.journal.details.get(step.name) ?? [],
            error: stepError,
        });
        if (stepError) {
            status = outcome;
            error = `${stepError}\n${ctx.journal.recap()}`;
        }
    }
    // Uploaded without waiting: accepted, not built, so not "success" (nor a GitHub Deployment's success).
    if (status === 'success' && ctx.journal.started)
        status = 'started';
    ctx.outputs.set('status', status);
    return {
        status,
        steps: reports,
        warnings: [...ctx.journal.warnings],
        created: [...ctx.journal.created],
        archive: ctx.journal.archive,
        operation: ctx.journal.operation,
        build: ctx.journal.build,
        deployment: ctx.journal.deployment,
        url: ctx.outputs.values().url ?? null,
        timings: ctx.journal.timings,
        sections: [...ctx.journal.sections],
        durationMs: ctx.clock.now() - started,
        error,
    };
}

// EXTERNAL MODULE: ./src/api/network-failure.ts
var network_failure = __webpack_require__(69433);
;// CONCATENATED MODULE: ./src/github/octokit.ts

/**
 * Loaded only when a GitHub option is on (`github-deployment`, `pr-comment`) or a sweep runs: a chunk file of its
 * own (dist/octokit… written by ncc), so other runs neither parse nor evaluate it (~5 MB of RSS,
 * and time before the first request). Its licenses go to dist/octokit.licenses.txt.
 */
async function loadOctokit(token, apiUrl, fetch) {
    const { getOctokit } = await Promise.all(/* import() | octokit */[__webpack_require__.e(536), __webpack_require__.e(850)]).then(__webpack_require__.bind(__webpack_require__, 61351));
    // `fetch` is the action's own: GitHub calls take the same proxy route as every other request.
    return getOctokit(token, { ...(apiUrl ? { baseUrl: apiUrl } : {}), ...(fetch ? { request: { fetch } } : {}) });
}
/** `owner/repo` (GITHUB_REPOSITORY) → its parts, or null when it is not of that shape. */
function repoOf(repository) {
    const [owner, repo, ...rest] = repository.split('/');
    return owner && repo && rest.length === 0 ? { owner, repo } : null;
}
/** Why GitHub refused, and what to give the workflow: `permissions: deployments: write`. */
function explainRefusal(err, scope, apiUrl) {
    // No answer at all (octokit reports it as a 500 wrapping fetch's error): say what happened.
    const code = (0,network_failure/* errorCode */.CA)(err);
    if (code && !err.response) {
        const host = new URL(apiUrl || 'https://api.github.com').host;
        const words = (0,network_failure/* describeFailure */.Ic)({ failure: (0,network_failure/* classifyCode */.EY)(code), code, host, source: 'GITHUB_API_URL' });
        return `the GitHub API could not be reached: ${words.detail}; ${words.advice}`;
    }
    const status = err.status;
    if (status === 403 || status === 404) {
        return `github answered ${status}: give the workflow "permissions: ${scope}"`;
    }
    // GitHub's own words follow the status: its message alone ("Bad credentials", or whatever a
    // gateway answered with a 503) would not say whether to fix the token or run again.
    const message = err.message;
    if (status === 401)
        return `github answered 401 (${message}): the token was refused; check github-token`;
    if (status === 429)
        return `github answered 429 (${message}): GitHub's rate limit; a later run can try again`;
    if (status !== undefined && status >= 500) {
        return `github answered ${status} (${message}): a failure on GitHub's side; a later run can try again`;
    }
    return `github answered${status === undefined ? '' : ` ${status}`}: ${message}`;
}

;// CONCATENATED MODULE: ./src/github/deployment.ts

/** Creates the Deployment; returns a recorder whose calls never throw. */
async function startGithubDeployment(o) {
    const repo = repoOf(o.repository);
    const noop = { status: async () => { } };
    if (!repo) {
        o.log.warning('github-deployment: GITHUB_REPOSITORY is not set; no GitHub Deployment recorded');
        return noop;
    }
    const octokit = await loadOctokit(o.token, o.apiUrl, o.fetch);
    let id;
    try {
        const res = await octokit.rest.repos.createDeployment({
            ...repo,
            ref: o.ref,
            environment: o.environment,
            auto_merge: false,
            required_contexts: [],
            description: 'headless-deploy',
            transient_environment: false,
        });
        if (!('id' in res.data)) {
            o.log.warning(`github-deployment: github did not create a deployment: ${res.data.message ?? 'no reason given'}`);
            return noop;
        }
        id = res.data.id;
    }
    catch (err) {
        o.log.warning(`github-deployment: deployment not recorded: ${explainRefusal(err, 'deployments: write', o.apiUrl)}`);
        return noop;
    }
    return {
        async status(state, description, environmentUrl) {
            try {
                await octokit.rest.repos.createDeploymentStatus({
                    ...repo,
                    deployment_id: id,
                    state,
                    description: description.slice(0, 140),
                    ...(o.logUrl ? { log_url: o.logUrl } : {}),
                    ...(environmentUrl ? { environment_url: environmentUrl } : {}),
                    environment: o.environment,
                });
            }
            catch (err) {
                o.log.warning(`github-deployment: status "${state}": ${explainRefusal(err, 'deployments: write', o.apiUrl)}`);
            }
        },
    };
}
/** At most this many Deployments are marked per environment: a pull request rarely has more pushes. */
const MAX_DEACTIVATED = 100;
/**
 * Marks every Deployment of `environment` inactive, so the pull request stops showing a live
 * preview that is gone. Returns how many were marked; never throws.
 */
async function deactivateGithubDeployments(o) {
    const repo = repoOf(o.repository);
    if (!repo) {
        o.log.warning('github-deployment: GITHUB_REPOSITORY is not set; no GitHub Deployment marked inactive');
        return 0;
    }
    const octokit = await loadOctokit(o.token, o.apiUrl, o.fetch);
    let ids;
    try {
        const list = await octokit.rest.repos.listDeployments({ ...repo, environment: o.environment, per_page: 100 });
        ids = list.data.slice(0, MAX_DEACTIVATED).map((d) => d.id);
    }
    catch (err) {
        o.log.warning(`github-deployment: deployments of "${o.environment}" not listed: ${explainRefusal(err, 'deployments: write', o.apiUrl)}`);
        return 0;
    }
    let marked = 0;
    for (const id of ids) {
        try {
            await octokit.rest.repos.createDeploymentStatus({
                ...repo,
                deployment_id: id,
                state: 'inactive',
                description: 'environment deleted',
                ...(o.logUrl ? { log_url: o.logUrl } : {}),
            });
            marked++;
        }
        catch (err) {
            o.log.warning(`github-deployment: deployment ${id} not marked inactive: ${explainRefusal(err, 'deployments: write', o.apiUrl)}`);
            if (err.status === 403)
                break;
        }
    }
    if (ids.length > 0)
        o.log.info(`github-deployment: ${marked} of ${ids.length} deployment(s) of "${o.environment}" marked inactive`);
    return marked;
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
;// CONCATENATED MODULE: ./src/github/pull-request.ts
/**
 * Which pull request a run is for: the number and head commit from the event payload GitHub
 * writes to GITHUB_EVENT_PATH, on `pull_request` and `pull_request_target` events only. The
 * payload is outside input, so every field is checked before it is used.
 */

const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'];
/** Pure: the pull request of an event, or null when the event is not a pull request's. */
function pullRequestOf(eventName, payload) {
    if (!eventName || !PULL_REQUEST_EVENTS.includes(eventName))
        return null;
    if (payload === null || typeof payload !== 'object')
        return null;
    const p = payload;
    const number = p.pull_request?.number ?? p.number;
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number <= 0)
        return null;
    const sha = p.pull_request?.head?.sha;
    return { number, headSha: typeof sha === 'string' && /^[0-9a-f]{40}$/i.test(sha) ? sha.toLowerCase() : null };
}
/** Reads GITHUB_EVENT_NAME and the payload at GITHUB_EVENT_PATH; null when either is missing or unreadable. */
function readPullRequest(env) {
    const name = env.GITHUB_EVENT_NAME;
    if (!name || !PULL_REQUEST_EVENTS.includes(name) || !env.GITHUB_EVENT_PATH)
        return null;
    try {
        return pullRequestOf(name, JSON.parse((0,external_node_fs_.readFileSync)(env.GITHUB_EVENT_PATH, 'utf8')));
    }
    catch {
        return null;
    }
}

;// CONCATENATED MODULE: ./src/github/pull-request-state.ts
/**
 * One read of a pull request's state (`GET /repos/{owner}/{repo}/pulls/{n}`), as GitHub answered
 * it: the state, or the status and headers of a refusal, or no answer at all. It never retries
 * and throws only when it is cancelled or no request can be made (no GITHUB_REPOSITORY): what
 * to make of a refusal (wait for a rate limit, keep the preview) is the caller's decision
 * (src/steps/sweep/github-retry.ts).
 */

/** How many characters of GitHub's message are kept: enough to say why, not a page. */
const MESSAGE_CHARS = 200;
/** A reader of pull request states; octokit is loaded once, at the first read. */
function pullRequestStateReader(o) {
    let octokit = null;
    return async (number, signal) => {
        const repo = repoOf(o.repository);
        // Not an answer to wait out: no request can be made at all.
        if (!repo)
            throw new Error(`GITHUB_REPOSITORY is "${o.repository}", not owner/repo, so no pull request can be read`);
        octokit ??= loadOctokit(o.token, o.apiUrl, o.fetch);
        try {
            const res = await (await octokit).rest.pulls.get({ ...repo, pull_number: number, ...(signal ? { request: { signal } } : {}) });
            return readState(res.data);
        }
        catch (err) {
            if (signal?.aborted || err.name === 'AbortError')
                throw err;
            const response = err.response;
            if (!response || typeof response.status !== 'number') {
                return { kind: 'unreachable', message: explainRefusal(err, 'pull-requests: read', o.apiUrl) };
            }
            return {
                kind: 'refused',
                status: response.status,
                headers: pickHeaders(response.headers ?? {}),
                message: String(err.message ?? '').slice(0, MESSAGE_CHARS),
            };
        }
    };
}
/** Tolerant of what GitHub may add; strict about what decides a deletion. */
function readState(data) {
    const d = (data ?? {});
    if (d.state !== 'open' && d.state !== 'closed') {
        return { kind: 'refused', status: 200, headers: {}, message: `unexpected state ${JSON.stringify(d.state)}` };
    }
    const merged = d.merged === true || (typeof d.merged_at === 'string' && d.merged_at !== '');
    return { kind: 'found', state: d.state, merged };
}
const KEPT_HEADERS = ['retry-after', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
function pickHeaders(headers) {
    const out = {};
    for (const [name, value] of Object.entries(headers)) {
        const key = name.toLowerCase();
        if (KEPT_HEADERS.includes(key) && value !== undefined && value !== null)
            out[key] = String(value);
    }
    return out;
}

;// CONCATENATED MODULE: ./src/github/token-identity.ts
/** The author of what GITHUB_TOKEN writes. */
const ACTIONS_BOT = Object.freeze({ login: 'github-actions[bot]', type: 'Bot' });
/** The token's author, or null when it cannot be told. Never throws. */
async function tokenAuthor(octokit) {
    try {
        const { data } = await octokit.rest.users.getAuthenticated();
        return typeof data.login === 'string' && typeof data.type === 'string'
            ? { login: data.login, type: data.type }
            : null;
    }
    catch (err) {
        return err.status === 403 ? ACTIONS_BOT : null;
    }
}
/** Whether `user` (a comment's author as GitHub lists it) is `author`. Unknown on either side: no. */
function writtenBy(user, author) {
    return !!author && !!user && user.login === author.login && user.type === author.type;
}

;// CONCATENATED MODULE: ./src/github/sticky-comment.ts


/** Creates or edits the comment; returns what it did, or null (after a warning) when it could not. */
async function upsertStickyComment(o) {
    const repo = repoOf(o.repository);
    if (!repo) {
        o.log.warning('pr-comment: GITHUB_REPOSITORY is not set; no comment written');
        return null;
    }
    const octokit = await loadOctokit(o.token, o.apiUrl, o.fetch);
    const where = { ...repo, issue_number: o.issueNumber };
    let existing = null;
    try {
        const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, { ...where, per_page: 100 });
        // Asked once, and only when a comment carries the marker.
        let author;
        search: for await (const page of pages) {
            for (const comment of page.data) {
                if (!comment.body || !o.isOurs(comment.body))
                    continue;
                if (author === undefined)
                    author = await tokenAuthor(octokit);
                if (writtenBy(comment.user, author)) {
                    existing = comment.id;
                    break search;
                }
                o.log.info(`pr-comment: comment ${comment.id} carries the marker but was not written by this token${author ? ` (${author.login})` : ''}; left as it is`);
            }
        }
        if (existing === null) {
            const res = await octokit.rest.issues.createComment({ ...where, body: o.body });
            return { action: 'created', url: res.data.html_url ?? null };
        }
        const res = await octokit.rest.issues.updateComment({ ...repo, comment_id: existing, body: o.body });
        return { action: 'updated', url: res.data.html_url ?? null };
    }
    catch (err) {
        o.log.warning(`pr-comment: comment on pull request #${o.issueNumber} not ${existing === null ? 'written' : 'updated'}: ${explainRefusal(err, 'pull-requests: write', o.apiUrl)}`);
        return null;
    }
}

;// CONCATENATED MODULE: ./src/github/kept-archives.ts

/** GitHub answers at most 100 a page; 10 pages is more kept archives of one name than anyone retains. */
const PER_PAGE = 100;
const MAX_PAGES = 10;
function keptArchives(o) {
    let octokit = null;
    const repo = () => {
        const r = repoOf(o.repository);
        if (!r)
            throw new Error(`GITHUB_REPOSITORY is "${o.repository}", not owner/repo, so no kept archive can be read`);
        return r;
    };
    return {
        async list(name, signal) {
            const { owner, repo: repoName } = repo();
            octokit ??= loadOctokit(o.token, o.apiUrl, o.fetch);
            const all = [];
            for (let page = 1; page <= MAX_PAGES; page++) {
                let data;
                try {
                    const res = await (await octokit).rest.actions.listArtifactsForRepo({
                        owner,
                        repo: repoName,
                        name,
                        per_page: PER_PAGE,
                        page,
                        ...(signal ? { request: { signal } } : {}),
                    });
                    data = res.data;
                }
                catch (err) {
                    if (signal?.aborted || err.name === 'AbortError')
                        throw err;
                    throw new Error(refusal(err, `GET /repos/${owner}/${repoName}/actions/artifacts?name=${name}`, 'list the kept archives', o.apiUrl));
                }
                const artifacts = Array.isArray(data?.artifacts) ? data.artifacts : [];
                all.push(...artifacts);
                // total_count is GitHub's; a listing without it ends at a short page.
                if (artifacts.length < PER_PAGE || (typeof data.total_count === 'number' && all.length >= data.total_count))
                    break;
            }
            return all;
        },
        async download(a, dir) {
            const { owner, repo: repoName } = repo();
            const { DefaultArtifactClient } = await Promise.all(/* import() | artifact */[__webpack_require__.e(536), __webpack_require__.e(850), __webpack_require__.e(758), __webpack_require__.e(809)]).then(__webpack_require__.bind(__webpack_require__, 89017));
            try {
                const result = await new DefaultArtifactClient().downloadArtifact(a.id, {
                    path: dir,
                    ...(a.digest ? { expectedHash: a.digest } : {}),
                    findBy: {
                        token: o.token,
                        workflowRunId: a.workflow_run?.id ?? 0,
                        repositoryOwner: owner,
                        repositoryName: repoName,
                    },
                });
                return { digestMismatch: result.digestMismatch === true };
            }
            catch (err) {
                throw new Error(refusal(err, `GET /repos/${owner}/${repoName}/actions/artifacts/${a.id}/zip`, `fetch artifact ${a.id}`, o.apiUrl));
            }
        },
    };
}
/** What GitHub answered, and what to change: a token without `actions: read` is the usual cause. */
function refusal(err, request, doing, apiUrl) {
    return `could not ${doing}: ${request}: ${explainRefusal(err, 'actions: read', apiUrl)}`;
}

;// CONCATENATED MODULE: ./src/github/services.ts





/** Reads what GitHub's runner puts in the environment (and the event payload it points to). */
function githubEnvironment(token, env) {
    const repository = env.GITHUB_REPOSITORY ?? '';
    const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
    return {
        token,
        repository,
        ref: env.GITHUB_SHA || env.GITHUB_REF || 'HEAD',
        apiUrl: env.GITHUB_API_URL,
        serverUrl,
        logUrl: env.GITHUB_RUN_ID ? `${serverUrl}/${repository}/actions/runs/${env.GITHUB_RUN_ID}` : undefined,
        runId: /^[1-9][0-9]*$/.test(env.GITHUB_RUN_ID ?? '') ? Number(env.GITHUB_RUN_ID) : null,
        pullRequest: readPullRequest(env),
    };
}
function createGithubServices(gh, log) {
    return {
        startDeployment: (environment) => startGithubDeployment({ ...gh, environment, log }),
        deactivateDeployments: (environment) => deactivateGithubDeployments({ ...gh, environment, log }),
        pullRequest: gh.pullRequest,
        commitUrl: (sha) => `${gh.serverUrl}/${gh.repository}/commit/${sha}`,
        logUrl: gh.logUrl,
        upsertComment: (issueNumber, isOurs, body) => upsertStickyComment({ ...gh, issueNumber, isOurs, body, log }),
        pullRequestState: pullRequestStateReader(gh),
        pullRequestUrl: (number) => `${gh.serverUrl}/${gh.repository}/pull/${number}`,
        kept: keptArchives(gh),
        runId: gh.runId ?? null,
    };
}

// EXTERNAL MODULE: ./src/inputs/from-env.ts + 1 modules
var from_env = __webpack_require__(4428);
// EXTERNAL MODULE: ./src/inputs/read-inputs.ts + 3 modules
var read_inputs = __webpack_require__(39517);
;// CONCATENATED MODULE: ./src/inputs/secrets.ts
/**
 * Raw values, the Basic credentials, the webhook URL and its token (decoded and encoded).
 * Reads the raw inputs, not `Inputs`, so main can mask them before validation and even when it
 * fails. Longest first, so a redactor replacing in order never leaves part of a longer secret.
 */
function secretValues(getInput) {
    const raw = (name) => (getInput(name) ?? '').trim();
    const found = new Set();
    const add = (value) => {
        if (value)
            found.add(value);
    };
    const userId = raw('api-user-id');
    const password = raw('api-password');
    add(userId);
    add(password);
    if (userId !== '' || password !== '')
        add(Buffer.from(`${userId}:${password}`).toString('base64'));
    const token = raw('webhook-token');
    add(token);
    add(encodeURIComponent(token));
    const webhookUrl = raw('webhook-url');
    add(webhookUrl);
    add(/[?&]token=([^&#]*)/.exec(webhookUrl)?.[1]);
    try {
        const url = new URL(webhookUrl);
        add(url.href);
        const urlToken = url.searchParams.get('token');
        add(urlToken);
        if (urlToken)
            add(encodeURIComponent(urlToken));
    }
    catch {
        // not a URL: the raw value above is all there is to mask
    }
    add(raw('github-token'));
    return [...found].sort((a, b) => b.length - a.length);
}

// EXTERNAL MODULE: ./src/inputs/action-metadata.ts
var action_metadata = __webpack_require__(36657);
;// CONCATENATED MODULE: ./src/inputs/index.ts
/** The inputs: read once, checked against every rule, frozen. */





;// CONCATENATED MODULE: ./src/report/outputs.ts
/**
 * The only writer of the action's outputs. Each output is set the moment it is known, so a
 * later failure still leaves the workflow what happened before it. What was set is kept for
 * the job summary and the closing log. A value holding a registered secret is withheld: an
 * output is written to GITHUB_OUTPUT in clear, where masking does not reach.
 */

/** Every output action.yml declares: a step can set no other. */
const OUTPUT_NAMES = (/* unused pure expression or super */ null && (ACTION_OUTPUTS));
/**
 * Shorter secrets are not looked for in outputs: a user id `12` would otherwise hide
 * `archive-bytes: 1234`. Logs still redact them (src/util/redact.ts); an output is a value the
 * workflow needs, so it is withheld only for a real match.
 */
const MIN_OUTPUT_SECRET_LENGTH = 6;
/**
 * A real match: the secret stands in the value whole, not as part of a longer run of letters
 * and digits (`123456` inside `archive-bytes: 91234567` is a coincidence, not a leak).
 */
function holdsSecret(value, secret) {
    if (secret.length < MIN_OUTPUT_SECRET_LENGTH)
        return false;
    const word = /[A-Za-z0-9]/;
    for (let at = value.indexOf(secret); at >= 0; at = value.indexOf(secret, at + 1)) {
        const before = value[at - 1];
        const after = value[at + secret.length];
        const joinsBefore = before !== undefined && word.test(before) && word.test(secret[0]);
        const joinsAfter = after !== undefined && word.test(after) && word.test(secret.at(-1));
        if (!joinsBefore && !joinsAfter)
            return true;
    }
    return false;
}
/**
 * `secrets` is read on every write, so secrets registered later (a Set main keeps adding to)
 * are honoured too.
 */
function createOutputs(setOutput, secrets, 
/** Told once per output withheld, so the log says which and why. */
onWithheld = () => { }) {
    const values = {};
    const withheld = new Set();
    return {
        set(name, raw) {
            const value = String(raw);
            for (const secret of secrets) {
                if (holdsSecret(value, secret)) {
                    // An earlier clean value, if any, stays: it is what the workflow sees.
                    if (!withheld.has(name))
                        onWithheld(name);
                    withheld.add(name);
                    return;
                }
            }
            withheld.delete(name);
            if (values[name] === value)
                return;
            values[name] = value;
            setOutput(name, value);
        },
        values: () => ({ ...values }),
        withheld: () => [...withheld],
    };
}

;// CONCATENATED MODULE: ./src/inputs/run-inputs.ts
/** The chosen step's inputs, or null when the step does not run. */
function stepInputs(inputs, name) {
    const step = inputs.steps.find((s) => s.name === name);
    return step ? step.inputs : null;
}

// EXTERNAL MODULE: ./src/report/pr-comment.ts
var pr_comment = __webpack_require__(71914);
;// CONCATENATED MODULE: ./src/report/publish-pr-comment.ts


/** The facts for the comment, or null when this run has nothing to say in one. Pure. */
function previewFacts(c) {
    const { inputs, report } = c;
    if (!inputs.prComment || inputs.skipped || report.status === 'planned' || report.status === 'skipped')
        return null;
    const deploy = stepInputs(inputs, 'deploy');
    const kind = deploy ? 'deploy' : stepInputs(inputs, 'delete') ? 'delete' : null;
    if (!kind)
        return null;
    const out = c.outputs.values();
    const sha = c.github?.pullRequest?.headSha ?? null;
    return {
        kind,
        status: report.status === 'success' && deploy && !deploy.wait ? 'started' : report.status,
        app: inputs.app,
        environment: inputs.environment,
        environmentId: out['environment-id'] ?? null,
        deleted: out['environment-deleted'] === undefined ? null : out['environment-deleted'] === 'true',
        url: out.url ?? null,
        commit: sha ? { sha, url: c.github?.commitUrl(sha) ?? null } : null,
        build: out.build || null,
        archiveBytes: out['archive-bytes'] ? Number(out['archive-bytes']) : null,
        durationMs: report.durationMs ?? null,
        logUrl: c.github?.logUrl ?? null,
        error: report.error?.split('\n')[0] ?? null,
        updatedAt: new Date(c.now).toISOString(),
    };
}
async function publishPrComment(c) {
    const facts = previewFacts(c);
    if (!facts)
        return;
    const pr = c.github?.pullRequest;
    if (!c.github || !pr) {
        c.log.info('pr-comment: not a pull_request or pull_request_target event; no comment written');
        return;
    }
    const marker = (0,pr_comment/* commentMarker */.Ql)(facts.app, facts.environment);
    const result = await c.github.upsertComment(pr.number, (body) => body.split(/\r?\n/, 1)[0].trim() === marker, (c.redact ?? ((t) => t))((0,pr_comment/* renderPrComment */.Q1)(facts)));
    if (result)
        c.log.info(`pr-comment: ${result.action} the comment on pull request #${pr.number}`);
}

// EXTERNAL MODULE: ./src/util/format.ts
var format = __webpack_require__(32693);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
;// CONCATENATED MODULE: ./src/report/summary.ts
/**
 * Renders the job summary from a RunReport: a heading, a table of steps and a table of
 * details. Pure, so the markdown is tested as text; main writes it to GITHUB_STEP_SUMMARY.
 * Every value from outside (file names, names, server messages) goes through
 * src/report/markdown.ts: it cannot break a table, open HTML, become a link or ping anyone.
 */


const ICONS = {
    success: '✅',
    started: '🚀',
    failure: '❌',
    skipped: '⏭️',
    planned: '📝',
    timeout: '⏱️',
    cancelled: '🚫',
    unhealthy: '🩺',
    'rolled-back': '⏪',
};
const HEADINGS = {
    success: 'succeeded',
    started: 'started (uploaded; the build was not awaited)',
    failure: 'failed',
    timeout: 'timed out',
    cancelled: 'cancelled',
    unhealthy: 'unhealthy (built, but the site did not answer healthy)',
    'rolled-back': 'rolled back (the deploy failed; a kept archive was uploaded again)',
    planned: 'planned (dry run, nothing changed)',
    skipped: 'skipped (no credentials, nothing done)',
};
function renderSummary(report) {
    const lines = [`## ${ICONS[report.status]} headless-deploy: ${HEADINGS[report.status]}`, ''];
    if (report.skipped)
        lines.push((0,markdown/* escapeMarkdown */.FV)(report.skipped), '');
    if (report.url)
        lines.push(`🔗 ${(0,markdown/* markdownLink */.iQ)(report.url, report.url)}`, '');
    if (report.error) {
        lines.push(...report.error.split(/\r?\n/).map((line) => `> ${(0,markdown/* escapeMarkdown */.FV)(line)}`), '');
    }
    if (report.warnings && report.warnings.length > 0) {
        lines.push('**Warnings**', '', ...report.warnings.map((w) => `- ⚠️ ${(0,markdown/* escapeMarkdown */.FV)(w)}`), '');
    }
    if (report.steps.length > 0) {
        lines.push('| Step | Outcome | Duration | What |', '| --- | --- | --- | --- |');
        for (const step of report.steps) {
            const duration = step.durationMs == null ? '' : (0,format/* formatDuration */.a3)(step.durationMs);
            const outcome = `${ICONS[step.outcome]} ${step.outcome}`;
            lines.push(row([step.name, outcome, duration, step.description ?? '']));
        }
        lines.push('');
    }
    for (const section of report.sections ?? [])
        lines.push(section, '');
    const details = detailRows(report);
    if (details.length > 0) {
        lines.push('| Detail | Value |', '| --- | --- |', ...details.map(row), '');
    }
    lines.push(...archiveTables(report.archive));
    return fitSummary(lines.join('\n'));
}
/** GitHub drops a step's summary over 1 MiB whole; this leaves room for what redaction and the runner add. */
const SUMMARY_MAX_BYTES = 1_000_000;
/**
 * A summary cut at the last whole line that fits `max` bytes, with a note of what was left out;
 * one that fits is returned as it is.
 */
function fitSummary(markdown, max = SUMMARY_MAX_BYTES) {
    if (Buffer.byteLength(markdown) <= max)
        return markdown;
    const lines = markdown.split('\n');
    const kept = [];
    let bytes = 0;
    const room = max - 300;
    for (const line of lines) {
        const size = Buffer.byteLength(line) + 1;
        if (bytes + size > room)
            break;
        kept.push(line);
        bytes += size;
    }
    const left = lines.length - kept.length;
    const note = `_The summary was cut here: ${(0,format/* groupDigits */.K9)(left)} more lines (${(0,format/* groupDigits */.K9)(Buffer.byteLength(markdown) - bytes)} bytes) would pass GitHub's 1 MiB limit for a job summary; the log has every warning and rule._`;
    return [...kept, '', note, ''].join('\n');
}
function detailRows(report) {
    const rows = [];
    const { archive } = report;
    for (const what of report.created ?? [])
        rows.push(['created', what]);
    if (archive) {
        rows.push(['archive', `${(0,format/* formatBytesExact */.Up)(archive.bytes)}, ${count(archive.files, 'file')}`]);
        rows.push(['archive sha256', archive.sha256]);
    }
    if (report.operation)
        rows.push(['operation', report.operation]);
    if (report.build)
        rows.push(['build', report.build]);
    if (report.deployment)
        rows.push(['deployment', report.deployment]);
    for (const step of report.steps) {
        for (const [label, value] of step.details ?? [])
            rows.push([`${step.name}: ${label}`, value]);
        if (step.error)
            rows.push([`${step.name}: error`, step.error]);
    }
    for (const timing of report.timings ?? [])
        rows.push([`time: ${timing.label}`, (0,format/* formatDuration */.a3)(timing.ms)]);
    if (report.durationMs != null)
        rows.push(['time: total', (0,format/* formatDuration */.a3)(report.durationMs)]);
    return rows;
}
/** What each exclude rule left out and the largest files sent: where to look when a zip is too big. */
function archiveTables(archive) {
    const lines = [];
    if (archive?.excluded && archive.excluded.length > 0) {
        lines.push('| Exclude rule | Left out |', '| --- | --- |');
        for (const r of archive.excluded) {
            const parts = [r.dirs > 0 ? count(r.dirs, 'folder') : '', r.files > 0 ? count(r.files, 'file') : ''].filter(Boolean);
            lines.push(row([r.pattern, parts.join(', ') || 'nothing']));
        }
        lines.push('');
    }
    if (archive?.largest && archive.largest.length > 0) {
        lines.push('| Largest files sent | Size |', '| --- | --- |');
        for (const f of archive.largest)
            lines.push(row([f.name, (0,format/* formatBytesExact */.Up)(f.size)]));
        lines.push('');
    }
    return lines;
}
function row(cells) {
    return `| ${cells.map(markdown/* escapeCell */.kq).join(' | ')} |`;
}
function count(n, noun) {
    return `${(0,format/* groupDigits */.K9)(n)} ${noun}${n === 1 ? '' : 's'}`;
}

;// CONCATENATED MODULE: ./src/steps/common/journal.ts
class Journal {
    /** What was changed, in order, each in words that stand alone in the recap. */
    facts = [];
    timings = [];
    details = new Map();
    archive = null;
    /** What this run created, in words: `app "shop" (region US-C)`. */
    created = [];
    /** Every warning logged during the run, for the summary. */
    warnings = [];
    /** True when the deploy uploaded and did not wait (`wait: false`): the run's status is `started`. */
    started = false;
    /** The region of an existing app, as the service gave it: the plan line shows it, not the input. */
    regionInForce = null;
    operation = null;
    build = null;
    deployment = null;
    /** Markdown a step renders for the summary itself (the sweep's table), already escaped. */
    sections = [];
    /** What the running step is doing now, in the user's words: named when it fails or is cut short. */
    doing = null;
    did(text) {
        this.facts.push(text);
    }
    time(label, ms) {
        this.timings.push({ label, ms });
    }
    detail(step, label, value) {
        const rows = this.details.get(step) ?? [];
        rows.push([label, value]);
        this.details.set(step, rows);
    }
    /** `done so far: app "shop" created; environment "staging" found; …` */
    recap() {
        if (this.facts.length === 0)
            return 'nothing had been changed yet';
        return `done so far: ${this.facts.join('; ')}`;
    }
}

// EXTERNAL MODULE: ./src/util/temp-dir.ts
var temp_dir = __webpack_require__(42574);
;// CONCATENATED MODULE: ./src/main.ts
/**
 * run(): wires the real dependencies (environment, the front door's log and outputs, undici, the
 * clock, signals) into the flow, and is the one place that ends a run (door.end: setFailed for the action).
 */
















/**
 * The summary is redacted like the log: it names the app, the environment and the operation, and
 * a secret may stand in any of them (a password that is also the app id, say).
 */
async function writeSummary(door, report, log, redact) {
    if (!door.writeSummary)
        return;
    try {
        await door.writeSummary(redact(renderSummary(report)));
    }
    catch (err) {
        log.warning(`job summary not written: ${err.message}`);
    }
}
function sourceDateEpoch() {
    const raw = process.env.SOURCE_DATE_EPOCH;
    return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
}
/** Statuses after which the run did what was asked (or had nothing to do). */
const ENDED_WELL = ['success', 'planned', 'skipped', 'started'];
/**
 * `read`: the inputs as the entry read them before it loaded this module (index.ts); `door`:
 * where inputs came from and results go (the runner's by default, the terminal's for the CLI).
 * Called with no arguments, as `@github/local-action` calls it, it reads the inputs itself.
 */
async function run(read = (0,from_env/* readRunInputs */.h)(), given) {
    // By import(): the runner's door brings @actions/core, which the command-line program never loads.
    const door = given ?? (await __webpack_require__.e(/* import() | action-door */ 902).then(__webpack_require__.bind(__webpack_require__, 22347))).actionDoor(read);
    // Credentials in HTTPS_PROXY / HTTP_PROXY are secrets as much as the inputs are.
    const secrets = [...secretValues(door.getInput), ...(0,proxy/* proxySecrets */.Wm)(process.env)].sort((a, b) => b.length - a.length);
    for (const s of secrets)
        door.registerSecret(s);
    const redact = (0,util_redact/* createRedactor */.lY)(secrets);
    const log = door.logger(redact);
    const outputs = createOutputs((name, value) => door.setOutput(name, value), secrets, (name) => log.warning(`output "${name}" not set: its value contains the value of a secret input, and outputs are written in clear`));
    const signal = door.cancellation(log);
    let inputsRead = false;
    try {
        if ('error' in door.read)
            throw door.read.error;
        const { inputs } = door.read;
        inputsRead = true;
        const report = await runSteps(inputs, { log, outputs, signal, redact });
        await writeSummary(door, report, log, redact);
        const ended = ENDED_WELL.includes(report.status);
        door.end({
            status: report.status,
            ...(ended ? {} : { error: redact(report.error ?? report.status) }),
            inputError: false,
        });
    }
    catch (err) {
        // Input errors end here; so would anything unforeseen, as a message rather than a stack trace.
        outputs.set('status', 'failure');
        const known = err instanceof read_inputs/* InputError */.d || err instanceof proxy/* ProxyConfigError */.Xb;
        const message = known ? err.message : `unexpected error: ${err.message}`;
        const full = redact(inputsRead ? message : `${message}\nno request was made`);
        await writeSummary(door, { status: 'failure', steps: [], error: full }, log, redact);
        door.end({ status: 'failure', error: full, inputError: !inputsRead && known });
    }
}
/** Wires the client and runs the steps; the client is closed whatever happens. */
async function runSteps(inputs, { log, outputs, signal, redact }) {
    const tempDir = (0,temp_dir/* tempDirOf */.l)(process.env, external_node_os_.tmpdir);
    await (0,promises_.mkdir)(tempDir, { recursive: true });
    // One proxy decision and one set of connections for both APIs, webhooks and the GitHub API.
    const dispatchers = (0,api_transport/* createDispatchers */.Xp)();
    const transport = (0,api_transport/* createUndiciTransport */.OX)({ dispatchers });
    const client = createClient({
        transport,
        hostingUrl: inputs.hostingUrl ?? undefined,
        headlessUrl: inputs.headlessUrl ?? undefined,
        credentials: inputs.credentials ?? { userId: '', password: '' },
        signal,
        // A deploy job would rather ride out a bad minute than fail and be re-run by hand: more
        // attempts than the client's default 5, within the same 2-minute budget per request. At a
        // 30% fault rate 5 attempts lose about one request in 400, 10 about one in 170,000.
        retry: { attempts: 10 },
        onRetry: (e) => log.info(`${e.method} ${e.path}: ${e.reason}; retrying in ${Math.round(e.delayMs)} ms (attempt ${e.attempt + 1})`),
    });
    const github = inputs.githubToken
        ? createGithubServices({ ...githubEnvironment(inputs.githubToken, process.env), fetch: (0,api_transport/* createProxyFetch */.vd)(dispatchers) }, log)
        : undefined;
    try {
        const report = await runFlow({
            inputs,
            client,
            log,
            outputs,
            clock: util_clock/* realClock */.d,
            signal,
            journal: new Journal(),
            tempDir,
            redact,
            sourceDateEpoch: sourceDateEpoch(),
            github,
            transport,
        });
        await publishPrComment({ inputs, report, outputs, github, log, now: util_clock/* realClock */.d.now(), redact });
        return report;
    }
    finally {
        await client.close();
    }
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


/***/ })

};
