export const id = 101;
export const ids = [101];
export const modules = {

/***/ 1621:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ headlessMethods),
/* harmony export */   g: () => (/* binding */ regionName)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/* harmony import */ var _find_environment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(60089);
/* harmony import */ var _operation_name_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(30333);
/* harmony import */ var _paginate_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(5427);
/* harmony import */ var _request_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(38550);
/* harmony import */ var _routes_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(14200);
/* harmony import */ var _read_answer_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(23505);
/* harmony import */ var _url_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(68301);
/* harmony import */ var _webhook_url_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(47829);
/* harmony import */ var _wait_for_operation_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(37568);











/** `US-C` or `regions/US-C` → `regions/US-C`. */
function regionName(region) {
    return region.startsWith('regions/') ? region : `regions/${region}`;
}
/** The whole trigger URL, checked by the one webhook URL parser; its message never echoes the URL. */
function webhookUrl(raw) {
    try {
        return new URL((0,_webhook_url_js__WEBPACK_IMPORTED_MODULE_6__/* .parseWebhookUrl */ ._)(raw).url);
    }
    catch (err) {
        if (err instanceof _url_js__WEBPACK_IMPORTED_MODULE_5__/* .UnsafeUrlError */ .m5)
            throw new _url_js__WEBPACK_IMPORTED_MODULE_5__/* .UnsafeUrlError */ .m5(`webhook-url ${err.message}`);
        throw err;
    }
}
function headlessMethods(call, clock) {
    const appParams = (r) => ({ account: r.account, app: r.app });
    const envParams = (r) => ({ ...appParams(r), environment: r.environment });
    /** A record the caller cannot do without: an answer that holds none is an error naming the call. */
    const must = (value, what, method, path) => {
        if (value === undefined)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnexpectedAnswer */ .M7({ method, path, detail: `the answer holds no ${what}` });
        return value;
    };
    const getApp = async (ref, o) => {
        const res = await call({ route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.getApp, params: appParams(ref), signal: o?.signal });
        return must((0,_read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readApp */ .uW)(res.data), 'app', 'GET', `/v1/accounts/${ref.account}/apps/${ref.app}`);
    };
    const listApps = async (account, q = {}, o) => {
        const res = await call({ route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.listApps, params: { account }, query: { ...q }, signal: o?.signal });
        const page = (0,_read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readTokenPage */ .dS)(res.data, 'apps', _read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readApp */ .uW);
        return { apps: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
    };
    const listEnvironments = async (ref, q = {}, o) => {
        const res = await call({
            route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.listEnvironments,
            params: appParams(ref),
            query: { ...q },
            signal: o?.signal,
        });
        const page = (0,_read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readTokenPage */ .dS)(res.data, 'environments', _read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readEnvironment */ .Qo);
        return { environments: page.items, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
    };
    const iterateEnvironments = (ref, q = {}, o) => (0,_paginate_js__WEBPACK_IMPORTED_MODULE_9__/* .walkTokenPages */ .Ti)(async (pageToken) => {
        const page = await listEnvironments(ref, { ...q, pageToken }, o);
        return { items: page.environments, nextPageToken: page.nextPageToken };
    });
    const getEnvironment = async (ref, o) => {
        const res = await call({ route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.getEnvironment, params: envParams(ref), signal: o?.signal });
        return must((0,_read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readEnvironment */ .Qo)(res.data), 'environment', 'GET', `/v1/accounts/${ref.account}/apps/${ref.app}/environments/${ref.environment}`);
    };
    /**
     * The operation as polled; undefined when the answer holds none (the caller polls again). A
     * name left out of the answer is the name polled.
     */
    const getOperation = async (name, o) => {
        const res = await call({
            route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.getOperation,
            params: (0,_operation_name_js__WEBPACK_IMPORTED_MODULE_2__/* .parseOperationName */ .W)(name),
            signal: o?.signal,
            deadline: o?.deadline,
        });
        return (0,_read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readOperation */ .Q0)(res.data, name);
    };
    return {
        /**
         * Creates an app and returns it (the service answers 200 with no body, so it is read back).
         * A 409 counts as success when the existing app has the same region — a retried create, or
         * a concurrent run that won the race; otherwise it is a Conflict naming both regions.
         * `onExisting` tells a caller that must not claim the creation (the `app-created` output).
         */
        async createApp(ref, o) {
            const region = regionName(ref.region);
            try {
                const res = await call({
                    route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.createApp,
                    params: { account: ref.account },
                    query: { appId: ref.app },
                    json: { region, uploadable: {} },
                    signal: o?.signal,
                });
                const data = (0,_read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readApp */ .uW)(res.data);
                if (data?.region)
                    return data;
            }
            catch (err) {
                if (!(err instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .Conflict */ .lt))
                    throw err;
                const existing = await getApp(ref, o);
                // A region left out of the answer cannot contradict ours: the app is there, take it.
                if (existing.region === undefined || existing.region === region) {
                    o?.onExisting?.(existing);
                    return existing;
                }
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .Conflict */ .lt({
                    method: err.method,
                    path: err.path,
                    status: 409,
                    serverMessage: err.serverMessage,
                    code: err.code,
                    attempts: err.attempts,
                    advice: `app "${ref.app}" exists in ${existing.region}, not ${region}; use that region or another app id`,
                });
            }
            return getApp(ref, o);
        },
        listApps,
        iterateApps: (account, q = {}, o) => (0,_paginate_js__WEBPACK_IMPORTED_MODULE_9__/* .walkTokenPages */ .Ti)(async (pageToken) => {
            const page = await listApps(account, { ...q, pageToken }, o);
            return { items: page.apps, nextPageToken: page.nextPageToken };
        }),
        getApp,
        deleteApp: async (ref, o) => {
            await call({ route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.deleteApp, params: appParams(ref), signal: o?.signal });
        },
        /**
         * Not idempotent and not retried after an ambiguous failure: when the error says
         * `mayHaveSucceeded`, list the environments and look for the display name before trying again.
         * Answers the creation's operation, or undefined when the answer holds none (the environment
         * was created all the same: look it up by its display name).
         */
        createEnvironment: async (ref, env, o) => (0,_read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readOperation */ .Q0)((await call({ route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.createEnvironment, params: appParams(ref), json: env, signal: o?.signal })).data),
        listEnvironments,
        iterateEnvironments,
        getEnvironment,
        /**
         * The environment whose display name (or id) is `wanted`, or null when the app has none: the
         * id every other environment call takes is `environmentId(env)`.
         */
        findEnvironment: (ref, wanted, o) => (0,_find_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .findEnvironment */ .j)({ getEnvironment, iterateEnvironments }, ref, wanted, o?.signal),
        /**
         * Sends the whole record and names every field in `updateMask`: right whether the server
         * applies the mask or replaces the record, and no field is cleared by being left out.
         * Answers the update's operation, or undefined when the answer holds none.
         */
        patchEnvironment: async (ref, record, o) => {
            const json = {
                displayName: record.displayName,
                branch: record.branch,
                cmsEnvironment: record.cmsEnvironment,
                shellVariables: record.shellVariables,
            };
            const res = await call({
                route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.patchEnvironment,
                params: envParams(ref),
                query: { updateMask: Object.keys(json).join(',') },
                json,
                signal: o?.signal,
            });
            return (0,_read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readOperation */ .Q0)(res.data);
        },
        deleteEnvironment: async (ref, o) => {
            await call({ route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.deleteEnvironment, params: envParams(ref), signal: o?.signal });
        },
        /**
         * Uploads a zip from disk (streamed; re-opened from the start for every attempt). With
         * `growing`, `file` is the path being written, sent as it grows on the first attempt.
         * Answers the upload's operation, or undefined when the answer holds none (`{}`, no body):
         * the zip was accepted all the same, and its build can be followed by the name the spec
         * gives it (`uploadOperationName`).
         */
        async uploadEnvironment(ref, file, o = {}) {
            const f = typeof file === 'string' ? { path: file, filename: o.filename } : file;
            // form-data (with its MIME table) is loaded by the first upload, not with the client.
            const { fileSize, growingMultipart, multipartOpener } = await Promise.all(/* import() | upload */[__webpack_require__.e(758), __webpack_require__.e(454), __webpack_require__.e(188)]).then(__webpack_require__.bind(__webpack_require__, 27901));
            const g = o.growing;
            if (g && g.file.path !== f.path)
                throw new Error('upload: the growing file is not the file to upload');
            const size = g ? undefined : await fileSize(f.path);
            const openFile = async () => {
                o.onAttempt?.('file');
                // A retry of a streamed upload waits for the writer: the file goes whole, with its length.
                const bytes = g ? (await g.file.done, await fileSize(f.path)) : size;
                return { ...(await multipartOpener(f, bytes)()), maxMs: (0,_request_js__WEBPACK_IMPORTED_MODULE_3__/* .uploadMaxMs */ .OT)(bytes) };
            };
            const streamFirst = g && {
                open: () => {
                    o.onAttempt?.('streamed');
                    return { ...growingMultipart(g.file, f.filename), maxMs: (0,_request_js__WEBPACK_IMPORTED_MODULE_3__/* .uploadMaxMs */ .OT)(g.expectedBytes) };
                },
                whenRefused: g.whenRefused ?? 'file',
                ...(g.refusedAdvice ? { refusedAdvice: g.refusedAdvice } : {}),
                ...(g.onRefused ? { onRefused: g.onRefused } : {}),
            };
            const res = await call({
                route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.uploadEnvironment,
                params: envParams(ref),
                openBody: openFile,
                ...(streamFirst ? { streamFirst } : {}),
                onBodyProgress: o.onProgress,
                signal: o.signal,
            });
            return (0,_read_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .readOperation */ .Q0)(res.data);
        },
        getOperation,
        /** See wait-for-operation.ts: returns the done operation (check `error`), throws TimeoutError. */
        waitForOperation: (name, options) => (0,_wait_for_operation_js__WEBPACK_IMPORTED_MODULE_7__/* .waitForOperation */ .o5)({ clock, getOperation: (n, opts) => getOperation(n, opts) }, name, options),
        /** Triggers a webhook; answers the HTTP status (200 on success). */
        async triggerWebhook(target, o) {
            if ('url' in target) {
                const url = webhookUrl(target.url);
                const token = url.searchParams.get('token') ?? undefined;
                const res = await call({
                    route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.triggerWebhook,
                    url,
                    source: 'webhook-url',
                    secrets: [token, target.url],
                    signal: o?.signal,
                });
                return { status: res.status };
            }
            const res = await call({
                route: _routes_js__WEBPACK_IMPORTED_MODULE_4__/* .routes */ .JZ.triggerWebhook,
                params: { ...envParams(target), action: target.action },
                query: { token: target.token },
                secrets: [target.token],
                signal: o?.signal,
            });
            return { status: res.status };
        },
    };
}


/***/ }),

