export const id = 401;
export const ids = [401];
export const modules = {

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

/***/ 86844:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GK: () => (/* binding */ describeProxy),
/* harmony export */   Pr: () => (/* binding */ parseProxyUrl),
/* harmony export */   Wm: () => (/* binding */ proxySecrets),
/* harmony export */   Xb: () => (/* binding */ ProxyConfigError),
/* harmony export */   iJ: () => (/* binding */ proxyFor)
/* harmony export */ });
/* unused harmony export bypassesProxy */
/* harmony import */ var _url_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(68301);
/**
 * Which proxy a request goes through, decided the way the runner's own tooling
 * (@actions/http-client) decides it, so that a self-hosted runner configured for one is
 * configured for the action too:
 *
 * - `https_proxy` / `HTTPS_PROXY` for https URLs, `http_proxy` / `HTTP_PROXY` for http ones
 *   (the lower-case name wins when both are set and it is not empty);
 * - `no_proxy` / `NO_PROXY`: a comma-separated list of `*` (nothing is proxied), a host
 *   (`example.com`, which also covers its subdomains), a suffix (`.example.com`, `*.example.com`)
 *   or a `host:port`; compared without regard to case;
 * - loopback hosts (localhost, 127.0.0.0/8, ::1) are never proxied: a proxy cannot reach the
 *   runner's own loopback interface.
 *
 * Pure: the environment is passed in, so the decision is tested as a table.
 */

/** The proxy variable in force for a scheme, lower case first. */
function proxyVariable(protocol, env) {
    const value = protocol === 'https:' ? env.https_proxy || env.HTTPS_PROXY : env.http_proxy || env.HTTP_PROXY;
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
}
/** Thrown for a proxy variable that is not a URL; names the variable, never its value (it may hold a password). */
class ProxyConfigError extends Error {
    name = 'ProxyConfigError';
}
/**
 * Parses a proxy URL as curl and @actions/http-client do: a bare `host:port` means http.
 * Credentials are percent-decoded, as the URL standard keeps them encoded.
 */
function parseProxyUrl(raw, variable) {
    let url;
    try {
        url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
    }
    catch {
        throw new ProxyConfigError(`${variable} is not a URL; expected e.g. http://proxy.example.com:3128`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new ProxyConfigError(`${variable}: unsupported proxy scheme "${url.protocol}"; use http:// or https://`);
    }
    let authorization;
    if (url.username || url.password) {
        const user = safeDecode(url.username);
        const password = safeDecode(url.password);
        authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    }
    const bare = new URL(url.origin);
    return authorization ? { url: bare, authorization } : { url: bare };
}
function safeDecode(s) {
    try {
        return decodeURIComponent(s);
    }
    catch {
        return s;
    }
}
function defaultPort(url) {
    return url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
}
/** True when NO_PROXY (or loopback) says this URL goes direct. */
function bypassesProxy(url, env) {
    const host = url.hostname.toLowerCase();
    if ((0,_url_js__WEBPACK_IMPORTED_MODULE_0__/* .isLoopbackHost */ .cW)(host))
        return true;
    const list = env.no_proxy || env.NO_PROXY || '';
    const port = defaultPort(url);
    for (const raw of list.split(',')) {
        let item = raw.trim().toLowerCase();
        if (!item)
            continue;
        if (item === '*')
            return true;
        let itemPort;
        // `host:port`, `[v6]:port`; a bare IPv6 address has colons but no brackets.
        const m = /^(.*[^:]):(\d+)$/.exec(item);
        if (m && (!m[1].includes(':') || m[1].startsWith('['))) {
            item = m[1];
            itemPort = m[2];
        }
        if (itemPort !== undefined && itemPort !== port)
            continue;
        if (item.startsWith('*.'))
            item = item.slice(1);
        if (item.startsWith('.') ? host.endsWith(item) : host === item || host.endsWith(`.${item}`))
            return true;
    }
    return false;
}
/** The proxy for a request to `url`, or undefined for a direct connection. */
function proxyFor(url, env) {
    if (bypassesProxy(url, env))
        return undefined;
    const raw = proxyVariable(url.protocol, env);
    if (!raw)
        return undefined;
    const variable = url.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY';
    return parseProxyUrl(raw, variable);
}
/**
 * Every form the proxy credentials may take in a log (user, password, both, the Basic value
 * and the whole variable), for main to mask: a proxy URL with a password is a secret too.
 */
function proxySecrets(env) {
    const out = new Set();
    for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) {
        const raw = env[name]?.trim();
        if (!raw)
            continue;
        let url;
        try {
            url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
        }
        catch {
            continue;
        }
        if (!url.username && !url.password)
            continue;
        out.add(raw);
        for (const part of [url.username, url.password]) {
            if (!part)
                continue;
            out.add(part);
            out.add(safeDecode(part));
        }
        const pair = `${safeDecode(url.username)}:${safeDecode(url.password)}`;
        out.add(pair);
        out.add(Buffer.from(pair).toString('base64'));
    }
    return [...out].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}