/***/ 5427:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ti: () => (/* binding */ walkTokenPages),
/* harmony export */   VN: () => (/* binding */ walkLinkedPages)
/* harmony export */ });
/* unused harmony export collect */
/** Walks a hosting list: `first()` fetches page one, `follow(next)` fetches the page a link points at. */
async function* walkLinkedPages(first, follow) {
    const seen = new Set();
    let page = await first();
    for (;;) {
        yield* page.results ?? [];
        const next = page.next;
        if (!next)
            return;
        // A server that links back to a page already read would loop for ever.
        if (seen.has(next))
            throw new Error(`pagination: the service linked to page "${next}" twice; stopping`);
        seen.add(next);
        page = await follow(next);
    }
}
/** Walks a headless list: `fetch(token)` fetches the page for a token (undefined for the first). */
async function* walkTokenPages(fetch) {
    const seen = new Set();
    let token;
    for (;;) {
        const page = await fetch(token);
        yield* page.items;
        if (!page.nextPageToken)
            return;
        if (seen.has(page.nextPageToken))
            throw new Error('pagination: the service repeated a page token; stopping');
        seen.add(page.nextPageToken);
        token = page.nextPageToken;
    }
}
/** Collects an async iterable into an array (for callers that want everything at once). */
async function collect(items) {
    const out = [];
    for await (const item of items)
        out.push(item);
    return out;
}


/***/ }),

/***/ 23505:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q0: () => (/* binding */ readOperation),
/* harmony export */   Qo: () => (/* binding */ readEnvironment),
/* harmony export */   RY: () => (/* binding */ readInstallCopy),
/* harmony export */   dO: () => (/* binding */ readDomain),
/* harmony export */   dS: () => (/* binding */ readTokenPage),
/* harmony export */   uW: () => (/* binding */ readApp)
/* harmony export */ });
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const text = (value) => (typeof value === 'string' ? value : undefined);
const nonEmpty = (value) => typeof value === 'string' && value !== '' ? value : undefined;
/**
 * An Operation, or undefined when the answer holds none (no body, `{}`, another shape). A
 * missing `name` is taken from `asked` (the name polled), when there is one. An `error` marks
 * the operation done even where `done` is left out: a long-running operation carries an error
 * only once it has ended.
 */
function readOperation(data, asked) {
    if (!isRecord(data))
        return undefined;
    const name = nonEmpty(data.name) ?? asked;
    if (name === undefined)
        return undefined;
    const error = isRecord(data.error)
        ? { code: typeof data.error.code === 'number' ? data.error.code : undefined, message: text(data.error.message) }
        : undefined;
    const metadata = isRecord(data.metadata)
        ? { build: nonEmpty(data.metadata.build), deployment: nonEmpty(data.metadata.deployment) }
        : {};
    return { name, done: data.done === true || error !== undefined, metadata, ...(error ? { error } : {}) };
}
function readShellVariables(value) {
    if (!Array.isArray(value))
        return [];
    return value
        .filter((v) => isRecord(v) && typeof v.key === 'string' && (v.value === undefined || typeof v.value === 'string'))
        .map((v) => ({ key: v.key, value: v.value ?? '' }));
}
/**
 * An environment record. The spec does not show its fields; the name (which holds the id) is
 * the one thing an environment cannot be used without. Fields left out read as protobuf's JSON
 * mapping means them: an empty string, an empty list.
 */