/** `proxy.example.com:3128`: how messages name a proxy (never with credentials). */
function describeProxy(choice) {
    return choice.url.host;
}


/***/ }),

/***/ 5925:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (/* binding */ TransportFailure)
/* harmony export */ });
/**
 * One attempt that got no (complete) response. `failure` says what the client may conclude:
 * `refused` — never reached the server; `reset` — dropped before any response byte;
 * `timeout` — no progress within the timeout; `broken` — the answer was cut off or malformed;
 * `cancelled` — the caller's signal; `body` — reading the request body (a local file) failed;
 * the other kinds are those of network-failure.ts. `proxy` names the proxy the attempt went
 * through (host:port, never its credentials).
 */
class TransportFailure extends Error {
    failure;
    code;
    proxy;
    name = 'TransportFailure';
    constructor(failure, message, code, proxy) {
        super(message);
        this.failure = failure;
        this.code = code;
        this.proxy = proxy;
    }
}


/***/ }),

/***/ 15644:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Az: () => (/* reexport */ transport_types/* TransportFailure */.A),
  Xp: () => (/* binding */ createDispatchers),
  vd: () => (/* binding */ createProxyFetch),
  OX: () => (/* binding */ createUndiciTransport)
});

// UNUSED EXPORTS: classifyRequestError

// EXTERNAL MODULE: external "node:tls"
var external_node_tls_ = __webpack_require__(41692);
// EXTERNAL MODULE: ./src/api/network-failure.ts
var network_failure = __webpack_require__(69433);
// EXTERNAL MODULE: ./src/api/proxy.ts
var proxy = __webpack_require__(86844);
// EXTERNAL MODULE: ./src/api/transport-types.ts
var transport_types = __webpack_require__(5925);
// EXTERNAL MODULE: ./node_modules/undici/lib/dispatcher/agent.js
var agent = __webpack_require__(57405);
var agent_default = /*#__PURE__*/__webpack_require__.n(agent);
// EXTERNAL MODULE: ./node_modules/undici/lib/dispatcher/dispatcher.js
var dispatcher = __webpack_require__(30883);
var dispatcher_default = /*#__PURE__*/__webpack_require__.n(dispatcher);
// EXTERNAL MODULE: ./node_modules/undici/lib/dispatcher/proxy-agent.js
var proxy_agent = __webpack_require__(76672);
var proxy_agent_default = /*#__PURE__*/__webpack_require__.n(proxy_agent);
// EXTERNAL MODULE: ./node_modules/undici/lib/api/index.js
var api = __webpack_require__(56615);
;// CONCATENATED MODULE: ./src/api/undici-parts.ts
/**
 * The parts of undici the client sends with: its agents, and the request API. undici's index
 * loads everything it has (fetch, WebSocket, EventSource, the cache, the mocks): 930 KB that
 * every start would compile before its first request. These parts are about 515 KB; fetch
 * comes from the index, by import(), only for octokit (transport.ts). `npm run bench -- start`
 * measured 25-45 ms less from start to the first request (docs/start.md).
 *
 * The index also lends the request API (`request`, `connect`, …) to every dispatcher, and
 * ProxyAgent opens its tunnels with `connect`: that line is repeated here. Loading the index
 * later does the same again, harmlessly. The paths are undici's files (its package has no
 * exports map); the version is pinned, and a moved file fails the build.
 */