function readEnvironment(data) {
    if (!isRecord(data))
        return undefined;
    const name = nonEmpty(data.name);
    if (name === undefined || !/\/environments\/[^/]+$/.test(name))
        return undefined;
    return {
        name,
        displayName: text(data.displayName) ?? '',
        branch: text(data.branch) ?? '',
        cmsEnvironment: text(data.cmsEnvironment) ?? '',
        shellVariables: readShellVariables(data.shellVariables),
    };
}
/** An app record: its name, and its region when the answer gives one. */
function readApp(data) {
    if (!isRecord(data))
        return undefined;
    const name = nonEmpty(data.name);
    if (name === undefined)
        return undefined;
    const region = nonEmpty(data.region);
    return { name, ...(region ? { region } : {}) };
}
/** One page of a headless list: the records that can be read, and the token of the next page. */
function readTokenPage(data, field, read) {
    if (!isRecord(data))
        return { items: [] };
    const raw = Array.isArray(data[field]) ? data[field] : [];
    const items = raw.map(read).filter((item) => item !== undefined);
    const next = nonEmpty(data.nextPageToken);
    return next ? { items, nextPageToken: next } : { items };
}
/** `install_copy` answers `{id, status}`, `{}` or no body: each means accepted; the id when it came. */
function readInstallCopy(data) {
    if (!isRecord(data))
        return {};
    const id = nonEmpty(data.id);
    const status = nonEmpty(data.status);
    return { ...(id ? { id } : {}), ...(status ? { status } : {}) };
}
/** Domain verification's answer is not shown: the Domain when it is one, else nothing. */
function readDomain(data) {
    return isRecord(data) && typeof data.id === 'string' && typeof data.name === 'string'
        ? data
        : undefined;
}


/***/ }),

/***/ 38550:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  IW: () => (/* binding */ DEFAULT_REQUEST_MAX_MS),
  RA: () => (/* binding */ createRequester),
  OT: () => (/* binding */ uploadMaxMs)
});

// UNUSED EXPORTS: LAST_ATTEMPT_MS

// EXTERNAL MODULE: ./src/util/redact.ts
var util_redact = __webpack_require__(50767);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(53249);
;// CONCATENATED MODULE: ./src/api/error-body.ts
const looksLikeHtml = (t) => /^<(!doctype|html|head|body|\?xml|[a-z]+[\s>])/i.test(t);
/** Reads the server's message from either error shape: hosting `{message, errors?}` or headless `{error: {...}}`. */
function readErrorBody(text) {
    const t = text.trim();
    if (t === '')
        return { shape: 'empty' };
    let data;
    try {
        data = JSON.parse(t);
    }
    catch {
        if (looksLikeHtml(t) || t.startsWith('<'))
            return { shape: 'html' };
        // A short plain-text answer is worth showing; a long one is not.
        return t.length <= 200 ? { message: t, shape: 'text' } : { shape: 'text' };
    }
    if (!data || typeof data !== 'object' || Array.isArray(data))
        return { shape: 'json' };
    const d = data;
    const inner = d.error && typeof d.error === 'object' ? d.error : undefined;
    const message = typeof d.message === 'string' ? d.message : typeof inner?.message === 'string' ? inner.message : undefined;
    const code = typeof inner?.status === 'string' ? inner.status : undefined;
    const errors = Array.isArray(d.errors)
        ? d.errors.filter((e) => e && typeof e === 'object')
        : undefined;
    const shape = inner && (typeof inner.message === 'string' || typeof inner.status === 'string')
        ? 'headless'
        : typeof d.message === 'string'
            ? 'hosting'
            : 'json';
    return { message, code, errors, shape };
}
const SHAPE_WORDS = {
    empty: 'with no body',
    hosting: "with an error of the hosting API's shape",
    headless: "with an error of the headless API's shape",
    json: "with JSON that is not the API's error shape",
    html: 'with an HTML page',
    text: 'with plain text',
};
/**
 * Why an error answer does not come from the API the request was for, or undefined when it
 * may well do. A 404 (or 405) must carry the API's own error body: "not found" from another
 * server means the base URL is wrong, not that the resource is missing. Other 4xx answers are
 * suspect when they are HTML or the other API's shape (a headless answer may carry the hosting
 * shape, or none). 429 and 5xx are left alone: gateways in
 * front of the real API answer those with pages of their own, and they are retried anyway.
 */
function foreignAnswer(api, status, body) {
    if (status >= 300 && status < 400)
        return 'with a redirect';
    if (status < 400 || status === 429 || status >= 500)
        return undefined;
    if (body.shape === api)
        return undefined;
    // The headless API's error bodies are not shown by the spec: the platform's reference gives
    // `{message}` or no body where the emulator gives google.rpc's shape. The status decides.
    if (api === 'headless' && (body.shape === 'hosting' || body.shape === 'empty'))
        return undefined;
    const other = body.shape === 'hosting' || body.shape === 'headless';
    if (status === 404 || status === 405 || body.shape === 'html' || other)
        return SHAPE_WORDS[body.shape];
    return undefined;
}

// EXTERNAL MODULE: ./src/api/network-failure.ts
var network_failure = __webpack_require__(69433);
;// CONCATENATED MODULE: ./src/api/answer-errors.ts



const TOKEN_401 = 'check the webhook token or URL; regenerating or deleting the webhooks stops the old URLs working';
const API_NAME = { hosting: 'the hosting API', headless: 'the headless API' };
/** The longest plain-text success a route that allows text may answer: longer is a page, not a word. */
const MAX_TEXT_ANSWER = 1024;
function parseAnswer(res, method, path, route, source) {
    if (res.body.trim() === '')
        return undefined;
    try {
        return JSON.parse(res.body);
    }
    catch {
        const shape = readErrorBody(res.body).shape;
        // A webhook's answer is not shown by the spec: `OK` or `Triggered` is the platform's word.
        if (route.answer === 'json-or-text' && shape === 'text' && res.body.trim().length <= MAX_TEXT_ANSWER) {
            return undefined;
        }
        // A success status with a page instead of JSON: a portal or a proxy answered, not the API.
        throw new errors/* WrongServer */.RS({
            method,
            path,
            status: res.status,
            detail: `this does not look like ${API_NAME[route.api]}`,
            advice: `it answered ${shape === 'html' ? 'with an HTML page' : 'with a body that is not JSON'}; check ${source}`,
        });
    }
}
function buildError(base, { res, failure, url, source, api, tokenAuth, redact }) {
    if (res) {
        const body = readErrorBody(res.body);
        const foreign = foreignAnswer(api, res.status, body);
        if (foreign) {
            // Not the API's answer: no server message either, since it is not the API's to give.
            return new errors/* WrongServer */.RS({
                ...base,
                status: res.status,
                detail: `this does not look like ${API_NAME[api]}`,
                advice: `it answered ${foreign}; ${base.advice ?? `check ${source}`}`,
            });
        }
        return (0,errors/* errorForStatus */.U6)({
            ...base,
            status: res.status,
            serverMessage: body.message === undefined ? undefined : redact(body.message),
            code: body.code,
            errors: body.errors?.map((e) => ({ ...e, message: e.message && redact(e.message) })),
            // Webhook routes authenticate by token, not Basic credentials: a 401 there means a bad token.
            advice: base.advice ?? (res.status === 401 && tokenAuth ? TOKEN_401 : undefined),
        });
    }
    const f = failure;
    const kind = f.failure;
    const cause = Object.assign(new Error(redact(f.message)), f.code ? { code: f.code } : {});
    const words = (0,network_failure/* describeFailure */.Ic)({
        failure: kind,
        code: f.code,
        host: url.host,
        proxy: f.proxy,
        source,
        message: redact(f.message),
    });
    const init = {
        ...base,
        code: f.code,
        cause,
        detail: redact(words.detail),
        advice: redact(words.advice),
    };
    if (kind === 'timeout')
        return new errors/* TimeoutError */.MU(init);
    return new errors/* NetworkError */.Dr({ ...init, failure: kind });
}