Object.assign((dispatcher_default()).prototype, api);


;// CONCATENATED MODULE: ./src/api/transport.ts
/**
 * The one file that speaks HTTP (through undici). It sends one attempt and reports either a
 * response or a classified failure; retries, errors and parsing live above it, so tests can
 * put a fake transport in its place.
 *
 * The timeout is an inactivity timeout: it restarts whenever a byte of the request body is
 * handed to the socket or a byte of the response arrives, so a large upload on a slow link is
 * not cut off while it is making progress. `maxMs` bounds the whole attempt besides, so a server
 * trickling a byte every few seconds cannot hold a job for ever. Both run on real time, not
 * the injected Clock: they guard real I/O, which a virtual clock cannot make faster.
 *
 * Proxies: each request goes through the proxy `proxyFor` (proxy.ts) picks for its URL from
 * the environment, or direct; one undici dispatcher per proxy, made on first use.
 */






const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Maps an error of the request phase (no response yet) to a failure kind. */
function classifyRequestError(err) {
    return (0,network_failure/* classifyCode */.EY)((0,network_failure/* errorCode */.CA)(err));
}
/** undici's words when a proxy answers CONNECT with anything but 200. */
const PROXY_REFUSED = /Proxy response \((\d{3})\)/;
const PROXY_AUTH = /Proxy Authentication Required/i;
function normalizeHeaders(raw) {
    const out = {};
    for (const [k, v] of Object.entries(raw)) {
        if (v !== undefined)
            out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
    return out;
}
function seconds(ms) {
    return `${Math.round(ms / 100) / 10}s`;
}
function message(err) {
    return err instanceof Error ? err.message : String(err);
}
function createDispatchers(options = {}) {
    const env = options.env ?? process.env;
    // A malformed proxy variable is reported now, once, rather than by every request.
    for (const [name, raw] of [
        ['HTTPS_PROXY', env.https_proxy || env.HTTPS_PROXY],
        ['HTTP_PROXY', env.http_proxy || env.HTTP_PROXY],
    ]) {
        if (raw?.trim())
            (0,proxy/* parseProxyUrl */.Pr)(raw.trim(), name);
    }
    // Our inactivity timer governs; undici's own 300 s timers are turned off to avoid two clocks.
    const common = { keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000, headersTimeout: 0, bodyTimeout: 0 };
    const tls = options.ca ? { ca: [...external_node_tls_.rootCertificates, options.ca] } : undefined;
    const direct = new (agent_default())(tls ? { ...common, connect: tls } : common);
    const proxies = new Map();
    return {
        for(url) {
            const choice = (0,proxy/* proxyFor */.iJ)(url, env);
            if (!choice)
                return { dispatcher: direct };
            const key = `${choice.url.href} ${choice.authorization ?? ''}`;
            let agent = proxies.get(key);
            if (!agent) {
                agent = new (proxy_agent_default())({
                    ...common,
                    uri: choice.url.href,
                    token: choice.authorization,
                    ...(tls ? { requestTls: tls } : {}),
                });
                proxies.set(key, agent);
            }
            return { dispatcher: agent, proxy: (0,proxy/* describeProxy */.GK)(choice) };
        },
        async close() {
            await Promise.all([direct.close(), ...[...proxies.values()].map((a) => a.close())]);
        },
    };
}
/**
 * A WHATWG fetch over the same dispatchers, for libraries that take one (octokit, for the
 * GitHub API): the same proxy decision, and a maximum duration per request.
 */
function createProxyFetch(dispatchers, maxMs = 60_000) {
    const proxied = async (input, init = {}) => {
        const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
        const limit = AbortSignal.timeout(maxMs);
        const signal = init.signal ? AbortSignal.any([init.signal, limit]) : limit;
        const { dispatcher } = dispatchers.for(url);
        // undici's index, with fetch: loaded by the first GitHub request, not at start (undici-parts.ts).
        const { fetch: undiciFetch } = await __webpack_require__.e(/* import() | undici-fetch */ 536).then(__webpack_require__.t.bind(__webpack_require__, 46752, 19));
        const res = await undiciFetch(url, { ...init, signal, dispatcher });
        return res;
    };
    return proxied;
}
/** The real transport: undici, with a connection pool per proxy (or direct) per client. */
function createUndiciTransport(options = {}) {
    const dispatchers = options.dispatchers ?? createDispatchers(options);
    async function send(req) {
        if (req.signal?.aborted)
            throw new transport_types/* TransportFailure */.A('cancelled', 'cancelled before sending');
        const { dispatcher, proxy } = dispatchers.for(req.url);
        const timer = new AbortController();
        let handle;
        let overMax = false;
        const touch = () => {
            clearTimeout(handle);
            handle = setTimeout(() => timer.abort(), req.timeoutMs);
        };
        const maxHandle = req.maxMs === undefined
            ? undefined
            : setTimeout(() => {
                overMax = true;
                timer.abort();
            }, Math.max(0, req.maxMs));
        const signal = req.signal ? AbortSignal.any([req.signal, timer.signal]) : timer.signal;
        let bodyError;
        let bodySent = false;
        const source = typeof req.body === 'string' ? undefined : req.body;
        if (source) {
            let sent = 0;
            // Counted as undici reads it, with no stream in between: a stage of its own would hold
            // chunks too, and the upload body reuses its buffers on the promise that only the socket
            // holds them (part-body.ts). Paused first, so that this listener does not start the flow
            // before undici listens (undici resumes it).
            source.pause();
            source.on('data', (chunk) => {
                sent += chunk.length;
                touch();
                req.onBodyProgress?.(sent);
            });
            source.on('end', () => {
                bodySent = true;
            });
            source.on('error', (err) => {
                bodyError ??= err;
            });
        }
        const failed = (err, phase) => {
            if (req.signal?.aborted)
                return new transport_types/* TransportFailure */.A('cancelled', 'cancelled by the caller');
            if (timer.signal.aborted) {
                const why = overMax
                    ? `not done within ${seconds(req.maxMs)}, the longest a request may take`
                    : `no progress within ${seconds(req.timeoutMs)}`;
                return new transport_types/* TransportFailure */.A('timeout', why, undefined, proxy);
            }
            if (bodyError !== undefined)
                return new transport_types/* TransportFailure */.A('body', message(bodyError), (0,network_failure/* errorCode */.CA)(bodyError));
            const text = message(err);
            if (proxy && phase === 'request') {
                const refused = PROXY_REFUSED.exec(text);
                if (refused) {
                    const failure = refused[1] === '407' ? 'proxy-auth' : 'proxy';
                    return new transport_types/* TransportFailure */.A(failure, text, refused[1], proxy);
                }
                if (PROXY_AUTH.test(text))
                    return new transport_types/* TransportFailure */.A('proxy-auth', text, '407', proxy);
            }
            const failure = phase === 'request' ? classifyRequestError(err) : 'broken';
            return new transport_types/* TransportFailure */.A(failure, text, (0,network_failure/* errorCode */.CA)(err), proxy);
        };
        touch();
        try {
            let res;
            try {
                res = await dispatcher.request({
                    origin: req.url.origin,
                    path: req.url.pathname + req.url.search,
                    method: req.method,
                    headers: req.headers,
                    body: req.body ?? null,
                    signal,
                });
            }
            catch (err) {
                throw failed(err, 'request');
            }
            touch();
            const earlyAnswer = source !== undefined && !bodySent;
            try {
                const chunks = [];
                let size = 0;
                for await (const chunk of res.body) {
                    touch();
                    size += chunk.length;
                    if (size > MAX_RESPONSE_BYTES)
                        throw new Error(`response larger than ${MAX_RESPONSE_BYTES} bytes`);
                    chunks.push(chunk);
                }
                return {
                    status: res.statusCode,
                    headers: normalizeHeaders(res.headers),
                    body: Buffer.concat(chunks).toString('utf8'),
                    ...(earlyAnswer ? { earlyAnswer } : {}),
                };
            }
            catch (err) {
                res.body.destroy();
                throw failed(err, 'response');
            }
        }
        finally {
            clearTimeout(handle);
            clearTimeout(maxHandle);
            source?.destroy(); // a no-op after a complete send; releases the file otherwise
        }
    }
    return { send, close: () => dispatchers.close() };
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


/***/ })

};