// EXTERNAL MODULE: ./src/api/retry-policy.ts
var retry_policy = __webpack_require__(71101);
// EXTERNAL MODULE: ./src/api/routes.ts
var routes = __webpack_require__(14200);
// EXTERNAL MODULE: ./src/api/transport-types.ts
var transport_types = __webpack_require__(5925);
// EXTERNAL MODULE: ./src/api/url.ts
var api_url = __webpack_require__(68301);
;// CONCATENATED MODULE: ./src/api/request.ts







const BASE_LABEL = { hosting: 'api-url', headless: 'headless-api-url' };
/**
 * An attempt started at or just before a caller's deadline still gets this long: the last
 * poll of a wait is made at the deadline, and would otherwise be cut off before it is sent.
 */
const LAST_ATTEMPT_MS = 5_000;
/** Default longest time of one attempt: a JSON call that takes longer is trickling, not working. */
const DEFAULT_REQUEST_MAX_MS = 120_000;
/**
 * The longest an upload attempt may take: 5 minutes, plus the time the body takes at
 * 128 KiB/s (about 1 Mbit/s, a slow uplink). A 100 MiB zip gets 18 min 20 s; the inactivity
 * timeout still ends a stalled upload long before that.
 */
function uploadMaxMs(bytes) {
    return 300_000 + Math.ceil((bytes / (128 * 1024)) * 1000);
}
function cancelled(method, path, attempts, reason) {
    const cause = reason instanceof Error ? new Error(reason.message) : undefined;
    return new errors/* CancelledError */.cc({ method, path, attempts, cause });
}
function createRequester(cfg) {
    const { clock } = cfg;
    return async function call(c) {
        const { route } = c;
        const extra = c.secrets ? (0,util_redact/* createRedactor */.lY)(c.secrets) : undefined;
        const redact = extra ? (t) => extra(cfg.redact(t)) : cfg.redact;
        const base = route.api === 'hosting' ? cfg.hostingUrl : cfg.headlessUrl;
        if (!c.url && !base) {
            throw new Error(`${BASE_LABEL[route.api]} is not set; it is needed for ${route.method} ${route.path}`);
        }
        const url = c.url ?? (0,api_url/* joinUrl */.we)(base, (0,routes/* buildPath */.UL)(route.path, c.params ?? {}), c.query);
        const source = c.source ?? BASE_LABEL[route.api];
        const method = route.method;
        const path = redact((0,api_url/* relativePath */.iZ)(base, url));
        const safe = route.idempotent;
        const signals = [cfg.signal, c.signal].filter((s) => s !== undefined);
        const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
        const headers = { accept: 'application/json', 'user-agent': cfg.userAgent };
        if (route.auth === 'basic') {
            if (!cfg.authorization)
                throw new Error(`api-user-id and api-password are needed for ${method} ${path}`);
            headers.authorization = cfg.authorization;
        }
        const json = c.json === undefined ? undefined : JSON.stringify(c.json);
        if (json !== undefined)
            headers['content-type'] = 'application/json';
        let start = clock.now();
        let ambiguous = false;
        let streaming = c.streamFirst !== undefined && c.openBody !== undefined;
        // Attempts the retry policy does not count: streamed ones the server refused for their form.
        let uncounted = 0;
        let previousKind;
        let sameOutcomes = 0;
        for (let attempt = 1;; attempt++) {
            if (signal?.aborted)
                throw cancelled(method, path, attempt - 1, signal.reason);
            cfg.onEvent?.({ type: 'request', method, path, attempt });
            const began = clock.now();
            let outcome;
            let res;
            let failure;
            const streamed = streaming;
            streaming = false;
            try {
                const attemptHeaders = { ...headers };
                let body = json;
                let total = () => undefined;
                let bodyMaxMs;
                if (c.openBody) {
                    const opened = streamed ? c.streamFirst.open() : await c.openBody();
                    attemptHeaders['content-type'] = opened.contentType;
                    if (opened.length !== undefined)
                        attemptHeaders['content-length'] = String(opened.length);
                    body = opened.stream;
                    total = () => opened.length ?? opened.knownLength?.();
                    bodyMaxMs = opened.maxMs;
                }
                const maxMs = bodyMaxMs ?? c.maxMs ?? cfg.requestMaxMs;
                res = await cfg.transport.send({
                    method,
                    url,
                    headers: attemptHeaders,
                    body,
                    signal,
                    timeoutMs: cfg.requestTimeoutMs,
                    // A caller's deadline bounds the attempt in flight too, not only the retries.
                    maxMs: c.deadline === undefined ? maxMs : Math.min(maxMs, Math.max(c.deadline - clock.now(), LAST_ATTEMPT_MS)),
                    onBodyProgress: c.onBodyProgress && ((n) => c.onBodyProgress(n, total())),
                });
                outcome = {
                    kind: 'response',
                    status: res.status,
                    retryAfterMs: (0,retry_policy/* parseRetryAfter */.mu)(res.headers['retry-after'], clock.now()),
                };
            }
            catch (err) {
                if (!(err instanceof transport_types/* TransportFailure */.A))
                    throw err;
                if (err.failure === 'cancelled')
                    throw cancelled(method, path, attempt, signal?.reason);
                if (err.failure === 'body') {
                    throw new Error(`${method} ${path}: reading the request body failed: ${redact(err.message)}`);
                }
                failure = err;
                outcome = { kind: 'network', failure: err.failure };
            }
            cfg.onEvent?.({
                type: 'response',
                method,
                path,
                attempt,
                status: res ? res.status : (failure?.failure ?? 'failed'),
                ms: clock.now() - began,
            });
            if (res && res.status < 300) {
                return { status: res.status, headers: res.headers, data: parseAnswer(res, method, path, route, source) };
            }
            if (method !== 'GET' && (0,retry_policy/* mayHaveActed */.LR)(outcome))
                ambiguous = true;
            const refused = streamed ? (0,retry_policy/* streamRefusal */.tF)(outcome, res?.earlyAnswer === true) : null;
            if (refused && c.streamFirst.whenRefused === 'file') {
                // The server refused the form of the body, not the request: the file goes at once, and
                // the retries and their time budget start from here.
                c.streamFirst.onRefused?.(refused, res.status);
                uncounted++;
                start = clock.now();
                continue;
            }
            // A name that does not resolve gets one retry: count how many attempts in a row ended alike.
            const kind = outcome.kind === 'network' ? outcome.failure : `status ${res?.status}`;
            sameOutcomes = kind === previousKind ? sameOutcomes + 1 : 1;
            previousKind = kind;
            const now = clock.now();
            const decision = refused
                ? { retry: false, reason: 'not-retryable' }
                : (0,retry_policy/* decideRetry */.tE)(outcome, {
                    safe,
                    attempt: attempt - uncounted,
                    elapsedMs: now - start,
                    remainingMs: c.deadline === undefined ? undefined : c.deadline - now,
                    sameOutcomes,
                }, cfg.retry);
            if (!decision.retry) {
                const advice = refused ? c.streamFirst.refusedAdvice : undefined;
                const init = { method, path, attempts: attempt, mayHaveSucceeded: ambiguous, ...(advice ? { advice } : {}) };
                throw buildError(init, {
                    res,
                    failure,
                    url,
                    source,
                    api: route.api,
                    tokenAuth: route.auth === 'token',
                    redact,
                });
            }
            cfg.onEvent?.({ type: 'retry', method, path, attempt, delayMs: decision.delayMs, reason: decision.reason });
            try {
                await clock.sleep(decision.delayMs, signal);
            }
            catch {
                throw cancelled(method, path, attempt, signal?.reason);
            }
        }
    };
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

/***/ 97110:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ realClock)
/* harmony export */ });
/* unused harmony export VirtualClock */
const realClock = {
    now: () => Date.now(),
    sleep: (ms, signal) => new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
/**
 * A clock that only moves when told to, or when something sleeps on it: sleeping advances
 * virtual time at once, so a poll that would wait a minute finishes in microseconds while
 * every timestamp it sees is as if it had waited.
 */
class VirtualClock {
    current;
    constructor(start = Date.UTC(2026, 0, 1)) {
        this.current = start;
    }
    now() {
        return this.current;
    }
    advance(ms) {
        this.current += ms;
    }
    async sleep(ms, signal) {
        if (signal?.aborted)
            throw signal.reason;
        this.current += Math.max(0, ms);
        await Promise.resolve();
    }
}


/***/ }),

/***/ 50767:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   lY: () => (/* binding */ createRedactor)
/* harmony export */ });
/* unused harmony exports REDACTED, redactTokens, redact */
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(54285);
/**
 * Redaction of secrets from text that may reach a person: error messages, log lines, server
 * messages echoed back. Known secrets are replaced wherever they appear (as given, URL-encoded,
 * and — for a user id/password pair — as the base64 of a Basic credential), and every
 * `token=` query value is replaced whether or not it is known. Each form is also looked for as
 * markdown escapes it (src/report/markdown.ts), for the job summary and the PR comment.
 */

const REDACTED = '***';
/** Secrets shorter than this are left alone: replacing one- or two-letter strings would shred text. */
const MIN_SECRET_LENGTH = 3;
// Matches `token=` and `…_token=` alike; the value runs to the next separator.
const TOKEN_QUERY = /(token=)[^&#\s"'<>]*/gi;
/** Replaces the value of every `token=` query parameter (and `token=` in free text) with `***`. */
function redactTokens(text) {
    return text.replace(TOKEN_QUERY, `$1${REDACTED}`);
}
/**
 * Builds a redactor for a set of secrets. `basic` pairs (user id, password) add the
 * `user:password` string and its base64 form, which is what travels in an Authorization header.
 */
function createRedactor(secrets, basic) {
    const forms = new Set();
    const add = (s) => {
        if (!s || s.length < MIN_SECRET_LENGTH)
            return;
        for (const form of new Set([s, encodeURIComponent(s)])) {
            forms.add(form);
            // The summary and the PR comment are redacted once rendered: a secret in them is escaped
            // (sec\-ret), and GitHub shows it unescaped.
            forms.add((0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMarkdown */ .FV)(form));
        }
    };
    secrets.forEach(add);
    if (basic) {
        const pair = `${basic[0]}:${basic[1]}`;
        add(pair);
        add(Buffer.from(pair, 'utf8').toString('base64'));
    }
    // Longest first, so a secret that contains another is replaced whole.
    const ordered = [...forms].sort((a, b) => b.length - a.length);
    return (text) => {
        let out = redactTokens(text);
        for (const s of ordered)
            out = out.split(s).join(REDACTED);
        return out;
    };
}
/** One-off redaction: `redact(text, [password, token])`. */
function redact(text, secrets = []) {
    return createRedactor(secrets)(text);
}


/***/ }),

/***/ 42574:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ archiveFileIn),
/* harmony export */   l: () => (/* binding */ tempDirOf)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Where the zip is written. The runner gives every job a RUNNER_TEMP it empties afterwards
 * (`/home/runner/work/_temp`, `D:\a\_temp`, `/Users/runner/work/_temp`); a run outside a runner
 * (a local test, `npm run demo`) may not have one, and falls back to the system's temp dir.
 * Pure: the caller passes the environment and the fallback.
 */

/** RUNNER_TEMP as given (spaces, non-ASCII letters and all), or `fallback()` when it is unset or blank. */
function tempDirOf(env, fallback) {
    const given = env.RUNNER_TEMP;
    return given !== undefined && given.trim() !== '' ? given : fallback();
}
/** The zip's file: a name of our own with a random `id`, in `tempDir`, with the platform's separator. */
function archiveFileIn(tempDir, id, path = (node_path__WEBPACK_IMPORTED_MODULE_0___default())) {
    return path.join(tempDir, `headless-deploy-${id}.zip`);
}


/***/ })

};
