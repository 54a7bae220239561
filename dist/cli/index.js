#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 86255:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ looksLikeEnvironmentId),
/* harmony export */   h: () => (/* binding */ ENVIRONMENT_ID_SHAPES)
/* harmony export */ });
/**
 * The shapes of an environment id the platform makes. The spec says identifiers are uuids
 * unless stated otherwise; older environments carry 24 hexadecimal characters, and seeds
 * written for earlier emulators 8. No other rule about an id's shape is relied on: an id is
 * whatever the last segment of the environment's name says.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^(?:[0-9a-f]{24}|[0-9a-f]{8})$/i;
/**
 * True when `value` is shaped like a server-made environment id. Such a value that is not found
 * is a mistyped or stale id, never a display name to create (`e0a1b2c4` next to `e0a1b2c3`).
 */
function looksLikeEnvironmentId(value) {
    return UUID.test(value) || HEX.test(value);
}
/** How the message names the shapes above. */
const ENVIRONMENT_ID_SHAPES = 'a uuid, or 24 hexadecimal characters for older environments';


/***/ }),

/***/ 30333:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ uploadOperationName),
/* harmony export */   W: () => (/* binding */ parseOperationName)
/* harmony export */ });
/* harmony import */ var _routes_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(14200);
/* harmony import */ var _url_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(68301);
/**
 * Operation names (`accounts/{a}/apps/{app}/environments/{id}/operations/{op}`) into route
 * parameters. A file of its own, apart from headless.ts, because the wait step's input rule uses
 * it: what reading the inputs needs must not bring the client (and undici) along.
 */


const matchOperation = (0,_routes_js__WEBPACK_IMPORTED_MODULE_0__/* .compilePath */ .H9)(_routes_js__WEBPACK_IMPORTED_MODULE_0__/* .routes */ .JZ.getOperation.path);
/**
 * Splits `accounts/a/apps/b/environments/c/operations/d` into route parameters. The name comes
 * from the server (or an input): a `.` or `..` segment, which the URL standard would resolve
 * out of the API's path, is refused like any other name of the wrong form.
 */
function parseOperationName(name) {
    const params = matchOperation(`/v1/${name}`);
    if (!params || Object.values(params).some((v) => v === '.' || v === '..')) {
        throw new _url_js__WEBPACK_IMPORTED_MODULE_1__/* .UnsafeUrlError */ .m5(`operation name ${(0,_url_js__WEBPACK_IMPORTED_MODULE_1__/* .quoteUntrusted */ .X0)(name)} is not of the form accounts/{account}/apps/{app}/environments/{id}/operations/{operation}; no request was sent`);
    }
    return params;
}
/**
 * The name the spec gives the operation of an upload (and of an environment's creation): it
 * stands for the environment's latest operation. An upload answered without an operation is
 * followed by this name.
 */
function uploadOperationName(ref) {
    return `accounts/${ref.account}/apps/${ref.app}/environments/${ref.environment}/operations/no_build`;
}


/***/ }),

/***/ 14200:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   H9: () => (/* binding */ compilePath),
/* harmony export */   JZ: () => (/* binding */ routes),
/* harmony export */   UL: () => (/* binding */ buildPath)
/* harmony export */ });
/**
 * The route table: one row per operation of the spec, shared by the client (which builds
 * typed methods over it) and the emulator (which checks that every row has a handler and
 * rejects query parameters and body fields a row does not name, as the real service does).
 */
const PAGE = ['limit', 'offset'];
const HEADLESS_PAGE = ['pageSize', 'pageToken'];
function row(api, spec, opts = {}) {
    const [method, path] = spec.split(' ');
    return {
        api,
        method,
        path,
        query: opts.query ?? [],
        body: opts.body ?? null,
        auth: opts.auth ?? 'basic',
        idempotent: opts.idempotent ?? (method === 'GET' || method === 'PATCH' || method === 'DELETE'),
        answer: opts.answer ?? 'json',
    };
}
const routes = {
    // Hosting management API ({api-url}/v1)
    listInstalls: row('hosting', 'GET /v1/installs', { query: [...PAGE, 'account_id'] }),
    updateInstall: row('hosting', 'PATCH /v1/installs/{install_id}', { body: ['site_id', 'environment'] }),
    listArchives: row('hosting', 'GET /v1/installs/{install_id}/archives', { query: PAGE }),
    createInstallCopy: row('hosting', 'POST /v1/install_copy', {
        body: ['source_environment_id', 'destination_environment_id', 'notification_emails', 'custom_options'],
    }),
    createDomain: row('hosting', 'POST /v1/installs/{install_id}/domains', { body: ['name', 'primary', 'redirect_to'] }),
    listDomains: row('hosting', 'GET /v1/installs/{install_id}/domains', { query: PAGE }),
    getDomain: row('hosting', 'GET /v1/installs/{install_id}/domains/{domain_id}'),
    // Verifying twice leaves the domain verified: safe to repeat.
    verifyDomain: row('hosting', 'POST /v1/installs/{install_id}/domains/{domain_id}/verification', {
        idempotent: true,
    }),
    getDomainStatusReport: row('hosting', 'GET /v1/installs/{install_id}/domains/check_status/{report_id}'),
    orderSslCertificate: row('hosting', 'POST /v1/installs/{install_id}/domains/{domain_id}/ssl_certificate', {
        body: ['email_address', 'given_name', 'family_name', 'region_code', 'state', 'city', 'phone'],
    }),
    // Uploading the same certificate again replaces it with itself: safe to repeat.
    createThirdPartyCertificate: row('hosting', 'POST /v1/installs/{install_id}/ssl_certificates/third_party', {
        body: ['certificate', 'private_key'],
        idempotent: true,
    }),
    createSite: row('hosting', 'POST /v1/sites', { body: ['name', 'account_id'] }),
    listSites: row('hosting', 'GET /v1/sites', { query: [...PAGE, 'account_id'] }),
    getSiteTransfer: row('hosting', 'GET /v1/sites/{site_id}/site_transfers/{transfer_id}'),
    listSiteTransfers: row('hosting', 'GET /v1/accounts/{account_id}/site_transfers', { query: PAGE }),
    createAccountUser: row('hosting', 'POST /v1/accounts/{account_id}/account_users', { body: ['user'] }),
    listAccountUsers: row('hosting', 'GET /v1/accounts/{account_id}/account_users'),
    getAccountLimits: row('hosting', 'GET /v1/accounts/{account_id}/limits'),
    listSshKeys: row('hosting', 'GET /v1/ssh_keys', { query: PAGE }),
    // Headless application API ({headless-api-url})
    createApp: row('headless', 'POST /v1/accounts/{account}/apps', { query: ['appId'], body: ['region', 'uploadable'] }),
    listApps: row('headless', 'GET /v1/accounts/{account}/apps', { query: HEADLESS_PAGE }),
    getApp: row('headless', 'GET /v1/accounts/{account}/apps/{app}'),
    deleteApp: row('headless', 'DELETE /v1/accounts/{account}/apps/{app}'),
    createEnvironment: row('headless', 'POST /v1/accounts/{account}/apps/{app}/environments', {
        body: ['displayName', 'branch', 'cmsEnvironment', 'shellVariables'],
    }),
    listEnvironments: row('headless', 'GET /v1/accounts/{account}/apps/{app}/environments', { query: HEADLESS_PAGE }),
    getEnvironment: row('headless', 'GET /v1/accounts/{account}/apps/{app}/environments/{environment}'),
    patchEnvironment: row('headless', 'PATCH /v1/accounts/{account}/apps/{app}/environments/{environment}', {
        query: ['updateMask'],
        body: ['displayName', 'branch', 'cmsEnvironment', 'shellVariables'],
    }),
    deleteEnvironment: row('headless', 'DELETE /v1/accounts/{account}/apps/{app}/environments/{environment}'),
    // A repeated upload deploys the same zip again: the end state is the same, so it may be retried.
    uploadEnvironment: row('headless', 'POST /fu/v1/accounts/{account}/apps/{app}/environments/{environment}:upload', {
        idempotent: true,
    }),
    getOperation: row('headless', 'GET /v1/accounts/{account}/apps/{app}/environments/{environment}/operations/{operation}'),
    triggerWebhook: row('headless', 'POST /wh/v1/accounts/{account}/apps/{app}/environments/{environment}/webhooks/webhook:{action}', { query: ['token'], auth: 'token', answer: 'json-or-text' }),
};
/** Builds a concrete path from a template, percent-encoding each parameter. */
function buildPath(template, params) {
    return template.replace(/\{(\w+)\}/g, (_, name) => {
        const value = params[name];
        if (value === undefined || value === '')
            throw new Error(`missing path parameter "${name}" for ${template}`);
        return encodeURIComponent(value);
    });
}
/** Compiles a path template into a matcher that returns the decoded parameters, or null. */
function compilePath(template) {
    const names = [];
    const source = template
        .split(/(\{\w+\})/)
        .map((part) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (m) {
            names.push(m[1]);
            return '([^/:]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
        .join('');
    const re = new RegExp(`^${source}$`);
    return (path) => {
        const m = re.exec(path);
        if (!m)
            return null;
        const out = {};
        try {
            names.forEach((n, i) => {
                out[n] = decodeURIComponent(m[i + 1]);
            });
        }
        catch {
            return null; // a malformed percent-escape matches no route
        }
        return out;
    };
}


/***/ }),

/***/ 20705:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Sn: () => (/* binding */ WEBHOOK_ACTIONS),
/* harmony export */   ij: () => (/* binding */ REGIONS)
/* harmony export */ });
/* unused harmony export UPDATE_ENVIRONMENT_METADATA_TYPE */
/**
 * Records of the spec, as they travel on the wire. Field names are the service's own
 * (snake_case for hosting, camelCase for headless); docs/api.md fixes the shapes the spec
 * leaves open.
 */
const REGIONS = ['US-C', 'AUS-SE', 'UK', 'EU-W'];
const UPDATE_ENVIRONMENT_METADATA_TYPE = 'type.googleapis.com/headless.v1.UpdateEnvironmentMetadata';
const WEBHOOK_ACTIONS = ['rebuild', 'cleanRebuild', 'purgeCache'];


/***/ }),

/***/ 68301:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Q2: () => (/* binding */ parseBaseUrl),
/* harmony export */   X0: () => (/* binding */ quoteUntrusted),
/* harmony export */   cW: () => (/* binding */ isLoopbackHost),
/* harmony export */   iZ: () => (/* binding */ relativePath),
/* harmony export */   m5: () => (/* binding */ UnsafeUrlError),
/* harmony export */   mA: () => (/* binding */ resolvePageLink),
/* harmony export */   r6: () => (/* binding */ checkSecureUrl),
/* harmony export */   we: () => (/* binding */ joinUrl),
/* harmony export */   xd: () => (/* binding */ checkBaseUrl)
/* harmony export */ });
/* unused harmony exports assertSecureUrl, basePath */
/**
 * Base URLs and the URLs built on them. A base may carry a path prefix (the emulator's
 * headless API is at `http://HOST:PORT/headless`) and may or may not end in a slash; it never
 * includes `/v1`, which the route paths carry.
 *
 * The rules on which URLs credentials may travel live here once: the inputs check them with
 * `checkBaseUrl` (and name the input), the client with `parseBaseUrl` (and a label).
 */
/** Thrown for a URL the client will not use; says which input and why. */
class UnsafeUrlError extends Error {
    name = 'UnsafeUrlError';
}
const LOOPBACK_NAMES = new Set(['localhost', '[::1]', '::1']);
/** True for 127.0.0.0/8, ::1 and localhost: the only hosts plain http is allowed to. */
function isLoopbackHost(hostname) {
    const host = hostname.toLowerCase();
    if (LOOPBACK_NAMES.has(host))
        return true;
    const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
    return m !== null && m[1] === '127' && m.slice(2).every((n) => Number(n) <= 255);
}
/**
 * Checks a URL on which credentials or a token will travel, and says what is wrong in a
 * fragment without a subject (`is not a URL; ...`), so callers can put the input's name before
 * it. Never echoes the URL: a webhook URL holds its token.
 */
function checkSecureUrl(raw) {
    let url;
    try {
        url = new URL(raw.trim());
    }
    catch {
        throw new UnsafeUrlError('is not a URL; give one such as https://api.example.com');
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
        throw new UnsafeUrlError(`uses plain http to ${url.hostname}; use https, since credentials and tokens would cross the network ` +
            'unencrypted (plain http is allowed only for localhost, 127.0.0.0/8 and ::1)');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new UnsafeUrlError(`uses ${url.protocol.slice(0, -1)}; use https`);
    }
    if (url.username !== '' || url.password !== '') {
        throw new UnsafeUrlError('has a user name or password in it; remove them (credentials have inputs of their own)');
    }
    return url;
}
/** An API base URL: a secure URL with no query or fragment. */
function checkBaseUrl(raw) {
    const url = checkSecureUrl(raw);
    if (url.search !== '' || url.hash !== '')
        throw new UnsafeUrlError('has a query or fragment; give the base URL only');
    return url;
}
/** `checkBaseUrl` with the label (an input's name) leading the message. */
function parseBaseUrl(raw, label) {
    return labelled(label, () => checkBaseUrl(raw));
}
/** Refuses any scheme but https, and http except to loopback hosts. */
function assertSecureUrl(url, label) {
    labelled(label, () => checkSecureUrl(url.href));
}
function labelled(label, check) {
    try {
        return check();
    }
    catch (err) {
        if (err instanceof UnsafeUrlError)
            throw new UnsafeUrlError(`${label} ${err.message}`);
        throw err;
    }
}
/** The base's path without a trailing slash: '' for `https://h/` or `https://h`, '/headless' for `…/headless/`. */
function basePath(base) {
    return base.pathname.replace(/\/+$/, '');
}
/** Joins a base URL and a route path (`/v1/...`) with an optional query, keeping the base's prefix. */
function joinUrl(base, path, query = {}) {
    const url = new URL(base.origin);
    const wanted = basePath(base) + (path.startsWith('/') ? path : `/${path}`);
    url.pathname = wanted;
    // The URL standard removes `.` and `..` segments: a parameter that is one (an operation name
    // from the server, say) would climb out of the base path. Every parameter is encoded, so
    // anything else comes back as it went in.
    if (url.pathname !== wanted) {
        throw new UnsafeUrlError(`path ${quoteUntrusted(path)} has a "." or ".." segment; not sending it`);
    }
    for (const [k, v] of Object.entries(query)) {
        if (v !== undefined)
            url.searchParams.set(k, String(v));
    }
    return url;
}
/**
 * Quotes text that came from a server or a file for a message: printable ASCII as is, every
 * other character (controls, bidi overrides, non-ASCII) as `\uXXXX`, cut at `max` characters.
 */
function quoteUntrusted(text, max = 200) {
    const cut = text.length > max ? `${text.slice(0, max)}…` : text;
    const escaped = cut.replace(/[^\x20-\x7e]|["\\]/g, (ch) => ch === '"' || ch === '\\' ? `\\${ch}` : ch === '…' ? ch : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return `"${escaped}"`;
}
/**
 * Resolves a hosting page link (`next`/`previous`, e.g. `/v1/installs?limit=100&offset=200`)
 * by the URL standard against the base, and refuses it unless it keeps the base's origin and
 * path: otherwise the Basic credentials would go to whatever host the link names. The standard
 * is what matters here, not a look at the first characters: `//host/x`, `/\host/x`, `\\host`,
 * a tab inside `//`, `http:host` all name another host once parsed.
 *
 * A path link without the base's prefix (`/v1/...` when the base is `https://h/hosting`) is the
 * service's own view of its paths behind a gateway: the prefix is put in front of it.
 */
function resolvePageLink(base, link) {
    const prefix = basePath(base);
    const refuse = (why) => new UnsafeUrlError(`page link ${quoteUntrusted(link)} ${why}; not following it (no request was sent)`);
    let url;
    try {
        url = new URL(link, `${base.origin}${prefix}/`);
    }
    catch {
        throw refuse('is not a URL');
    }
    if (url.origin !== base.origin || url.protocol !== base.protocol) {
        throw refuse(`points away from ${base.origin}`);
    }
    if (url.username || url.password)
        throw refuse('carries credentials');
    if (prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
        url.pathname = prefix + url.pathname;
    }
    return url;
}
/** The path of a URL relative to a base (the route path), for messages: never the query. */
function relativePath(base, url) {
    const prefix = base && base.origin === url.origin ? basePath(base) : '';
    return prefix && url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
}


/***/ }),

/***/ 47829:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ parseWebhookUrl)
/* harmony export */ });
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(20705);
/* harmony import */ var _url_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(68301);


const MARKER = '/webhooks/webhook:';
const SHAPE = /\/accounts\/([^/]+)\/apps\/([^/]+)\/environments\/([^/]+)\/webhooks\/webhook:/;
/** Throws an UnsafeUrlError whose message is a fragment without a subject, e.g. `has no token ...`. */
function parseWebhookUrl(value) {
    const url = (0,_url_js__WEBPACK_IMPORTED_MODULE_0__/* .checkSecureUrl */ .r6)(value);
    const token = url.searchParams.get('token');
    if (!token)
        throw new _url_js__WEBPACK_IMPORTED_MODULE_0__/* .UnsafeUrlError */ .m5('has no token query parameter; copy the whole URL from the portal');
    const at = url.pathname.indexOf(MARKER);
    if (at < 0)
        throw new _url_js__WEBPACK_IMPORTED_MODULE_0__/* .UnsafeUrlError */ .m5('has no /webhooks/webhook:{action} in its path; copy the whole URL from the portal');
    const action = safeDecode(url.pathname.slice(at + MARKER.length));
    if (!_types_js__WEBPACK_IMPORTED_MODULE_1__/* .WEBHOOK_ACTIONS */ .Sn.includes(action)) {
        throw new _url_js__WEBPACK_IMPORTED_MODULE_0__/* .UnsafeUrlError */ .m5(`names the action ${JSON.stringify(action.slice(0, 40))}; expected rebuild, cleanRebuild or purgeCache`);
    }
    const parts = SHAPE.exec(url.pathname);
    return {
        url: value.trim(),
        token,
        action: action,
        account: parts ? safeDecode(parts[1]) : null,
        app: parts ? safeDecode(parts[2]) : null,
        environment: parts ? safeDecode(parts[3]) : null,
    };
}
function safeDecode(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}


/***/ }),

/***/ 70486:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(73136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__nccwpck_require__.n(node_url__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _run_cli_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(15417);
/**
 * The entry of dist/cli/index.js, the `headless-deploy` program (package.json `bin`).
 * `headless-deploy emulator …` runs the emulator's own bundle (emulator/dist/server/index.js) as
 * a child process: src/ never imports emulator/, so neither this bundle nor the action's holds it,
 * and the emulator keeps its own flags, help and shutdown.
 */





// Two folders up from dist/cli/ (and from src/cli/) is the package's root.
const ROOT = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)((0,node_url__WEBPACK_IMPORTED_MODULE_3__.fileURLToPath)(import.meta.url)), '..', '..');
const fromRoot = (...parts) => (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(ROOT, ...parts);
function version() {
    try {
        return JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(fromRoot('package.json'), 'utf8')).version;
    }
    catch {
        return 'unknown';
    }
}
function runEmulator(args) {
    const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)(process.execPath, [fromRoot('emulator', 'dist', 'server', 'index.js'), ...args], {
        stdio: 'inherit',
    });
    // Ctrl-C reaches the child too (same process group); a TERM sent to us alone is passed on.
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
        process.on(sig, () => child.kill(sig));
    return new Promise((resolve) => {
        child.on('error', (err) => {
            process.stderr.write(`emulator: could not start: ${err.message}\n`);
            resolve(1);
        });
        child.on('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1)));
    });
}
const argv = process.argv.slice(2);
process.exitCode =
    argv[0] === 'emulator'
        ? await runEmulator(argv.slice(1))
        : await (0,_run_cli_js__WEBPACK_IMPORTED_MODULE_4__/* .runCli */ .a)({
            argv,
            env: process.env,
            cwd: process.cwd(),
            stdout: process.stdout,
            stderr: process.stderr,
            version: version(),
            on: (sig, listener) => process.on(sig, listener),
            exit: (code) => process.exit(code),
        });

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 15417:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  a: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: ./src/util/log-guard.ts
var log_guard = __nccwpck_require__(38658);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(73024);
// EXTERNAL MODULE: ./src/inputs/read-inputs.ts + 3 modules
var read_inputs = __nccwpck_require__(39517);
// EXTERNAL MODULE: ./src/util/cancellation.ts
var cancellation = __nccwpck_require__(76601);
;// CONCATENATED MODULE: ./src/cli/exit-code.ts
const EXIT = { ok: 0, failure: 1, inputError: 2, timeout: 3, cancelled: 130 };
/** success, started, skipped, planned: 0; timeout: 3; cancelled: 130; input error: 2; anything else (failure, unhealthy, rolled-back): 1. */
function exitCodeOf(end) {
    if (end.inputError)
        return EXIT.inputError;
    switch (end.status) {
        case 'success':
        case 'started':
        case 'skipped':
        case 'planned':
            return EXIT.ok;
        case 'timeout':
            return EXIT.timeout;
        case 'cancelled':
            return EXIT.cancelled;
        default:
            return EXIT.failure;
    }
}

// EXTERNAL MODULE: ./src/inputs/action-metadata.ts
var action_metadata = __nccwpck_require__(36657);
;// CONCATENATED MODULE: ./src/cli/github-only.ts
/**
 * Inputs that need GitHub itself: a GitHub Deployment, a pull request comment, the sweep of
 * previews whose pull request is over, and whatever else reads the run's repository or pull
 * request. Outside GitHub Actions they are an input error, before any request: there is no
 * repository, no pull request and no token to act with.
 */

const NAMES = action_metadata/* ACTION_INPUTS */.bn;
const GITHUB_ONLY_INPUTS = [
    'github-deployment',
    'pr-comment',
    'sweep-previews',
    'keep-archive',
    'rollback',
    'rollback-on-failure',
].filter((name) => NAMES.includes(name));
/** One problem per GitHub-only input given a value other than its default, when not on GitHub Actions. */
function githubOnlyProblems(inputs, env) {
    if (env.GITHUB_ACTIONS === 'true')
        return [];
    return GITHUB_ONLY_INPUTS.filter((name) => {
        const value = inputs[name]?.trim() ?? '';
        return value !== '' && value.toLowerCase() !== (action_metadata/* ACTION_INPUT_DEFAULTS */.LU[name] ?? '').toLowerCase();
    }).map((name) => `input "${name}" needs the GitHub Actions environment (a repository, a pull request, its token): run the action there, or leave "${name}" out`);
}

;// CONCATENATED MODULE: ./src/cli/cli-door.ts
/**
 * The program's front door (src/front-door.ts): inputs from flags and HEADLESS_DEPLOY_*
 * variables, the log on stderr, outputs kept for stdout, the summary to --summary's file, the
 * end as an exit code.
 */





/** Every problem in one round: the program's own (flags, GitHub-only inputs) with the action's rules. */
function readCommandLineInputs(cl, env, cwd) {
    const own = [...cl.problems, ...githubOnlyProblems(cl.inputs, env)];
    try {
        const inputs = (0,read_inputs/* readInputs */.K)((name) => cl.inputs[name], cwd);
        return own.length > 0 ? { error: new read_inputs/* InputError */.d(own) } : { inputs };
    }
    catch (error) {
        if (error instanceof read_inputs/* InputError */.d)
            return { error: new read_inputs/* InputError */.d([...own, ...error.problems]) };
        return { error };
    }
}
function cliDoor(o) {
    const outputs = new Map();
    let end = null;
    const summaryFile = o.commandLine.summary;
    return {
        getInput: (name) => o.commandLine.inputs[name],
        read: o.read,
        // Nothing reads a mask here: every line is redacted before it is written.
        registerSecret: () => { },
        logger: (redact) => ({
            info: (m) => o.log.info(redact(m)),
            notice: (m) => o.log.notice(redact(m)),
            warning: (m) => o.log.warning(redact(m)),
            error: (m) => o.log.error(redact(m)),
            debug: (m) => o.log.debug(redact(m)),
            group: (name, fn) => o.log.group(redact(name), fn),
            ...(o.log.progress ? { progress: o.log.progress.bind(o.log) } : {}),
        }),
        setOutput: (name, value) => void outputs.set(name, value),
        ...(summaryFile ? { writeSummary: (markdown) => (0,external_node_fs_.writeFileSync)(summaryFile, `${markdown}\n`) } : {}),
        cancellation: (log) => (0,cancellation/* cancelOnSignals */.dJ)({
            on: o.on,
            log,
            // What still holds the event loop after a cancel must not keep the program alive.
            exitLater: (ms) => setTimeout(() => o.exit(EXIT.cancelled), ms).unref(),
        }),
        end(e) {
            end = e;
            if (e.error !== undefined)
                o.log.error(e.error);
        },
        outputs,
        ended: () => end,
    };
}

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __nccwpck_require__(57975);
;// CONCATENATED MODULE: ./src/cli/did-you-mean.ts
/** The closest known name to a misspelled one, for "did you mean" hints. */
/** Edits (insert, delete, replace, swap two neighbours) between two strings. */
function editDistance(a, b) {
    const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
    for (let j = 1; j <= b.length; j++)
        d[0][j] = j;
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let best = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                best = Math.min(best, d[i - 2][j - 2] + 1);
            d[i][j] = best;
        }
    }
    return d[a.length][b.length];
}
/**
 * The known name nearest to `wanted`, when near enough to be a slip (about a third of its
 * letters), or one that `wanted` is a start of or holds (`--env` for `--environment`).
 */
function didYouMean(wanted, known) {
    const w = wanted.toLowerCase().replace(/_/g, '-');
    let best = null;
    for (const name of known) {
        const distance = editDistance(w, name);
        if (!best || distance < best.distance)
            best = { name, distance };
    }
    if (best && best.distance <= Math.max(1, Math.floor(w.length / 3)))
        return best.name;
    for (const name of known)
        if (w.length >= 3 && name.startsWith(w))
            return name;
    return null;
}

;// CONCATENATED MODULE: ./src/cli/flags.ts
/**
 * The command line and the environment, turned into the action's inputs. Every input of
 * action.yml is a flag `--name VALUE` and a variable `HEADLESS_DEPLOY_NAME`; a flag wins. Node's
 * own `util.parseArgs` splits the words (no dependency, nothing to load at start); the rules
 * of this file are what it cannot know: booleans that also take `true`/`false`, `--no-name`,
 * inputs that take lines, and a did-you-mean for a flag that does not exist.
 */



const ENV_PREFIX = 'HEADLESS_DEPLOY_';
const INPUT_NAMES = action_metadata/* ACTION_INPUTS */.bn;
/** `api-password` → `HEADLESS_DEPLOY_API_PASSWORD`. */
const envNameOf = (input) => ENV_PREFIX + input.toUpperCase().replace(/-/g, '_');
/** The inputs whose default is a boolean: `--name` alone means true, `--no-name` false. */
const BOOLEAN_INPUTS = action_metadata/* ACTION_INPUTS */.bn.filter((name) => ['true', 'false'].includes(action_metadata/* ACTION_INPUT_DEFAULTS */.LU[name] ?? ''));
/** Inputs that take one item a line: the flag may be repeated, a line per flag. */
const LINE_INPUTS = ['env-vars', 'exclude', 'copy-db-tables', 'notification-emails'];
/** Secrets: other users of the machine can read a process's flags (`ps`), not its environment. */
const SECRET_INPUTS = ['api-user-id', 'api-password', 'webhook-token', 'webhook-url'];
/** Flags of the program itself, not inputs of the action. */
const PROGRAM_FLAGS = {
    json: { type: 'boolean', about: 'print the outcome as one JSON object on stdout' },
    summary: { type: 'string', about: 'write the Markdown summary to FILE' },
    verbose: { type: 'boolean', about: 'show debug lines too' },
    help: { type: 'boolean', about: 'show this help' },
    version: { type: 'boolean', about: 'print the version' },
};
const BOOLEAN_WORD = /^(true|false)$/i;
const isBooleanFlag = (name) => BOOLEAN_INPUTS.includes(name) || PROGRAM_FLAGS[name]?.type === 'boolean';
const ALL_FLAGS = [...action_metadata/* ACTION_INPUTS */.bn, ...Object.keys(PROGRAM_FLAGS)];
function parseCommandLine(argv, env) {
    const problems = [];
    const warnings = [];
    const flags = new Map();
    const tokenize = (args) => (0,external_node_util_.parseArgs)({
        args: [...args],
        options: Object.fromEntries(ALL_FLAGS.map((name) => [name, { type: isBooleanFlag(name) ? 'boolean' : 'string' }])),
        strict: false,
        allowPositionals: true,
        tokens: true,
    }).tokens;
    let tokens = tokenize(argv);
    const set = (name, value, raw) => {
        const before = flags.get(name);
        if (before === undefined)
            flags.set(name, value);
        else if (LINE_INPUTS.includes(name))
            flags.set(name, `${before}\n${value}`);
        else if (before !== value)
            problems.push(`flag ${raw} is given twice, with different values: give it once`);
    };
    for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i];
        if (token.kind === 'option-terminator')
            continue;
        if (token.kind === 'positional') {
            const before = tokens[i - 1];
            // `--wait flase`: the word was meant for the boolean before it.
            const meant = before?.kind === 'option' && before.value === undefined && isBooleanFlag(before.name);
            problems.push(meant
                ? `flag ${before.rawName} takes true or false, got "${token.value}": ${before.rawName}, --no-${before.name} or ${before.rawName}=false`
                : `unexpected argument "${token.value}": inputs are flags (--name VALUE); see --help`);
            continue;
        }
        const { name, rawName } = token;
        const negated = name.startsWith('no-') && isBooleanFlag(name.slice(3)) ? name.slice(3) : null;
        if (negated) {
            if (token.value !== undefined)
                problems.push(`flag ${rawName} takes no value`);
            else
                set(negated, 'false', rawName);
            continue;
        }
        if (!ALL_FLAGS.includes(name)) {
            const near = didYouMean(name, ALL_FLAGS);
            problems.push(`unknown flag ${rawName}${near ? `: did you mean --${near}?` : ''} (--help lists every flag)`);
            // Its value, if any, is not an argument of its own.
            if (token.value === undefined && tokens[i + 1]?.kind === 'positional')
                i++;
            continue;
        }
        if (isBooleanFlag(name)) {
            // `--wait false` as well as `--wait=false`: the next word is taken when it is a boolean.
            const next = tokens[i + 1];
            if (token.value === undefined && next?.kind === 'positional' && BOOLEAN_WORD.test(next.value)) {
                set(name, next.value.toLowerCase(), rawName);
                i++;
            }
            else
                set(name, token.value ?? 'true', rawName);
            continue;
        }
        if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
            problems.push(`flag ${rawName} needs a value: ${rawName} VALUE, or ${rawName}=VALUE for a value starting with "-"`);
            // The word it took is the next flag: read on from there.
            if (token.value !== undefined)
                tokens = [
                    ...tokens.slice(0, i + 1),
                    ...tokenize(argv.slice(token.index + 1)).map((t) => ({ ...t, index: t.index + token.index + 1 })),
                ];
            continue;
        }
        set(name, token.value, rawName);
    }
    const inputs = {};
    for (const name of action_metadata/* ACTION_INPUTS */.bn) {
        const value = flags.get(name) ?? env[envNameOf(name)];
        if (value !== undefined)
            inputs[name] = value;
    }
    for (const key of Object.keys(env)) {
        if (!key.startsWith(ENV_PREFIX) || action_metadata/* ACTION_INPUTS */.bn.some((name) => envNameOf(name) === key))
            continue;
        const near = didYouMean(key.slice(ENV_PREFIX.length).toLowerCase().replace(/_/g, '-'), action_metadata/* ACTION_INPUTS */.bn);
        if (near)
            warnings.push(`${key} is not an input and is ignored: did you mean ${envNameOf(near)}?`);
    }
    const byFlag = new Set(INPUT_NAMES.filter((name) => flags.has(name)));
    for (const name of SECRET_INPUTS) {
        if (byFlag.has(name)) {
            warnings.push(`--${name} was given as a flag: other users of this machine can see flags in the process list; set ${envNameOf(name)} instead`);
        }
    }
    const flag = (name) => flags.get(name);
    return {
        inputs,
        byFlag,
        json: flag('json') === 'true',
        summary: flag('summary'),
        verbose: flag('verbose') === 'true',
        help: flag('help') === 'true',
        version: flag('version') === 'true',
        problems,
        warnings,
    };
}

;// CONCATENATED MODULE: ./src/cli/help.ts
/** `headless-deploy --help`: every flag with its default, from the table action.yml generates. */



/** A default the runner evaluates (`${{ github.token }}`) is none outside it. */
const defaultOf = (name) => {
    const value = action_metadata/* ACTION_INPUT_DEFAULTS */.LU[name] ?? '';
    return value.startsWith('${{') ? '' : value;
};
function inputLine(name) {
    const flag = BOOLEAN_INPUTS.includes(name) ? `--[no-]${name}` : `--${name} VALUE`;
    const notes = [
        defaultOf(name) !== '' ? `default ${JSON.stringify(defaultOf(name))}` : '',
        SECRET_INPUTS.includes(name) ? 'secret: prefer the variable' : '',
        LINE_INPUTS.includes(name) ? 'repeatable, a line each' : '',
        GITHUB_ONLY_INPUTS.includes(name) ? 'GitHub Actions only' : '',
    ].filter(Boolean);
    return `  ${flag.padEnd(30)} ${envNameOf(name).padEnd(42)} ${notes.join('; ')}`.trimEnd();
}
function helpText(version) {
    return [
        `headless-deploy ${version}: zip a directory, upload it to a headless app's environment, wait for the build,`,
        'run install copies and webhooks. The same engine as the GitHub Action; its inputs are flags here.',
        '',
        'Usage:',
        '  headless-deploy [flags]              run, as the action would with these inputs',
        '  headless-deploy emulator [flags]     start the API emulator (emulator --help for its flags)',
        '',
        'Every input is a flag and an environment variable; a flag wins. Secrets belong in variables.',
        '`path` is relative to the current directory.',
        '',
        'Inputs:',
        ...action_metadata/* ACTION_INPUTS */.bn.map(inputLine),
        '',
        'Program flags:',
        ...Object.entries(PROGRAM_FLAGS).map(([name, f]) => `  ${(f.type === 'string' ? `--${name} FILE` : `--${name}`).padEnd(30)} ${f.about}`),
        '',
        'Outputs go to stdout as name=value lines (with --json, one JSON object); the log goes to stderr.',
        'Exit codes: 0 success, started, skipped or planned; 1 failure; 2 input error (no request sent);',
        '3 timeout; 130 cancelled.',
        '',
    ].join('\n');
}

// EXTERNAL MODULE: ./src/util/format.ts
var format = __nccwpck_require__(32693);
;// CONCATENATED MODULE: ./src/cli/terminal/live-line.ts
/**
 * The one line a terminal redraws in place: a bar for the zip and the upload (bytes, rate, time
 * left), a spinner with elapsed time for the build. Pure: the caller gives the time and width.
 */

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const BAR_WIDTH = 24;
const SPIN_EVERY_MS = 100;
const seconds = (ms) => (0,format/* formatDuration */.a3)(Math.max(0, Math.round(ms / 1000) * 1000));
function renderLiveLine(state, now, columns) {
    const { event } = state;
    const elapsedMs = event.elapsedMs + Math.max(0, now - state.at);
    const spin = SPINNER[Math.floor(now / SPIN_EVERY_MS) % SPINNER.length];
    let line;
    if (event.activity === 'building') {
        line = `${spin} ${event.state}: ${seconds(elapsedMs)} elapsed, ${seconds(event.timeoutMs - elapsedMs)} left`;
    }
    else if (!Number.isFinite(event.bytesTotal) || event.bytesTotal <= 0) {
        line = `${spin} ${event.activity}: ${(0,format/* formatBytes */.z3)(event.bytesDone)} so far, ${(0,format/* formatBytes */.z3)(event.rate)}/s`;
    }
    else {
        const share = Math.min(1, event.bytesDone / event.bytesTotal);
        const filled = Math.round(share * BAR_WIDTH);
        const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
        const left = event.rate > 0 && share < 1
            ? `, ${seconds(((event.bytesTotal - event.bytesDone) * 1000) / event.rate)} left`
            : '';
        line =
            `${spin} ${event.activity} ${bar} ${String(Math.floor(share * 100)).padStart(3)}% ` +
                `${(0,format/* formatBytes */.z3)(event.bytesDone)} of ${(0,format/* formatBytes */.z3)(event.bytesTotal)}, ${(0,format/* formatBytes */.z3)(event.rate)}/s${left}`;
    }
    // A line longer than the terminal would wrap, and `\r` would then redraw only its last part.
    const chars = [...line];
    return chars.length < columns ? line : `${chars.slice(0, Math.max(1, columns - 2)).join('')}…`;
}

;// CONCATENATED MODULE: ./src/cli/terminal/terminal-log.ts

const isSet = (value) => value !== undefined && value !== '' && value !== '0' && value !== 'false';
/** A line that updates in place only on a terminal, and not under CI (whose log keeps every redraw). */
function wantsLiveLine(stream, env) {
    return stream.isTTY === true && !isSet(env.CI) && env.TERM !== 'dumb';
}
/** Colours where the terminal has them; NO_COLOR (any value) turns them off. */
function wantsColor(stream, env) {
    if (env.NO_COLOR !== undefined && env.NO_COLOR !== '')
        return false;
    return stream.isTTY === true && (stream.hasColors?.() ?? false);
}
const REDRAW_MS = 100;
const CLEAR = '\r\x1b[2K';
const realEvery = (fn, ms) => {
    const timer = setInterval(fn, ms);
    timer.unref();
    return { stop: () => clearInterval(timer) };
};
function terminalLog(o) {
    const paint = (code, text) => (o.color ? `\x1b[${code}m${text}\x1b[0m` : text);
    let live = null;
    let drawn = false;
    let ticker = null;
    const draw = () => {
        if (!live)
            return;
        o.stream.write(CLEAR + renderLiveLine(live, o.now(), o.stream.columns || 80));
        drawn = true;
    };
    const clear = () => {
        if (drawn)
            o.stream.write(CLEAR);
        drawn = false;
    };
    const stopLive = () => {
        clear();
        live = null;
        ticker?.stop();
        ticker = null;
    };
    // A log line ends the live line: what it reported is over, or the next event brings it back.
    const line = (text) => {
        stopLive();
        o.stream.write(`${text}\n`);
    };
    const log = {
        info: (m) => line(m),
        notice: (m) => line(`${paint('36', 'notice:')} ${m}`),
        warning: (m) => line(`${paint('33', 'warning:')} ${m}`),
        error: (m) => line(`${paint('31', 'error:')} ${m}`),
        debug: (m) => {
            if (o.verbose)
                line(paint('2', `debug: ${m}`));
        },
        async group(name, fn) {
            line(paint('1', name));
            return fn();
        },
        close: stopLive,
    };
    if (o.live) {
        log.progress = (event) => {
            live = { event, at: o.now() };
            ticker ??= (o.every ?? realEvery)(draw, REDRAW_MS);
            draw();
        };
    }
    return log;
}

;// CONCATENATED MODULE: ./src/cli/run-cli.ts
/**
 * `headless-deploy [flags]`: reads the command line, runs the action's engine behind the
 * program's door, prints the outputs and returns the exit code. Everything it touches is given
 * (argv, env, streams, signals), so tests drive it as the bundle does.
 */






async function runCli(io) {
    const cl = parseCommandLine(io.argv, io.env);
    if (cl.help) {
        io.stdout.write(helpText(io.version));
        return EXIT.ok;
    }
    if (cl.version) {
        io.stdout.write(`${io.version}\n`);
        return EXIT.ok;
    }
    const log = terminalLog({
        stream: io.stderr,
        live: wantsLiveLine(io.stderr, io.env),
        color: wantsColor(io.stderr, io.env),
        verbose: cl.verbose,
        now: Date.now,
    });
    const read = readCommandLineInputs(cl, io.env, io.cwd);
    const door = cliDoor({ commandLine: cl, read, log, on: io.on, exit: io.exit });
    // Loaded once the flags are read: --help and a mistyped flag answer without loading the engine.
    const { run } = await Promise.all(/* import() | run */[__nccwpck_require__.e(410), __nccwpck_require__.e(112), __nccwpck_require__.e(401), __nccwpck_require__.e(101), __nccwpck_require__.e(382)]).then(__nccwpck_require__.bind(__nccwpck_require__, 75560));
    // Said through the door's logger, so a secret in a flag's warning is redacted like the rest.
    const warnings = cl.warnings;
    await run(read, {
        ...door,
        logger: (redact) => {
            const redacted = door.logger(redact);
            for (const w of warnings)
                redacted.warning(w);
            return redacted;
        },
    });
    log.close();
    const end = door.ended() ?? { status: 'failure', inputError: false };
    if (end.inputError) {
        log.info('inputs are flags (--app NAME) or variables (HEADLESS_DEPLOY_APP); --help lists every one');
    }
    const outputs = Object.fromEntries(door.outputs);
    if (cl.json)
        io.stdout.write(`${JSON.stringify({ status: end.status, outputs })}\n`);
    else
        for (const [name, value] of door.outputs)
            io.stdout.write(`${name}=${(0,log_guard/* escapeData */.u)(value)}\n`);
    return exitCodeOf(end);
}


/***/ }),

/***/ 36657:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   LU: () => (/* binding */ ACTION_INPUT_DEFAULTS),
/* harmony export */   bn: () => (/* binding */ ACTION_INPUTS)
/* harmony export */ });
/* unused harmony export ACTION_OUTPUTS */
// Generated from action.yml by scripts/generate-action-metadata.ts (run by `npm run package`).
// Do not edit: change action.yml and regenerate. A unit test fails when the two differ.
/** Every input action.yml declares. */
const ACTION_INPUTS = [
    'api-user-id',
    'api-password',
    'api-url',
    'headless-api-url',
    'account',
    'app',
    'deploy',
    'environment',
    'region',
    'create-missing',
    'cms-environment',
    'env-vars',
    'env-vars-mode',
    'path',
    'exclude',
    'exclude-from',
    'respect-gitignore',
    'allow-files',
    'max-archive-size',
    'compression-level',
    'upload-mode',
    'wait',
    'operation',
    'timeout',
    'copy-from',
    'copy-to',
    'copy-files',
    'copy-database',
    'copy-db-tables',
    'notification-emails',
    'webhook',
    'webhook-token',
    'webhook-url',
    'dry-run',
    'github-token',
    'github-deployment',
    'delete-environment',
    'delete-pattern',
    'sweep-previews',
    'sweep-max',
    'environment-url',
    'health-url',
    'health-expect',
    'health-text',
    'health-timeout',
    'keep-archive',
    'keep-archive-days',
    'rollback-on-failure',
    'rollback',
    'pr-comment',
    'skip-without-credentials'
];
/** The defaults action.yml gives; the runner passes them, and a run without the runner gets the same. */
const ACTION_INPUT_DEFAULTS = Object.freeze({
    "region": "US-C",
    "create-missing": "true",
    "env-vars-mode": "merge",
    "path": ".",
    "respect-gitignore": "false",
    "compression-level": "6",
    "upload-mode": "auto",
    "wait": "true",
    "timeout": "30m",
    "copy-files": "true",
    "copy-database": "true",
    "dry-run": "false",
    "github-token": "${{ github.token }}",
    "github-deployment": "false",
    "delete-environment": "false",
    "delete-pattern": "pr-*",
    "sweep-previews": "false",
    "sweep-max": "20",
    "health-expect": "200-399",
    "health-timeout": "5m",
    "keep-archive": "false",
    "keep-archive-days": "30",
    "rollback-on-failure": "false",
    "pr-comment": "false",
    "skip-without-credentials": "false",
});
/** Every output action.yml declares. */
const ACTION_OUTPUTS = (/* unused pure expression or super */ null && ([
    'app',
    'environment-id',
    'app-created',
    'environment-created',
    'operation',
    'build',
    'deployment',
    'archive-bytes',
    'archive-files',
    'archive-sha256',
    'install-copy',
    'install-copy-id',
    'webhook-status',
    'url',
    'environment-deleted',
    'environments-deleted',
    'archive-artifact-id',
    'rolled-back-to',
    'health',
    'status'
]));


/***/ }),

/***/ 45165:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $h: () => (/* binding */ NAME_RULE),
/* harmony export */   E1: () => (/* binding */ parseList),
/* harmony export */   E9: () => (/* binding */ parseDuration),
/* harmony export */   J0: () => (/* binding */ parseEnvVars),
/* harmony export */   Li: () => (/* binding */ parseLines),
/* harmony export */   O1: () => (/* binding */ isUuid),
/* harmony export */   bQ: () => (/* binding */ isPathSegment),
/* harmony export */   dX: () => (/* binding */ isInstallName),
/* harmony export */   f6: () => (/* binding */ INSTALL_RULE),
/* harmony export */   fY: () => (/* binding */ parseIntInRange),
/* harmony export */   hD: () => (/* reexport safe */ _quote_js__WEBPACK_IMPORTED_MODULE_1__.h),
/* harmony export */   xf: () => (/* binding */ isEmail),
/* harmony export */   yG: () => (/* binding */ parseBoolean),
/* harmony export */   yT: () => (/* binding */ parseApiBaseUrl)
/* harmony export */ });
/* unused harmony exports MAX_DURATION_MS, unquote */
/* harmony import */ var _api_url_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(68301);
/* harmony import */ var _util_lines_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(70895);
/* harmony import */ var _quote_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(28373);
/* harmony import */ var _workspace_path_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(56622);




// The path rules of `path` and `exclude-from`, with the platform's path semantics as a parameter.

/** YAML 1.2 core booleans; empty means `fallback`. */
function parseBoolean(value, fallback) {
    const v = value.trim();
    if (v === '')
        return fallback;
    if (v === 'true' || v === 'True' || v === 'TRUE')
        return true;
    if (v === 'false' || v === 'False' || v === 'FALSE')
        return false;
    throw new Error(`${(0,_quote_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .h)(v)} is not a boolean; use true or false`);
}
/** setTimeout's ceiling: a longer wait would fire at once. */
const MAX_DURATION_MS = 2 ** 31 - 1;
const DURATION = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m)?\s*(?:(\d+)\s*s)?$/i;
/** `90s`, `15m`, `1h`, `1h30m` or a bare number of seconds → milliseconds. */
function parseDuration(value) {
    const v = value.trim();
    let ms;
    if (/^\d+$/.test(v)) {
        ms = Number(v) * 1000;
    }
    else {
        const m = DURATION.exec(v);
        if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) {
            throw new Error(`${(0,_quote_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .h)(v)} is not a duration; use 90s, 15m, 1h or seconds`);
        }
        ms = (Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)) * 1000;
    }
    if (ms <= 0)
        throw new Error(`${(0,_quote_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .h)(v)} is no time at all; give a positive duration such as 15m`);
    if (ms > MAX_DURATION_MS)
        throw new Error(`${(0,_quote_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .h)(v)} is longer than 24 days; give a shorter duration`);
    return ms;
}
/** Items one per line and/or comma-separated, trimmed, empties dropped. */
function parseList(value) {
    return value
        .split(/[\r\n,]/)
        .map((item) => item.trim())
        .filter((item) => item !== '');
}
/** Non-empty lines, trimmed; `#` comment lines dropped. For patterns, where a comma is a character. */
function parseLines(value) {
    return (0,_util_lines_js__WEBPACK_IMPORTED_MODULE_3__/* .splitLines */ .u)(value)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
}
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * A value wrapped in one pair of matching quotes loses them, as dotenv does: `"a b"` → `a b`,
 * `'x'` → `x`. Only the outer pair goes; a lone quote, or quotes inside, stay as written.
 */
function unquote(value) {
    const q = value[0];
    return value.length >= 2 && (q === '"' || q === "'") && value.endsWith(q) ? value.slice(1, -1) : value;
}
/**
 * Multiline `KEY=VALUE` → shell variables. Values may hold `=` and may be secrets, so messages
 * name line numbers and keys, never values.
 */
function parseEnvVars(value) {
    const vars = [];
    const seen = new Map();
    (0,_util_lines_js__WEBPACK_IMPORTED_MODULE_3__/* .splitLines */ .u)(value).forEach((raw, index) => {
        const line = raw.trim();
        const n = index + 1;
        if (line === '' || line.startsWith('#'))
            return;
        const eq = line.indexOf('=');
        if (eq < 0)
            throw new Error(`line ${n} has no "="; write KEY=VALUE`);
        const key = line.slice(0, eq).trim();
        if (!ENV_KEY.test(key)) {
            throw new Error(`line ${n}: ${(0,_quote_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .h)(key)} is not a variable name; use letters, digits and _, not starting with a digit`);
        }
        const first = seen.get(key);
        if (first !== undefined)
            throw new Error(`line ${n}: ${key} is already set on line ${first}; set each variable once`);
        seen.set(key, n);
        vars.push({ key, value: unquote(line.slice(eq + 1).trim()) });
    });
    return vars;
}
function isUuid(value) {
    return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
/** The spec's Install.name pattern. */
function isInstallName(value) {
    return /^[a-z][a-z0-9]{2,13}$/.test(value);
}
/** Pragmatic: one @, no spaces, a dotted domain; the server has the last word. */
function isEmail(value) {
    return value.length <= 254 && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value);
}
/** A name that is safe as one URL path segment: no whitespace, slashes, `?`, `#` or `%`. */
function isPathSegment(value) {
    return value !== '.' && value !== '..' && /^[^\s/\\?#%]+$/.test(value);
}
function parseIntInRange(value, min, max) {
    const v = value.trim();
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    if (!(n >= min && n <= max))
        throw new Error(`${(0,_quote_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .h)(v)} is not a whole number from ${min} to ${max}`);
    return n;
}
/** An API base URL without `/v1` → origin + path, with no trailing slash. The URL rules live in the client. */
function parseApiBaseUrl(value) {
    const url = (0,_api_url_js__WEBPACK_IMPORTED_MODULE_0__/* .checkBaseUrl */ .xd)(value);
    const path = url.pathname.replace(/\/+$/, '');
    if (/\/v1$/i.test(path))
        throw new Error('ends in /v1; give the base URL without it');
    return url.origin + path;
}
/** What an install name looks like, for messages. */
const INSTALL_RULE = '3 to 14 lower-case letters and digits, starting with a letter';
/** What `isPathSegment` allows, for messages. */
const NAME_RULE = 'no slashes, spaces, "?", "#" or "%"';


/***/ }),

/***/ 28373:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ quote)
/* harmony export */ });
/** JSON-quotes a value for a message, cut short so a pasted blob cannot flood the log. */
function quote(value) {
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}


/***/ }),

/***/ 39517:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  d: () => (/* binding */ InputError),
  K: () => (/* binding */ readInputs)
});

// EXTERNAL MODULE: ./src/steps/table.ts + 21 modules
var steps_table = __nccwpck_require__(55708);
// EXTERNAL MODULE: ./src/inputs/action-metadata.ts
var action_metadata = __nccwpck_require__(36657);
// EXTERNAL MODULE: ./src/inputs/parsers.ts
var parsers = __nccwpck_require__(45165);
;// CONCATENATED MODULE: ./src/inputs/input-reader.ts
/**
 * The bookkeeping under readInputs: raw values with action.yml's defaults, and a list of
 * problems that parsers and rules add to, so every problem is reported in one go.
 */


/** A default the runner evaluates (`${{ github.token }}`) is no default for a run without it. */
function defaultOf(name) {
    const value = action_metadata/* ACTION_INPUT_DEFAULTS */.LU[name] ?? '';
    return value.startsWith('${{') ? '' : value;
}
function createReader(getInput) {
    const problems = [];
    const warnings = [];
    // Several rules may read one input (a step's choice and its record): each problem is said once.
    const report = (text) => {
        if (!problems.includes(text))
            problems.push(text);
    };
    const raw = (name) => (getInput(name) ?? '').trim() || defaultOf(name);
    function parse(name, parser) {
        const value = raw(name);
        if (value === '')
            return null;
        try {
            return parser(value);
        }
        catch (error) {
            report(`input "${name}": ${error.message}`);
            return null;
        }
    }
    return {
        problems,
        warnings,
        raw,
        given: (name) => raw(name) !== '' && raw(name) !== defaultOf(name),
        problem: (name, text) => report(`input "${name}" ${text}`),
        warn: (text) => warnings.push(text),
        parse,
        bool: (name) => parse(name, (v) => (0,parsers/* parseBoolean */.yG)(v, false)) ?? defaultOf(name) === 'true',
    };
}

;// CONCATENATED MODULE: ./src/inputs/skip-rule.ts
const CREDENTIAL_INPUTS = ['api-user-id', 'api-password', 'webhook-token', 'webhook-url'];
/** The credential inputs the chosen steps need; every credential input when none is chosen. */
function neededCredentials(input, chosen) {
    if (chosen.length === 0)
        return [...CREDENTIAL_INPUTS];
    const needed = chosen.flatMap((step) => step.needs(input)).map((n) => (typeof n === 'string' ? n : n.input));
    return CREDENTIAL_INPUTS.filter((name) => needed.includes(name) || (name === 'webhook-url' && input.raw(name) !== ''));
}
/** Why the run is skipped, or null when it is not. Pure. */
function skipReason(input, chosen) {
    if (!input.bool('skip-without-credentials'))
        return null;
    const needed = neededCredentials(input, chosen);
    if (needed.length === 0 || needed.some((name) => input.raw(name) !== ''))
        return null;
    const what = chosen.length === 0 ? 'no step can run' : `${chosen.map((s) => s.name).join(' and ')} needs them`;
    return (`skipped: ${needed.map((n) => `"${n}"`).join(', ')} ${needed.length === 1 ? 'is' : 'are'} empty and ${what} ` +
        '(secrets are not passed to workflows run for pull requests from forks); skip-without-credentials is true, so nothing was done');
}

;// CONCATENATED MODULE: ./src/inputs/step-selection.ts
const HINTS = {
    'api-user-id': 'set it from a secret',
    'api-password': 'set it from a secret',
    'webhook-token': 'set it from a secret, or give the whole "webhook-url" instead',
    'api-url': 'set it to the hosting API base URL, without /v1',
    'headless-api-url': 'set it to the headless API base URL, without /v1',
    account: 'set it to the headless account name',
    app: 'set it to the app id',
    environment: 'set it to the environment id or display name',
    'github-token': 'set it, e.g. to ${{ github.token }}',
};
/** The rows the inputs ask for, in the table's order; reports exclusivity. */
function chooseSteps(input, table) {
    const chosen = table.filter((step) => step.selected(input));
    const exclusive = chosen.find((s) => s.exclusive);
    if (exclusive && chosen.length > 1) {
        const others = chosen.filter((s) => s !== exclusive).map((s) => s.name);
        input.problems.push(`the ${exclusive.name} step runs alone, but the inputs also ask for ${orList(others, 'and')}; run them in separate steps of the workflow`);
    }
    return chosen;
}
/** Reports that nothing would run, and how to turn each step on; `before`: problems before choosing. */
function requireSomeStep(input, table, before) {
    if (input.problems.length !== before)
        return;
    const off = table.map((s) => s.offBecause?.(input)).find((why) => why) ?? 'no step is set';
    input.problems.push(`${off} and no other step is set, so nothing would run; ${orList(table.map((s) => s.howToRun))}`);
}
/** Reports each missing input once, naming every chosen step that needs it; `except`: inputs not to report. */
function requireInputs(input, chosen, except = []) {
    const needers = new Map();
    for (const step of chosen) {
        for (const need of step.needs(input)) {
            const [name, by] = typeof need === 'string' ? [need, step.name] : [need.input, need.by];
            needers.set(name, [...(needers.get(name) ?? []), by]);
        }
    }
    for (const [name, steps] of needers) {
        if (input.raw(name) === '' && !except.includes(name))
            input.problem(name, `is required by ${steps.join(' and ')}; ${HINTS[name] ?? 'set it'}`);
    }
}
/** Inputs set on purpose for steps that will not run: worth a warning, not an error. */
function ignoredInputs(input, table, chosen) {
    const used = new Set(chosen.flatMap((s) => s.owns));
    // An input two steps own (github-deployment) is named once, with every owner that does not run.
    const owners = new Map();
    for (const step of table) {
        if (chosen.includes(step))
            continue;
        for (const name of step.owns) {
            if (!used.has(name) && input.given(name))
                owners.set(name, [...(owners.get(name) ?? []), step.name]);
        }
    }
    return [...owners].map(([name, steps]) => `input "${name}" is ignored: no ${steps.join(' or ')} runs`);
}
/** `a, b, or c` */
function orList(items, word = 'or') {
    if (items.length <= 1)
        return items.join('');
    return `${items.slice(0, -1).join(', ')}, ${word} ${items.at(-1)}`;
}

;// CONCATENATED MODULE: ./src/inputs/read-inputs.ts
/**
 * The only reader of the action's inputs: every input is read once, checked against every
 * rule (docs/inputs.md), and turned into a frozen, typed `Inputs`, or into one InputError that
 * lists every problem, so a workflow author fixes them all in one round. Which steps run, and
 * what each needs, comes from the step table.
 */





/** Every problem with the inputs, one per line; thrown before the first request. */
class InputError extends Error {
    name = 'InputError';
    problems;
    constructor(problems) {
        super(problems.join('\n'));
        this.problems = problems;
    }
}
/**
 * Reads and checks every input. `workspace` is the absolute directory `path` is relative to
 * (GITHUB_WORKSPACE); only strings are compared here, existence is checked later by I/O.
 */
function readInputs(getInput, workspace, table = steps_table/* STEPS */.U) {
    const input = createReader(getInput);
    const before = input.problems.length;
    const chosen = chooseSteps(input, table);
    const skipped = skipReason(input, chosen);
    if (chosen.length === 0 && !skipped)
        requireSomeStep(input, table, before);
    const shared = readShared(input, workspace);
    const records = table.map((step) => step.read(input, shared, chosen.includes(step)));
    requireInputs(input, chosen, skipped ? neededCredentials(input, chosen) : []);
    if (input.problems.length > 0)
        throw new InputError(input.problems);
    if (skipped)
        return deepFreeze({ ...shared, steps: [], skipped, warnings: [...input.warnings] });
    const steps = table.flatMap((step, i) => chosen.includes(step) ? [{ name: step.name, inputs: records[i] }] : []);
    return deepFreeze({
        ...shared,
        steps,
        skipped: null,
        warnings: [...ignoredInputs(input, table, chosen), ...input.warnings],
    });
}
/** The inputs several steps read: credentials, base URLs, names, dry-run, the GitHub token. */
function readShared(input, workspace) {
    const account = input.raw('account');
    if (account !== '' && !(0,parsers/* isPathSegment */.bQ)(account)) {
        const fix = account.startsWith('accounts/')
            ? `give ${(0,parsers/* quote */.hD)(account.slice(9))}, without "accounts/"`
            : 'give the name alone';
        input.problem('account', `${(0,parsers/* quote */.hD)(account)} is not an account name: ${parsers/* NAME_RULE */.$h}; ${fix}`);
    }
    const app = input.raw('app');
    if (app !== '' && !(0,parsers/* isPathSegment */.bQ)(app)) {
        input.problem('app', `${(0,parsers/* quote */.hD)(app)} is not an app id: ${parsers/* NAME_RULE */.$h}; give the appId alone`);
    }
    const environment = input.raw('environment');
    if ([...environment].some((c) => c === '/' || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
        input.problem('environment', `${(0,parsers/* quote */.hD)(environment)} has a slash or a control character; give the environment id or display name`);
    }
    const userId = input.raw('api-user-id');
    const password = input.raw('api-password');
    if (userId.includes(':')) {
        // Never echo it: the user id is masked like a secret.
        input.problem('api-user-id', 'holds a ":", which HTTP Basic credentials cannot carry; set it to the API user id alone');
    }
    return {
        workspace,
        credentials: userId !== '' && password !== '' ? { userId, password } : null,
        hostingUrl: input.parse('api-url', parsers/* parseApiBaseUrl */.yT),
        headlessUrl: input.parse('headless-api-url', parsers/* parseApiBaseUrl */.yT),
        account,
        app,
        environment,
        dryRun: input.bool('dry-run'),
        prComment: input.bool('pr-comment'),
        githubToken: input.raw('github-token') || null,
    };
}
function deepFreeze(value) {
    if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const child of Object.values(value))
            deepFreeze(child);
    }
    return value;
}


/***/ }),

/***/ 56622:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   B3: () => (/* binding */ workspaceOf),
/* harmony export */   LI: () => (/* binding */ resolveInside),
/* harmony export */   Uc: () => (/* binding */ workspaceRelative)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _util_path_api_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(62488);
/* harmony import */ var _quote_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(28373);
/**
 * The path decisions of the inputs, as pure functions of text: whether `path` and `exclude-from`
 * stay inside the workspace, and how a path is shown relative to it. Each takes the platform's
 * path semantics (node's own by default), so the decisions windows-latest makes are tested on
 * Linux with `path.win32`. No file system access here: links are checked later, by I/O.
 */



/**
 * Resolves `target` against `base` and returns the absolute path, or throws when it lands
 * outside `root`: `..`, another drive (`D:\x`), a share (`\\server\share`), or a sibling whose
 * name merely starts like the root's (`C:\work\repo2` next to `C:\work\repo`). On Windows a path
 * differing from the workspace only in letter case is inside, as it is on NTFS; on Linux and
 * macOS it is not (an absolute path must match the workspace byte for byte there).
 */
function resolveInside(root, base, target, path = (node_path__WEBPACK_IMPORTED_MODULE_0___default())) {
    const absolute = path.resolve(base, target);
    if (!(0,_util_path_api_js__WEBPACK_IMPORTED_MODULE_1__/* .isInside */ .F)(path, root, absolute)) {
        throw new Error(`${(0,_quote_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)(target)} is outside the workspace; give a path inside it`);
    }
    return absolute;
}
/** `absolute` relative to the workspace, `/`-separated on every platform, `.` for the workspace itself. */
function workspaceRelative(workspace, absolute, path = (node_path__WEBPACK_IMPORTED_MODULE_0___default())) {
    return path.relative(workspace, absolute).split(path.sep).join('/') || '.';
}
/** The workspace again, from a path inside it and its `/`-separated name relative to it (the inverse of workspaceRelative). */
function workspaceOf(absolute, relative, path = (node_path__WEBPACK_IMPORTED_MODULE_0___default())) {
    const up = relative.split('/').filter((seg) => seg !== '.' && seg !== '');
    return path.resolve(absolute, ...up.map(() => '..'));
}


/***/ }),

/***/ 19846:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   jU: () => (/* binding */ fillUrlTemplate),
/* harmony export */   lb: () => (/* binding */ parseUrlTemplate)
/* harmony export */ });
/* unused harmony export URL_PLACEHOLDERS */
/* harmony import */ var _api_url_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(68301);
/* harmony import */ var _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(45165);
/**
 * `environment-url`: a template of the environment's public URL. `{app}`, `{environment}` (the
 * display name) and `{environment-id}` are filled in, each URL-encoded, so a display name can
 * add characters to the URL but never a new path segment, query or host. The result must be
 * https (plain http only to loopback hosts), by the same rules as the API base URLs.
 */


const URL_PLACEHOLDERS = ['app', 'environment', 'environment-id'];
const PLACEHOLDER = /\{([^{}]*)\}/g;
/** Checks the template with stand-in values; throws a message without a subject. */
function parseUrlTemplate(value) {
    const source = value.trim();
    const uses = new Set();
    for (const [, name] of source.matchAll(PLACEHOLDER)) {
        if (!URL_PLACEHOLDERS.includes(name)) {
            throw new Error(`has an unknown placeholder ${(0,_inputs_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(`{${name}}`)}; use ${URL_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`);
        }
        uses.add(name);
    }
    if (/[{}]/.test(source.replace(PLACEHOLDER, '')))
        throw new Error('has an unmatched "{" or "}"');
    const template = { source, uses: [...uses] };
    fillUrlTemplate(template, { app: 'app', environment: 'environment', 'environment-id': 'id' });
    return template;
}
/** Fills the template in; throws (a message without a subject) when the result is no safe URL. */
function fillUrlTemplate(template, values) {
    const filled = template.source.replace(PLACEHOLDER, (_m, name) => encodeURIComponent(values[name]));
    const url = (0,_api_url_js__WEBPACK_IMPORTED_MODULE_0__/* .checkSecureUrl */ .r6)(filled.replace(/^http:/i, 'https:'));
    // The API's rule, worded for a link people open rather than one credentials travel on.
    if (/^http:/i.test(filled) && !(0,_api_url_js__WEBPACK_IMPORTED_MODULE_0__/* .isLoopbackHost */ .cW)(url.hostname)) {
        throw new Error(`uses plain http to ${url.hostname}; give the https URL (plain http only for localhost, 127.0.0.0/8 and ::1)`);
    }
    // The template as the user wrote it, filled in: a parsed URL's href would add a slash to a bare
    // host or change its case, and the output would no longer be what the user wrote.
    (0,_api_url_js__WEBPACK_IMPORTED_MODULE_0__/* .checkSecureUrl */ .r6)(filled);
    return filled;
}


/***/ }),

/***/ 73089:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   W_: () => (/* binding */ statusMatches),
/* harmony export */   b: () => (/* binding */ DEFAULT_HEALTH_EXPECT),
/* harmony export */   oY: () => (/* binding */ parseStatusSet)
/* harmony export */ });
/* harmony import */ var _inputs_quote_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(28373);
/**
 * `health-expect`: the statuses that count as healthy, as codes and ranges, comma-separated
 * (`200`, `200-299,301`). Pure, so the grammar is tested as a table.
 */

const DEFAULT_HEALTH_EXPECT = '200-399';
const CODE = /^[1-5]\d\d$/;
/** Throws a message without a subject: `"20x" is not a status code; ...`. */
function parseStatusSet(value) {
    const source = value.trim();
    const items = source.split(',').map((item) => item.trim());
    if (source === '' || items.some((item) => item === '')) {
        throw new Error(`${(0,_inputs_quote_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(source)} has an empty item; give codes and ranges such as 200-299,301`);
    }
    const ranges = items.map((item) => {
        const parts = item.split('-').map((p) => p.trim());
        if (parts.length > 2 || !parts.every((p) => CODE.test(p))) {
            throw new Error(`${(0,_inputs_quote_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(item)} is not a status code or range; use codes from 100 to 599, such as 200 or 200-299`);
        }
        const low = Number(parts[0]);
        const high = Number(parts[1] ?? parts[0]);
        if (low > high)
            throw new Error(`${(0,_inputs_quote_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(item)} runs backwards; write the lower code first, such as 200-299`);
        return [low, high];
    });
    return { source, ranges };
}
function statusMatches(set, status) {
    return set.ranges.some(([low, high]) => status >= low && status <= high);
}


/***/ }),

/***/ 31238:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Dk: () => (/* binding */ parseHealthUrl),
/* harmony export */   jg: () => (/* binding */ describeHealthUrl),
/* harmony export */   yZ: () => (/* binding */ resolveHealthUrl)
/* harmony export */ });
/* harmony import */ var _environment_url_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(19846);
/**
 * `health-url`: the URL the health check asks. Either a template with the placeholders of
 * `environment-url` (filled in and checked by the same rules: https, plain http only to a
 * loopback host), or the word `url`: the `url` output, `environment-url` filled in.
 */

function parseHealthUrl(value) {
    const v = value.trim();
    if (v.toLowerCase() === 'url')
        return { kind: 'url' };
    return { kind: 'template', template: (0,_environment_url_js__WEBPACK_IMPORTED_MODULE_0__/* .parseUrlTemplate */ .lb)(v) };
}
/** The URL to check; `environmentUrl` is the `url` output (null when it was not set). Throws a message without a subject. */
function resolveHealthUrl(health, values, environmentUrl) {
    if (health.kind === 'template')
        return (0,_environment_url_js__WEBPACK_IMPORTED_MODULE_0__/* .fillUrlTemplate */ .jU)(health.template, values);
    if (environmentUrl === null)
        throw new Error('is "url", but the url output was not set (environment-url gave none)');
    return environmentUrl;
}
/** For the plan line. */
function describeHealthUrl(health) {
    return health.kind === 'url' ? 'the environment URL' : health.template.source;
}


/***/ }),

/***/ 55708:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  U: () => (/* binding */ STEPS)
});

// UNUSED EXPORTS: stepRow

// EXTERNAL MODULE: ./src/inputs/parsers.ts
var parsers = __nccwpck_require__(45165);
;// CONCATENATED MODULE: ./src/steps/common/github-needs.ts
function githubNeeds(input) {
    return ['github-deployment', 'pr-comment']
        .filter((option) => input.bool(option))
        .map((option) => ({ input: 'github-token', by: option }));
}

;// CONCATENATED MODULE: ./node_modules/balanced-match/dist/esm/index.js
const balanced = (a, b, str) => {
    const ma = a instanceof RegExp ? maybeMatch(a, str) : a;
    const mb = b instanceof RegExp ? maybeMatch(b, str) : b;
    const r = ma !== null && mb != null && range(ma, mb, str);
    return (r && {
        start: r[0],
        end: r[1],
        pre: str.slice(0, r[0]),
        body: str.slice(r[0] + ma.length, r[1]),
        post: str.slice(r[1] + mb.length),
    });
};
const maybeMatch = (reg, str) => {
    const m = str.match(reg);
    return m ? m[0] : null;
};
const range = (a, b, str) => {
    let begs, beg, left, right = undefined, result;
    let ai = str.indexOf(a);
    let bi = str.indexOf(b, ai + 1);
    let i = ai;
    if (ai >= 0 && bi > 0) {
        if (a === b) {
            return [ai, bi];
        }
        begs = [];
        left = str.length;
        while (i >= 0 && !result) {
            if (i === ai) {
                begs.push(i);
                ai = str.indexOf(a, i + 1);
            }
            else if (begs.length === 1) {
                const r = begs.pop();
                if (r !== undefined)
                    result = [r, bi];
            }
            else {
                beg = begs.pop();
                if (beg !== undefined && beg < left) {
                    left = beg;
                    right = bi;
                }
                bi = str.indexOf(b, i + 1);
            }
            i = ai < bi && ai >= 0 ? ai : bi;
        }
        if (begs.length && right !== undefined) {
            result = [left, right];
        }
    }
    return result;
};
//# sourceMappingURL=index.js.map
;// CONCATENATED MODULE: ./node_modules/brace-expansion/dist/esm/index.js

const escSlash = '\0SLASH' + Math.random().toFixed(16) + '\0';
const escOpen = '\0OPEN' + Math.random().toFixed(16) + '\0';
const escClose = '\0CLOSE' + Math.random().toFixed(16) + '\0';
const escComma = '\0COMMA' + Math.random().toFixed(16) + '\0';
const escPeriod = '\0PERIOD' + Math.random().toFixed(16) + '\0';
const escSlashPattern = new RegExp(escSlash, 'g');
const escOpenPattern = new RegExp(escOpen, 'g');
const escClosePattern = new RegExp(escClose, 'g');
const escCommaPattern = new RegExp(escComma, 'g');
const escPeriodPattern = new RegExp(escPeriod, 'g');
const slashPattern = /\\\\/g;
const openPattern = /\\{/g;
const closePattern = /\\}/g;
const commaPattern = /\\,/g;
const periodPattern = /\\\./g;
const EXPANSION_MAX = 100_000;
// `EXPANSION_MAX` caps the *number* of expansions, but not their length. An
// input like `'{a,b}'.repeat(1500)` stays under that count - its output is
// truncated to 100k results - while making every result ~1500 characters
// long. The result set, and the intermediate arrays built while combining
// brace sets, then grow large enough to exhaust memory and crash the process
// (CVE-2026-14257). `EXPANSION_MAX_LENGTH` bounds the total number of
// characters the accumulator may hold at any point, so memory stays flat no
// matter how many brace groups are chained. The limit sits well above any
// realistic expansion (100k results hitting `EXPANSION_MAX` measure ~1M
// characters) so legitimate input is unaffected.
const EXPANSION_MAX_LENGTH = 4_000_000;
// `expand_` recurses once per level of brace *nesting* - both when expanding a
// set's comma members and when re-wrapping a set whose body is a single part.
// The CVE-2026-14257 fix made the *tail* iterative (recursion on `m.post`, one
// level per chained group), which left nesting depth unbounded: about 3,100
// levels of `{{{...a,b...}}}` - only ~6KB of input - exhausted the native stack
// and crashed the process. `EXPANSION_MAX_DEPTH` bounds how deep the parser
// will follow nesting. It sits far above any realistic pattern and well below
// the depth at which the stack runs out.
const EXPANSION_MAX_DEPTH = 1_000;
// Bash keeps a quirk where a brace group followed by a comma set still expands
// (`{a},b}`). The parser implements it by rewriting the string and restarting
// the scan, absorbing one `}` per pass. `n` trailing braces therefore cost `n`
// full passes over a string that itself grows by one `escClose` sentinel each
// time - quadratic in `n`, with a ~26x constant from the sentinel's length.
// 128KB of `'{a}' + '}'.repeat(n) + ',z}'` blocked the event loop for 27
// seconds to produce two results. `EXPANSION_MAX_REWRITES` bounds how many
// times the scan may restart. Real `{a},b}` input needs a handful.
const EXPANSION_MAX_REWRITES = 1_000;
// `EXPANSION_MAX_STEPS` bounds the work one `expand` call does, which `max`,
// `maxLength` and `maxDepth` don't: nested sets are rescanned at every level
// and chained groups each rebuild up to `max` results, so 2KB of input could
// block the event loop for over 30 seconds. Each character scanned, result
// built and sequence value generated is a step, and each `expand_` call costs
// `CALL_STEPS` more. Past the budget, the set being expanded and everything
// after it stay literal. A glob needs a few hundred steps, and nesting all the
// way to `EXPANSION_MAX_DEPTH` about 4M.
const EXPANSION_MAX_STEPS = 20_000_000;
// What one `expand_` call costs on top of what it scans and builds. Setting
// one up takes about as long as scanning 16 characters, and a set whose
// results are wrapped to be expanded again makes one call per result, each
// scanning and building next to nothing: 64KB of
// `('{{' + ','.repeat(316) + '}{' + ','.repeat(316) + '}}').repeat(n)` made
// 4M such calls, which spent the budget three times as slowly as anything
// else.
const CALL_STEPS = 16;
function numeric(str) {
    return !isNaN(str) ? parseInt(str, 10) : str.charCodeAt(0);
}
function escapeBraces(str) {
    return str
        .replace(slashPattern, escSlash)
        .replace(openPattern, escOpen)
        .replace(closePattern, escClose)
        .replace(commaPattern, escComma)
        .replace(periodPattern, escPeriod);
}
function unescapeBraces(str) {
    return str
        .replace(escSlashPattern, '\\')
        .replace(escOpenPattern, '{')
        .replace(escClosePattern, '}')
        .replace(escCommaPattern, ',')
        .replace(escPeriodPattern, '.');
}
// Like `target.push(...items)` but doesn't overflow the stack
function pushAll(target, items) {
    for (let i = 0; i < items.length; i++) {
        target.push(items[i]);
    }
}
// `balanced`, run on `masked` (see `maskUnmatchedOpens`), sliced from `str`
// and charged for the characters it walks: up to the group's `}`, or the
// whole string when there is no match or unmatched `{` come first, which
// `unmatched` then flags for masking. Once a call overdraws the budget, it
// and every later one return undefined, so the rest stays literal.
function balancedWithBudget(str, masked, budget) {
    if (budget.remaining < 0) {
        return undefined;
    }
    const r = range('{', '}', masked);
    const unmatched = r !== undefined && masked.indexOf('{') < r[0];
    budget.remaining -= r && !unmatched ? r[1] + 1 : str.length;
    if (!r || budget.remaining < 0) {
        return undefined;
    }
    return {
        end: r[1],
        pre: str.slice(0, r[0]),
        body: str.slice(r[0] + 1, r[1]),
        post: str.slice(r[1] + 1),
        unmatched,
    };
}
// `masked` with every `{` that has no matching `}` swapped for a `\0`, which
// keeps the length, so a scan of it still lines up with the string it was
// made from. Such a `{` is literal either way, but `balanced` only learns that
// one is unmatched by reading to the end of the string, so with one at the
// head of every group (`'{a,{b,c}'.repeat(n)`) each scan read the rest of the
// input. That was quadratic, and once the step budget charged for it, it ran
// out partway through and left the rest literal. A scan of the masked copy
// stops at the group's `}`. It is one pass, charged as such.
function maskUnmatchedOpens(masked, budget) {
    budget.remaining -= masked.length;
    const open = [];
    for (let i = 0; i < masked.length; i++) {
        const c = masked.charCodeAt(i);
        if (c === 0x7b) {
            open.push(i);
        }
        else if (c === 0x7d && open.length) {
            open.pop();
        }
    }
    let out = '';
    let last = 0;
    for (let i = 0; i < open.length; i++) {
        const at = open[i];
        out += masked.slice(last, at) + '\0';
        last = at + 1;
    }
    return out + masked.slice(last);
}
// Whether `str` has a `,` not followed by another `,`, with a `}` after it on
// the same line - what `/,(?!,).*\}/.test(str)` asks, answered in one pass from
// the end. The regex tries every `,` and backtracks through the rest of its
// line from each, which is quadratic, and the `{a},b}` rewrite asks again on
// every pass. Like a scan, it is charged for the whole string and refused if
// that overdraws the budget.
function commaSetFollows(str, budget) {
    budget.remaining -= str.length;
    if (budget.remaining < 0) {
        return false;
    }
    // Whether a `}` follows the current position before the line ends
    let close = false;
    for (let i = str.length - 1; i >= 0; i--) {
        const c = str.charCodeAt(i);
        if (c === 0x7d) {
            close = true;
        }
        else if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) {
            // A line terminator, which `.` does not match
            close = false;
        }
        else if (c === 0x2c && close && str.charCodeAt(i + 1) !== 0x2c) {
            return true;
        }
    }
    return false;
}
/**
 * Basically just str.split(","), but handling cases
 * where we have nested braced sections, which should be
 * treated as individual members, like {a,{b,c},d}
 *
 * Returns `undefined` if the step budget runs out before the whole set is
 * split, since splitting what is left on every comma would tear apart the
 * nested sets it still holds.
 */
function parseCommaParts(str, budget) {
    const parts = [];
    // Walk the brace groups iteratively. Recursing on `post` once per group let a
    // chain of them exhaust the stack - the parsing-side counterpart to
    // the `expand_` overflow fixed for CVE-2026-14257, and not something `max` or
    // `maxLength` can bound, since it happens before expansion.
    //
    // The part the next chunk continues
    let carry = '';
    for (;;) {
        // A set's body holds no unmatched `{`, so there is nothing to mask.
        const m = balancedWithBudget(str, str, budget);
        if (budget.remaining < 0) {
            return undefined;
        }
        if (!m) {
            const tail = str.split(',');
            tail[0] = carry + tail[0];
            pushAll(parts, tail);
            return parts;
        }
        const { pre, body, post } = m;
        const p = pre.split(',');
        p[0] = carry + p[0];
        p[p.length - 1] += '{' + body + '}';
        if (!post.length) {
            pushAll(parts, p);
            return parts;
        }
        carry = p.pop();
        pushAll(parts, p);
        str = post;
    }
}
// An option that is left out, or that is NaN, gets its default. Every
// comparison against NaN is false, so a NaN bound would never be reached:
// `{ maxSteps: NaN }` let 15KB of input block the event loop for 16 seconds,
// and `{ maxDepth: NaN }` overflowed the stack again (CVE-2026-102278). Pass
// `Infinity` to lift a bound.
function bound(value, fallback) {
    return value === undefined || isNaN(value) ? fallback : value;
}
function expand(str, options = {}) {
    if (!str) {
        return [];
    }
    const max = bound(options.max, EXPANSION_MAX);
    const maxLength = bound(options.maxLength, EXPANSION_MAX_LENGTH);
    const maxDepth = bound(options.maxDepth, EXPANSION_MAX_DEPTH);
    const maxRewrites = bound(options.maxRewrites, EXPANSION_MAX_REWRITES);
    const maxSteps = bound(options.maxSteps, EXPANSION_MAX_STEPS);
    // I don't know why Bash 4.3 does this, but it does.
    // Anything starting with {} will have the first two bytes preserved
    // but *only* at the top level, so {},a}b will not expand to anything,
    // but a{},b}c will be expanded to [a}c,abc].
    // One could argue that this is a bug in Bash, but since the goal of
    // this module is to match Bash's rules, we escape a leading {}
    if (str.slice(0, 2) === '{}') {
        str = '\\{\\}' + str.slice(2);
    }
    return expand_(escapeBraces(str), max, maxLength, maxDepth, 0, maxRewrites, { remaining: maxSteps }, true).map(unescapeBraces);
}
function embrace(str) {
    return '{' + str + '}';
}
function isPadded(el) {
    return /^-?0\d/.test(el);
}
function lte(i, y) {
    return i <= y;
}
function gte(i, y) {
    return i >= y;
}
// Build `{ acc[a] + pre + values[v] }` for every combination, capping the
// number of results at `max` and the total number of characters at `maxLength`.
// This is the one place output grows, so bounding it here keeps the single
// accumulator - and therefore memory - flat regardless of how many brace groups
// are combined (CVE-2026-14257). Each result built is a step, since `max` and
// `maxLength` bound one combination, not how many brace groups are combined.
function combine(acc, pre, values, max, maxLength, dropEmpties, budget) {
    const out = [];
    let length = 0;
    // Bash drops empty results at the top level, and they don't count against
    // `max`, so `max` bounds the number of *kept* results. Only an empty
    // `acc[a] + pre` can make one, so for those the empty values are skipped
    // without being visited. Visiting them one at a time let a set of empties
    // cost `acc.length * values.length` while keeping nothing.
    let nonEmpty;
    outer: for (let a = 0; a < acc.length; a++) {
        const prefix = acc[a] + pre;
        let vs = values;
        if (dropEmpties && !prefix) {
            if (!nonEmpty)
                nonEmpty = values.filter(v => v);
            vs = nonEmpty;
        }
        for (let v = 0; v < vs.length; v++) {
            if (out.length >= max)
                break outer;
            const expansion = prefix + vs[v];
            if (length + expansion.length > maxLength)
                break outer;
            out.push(expansion);
            length += expansion.length;
        }
    }
    budget.remaining -= out.length;
    return out;
}
// The expansion values of a single numeric (`1..5`) or alphabetic (`a..e..2`)
// sequence body, or `undefined` if the step budget runs out generating them.
function expandSequence(body, isAlphaSequence, max, maxLength, budget) {
    const n = body.split(/\.\./);
    const N = [];
    // A sequence body always splits into two or three parts, but the compiler
    // can't know that.
    /* c8 ignore start */
    if (n[0] === undefined || n[1] === undefined) {
        return N;
    }
    /* c8 ignore stop */
    const x = numeric(n[0]);
    const y = numeric(n[1]);
    const width = Math.max(n[0].length, n[1].length);
    let incr = n.length === 3 && n[2] !== undefined ?
        Math.max(Math.abs(numeric(n[2])), 1)
        : 1;
    let test = lte;
    const reverse = y < x;
    if (reverse) {
        incr *= -1;
        test = gte;
    }
    const pad = n.some(isPadded);
    // A padded value is built a character at a time to `width`, which the input
    // sets, so it costs one step per character: 64KB of
    // `('{' + '0'.repeat(100) + '..99999}').repeat(n)` took 7 seconds charged
    // one step per value.
    const cost = pad ? width : 1;
    let length = 0;
    for (let i = x; test(i, y) && N.length < max; i += incr) {
        // Each value is a step. `max` and `maxLength` bound one sequence, but a
        // chain of them still generated up to `max` values each, however few
        // combining could keep.
        budget.remaining -= cost;
        if (budget.remaining < 0) {
            return undefined;
        }
        let c;
        if (isAlphaSequence) {
            c = String.fromCharCode(i);
            if (c === '\\') {
                c = '';
            }
        }
        else {
            c = String(i);
            if (pad) {
                const need = width - c.length;
                if (need > 0) {
                    const z = new Array(need + 1).join('0');
                    if (i < 0) {
                        c = '-' + z + c.slice(1);
                    }
                    else {
                        c = z + c;
                    }
                }
            }
        }
        if (length + c.length > maxLength)
            break;
        N.push(c);
        length += c.length;
    }
    return N;
}
function expand_(str, max, maxLength, maxDepth, depth, maxRewrites, budget, isTop) {
    // An overdraft here makes the first scan refuse, so `str` stays literal.
    budget.remaining -= CALL_STEPS;
    // Too deeply nested to keep following: treat the rest as literal, the same
    // way a group that cannot expand is already handled. Truncating rather than
    // throwing keeps `expand` total, matching `max` and `maxLength`.
    if (depth > maxDepth) {
        return [str];
    }
    // Consume the string's top-level brace groups left to right, threading a
    // running set of combined prefixes (`acc`). Expanding the tail iteratively -
    // rather than recursing on `m.post` once per group - keeps the native stack
    // depth constant, so deeply chained input (`'{a,b}'.repeat(3000)`) can no
    // longer overflow the stack, and leaves a single accumulator whose size
    // `maxLength` bounds directly (CVE-2026-14257).
    let acc = [''];
    // Bash drops empty results, but only when the *first* top-level group is a
    // comma set - a sequence like `{a..\}` may legitimately yield ''. The drop
    // is on the final strings, so it is applied to whichever `combine` produces
    // them (the one with no brace set left in the tail).
    // How many times the `{a},b}` rewrite below has restarted the scan. Each pass
    // re-reads the whole string, so leaving this unbounded is quadratic.
    let rewrites = 0;
    let dropEmpties = false;
    let firstGroup = true;
    // `str` with its unmatched `{` masked, once a scan has run into them
    let masked = str;
    for (;;) {
        const m = balancedWithBudget(str, masked, budget);
        // No brace set left, or no step budget left to look for one: the rest of
        // the string is literal.
        if (!m) {
            return combine(acc, str, [''], max, maxLength, dropEmpties, budget);
        }
        if (m.unmatched) {
            masked = maskUnmatchedOpens(masked, budget);
        }
        // no need to expand pre, since it is guaranteed to be free of brace-sets
        const pre = m.pre;
        // This set and the rest of the string, literal: for a set that cannot
        // expand, and for one the step budget runs out on. Once it is overdrawn,
        // every set still being expanded, at every level, stays literal like this -
        // otherwise each level above would go on combining, and wrapping and
        // expanding again, results the budget was too small for.
        const literal = () => combine(acc, pre + '{' + m.body + '}' + m.post, [''], max, maxLength, dropEmpties, budget);
        if (/\$$/.test(pre)) {
            acc = combine(acc, pre + '{' + m.body + '}', [''], max, maxLength, dropEmpties && !m.post.length, budget);
            firstGroup = false;
            if (!m.post.length)
                break;
            str = m.post;
            masked = masked.slice(m.end + 1);
            continue;
        }
        const isNumericSequence = /^-?\d+\.\.-?\d+(?:\.\.-?\d+)?$/.test(m.body);
        const isAlphaSequence = /^[a-zA-Z]\.\.[a-zA-Z](?:\.\.-?\d+)?$/.test(m.body);
        const isSequence = isNumericSequence || isAlphaSequence;
        const isOptions = m.body.indexOf(',') >= 0;
        if (!isSequence && !isOptions) {
            // {a},b}
            if (rewrites < maxRewrites && commaSetFollows(m.post, budget)) {
                rewrites++;
                str = m.pre + '{' + m.body + escClose + m.post;
                // Taking a `}` away never gives an unmatched `{` a partner, so what
                // is masked stays unmatched. The `{` it closed can be left without
                // one, and the next scan masks it.
                masked =
                    masked.slice(0, m.end) + escClose + masked.slice(m.end + 1);
                isTop = true;
                continue;
            }
            // Nothing here expands, so the whole remaining string is literal.
            return literal();
        }
        if (firstGroup) {
            dropEmpties = isTop && !isSequence;
            firstGroup = false;
        }
        let values;
        if (isSequence) {
            values = expandSequence(m.body, isAlphaSequence, max, maxLength, budget);
            if (!values) {
                return literal();
            }
        }
        else {
            let n = parseCommaParts(m.body, budget);
            // The step budget ran out partway through the set.
            if (!n) {
                return literal();
            }
            if (n.length === 1 && n[0] !== undefined) {
                // x{{a,b}}y ==> x{a}y x{b}y
                n = expand_(n[0], max, maxLength, maxDepth, depth + 1, maxRewrites, budget, false).map(embrace);
                // The step budget ran out expanding the set's only part.
                if (budget.remaining < 0) {
                    return literal();
                }
                //XXX is this necessary? Can't seem to hit it in tests.
                /* c8 ignore start */
                if (n.length === 1) {
                    const next = combine(acc, pre + n[0], [''], max, maxLength, dropEmpties && !m.post.length, budget);
                    if (budget.remaining < 0) {
                        return literal();
                    }
                    acc = next;
                    if (!m.post.length)
                        break;
                    str = m.post;
                    masked = masked.slice(m.end + 1);
                    continue;
                }
                /* c8 ignore stop */
            }
            // Values that `combine` is going to drop as empty produce no result, so
            // they must not count against `max` - otherwise `{a,,b}` with `max: 2`
            // would stop at `['a', '']` and yield one result instead of two. Skipping
            // them outright keeps `values` bounded while leaving `max` a bound on
            // *kept* results.
            let dropsEmpties = dropEmpties && !m.post.length && !pre;
            for (let d = 0; dropsEmpties && d < acc.length; d++) {
                if (acc[d]) {
                    dropsEmpties = false;
                }
            }
            values = [];
            let valuesLength = 0;
            outer: for (let j = 0; j < n.length; j++) {
                const expanded = expand_(n[j], max, maxLength, maxDepth, depth + 1, maxRewrites, budget, false);
                // The step budget ran out expanding a member.
                if (budget.remaining < 0) {
                    return literal();
                }
                for (let k = 0; k < expanded.length; k++) {
                    const v = expanded[k];
                    if (dropsEmpties && !v)
                        continue;
                    if (values.length >= max ||
                        valuesLength + v.length > maxLength) {
                        break outer;
                    }
                    values.push(v);
                    valuesLength += v.length;
                }
            }
        }
        const next = combine(acc, pre, values, max, maxLength, dropEmpties && !m.post.length, budget);
        // The step budget ran out combining the set's values in.
        if (budget.remaining < 0) {
            return literal();
        }
        acc = next;
        if (!m.post.length)
            break;
        str = m.post;
        masked = masked.slice(m.end + 1);
    }
    return acc;
}
//# sourceMappingURL=index.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/assert-valid-pattern.js
const MAX_PATTERN_LENGTH = 1024 * 64;
const assertValidPattern = (pattern) => {
    if (typeof pattern !== 'string') {
        throw new TypeError('invalid pattern');
    }
    if (pattern.length > MAX_PATTERN_LENGTH) {
        throw new TypeError('pattern is too long');
    }
};
//# sourceMappingURL=assert-valid-pattern.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/brace-expressions.js
// translate the various posix character classes into unicode properties
// this works across all unicode locales
// { <posix class>: [<translation>, /u flag required, negated]
const posixClasses = {
    '[:alnum:]': ['\\p{L}\\p{Nl}\\p{Nd}', true],
    '[:alpha:]': ['\\p{L}\\p{Nl}', true],
    '[:ascii:]': ['\\x' + '00-\\x' + '7f', false],
    '[:blank:]': ['\\p{Zs}\\t', true],
    '[:cntrl:]': ['\\p{Cc}', true],
    '[:digit:]': ['\\p{Nd}', true],
    '[:graph:]': ['\\p{Z}\\p{C}', true, true],
    '[:lower:]': ['\\p{Ll}', true],
    '[:print:]': ['\\p{C}', true],
    '[:punct:]': ['\\p{P}', true],
    '[:space:]': ['\\p{Z}\\t\\r\\n\\v\\f', true],
    '[:upper:]': ['\\p{Lu}', true],
    '[:word:]': ['\\p{L}\\p{Nl}\\p{Nd}\\p{Pc}', true],
    '[:xdigit:]': ['A-Fa-f0-9', false],
};
// only need to escape a few things inside of brace expressions
// escapes: [ \ ] -
const braceEscape = (s) => s.replace(/[[\]\\-]/g, '\\$&');
// escape all regexp magic characters
const regexpEscape = (s) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&');
// everything has already been escaped, we just have to join
const rangesToString = (ranges) => ranges.join('');
// takes a glob string at a posix brace expression, and returns
// an equivalent regular expression source, and boolean indicating
// whether the /u flag needs to be applied, and the number of chars
// consumed to parse the character class.
// This also removes out of order ranges, and returns ($.) if the
// entire class just no good.
const parseClass = (glob, position) => {
    const pos = position;
    /* c8 ignore start */
    if (glob.charAt(pos) !== '[') {
        throw new Error('not in a brace expression');
    }
    /* c8 ignore stop */
    const ranges = [];
    const negs = [];
    let i = pos + 1;
    let sawStart = false;
    let uflag = false;
    let escaping = false;
    let negate = false;
    let endPos = pos;
    let rangeStart = '';
    WHILE: while (i < glob.length) {
        const c = glob.charAt(i);
        if ((c === '!' || c === '^') && i === pos + 1) {
            negate = true;
            i++;
            continue;
        }
        if (c === ']' && sawStart && !escaping) {
            endPos = i + 1;
            break;
        }
        sawStart = true;
        if (c === '\\') {
            if (!escaping) {
                escaping = true;
                i++;
                continue;
            }
            // escaped \ char, fall through and treat like normal char
        }
        if (c === '[' && !escaping) {
            // either a posix class, a collation equivalent, or just a [
            for (const [cls, [unip, u, neg]] of Object.entries(posixClasses)) {
                if (glob.startsWith(cls, i)) {
                    // invalid, [a-[] is fine, but not [a-[:alpha]]
                    if (rangeStart) {
                        return ['$.', false, glob.length - pos, true];
                    }
                    i += cls.length;
                    if (neg)
                        negs.push(unip);
                    else
                        ranges.push(unip);
                    uflag = uflag || u;
                    continue WHILE;
                }
            }
        }
        // now it's just a normal character, effectively
        escaping = false;
        if (rangeStart) {
            // throw this range away if it's not valid, but others
            // can still match.
            if (c > rangeStart) {
                ranges.push(braceEscape(rangeStart) + '-' + braceEscape(c));
            }
            else if (c === rangeStart) {
                ranges.push(braceEscape(c));
            }
            rangeStart = '';
            i++;
            continue;
        }
        // now might be the start of a range.
        // can be either c-d or c-] or c<more...>] or c] at this point
        if (glob.startsWith('-]', i + 1)) {
            ranges.push(braceEscape(c + '-'));
            i += 2;
            continue;
        }
        if (glob.startsWith('-', i + 1)) {
            rangeStart = c;
            i += 2;
            continue;
        }
        // not the start of a range, just a single character
        ranges.push(braceEscape(c));
        i++;
    }
    if (endPos < i) {
        // didn't see the end of the class, not a valid class,
        // but might still be valid as a literal match.
        return ['', false, 0, false];
    }
    // if we got no ranges and no negates, then we have a range that
    // cannot possibly match anything, and that poisons the whole glob
    if (!ranges.length && !negs.length) {
        return ['$.', false, glob.length - pos, true];
    }
    // if we got one positive range, and it's a single character, then that's
    // not actually a magic pattern, it's just that one literal character.
    // we should not treat that as "magic", we should just return the literal
    // character. [_] is a perfectly valid way to escape glob magic chars.
    if (negs.length === 0 &&
        ranges.length === 1 &&
        /^\\?.$/.test(ranges[0]) &&
        !negate) {
        const r = ranges[0].length === 2 ? ranges[0].slice(-1) : ranges[0];
        return [regexpEscape(r), false, endPos - pos, false];
    }
    const sranges = '[' + (negate ? '^' : '') + rangesToString(ranges) + ']';
    const snegs = '[' + (negate ? '' : '^') + rangesToString(negs) + ']';
    const comb = ranges.length && negs.length ? '(' + sranges + '|' + snegs + ')'
        : ranges.length ? sranges
            : snegs;
    return [comb, uflag, endPos - pos, true];
};
//# sourceMappingURL=brace-expressions.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/unescape.js
/**
 * Un-escape a string that has been escaped with {@link escape}.
 *
 * If the {@link MinimatchOptions.windowsPathsNoEscape} option is used, then
 * square-bracket escapes are removed, but not backslash escapes.
 *
 * For example, it will turn the string `'[*]'` into `*`, but it will not
 * turn `'\\*'` into `'*'`, because `\` is a path separator in
 * `windowsPathsNoEscape` mode.
 *
 * When `windowsPathsNoEscape` is not set, then both square-bracket escapes and
 * backslash escapes are removed.
 *
 * Slashes (and backslashes in `windowsPathsNoEscape` mode) cannot be escaped
 * or unescaped.
 *
 * When `magicalBraces` is not set, escapes of braces (`{` and `}`) will not be
 * unescaped.
 */
const unescape_unescape = (s, { windowsPathsNoEscape = false, magicalBraces = true, } = {}) => {
    if (magicalBraces) {
        return windowsPathsNoEscape ?
            s.replace(/\[([^/\\])\]/g, '$1')
            : s
                .replace(/((?!\\).|^)\[([^/\\])\]/g, '$1$2')
                .replace(/\\([^/])/g, '$1');
    }
    return windowsPathsNoEscape ?
        s.replace(/\[([^/\\{}])\]/g, '$1')
        : s
            .replace(/((?!\\).|^)\[([^/\\{}])\]/g, '$1$2')
            .replace(/\\([^/{}])/g, '$1');
};
//# sourceMappingURL=unescape.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/ast.js
// parse a single path portion
var _a;


const types = new Set(['!', '?', '+', '*', '@']);
const isExtglobType = (c) => types.has(c);
const isExtglobAST = (c) => isExtglobType(c.type);
// Map of which extglob types can adopt the children of a nested extglob
//
// anything but ! can adopt a matching type:
// +(a|+(b|c)|d) => +(a|b|c|d)
// *(a|*(b|c)|d) => *(a|b|c|d)
// @(a|@(b|c)|d) => @(a|b|c|d)
// ?(a|?(b|c)|d) => ?(a|b|c|d)
//
// * can adopt anything, because 0 or repetition is allowed
// *(a|?(b|c)|d) => *(a|b|c|d)
// *(a|+(b|c)|d) => *(a|b|c|d)
// *(a|@(b|c)|d) => *(a|b|c|d)
//
// + can adopt @, because 1 or repetition is allowed
// +(a|@(b|c)|d) => +(a|b|c|d)
//
// + and @ CANNOT adopt *, because 0 would be allowed
// +(a|*(b|c)|d) => would match "", on *(b|c)
// @(a|*(b|c)|d) => would match "", on *(b|c)
//
// + and @ CANNOT adopt ?, because 0 would be allowed
// +(a|?(b|c)|d) => would match "", on ?(b|c)
// @(a|?(b|c)|d) => would match "", on ?(b|c)
//
// ? can adopt @, because 0 or 1 is allowed
// ?(a|@(b|c)|d) => ?(a|b|c|d)
//
// ? and @ CANNOT adopt * or +, because >1 would be allowed
// ?(a|*(b|c)|d) => would match bbb on *(b|c)
// @(a|*(b|c)|d) => would match bbb on *(b|c)
// ?(a|+(b|c)|d) => would match bbb on +(b|c)
// @(a|+(b|c)|d) => would match bbb on +(b|c)
//
// ! CANNOT adopt ! (nothing else can either)
// !(a|!(b|c)|d) => !(a|b|c|d) would fail to match on b (not not b|c)
//
// ! can adopt @
// !(a|@(b|c)|d) => !(a|b|c|d)
//
// ! CANNOT adopt *
// !(a|*(b|c)|d) => !(a|b|c|d) would match on bbb, not allowed
//
// ! CANNOT adopt +
// !(a|+(b|c)|d) => !(a|b|c|d) would match on bbb, not allowed
//
// ! CANNOT adopt ?
// x!(a|?(b|c)|d) => x!(a|b|c|d) would fail to match "x"
const adoptionMap = new Map([
    ['!', ['@']],
    ['?', ['?', '@']],
    ['@', ['@']],
    ['*', ['*', '+', '?', '@']],
    ['+', ['+', '@']],
]);
// nested extglobs that can be adopted in, but with the addition of
// a blank '' element.
const adoptionWithSpaceMap = new Map([
    ['!', ['?']],
    ['@', ['?']],
    ['+', ['?', '*']],
]);
// union of the previous two maps
const adoptionAnyMap = new Map([
    ['!', ['?', '@']],
    ['?', ['?', '@']],
    ['@', ['?', '@']],
    ['*', ['*', '+', '?', '@']],
    ['+', ['+', '@', '?', '*']],
]);
// Extglobs that can take over their parent if they are the only child
// the key is parent, value maps child to resulting extglob parent type
// '@' is omitted because it's a special case. An `@` extglob with a single
// member can always be usurped by that subpattern.
const usurpMap = new Map([
    ['!', new Map([['!', '@']])],
    [
        '?',
        new Map([
            ['*', '*'],
            ['+', '*'],
        ]),
    ],
    [
        '@',
        new Map([
            ['!', '!'],
            ['?', '?'],
            ['@', '@'],
            ['*', '*'],
            ['+', '+'],
        ]),
    ],
    [
        '+',
        new Map([
            ['?', '*'],
            ['*', '*'],
        ]),
    ],
]);
// Patterns that get prepended to bind to the start of either the
// entire string, or just a single path portion, to prevent dots
// and/or traversal patterns, when needed.
// Exts don't need the ^ or / bit, because the root binds that already.
const startNoTraversal = '(?!(?:^|/)\\.\\.?(?:$|/))';
const startNoDot = '(?!\\.)';
// characters that indicate a start of pattern needs the "no dots" bit,
// because a dot *might* be matched. ( is not in the list, because in
// the case of a child extglob, it will handle the prevention itself.
const addPatternStart = new Set(['[', '.']);
// cases where traversal is A-OK, no dot prevention needed
const justDots = new Set(['..', '.']);
const reSpecials = new Set('().*{}+?[]^$\\!');
const regExpEscape = (s) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&');
// any single thing other than /
const qmark = '[^/]';
// * => any number of characters
const star = qmark + '*?';
// use + when we need to ensure that *something* matches, because the * is
// the only thing in the path portion.
const starNoEmpty = qmark + '+?';
// remove the \ chars that we added if we end up doing a nonmagic compare
// const deslash = (s: string) => s.replace(/\\(.)/g, '$1')
let ID = 0;
class AST {
    type;
    #root;
    #hasMagic;
    #uflag = false;
    #parts = [];
    #parent;
    #parentIndex;
    #negs;
    #filledNegs = false;
    #options;
    #toString;
    // set to true if it's an extglob with no children
    // (which really means one child of '')
    #emptyExt = false;
    id = ++ID;
    get depth() {
        return (this.#parent?.depth ?? -1) + 1;
    }
    [Symbol.for('nodejs.util.inspect.custom')]() {
        return {
            '@@type': 'AST',
            id: this.id,
            type: this.type,
            root: this.#root.id,
            parent: this.#parent?.id,
            depth: this.depth,
            partsLength: this.#parts.length,
            parts: this.#parts,
        };
    }
    constructor(type, parent, options = {}) {
        this.type = type;
        // extglobs are inherently magical
        if (type)
            this.#hasMagic = true;
        this.#parent = parent;
        this.#root = this.#parent ? this.#parent.#root : this;
        this.#options = this.#root === this ? options : this.#root.#options;
        this.#negs = this.#root === this ? [] : this.#root.#negs;
        if (type === '!' && !this.#root.#filledNegs)
            this.#negs.push(this);
        this.#parentIndex = this.#parent ? this.#parent.#parts.length : 0;
    }
    get hasMagic() {
        /* c8 ignore start */
        if (this.#hasMagic !== undefined)
            return this.#hasMagic;
        /* c8 ignore stop */
        for (const p of this.#parts) {
            if (typeof p === 'string')
                continue;
            if (p.type || p.hasMagic)
                return (this.#hasMagic = true);
        }
        // note: will be undefined until we generate the regexp src and find out
        return this.#hasMagic;
    }
    // reconstructs the pattern
    toString() {
        return (this.#toString !== undefined ? this.#toString
            : !this.type ?
                (this.#toString = this.#parts.map(p => String(p)).join(''))
                : (this.#toString =
                    this.type +
                        '(' +
                        this.#parts.map(p => String(p)).join('|') +
                        ')'));
    }
    #fillNegs() {
        /* c8 ignore start */
        if (this !== this.#root)
            throw new Error('should only call on root');
        if (this.#filledNegs)
            return this;
        /* c8 ignore stop */
        // call toString() once to fill this out
        this.toString();
        this.#filledNegs = true;
        let n;
        while ((n = this.#negs.pop())) {
            if (n.type !== '!')
                continue;
            // walk up the tree, appending everthing that comes AFTER parentIndex
            let p = n;
            let pp = p.#parent;
            while (pp) {
                for (let i = p.#parentIndex + 1; !pp.type && i < pp.#parts.length; i++) {
                    for (const part of n.#parts) {
                        /* c8 ignore start */
                        if (typeof part === 'string') {
                            throw new Error('string part in extglob AST??');
                        }
                        /* c8 ignore stop */
                        part.copyIn(pp.#parts[i]);
                    }
                }
                p = pp;
                pp = p.#parent;
            }
        }
        return this;
    }
    push(...parts) {
        for (const p of parts) {
            if (p === '')
                continue;
            /* c8 ignore start */
            if (typeof p !== 'string' &&
                !(p instanceof _a && p.#parent === this)) {
                throw new Error('invalid part: ' + p);
            }
            /* c8 ignore stop */
            this.#parts.push(p);
        }
    }
    toJSON() {
        const ret = this.type === null ?
            this.#parts
                .slice()
                .map(p => (typeof p === 'string' ? p : p.toJSON()))
            : [this.type, ...this.#parts.map(p => p.toJSON())];
        if (this.isStart() && !this.type)
            ret.unshift([]);
        if (this.isEnd() &&
            (this === this.#root ||
                (this.#root.#filledNegs && this.#parent?.type === '!'))) {
            ret.push({});
        }
        return ret;
    }
    isStart() {
        if (this.#root === this)
            return true;
        // if (this.type) return !!this.#parent?.isStart()
        if (!this.#parent?.isStart())
            return false;
        if (this.#parentIndex === 0)
            return true;
        // if everything AHEAD of this is a negation, then it's still the "start"
        const p = this.#parent;
        for (let i = 0; i < this.#parentIndex; i++) {
            const pp = p.#parts[i];
            if (!(pp instanceof _a && pp.type === '!')) {
                return false;
            }
        }
        return true;
    }
    isEnd() {
        if (this.#root === this)
            return true;
        if (this.#parent?.type === '!')
            return true;
        if (!this.#parent?.isEnd())
            return false;
        if (!this.type)
            return this.#parent?.isEnd();
        // if not root, it'll always have a parent
        /* c8 ignore start */
        const pl = this.#parent ? this.#parent.#parts.length : 0;
        /* c8 ignore stop */
        return this.#parentIndex === pl - 1;
    }
    copyIn(part) {
        if (typeof part === 'string')
            this.push(part);
        else
            this.push(part.clone(this));
    }
    clone(parent) {
        const c = new _a(this.type, parent);
        for (const p of this.#parts) {
            c.copyIn(p);
        }
        return c;
    }
    static #parseAST(str, ast, pos, opt, extDepth) {
        const maxDepth = opt.maxExtglobRecursion ?? 2;
        let escaping = false;
        let inBrace = false;
        let braceStart = -1;
        let braceNeg = false;
        if (ast.type === null) {
            // outside of a extglob, append until we find a start
            let i = pos;
            let acc = '';
            while (i < str.length) {
                const c = str.charAt(i++);
                // still accumulate escapes at this point, but we do ignore
                // starts that are escaped
                if (escaping || c === '\\') {
                    escaping = !escaping;
                    acc += c;
                    continue;
                }
                if (inBrace) {
                    if (i === braceStart + 1) {
                        if (c === '^' || c === '!') {
                            braceNeg = true;
                        }
                    }
                    else if (c === ']' && !(i === braceStart + 2 && braceNeg)) {
                        inBrace = false;
                    }
                    acc += c;
                    continue;
                }
                else if (c === '[') {
                    inBrace = true;
                    braceStart = i;
                    braceNeg = false;
                    acc += c;
                    continue;
                }
                // we don't have to check for adoption here, because that's
                // done at the other recursion point.
                const doRecurse = !opt.noext &&
                    isExtglobType(c) &&
                    str.charAt(i) === '(' &&
                    extDepth <= maxDepth;
                if (doRecurse) {
                    ast.push(acc);
                    acc = '';
                    const ext = new _a(c, ast);
                    i = _a.#parseAST(str, ext, i, opt, extDepth + 1);
                    ast.push(ext);
                    continue;
                }
                acc += c;
            }
            ast.push(acc);
            return i;
        }
        // some kind of extglob, pos is at the (
        // find the next | or )
        let i = pos + 1;
        let part = new _a(null, ast);
        const parts = [];
        let acc = '';
        while (i < str.length) {
            const c = str.charAt(i++);
            // still accumulate escapes at this point, but we do ignore
            // starts that are escaped
            if (escaping || c === '\\') {
                escaping = !escaping;
                acc += c;
                continue;
            }
            if (inBrace) {
                if (i === braceStart + 1) {
                    if (c === '^' || c === '!') {
                        braceNeg = true;
                    }
                }
                else if (c === ']' && !(i === braceStart + 2 && braceNeg)) {
                    inBrace = false;
                }
                acc += c;
                continue;
            }
            else if (c === '[') {
                inBrace = true;
                braceStart = i;
                braceNeg = false;
                acc += c;
                continue;
            }
            const doRecurse = !opt.noext &&
                isExtglobType(c) &&
                str.charAt(i) === '(' &&
                /* c8 ignore start - the maxDepth is sufficient here */
                (extDepth <= maxDepth || (ast && ast.#canAdoptType(c)));
            /* c8 ignore stop */
            if (doRecurse) {
                const depthAdd = ast && ast.#canAdoptType(c) ? 0 : 1;
                part.push(acc);
                acc = '';
                const ext = new _a(c, part);
                part.push(ext);
                i = _a.#parseAST(str, ext, i, opt, extDepth + depthAdd);
                continue;
            }
            if (c === '|') {
                part.push(acc);
                acc = '';
                parts.push(part);
                part = new _a(null, ast);
                continue;
            }
            if (c === ')') {
                if (acc === '' && ast.#parts.length === 0) {
                    ast.#emptyExt = true;
                }
                part.push(acc);
                acc = '';
                ast.push(...parts, part);
                return i;
            }
            acc += c;
        }
        // unfinished extglob
        // if we got here, it was a malformed extglob! not an extglob, but
        // maybe something else in there.
        ast.type = null;
        ast.#hasMagic = undefined;
        ast.#parts = [str.substring(pos - 1)];
        return i;
    }
    #canAdoptWithSpace(child) {
        return this.#canAdopt(child, adoptionWithSpaceMap);
    }
    #canAdopt(child, map = adoptionMap) {
        if (!child ||
            typeof child !== 'object' ||
            child.type !== null ||
            child.#parts.length !== 1 ||
            this.type === null) {
            return false;
        }
        const gc = child.#parts[0];
        if (!gc || typeof gc !== 'object' || gc.type === null) {
            return false;
        }
        return this.#canAdoptType(gc.type, map);
    }
    #canAdoptType(c, map = adoptionAnyMap) {
        return !!map.get(this.type)?.includes(c);
    }
    #adoptWithSpace(child, index) {
        const gc = child.#parts[0];
        const blank = new _a(null, gc, this.options);
        blank.#parts.push('');
        gc.push(blank);
        this.#adopt(child, index);
    }
    #adopt(child, index) {
        const gc = child.#parts[0];
        this.#parts.splice(index, 1, ...gc.#parts);
        for (const p of gc.#parts) {
            if (typeof p === 'object')
                p.#parent = this;
        }
        this.#toString = undefined;
    }
    #canUsurpType(c) {
        const m = usurpMap.get(this.type);
        return !!m?.has(c);
    }
    #canUsurp(child) {
        if (!child ||
            typeof child !== 'object' ||
            child.type !== null ||
            child.#parts.length !== 1 ||
            this.type === null ||
            this.#parts.length !== 1) {
            return false;
        }
        const gc = child.#parts[0];
        if (!gc || typeof gc !== 'object' || gc.type === null) {
            return false;
        }
        return this.#canUsurpType(gc.type);
    }
    #usurp(child) {
        const m = usurpMap.get(this.type);
        const gc = child.#parts[0];
        const nt = m?.get(gc.type);
        /* c8 ignore start - impossible */
        if (!nt)
            return false;
        /* c8 ignore stop */
        this.#parts = gc.#parts;
        for (const p of this.#parts) {
            if (typeof p === 'object') {
                p.#parent = this;
            }
        }
        this.type = nt;
        this.#toString = undefined;
        this.#emptyExt = false;
    }
    static fromGlob(pattern, options = {}) {
        const ast = new _a(null, undefined, options);
        _a.#parseAST(pattern, ast, 0, options, 0);
        return ast;
    }
    // returns the regular expression if there's magic, or the unescaped
    // string if not.
    toMMPattern() {
        // should only be called on root
        /* c8 ignore start */
        if (this !== this.#root)
            return this.#root.toMMPattern();
        /* c8 ignore stop */
        const glob = this.toString();
        const [re, body, hasMagic, uflag] = this.toRegExpSource();
        // if we're in nocase mode, and not nocaseMagicOnly, then we do
        // still need a regular expression if we have to case-insensitively
        // match capital/lowercase characters.
        const anyMagic = hasMagic ||
            this.#hasMagic ||
            (this.#options.nocase &&
                !this.#options.nocaseMagicOnly &&
                glob.toUpperCase() !== glob.toLowerCase());
        if (!anyMagic) {
            return body;
        }
        const flags = (this.#options.nocase ? 'i' : '') + (uflag ? 'u' : '');
        return Object.assign(new RegExp(`^${re}$`, flags), {
            _src: re,
            _glob: glob,
        });
    }
    get options() {
        return this.#options;
    }
    // returns the string match, the regexp source, whether there's magic
    // in the regexp (so a regular expression is required) and whether or
    // not the uflag is needed for the regular expression (for posix classes)
    // TODO: instead of injecting the start/end at this point, just return
    // the BODY of the regexp, along with the start/end portions suitable
    // for binding the start/end in either a joined full-path makeRe context
    // (where we bind to (^|/), or a standalone matchPart context (where
    // we bind to ^, and not /).  Otherwise slashes get duped!
    //
    // In part-matching mode, the start is:
    // - if not isStart: nothing
    // - if traversal possible, but not allowed: ^(?!\.\.?$)
    // - if dots allowed or not possible: ^
    // - if dots possible and not allowed: ^(?!\.)
    // end is:
    // - if not isEnd(): nothing
    // - else: $
    //
    // In full-path matching mode, we put the slash at the START of the
    // pattern, so start is:
    // - if first pattern: same as part-matching mode
    // - if not isStart(): nothing
    // - if traversal possible, but not allowed: /(?!\.\.?(?:$|/))
    // - if dots allowed or not possible: /
    // - if dots possible and not allowed: /(?!\.)
    // end is:
    // - if last pattern, same as part-matching mode
    // - else nothing
    //
    // Always put the (?:$|/) on negated tails, though, because that has to be
    // there to bind the end of the negated pattern portion, and it's easier to
    // just stick it in now rather than try to inject it later in the middle of
    // the pattern.
    //
    // We can just always return the same end, and leave it up to the caller
    // to know whether it's going to be used joined or in parts.
    // And, if the start is adjusted slightly, can do the same there:
    // - if not isStart: nothing
    // - if traversal possible, but not allowed: (?:/|^)(?!\.\.?$)
    // - if dots allowed or not possible: (?:/|^)
    // - if dots possible and not allowed: (?:/|^)(?!\.)
    //
    // But it's better to have a simpler binding without a conditional, for
    // performance, so probably better to return both start options.
    //
    // Then the caller just ignores the end if it's not the first pattern,
    // and the start always gets applied.
    //
    // But that's always going to be $ if it's the ending pattern, or nothing,
    // so the caller can just attach $ at the end of the pattern when building.
    //
    // So the todo is:
    // - better detect what kind of start is needed
    // - return both flavors of starting pattern
    // - attach $ at the end of the pattern when creating the actual RegExp
    //
    // Ah, but wait, no, that all only applies to the root when the first pattern
    // is not an extglob. If the first pattern IS an extglob, then we need all
    // that dot prevention biz to live in the extglob portions, because eg
    // +(*|.x*) can match .xy but not .yx.
    //
    // So, return the two flavors if it's #root and the first child is not an
    // AST, otherwise leave it to the child AST to handle it, and there,
    // use the (?:^|/) style of start binding.
    //
    // Even simplified further:
    // - Since the start for a join is eg /(?!\.) and the start for a part
    // is ^(?!\.), we can just prepend (?!\.) to the pattern (either root
    // or start or whatever) and prepend ^ or / at the Regexp construction.
    toRegExpSource(allowDot) {
        const dot = allowDot ?? !!this.#options.dot;
        if (this.#root === this) {
            this.#flatten();
            this.#fillNegs();
        }
        if (!isExtglobAST(this)) {
            const noEmpty = this.isStart() &&
                this.isEnd() &&
                !this.#parts.some(s => typeof s !== 'string');
            const src = this.#parts
                .map(p => {
                const [re, _, hasMagic, uflag] = typeof p === 'string' ?
                    _a.#parseGlob(p, this.#hasMagic, noEmpty)
                    : p.toRegExpSource(allowDot);
                this.#hasMagic = this.#hasMagic || hasMagic;
                this.#uflag = this.#uflag || uflag;
                return re;
            })
                .join('');
            let start = '';
            if (this.isStart()) {
                if (typeof this.#parts[0] === 'string') {
                    // this is the string that will match the start of the pattern,
                    // so we need to protect against dots and such.
                    // '.' and '..' cannot match unless the pattern is that exactly,
                    // even if it starts with . or dot:true is set.
                    const dotTravAllowed = this.#parts.length === 1 && justDots.has(this.#parts[0]);
                    if (!dotTravAllowed) {
                        const aps = addPatternStart;
                        // check if we have a possibility of matching . or ..,
                        // and prevent that.
                        const needNoTrav = 
                        // dots are allowed, and the pattern starts with [ or .
                        (dot && aps.has(src.charAt(0))) ||
                            // the pattern starts with \., and then [ or .
                            (src.startsWith('\\.') && aps.has(src.charAt(2))) ||
                            // the pattern starts with \.\., and then [ or .
                            (src.startsWith('\\.\\.') && aps.has(src.charAt(4)));
                        // no need to prevent dots if it can't match a dot, or if a
                        // sub-pattern will be preventing it anyway.
                        const needNoDot = !dot && !allowDot && aps.has(src.charAt(0));
                        start =
                            needNoTrav ? startNoTraversal
                                : needNoDot ? startNoDot
                                    : '';
                    }
                }
            }
            // append the "end of path portion" pattern to negation tails
            let end = '';
            if (this.isEnd() &&
                this.#root.#filledNegs &&
                this.#parent?.type === '!') {
                end = '(?:$|\\/)';
            }
            const final = start + src + end;
            return [
                final,
                unescape_unescape(src),
                (this.#hasMagic = !!this.#hasMagic),
                this.#uflag,
            ];
        }
        // We need to calculate the body *twice* if it's a repeat pattern
        // at the start, once in nodot mode, then again in dot mode, so a
        // pattern like *(?) can match 'x.y'
        const repeated = this.type === '*' || this.type === '+';
        // some kind of extglob
        const start = this.type === '!' ? '(?:(?!(?:' : '(?:';
        let body = this.#partsToRegExp(dot);
        if (this.isStart() && this.isEnd() && !body && this.type !== '!') {
            // invalid extglob, has to at least be *something* present, if it's
            // the entire path portion.
            const s = this.toString();
            const me = this;
            me.#parts = [s];
            me.type = null;
            me.#hasMagic = undefined;
            return [s, unescape_unescape(this.toString()), false, false];
        }
        let bodyDotAllowed = !repeated || allowDot || dot || !startNoDot ?
            ''
            : this.#partsToRegExp(true);
        if (bodyDotAllowed === body) {
            bodyDotAllowed = '';
        }
        if (bodyDotAllowed) {
            body = `(?:${body})(?:${bodyDotAllowed})*?`;
        }
        // an empty !() is exactly equivalent to a starNoEmpty
        let final = '';
        if (this.type === '!' && this.#emptyExt) {
            final = (this.isStart() && !dot ? startNoDot : '') + starNoEmpty;
        }
        else {
            const close = this.type === '!' ?
                // !() must match something,but !(x) can match ''
                '))' +
                    (this.isStart() && !dot && !allowDot ? startNoDot : '') +
                    star +
                    ')'
                : this.type === '@' ? ')'
                    : this.type === '?' ? ')?'
                        : this.type === '+' && bodyDotAllowed ? ')'
                            : this.type === '*' && bodyDotAllowed ? `)?`
                                : `)${this.type}`;
            final = start + body + close;
        }
        return [
            final,
            unescape_unescape(body),
            (this.#hasMagic = !!this.#hasMagic),
            this.#uflag,
        ];
    }
    #flatten() {
        if (!isExtglobAST(this)) {
            for (const p of this.#parts) {
                if (typeof p === 'object') {
                    p.#flatten();
                }
            }
        }
        else {
            // do up to 10 passes to flatten as much as possible
            let iterations = 0;
            let done = false;
            do {
                done = true;
                for (let i = 0; i < this.#parts.length; i++) {
                    const c = this.#parts[i];
                    if (typeof c === 'object') {
                        c.#flatten();
                        if (this.#canAdopt(c)) {
                            done = false;
                            this.#adopt(c, i);
                        }
                        else if (this.#canAdoptWithSpace(c)) {
                            done = false;
                            this.#adoptWithSpace(c, i);
                        }
                        else if (this.#canUsurp(c)) {
                            done = false;
                            this.#usurp(c);
                        }
                    }
                }
            } while (!done && ++iterations < 10);
        }
        this.#toString = undefined;
    }
    #partsToRegExp(dot) {
        return this.#parts
            .map(p => {
            // extglob ASTs should only contain parent ASTs
            /* c8 ignore start */
            if (typeof p === 'string') {
                throw new Error('string type in extglob ast??');
            }
            /* c8 ignore stop */
            // can ignore hasMagic, because extglobs are already always magic
            const [re, _, _hasMagic, uflag] = p.toRegExpSource(dot);
            this.#uflag = this.#uflag || uflag;
            return re;
        })
            .filter(p => !(this.isStart() && this.isEnd()) || !!p)
            .join('|');
    }
    static #parseGlob(glob, hasMagic, noEmpty = false) {
        let escaping = false;
        let re = '';
        let uflag = false;
        // multiple stars that aren't globstars coalesce into one *
        let inStar = false;
        for (let i = 0; i < glob.length; i++) {
            const c = glob.charAt(i);
            if (escaping) {
                escaping = false;
                re += (reSpecials.has(c) ? '\\' : '') + c;
                continue;
            }
            if (c === '*') {
                if (inStar)
                    continue;
                inStar = true;
                re += noEmpty && /^[*]+$/.test(glob) ? starNoEmpty : star;
                hasMagic = true;
                continue;
            }
            else {
                inStar = false;
            }
            if (c === '\\') {
                if (i === glob.length - 1) {
                    re += '\\\\';
                }
                else {
                    escaping = true;
                }
                continue;
            }
            if (c === '[') {
                const [src, needUflag, consumed, magic] = parseClass(glob, i);
                if (consumed) {
                    re += src;
                    uflag = uflag || needUflag;
                    i += consumed - 1;
                    hasMagic = hasMagic || magic;
                    continue;
                }
            }
            if (c === '?') {
                re += qmark;
                hasMagic = true;
                continue;
            }
            re += regExpEscape(c);
        }
        return [re, unescape_unescape(glob), !!hasMagic, uflag];
    }
}
_a = AST;
//# sourceMappingURL=ast.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/escape.js
/**
 * Escape all magic characters in a glob pattern.
 *
 * If the {@link MinimatchOptions.windowsPathsNoEscape}
 * option is used, then characters are escaped by wrapping in `[]`, because
 * a magic character wrapped in a character class can only be satisfied by
 * that exact character.  In this mode, `\` is _not_ escaped, because it is
 * not interpreted as a magic character, but instead as a path separator.
 *
 * If the {@link MinimatchOptions.magicalBraces} option is used,
 * then braces (`{` and `}`) will be escaped.
 */
const escape_escape = (s, { windowsPathsNoEscape = false, magicalBraces = false, } = {}) => {
    // don't need to escape +@! because we escape the parens
    // that make those magic, and escaping ! as [!] isn't valid,
    // because [!]] is a valid glob class meaning not ']'.
    if (magicalBraces) {
        return windowsPathsNoEscape ?
            s.replace(/[?*()[\]{}]/g, '[$&]')
            : s.replace(/[?*()[\]\\{}]/g, '\\$&');
    }
    return windowsPathsNoEscape ?
        s.replace(/[?*()[\]]/g, '[$&]')
        : s.replace(/[?*()[\]\\]/g, '\\$&');
};
//# sourceMappingURL=escape.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/index.js





const minimatch = (p, pattern, options = {}) => {
    assertValidPattern(pattern);
    // shortcut: comments match nothing.
    if (!options.nocomment && pattern.charAt(0) === '#') {
        return false;
    }
    return new Minimatch(pattern, options).match(p);
};
// Optimized checking for the most common glob patterns.
const starDotExtRE = /^\*+([^+@!?*[(]*)$/;
const starDotExtTest = (ext) => (f) => !f.startsWith('.') && f.endsWith(ext);
const starDotExtTestDot = (ext) => (f) => f.endsWith(ext);
const starDotExtTestNocase = (ext) => {
    ext = ext.toLowerCase();
    return (f) => !f.startsWith('.') && f.toLowerCase().endsWith(ext);
};
const starDotExtTestNocaseDot = (ext) => {
    ext = ext.toLowerCase();
    return (f) => f.toLowerCase().endsWith(ext);
};
const starDotStarRE = /^\*+\.\*+$/;
const starDotStarTest = (f) => !f.startsWith('.') && f.includes('.');
const starDotStarTestDot = (f) => f !== '.' && f !== '..' && f.includes('.');
const dotStarRE = /^\.\*+$/;
const dotStarTest = (f) => f !== '.' && f !== '..' && f.startsWith('.');
const starRE = /^\*+$/;
const starTest = (f) => f.length !== 0 && !f.startsWith('.');
const starTestDot = (f) => f.length !== 0 && f !== '.' && f !== '..';
const qmarksRE = /^\?+([^+@!?*[(]*)?$/;
const qmarksTestNocase = ([$0, ext = '']) => {
    const noext = qmarksTestNoExt([$0]);
    if (!ext)
        return noext;
    ext = ext.toLowerCase();
    return (f) => noext(f) && f.toLowerCase().endsWith(ext);
};
const qmarksTestNocaseDot = ([$0, ext = '']) => {
    const noext = qmarksTestNoExtDot([$0]);
    if (!ext)
        return noext;
    ext = ext.toLowerCase();
    return (f) => noext(f) && f.toLowerCase().endsWith(ext);
};
const qmarksTestDot = ([$0, ext = '']) => {
    const noext = qmarksTestNoExtDot([$0]);
    return !ext ? noext : (f) => noext(f) && f.endsWith(ext);
};
const qmarksTest = ([$0, ext = '']) => {
    const noext = qmarksTestNoExt([$0]);
    return !ext ? noext : (f) => noext(f) && f.endsWith(ext);
};
const qmarksTestNoExt = ([$0]) => {
    const len = $0.length;
    return (f) => f.length === len && !f.startsWith('.');
};
const qmarksTestNoExtDot = ([$0]) => {
    const len = $0.length;
    return (f) => f.length === len && f !== '.' && f !== '..';
};
/* c8 ignore start */
const defaultPlatform = (typeof process === 'object' && process ?
    (typeof process.env === 'object' &&
        process.env &&
        process.env.__MINIMATCH_TESTING_PLATFORM__) ||
        process.platform
    : 'posix');
const path = {
    win32: { sep: '\\' },
    posix: { sep: '/' },
};
/* c8 ignore stop */
const sep = defaultPlatform === 'win32' ? path.win32.sep : path.posix.sep;
minimatch.sep = sep;
const GLOBSTAR = Symbol('globstar **');
minimatch.GLOBSTAR = GLOBSTAR;
// any single thing other than /
// don't need to escape / when using new RegExp()
const esm_qmark = '[^/]';
// * => any number of characters
const esm_star = esm_qmark + '*?';
// ** when dots are allowed.  Anything goes, except .. and .
// not (^ or / followed by one or two dots followed by $ or /),
// followed by anything, any number of times.
const twoStarDot = '(?:(?!(?:\\/|^)(?:\\.{1,2})($|\\/)).)*?';
// not a ^ or / followed by a dot,
// followed by anything, any number of times.
const twoStarNoDot = '(?:(?!(?:\\/|^)\\.).)*?';
const filter = (pattern, options = {}) => (p) => minimatch(p, pattern, options);
minimatch.filter = filter;
const ext = (a, b = {}) => Object.assign({}, a, b);
const defaults = (def) => {
    if (!def || typeof def !== 'object' || !Object.keys(def).length) {
        return minimatch;
    }
    const orig = minimatch;
    const m = (p, pattern, options = {}) => orig(p, pattern, ext(def, options));
    return Object.assign(m, {
        Minimatch: class Minimatch extends orig.Minimatch {
            constructor(pattern, options = {}) {
                super(pattern, ext(def, options));
            }
            static defaults(options) {
                return orig.defaults(ext(def, options)).Minimatch;
            }
        },
        AST: class AST extends orig.AST {
            /* c8 ignore start */
            constructor(type, parent, options = {}) {
                super(type, parent, ext(def, options));
            }
            /* c8 ignore stop */
            static fromGlob(pattern, options = {}) {
                return orig.AST.fromGlob(pattern, ext(def, options));
            }
        },
        unescape: (s, options = {}) => orig.unescape(s, ext(def, options)),
        escape: (s, options = {}) => orig.escape(s, ext(def, options)),
        filter: (pattern, options = {}) => orig.filter(pattern, ext(def, options)),
        defaults: (options) => orig.defaults(ext(def, options)),
        makeRe: (pattern, options = {}) => orig.makeRe(pattern, ext(def, options)),
        braceExpand: (pattern, options = {}) => orig.braceExpand(pattern, ext(def, options)),
        match: (list, pattern, options = {}) => orig.match(list, pattern, ext(def, options)),
        sep: orig.sep,
        GLOBSTAR: GLOBSTAR,
    });
};
minimatch.defaults = defaults;
// Brace expansion:
// a{b,c}d -> abd acd
// a{b,}c -> abc ac
// a{0..3}d -> a0d a1d a2d a3d
// a{b,c{d,e}f}g -> abg acdfg acefg
// a{b,c}d{e,f}g -> abdeg acdeg abdeg abdfg
//
// Invalid sets are not expanded.
// a{2..}b -> a{2..}b
// a{b}c -> a{b}c
const braceExpand = (pattern, options = {}) => {
    assertValidPattern(pattern);
    // Thanks to Yeting Li <https://github.com/yetingli> for
    // improving this regexp to avoid a ReDOS vulnerability.
    if (options.nobrace || !/\{(?:(?!\{).)*\}/.test(pattern)) {
        // shortcut. no need to expand.
        return [pattern];
    }
    return expand(pattern, { max: options.braceExpandMax });
};
minimatch.braceExpand = braceExpand;
// parse a component of the expanded set.
// At this point, no pattern may contain "/" in it
// so we're going to return a 2d array, where each entry is the full
// pattern, split on '/', and then turned into a regular expression.
// A regexp is made at the end which joins each array with an
// escaped /, and another full one which joins each regexp with |.
//
// Following the lead of Bash 4.1, note that "**" only has special meaning
// when it is the *only* thing in a path portion.  Otherwise, any series
// of * is equivalent to a single *.  Globstar behavior is enabled by
// default, and can be disabled by setting options.noglobstar.
const makeRe = (pattern, options = {}) => new Minimatch(pattern, options).makeRe();
minimatch.makeRe = makeRe;
const match = (list, pattern, options = {}) => {
    const mm = new Minimatch(pattern, options);
    list = list.filter(f => mm.match(f));
    if (mm.options.nonull && !list.length) {
        list.push(pattern);
    }
    return list;
};
minimatch.match = match;
// replace stuff like \* with *
const globMagic = /[?*]|[+@!]\(.*?\)|\[|\]/;
const esm_regExpEscape = (s) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&');
class Minimatch {
    options;
    set;
    pattern;
    windowsPathsNoEscape;
    nonegate;
    negate;
    comment;
    empty;
    preserveMultipleSlashes;
    partial;
    globSet;
    globParts;
    nocase;
    isWindows;
    platform;
    windowsNoMagicRoot;
    maxGlobstarRecursion;
    regexp;
    constructor(pattern, options = {}) {
        assertValidPattern(pattern);
        options = options || {};
        this.options = options;
        this.maxGlobstarRecursion = options.maxGlobstarRecursion ?? 200;
        this.pattern = pattern;
        this.platform = options.platform || defaultPlatform;
        this.isWindows = this.platform === 'win32';
        // avoid the annoying deprecation flag lol
        const awe = ('allowWindow' + 'sEscape');
        this.windowsPathsNoEscape =
            !!options.windowsPathsNoEscape || options[awe] === false;
        if (this.windowsPathsNoEscape) {
            this.pattern = this.pattern.replace(/\\/g, '/');
        }
        this.preserveMultipleSlashes = !!options.preserveMultipleSlashes;
        this.regexp = null;
        this.negate = false;
        this.nonegate = !!options.nonegate;
        this.comment = false;
        this.empty = false;
        this.partial = !!options.partial;
        this.nocase = !!this.options.nocase;
        this.windowsNoMagicRoot =
            options.windowsNoMagicRoot !== undefined ?
                options.windowsNoMagicRoot
                : !!(this.isWindows && this.nocase);
        this.globSet = [];
        this.globParts = [];
        this.set = [];
        // make the set of regexps etc.
        this.make();
    }
    hasMagic() {
        if (this.options.magicalBraces && this.set.length > 1) {
            return true;
        }
        for (const pattern of this.set) {
            for (const part of pattern) {
                if (typeof part !== 'string')
                    return true;
            }
        }
        return false;
    }
    debug(..._) { }
    make() {
        const pattern = this.pattern;
        const options = this.options;
        // empty patterns and comments match nothing.
        if (!options.nocomment && pattern.charAt(0) === '#') {
            this.comment = true;
            return;
        }
        if (!pattern) {
            this.empty = true;
            return;
        }
        // step 1: figure out negation, etc.
        this.parseNegate();
        // step 2: expand braces
        this.globSet = [...new Set(this.braceExpand())];
        if (options.debug) {
            //oxlint-disable-next-line no-console
            this.debug = (...args) => console.error(...args);
        }
        this.debug(this.pattern, this.globSet);
        // step 3: now we have a set, so turn each one into a series of
        // path-portion matching patterns.
        // These will be regexps, except in the case of "**", which is
        // set to the GLOBSTAR object for globstar behavior,
        // and will not contain any / characters
        //
        // First, we preprocess to make the glob pattern sets a bit simpler
        // and deduped.  There are some perf-killing patterns that can cause
        // problems with a glob walk, but we can simplify them down a bit.
        const rawGlobParts = this.globSet.map(s => this.slashSplit(s));
        this.globParts = this.preprocess(rawGlobParts);
        this.debug(this.pattern, this.globParts);
        // glob --> regexps
        let set = this.globParts.map((s, _, __) => {
            if (this.isWindows && this.windowsNoMagicRoot) {
                // check if it's a drive or unc path.
                const isUNC = s[0] === '' &&
                    s[1] === '' &&
                    (s[2] === '?' || !globMagic.test(s[2])) &&
                    !globMagic.test(s[3]);
                const isDrive = /^[a-z]:/i.test(s[0]);
                if (isUNC) {
                    return [
                        ...s.slice(0, 4),
                        ...s.slice(4).map(ss => this.parse(ss)),
                    ];
                }
                else if (isDrive) {
                    return [s[0], ...s.slice(1).map(ss => this.parse(ss))];
                }
            }
            return s.map(ss => this.parse(ss));
        });
        this.debug(this.pattern, set);
        // filter out everything that didn't compile properly.
        this.set = set.filter(s => s.indexOf(false) === -1);
        // do not treat the ? in UNC paths as magic
        if (this.isWindows) {
            for (let i = 0; i < this.set.length; i++) {
                const p = this.set[i];
                if (p[0] === '' &&
                    p[1] === '' &&
                    this.globParts[i][2] === '?' &&
                    typeof p[3] === 'string' &&
                    /^[a-z]:$/i.test(p[3])) {
                    p[2] = '?';
                }
            }
        }
        this.debug(this.pattern, this.set);
    }
    // various transforms to equivalent pattern sets that are
    // faster to process in a filesystem walk.  The goal is to
    // eliminate what we can, and push all ** patterns as far
    // to the right as possible, even if it increases the number
    // of patterns that we have to process.
    preprocess(globParts) {
        // if we're not in globstar mode, then turn ** into *
        if (this.options.noglobstar) {
            for (const partset of globParts) {
                for (let j = 0; j < partset.length; j++) {
                    if (partset[j] === '**') {
                        partset[j] = '*';
                    }
                }
            }
        }
        const { optimizationLevel = 1 } = this.options;
        if (optimizationLevel >= 2) {
            // aggressive optimization for the purpose of fs walking
            globParts = this.firstPhasePreProcess(globParts);
            globParts = this.secondPhasePreProcess(globParts);
        }
        else if (optimizationLevel >= 1) {
            // just basic optimizations to remove some .. parts
            globParts = this.levelOneOptimize(globParts);
        }
        else {
            // just collapse multiple ** portions into one
            globParts = this.adjascentGlobstarOptimize(globParts);
        }
        return globParts;
    }
    // just get rid of adjascent ** portions
    adjascentGlobstarOptimize(globParts) {
        return globParts.map(parts => {
            let gs = -1;
            while (-1 !== (gs = parts.indexOf('**', gs + 1))) {
                let i = gs;
                while (parts[i + 1] === '**') {
                    i++;
                }
                if (i !== gs) {
                    parts.splice(gs, i - gs);
                }
            }
            return parts;
        });
    }
    // get rid of adjascent ** and resolve .. portions
    levelOneOptimize(globParts) {
        return globParts.map(parts => {
            parts = parts.reduce((set, part) => {
                const prev = set[set.length - 1];
                if (part === '**' && prev === '**') {
                    return set;
                }
                if (part === '..') {
                    if (prev && prev !== '..' && prev !== '.' && prev !== '**') {
                        set.pop();
                        return set;
                    }
                }
                set.push(part);
                return set;
            }, []);
            return parts.length === 0 ? [''] : parts;
        });
    }
    levelTwoFileOptimize(parts) {
        if (!Array.isArray(parts)) {
            parts = this.slashSplit(parts);
        }
        let didSomething = false;
        do {
            didSomething = false;
            // <pre>/<e>/<rest> -> <pre>/<rest>
            if (!this.preserveMultipleSlashes) {
                for (let i = 1; i < parts.length - 1; i++) {
                    const p = parts[i];
                    // don't squeeze out UNC patterns
                    if (i === 1 && p === '' && parts[0] === '')
                        continue;
                    if (p === '.' || p === '') {
                        didSomething = true;
                        parts.splice(i, 1);
                        i--;
                    }
                }
                if (parts[0] === '.' &&
                    parts.length === 2 &&
                    (parts[1] === '.' || parts[1] === '')) {
                    didSomething = true;
                    parts.pop();
                }
            }
            // <pre>/<p>/../<rest> -> <pre>/<rest>
            let dd = 0;
            while (-1 !== (dd = parts.indexOf('..', dd + 1))) {
                const p = parts[dd - 1];
                if (p &&
                    p !== '.' &&
                    p !== '..' &&
                    p !== '**' &&
                    !(this.isWindows && /^[a-z]:$/i.test(p))) {
                    didSomething = true;
                    parts.splice(dd - 1, 2);
                    dd -= 2;
                }
            }
        } while (didSomething);
        return parts.length === 0 ? [''] : parts;
    }
    // First phase: single-pattern processing
    // <pre> is 1 or more portions
    // <rest> is 1 or more portions
    // <p> is any portion other than ., .., '', or **
    // <e> is . or ''
    //
    // **/.. is *brutal* for filesystem walking performance, because
    // it effectively resets the recursive walk each time it occurs,
    // and ** cannot be reduced out by a .. pattern part like a regexp
    // or most strings (other than .., ., and '') can be.
    //
    // <pre>/**/../<p>/<p>/<rest> -> {<pre>/../<p>/<p>/<rest>,<pre>/**/<p>/<p>/<rest>}
    // <pre>/<e>/<rest> -> <pre>/<rest>
    // <pre>/<p>/../<rest> -> <pre>/<rest>
    // **/**/<rest> -> **/<rest>
    //
    // **/*/<rest> -> */**/<rest> <== not valid because ** doesn't follow
    // this WOULD be allowed if ** did follow symlinks, or * didn't
    firstPhasePreProcess(globParts) {
        let didSomething = false;
        do {
            didSomething = false;
            // <pre>/**/../<p>/<p>/<rest> -> {<pre>/../<p>/<p>/<rest>,<pre>/**/<p>/<p>/<rest>}
            for (let parts of globParts) {
                let gs = -1;
                while (-1 !== (gs = parts.indexOf('**', gs + 1))) {
                    let gss = gs;
                    while (parts[gss + 1] === '**') {
                        // <pre>/**/**/<rest> -> <pre>/**/<rest>
                        gss++;
                    }
                    // eg, if gs is 2 and gss is 4, that means we have 3 **
                    // parts, and can remove 2 of them.
                    if (gss > gs) {
                        parts.splice(gs + 1, gss - gs);
                    }
                    let next = parts[gs + 1];
                    const p = parts[gs + 2];
                    const p2 = parts[gs + 3];
                    if (next !== '..')
                        continue;
                    if (!p ||
                        p === '.' ||
                        p === '..' ||
                        !p2 ||
                        p2 === '.' ||
                        p2 === '..') {
                        continue;
                    }
                    didSomething = true;
                    // edit parts in place, and push the new one
                    parts.splice(gs, 1);
                    const other = parts.slice(0);
                    other[gs] = '**';
                    globParts.push(other);
                    gs--;
                }
                // <pre>/<e>/<rest> -> <pre>/<rest>
                if (!this.preserveMultipleSlashes) {
                    for (let i = 1; i < parts.length - 1; i++) {
                        const p = parts[i];
                        // don't squeeze out UNC patterns
                        if (i === 1 && p === '' && parts[0] === '')
                            continue;
                        if (p === '.' || p === '') {
                            didSomething = true;
                            parts.splice(i, 1);
                            i--;
                        }
                    }
                    if (parts[0] === '.' &&
                        parts.length === 2 &&
                        (parts[1] === '.' || parts[1] === '')) {
                        didSomething = true;
                        parts.pop();
                    }
                }
                // <pre>/<p>/../<rest> -> <pre>/<rest>
                let dd = 0;
                while (-1 !== (dd = parts.indexOf('..', dd + 1))) {
                    const p = parts[dd - 1];
                    if (p && p !== '.' && p !== '..' && p !== '**') {
                        didSomething = true;
                        const needDot = dd === 1 && parts[dd + 1] === '**';
                        const splin = needDot ? ['.'] : [];
                        parts.splice(dd - 1, 2, ...splin);
                        if (parts.length === 0)
                            parts.push('');
                        dd -= 2;
                    }
                }
            }
        } while (didSomething);
        return globParts;
    }
    // second phase: multi-pattern dedupes
    // {<pre>/*/<rest>,<pre>/<p>/<rest>} -> <pre>/*/<rest>
    // {<pre>/<rest>,<pre>/<rest>} -> <pre>/<rest>
    // {<pre>/**/<rest>,<pre>/<rest>} -> <pre>/**/<rest>
    //
    // {<pre>/**/<rest>,<pre>/**/<p>/<rest>} -> <pre>/**/<rest>
    // ^-- not valid because ** doens't follow symlinks
    secondPhasePreProcess(globParts) {
        for (let i = 0; i < globParts.length - 1; i++) {
            for (let j = i + 1; j < globParts.length; j++) {
                const matched = this.partsMatch(globParts[i], globParts[j], !this.preserveMultipleSlashes);
                if (matched) {
                    globParts[i] = [];
                    globParts[j] = matched;
                    break;
                }
            }
        }
        return globParts.filter(gs => gs.length);
    }
    partsMatch(a, b, emptyGSMatch = false) {
        let ai = 0;
        let bi = 0;
        let result = [];
        let which = '';
        while (ai < a.length && bi < b.length) {
            if (a[ai] === b[bi]) {
                result.push(which === 'b' ? b[bi] : a[ai]);
                ai++;
                bi++;
            }
            else if (emptyGSMatch && a[ai] === '**' && b[bi] === a[ai + 1]) {
                result.push(a[ai]);
                ai++;
            }
            else if (emptyGSMatch && b[bi] === '**' && a[ai] === b[bi + 1]) {
                result.push(b[bi]);
                bi++;
            }
            else if (a[ai] === '*' &&
                b[bi] &&
                (this.options.dot || !b[bi].startsWith('.')) &&
                b[bi] !== '**') {
                if (which === 'b')
                    return false;
                which = 'a';
                result.push(a[ai]);
                ai++;
                bi++;
            }
            else if (b[bi] === '*' &&
                a[ai] &&
                (this.options.dot || !a[ai].startsWith('.')) &&
                a[ai] !== '**') {
                if (which === 'a')
                    return false;
                which = 'b';
                result.push(b[bi]);
                ai++;
                bi++;
            }
            else {
                return false;
            }
        }
        // if we fall out of the loop, it means they two are identical
        // as long as their lengths match
        return a.length === b.length && result;
    }
    parseNegate() {
        if (this.nonegate)
            return;
        const pattern = this.pattern;
        let negate = false;
        let negateOffset = 0;
        for (let i = 0; i < pattern.length && pattern.charAt(i) === '!'; i++) {
            negate = !negate;
            negateOffset++;
        }
        if (negateOffset)
            this.pattern = pattern.slice(negateOffset);
        this.negate = negate;
    }
    // set partial to true to test if, for example,
    // "/a/b" matches the start of "/*/b/*/d"
    // Partial means, if you run out of file before you run
    // out of pattern, then that's fine, as long as all
    // the parts match.
    matchOne(file, pattern, partial = false) {
        let fileStartIndex = 0;
        let patternStartIndex = 0;
        // UNC paths like //?/X:/... can match X:/... and vice versa
        // Drive letters in absolute drive or unc paths are always compared
        // case-insensitively.
        if (this.isWindows) {
            const fileDrive = typeof file[0] === 'string' && /^[a-z]:$/i.test(file[0]);
            const fileUNC = !fileDrive &&
                file[0] === '' &&
                file[1] === '' &&
                file[2] === '?' &&
                /^[a-z]:$/i.test(file[3]);
            const patternDrive = typeof pattern[0] === 'string' && /^[a-z]:$/i.test(pattern[0]);
            const patternUNC = !patternDrive &&
                pattern[0] === '' &&
                pattern[1] === '' &&
                pattern[2] === '?' &&
                typeof pattern[3] === 'string' &&
                /^[a-z]:$/i.test(pattern[3]);
            const fdi = fileUNC ? 3
                : fileDrive ? 0
                    : undefined;
            const pdi = patternUNC ? 3
                : patternDrive ? 0
                    : undefined;
            if (typeof fdi === 'number' && typeof pdi === 'number') {
                const [fd, pd] = [
                    file[fdi],
                    pattern[pdi],
                ];
                // start matching at the drive letter index of each
                if (fd.toLowerCase() === pd.toLowerCase()) {
                    pattern[pdi] = fd;
                    patternStartIndex = pdi;
                    fileStartIndex = fdi;
                }
            }
        }
        // resolve and reduce . and .. portions in the file as well.
        // don't need to do the second phase, because it's only one string[]
        const { optimizationLevel = 1 } = this.options;
        if (optimizationLevel >= 2) {
            file = this.levelTwoFileOptimize(file);
        }
        if (pattern.includes(GLOBSTAR)) {
            return this.#matchGlobstar(file, pattern, partial, fileStartIndex, patternStartIndex);
        }
        return this.#matchOne(file, pattern, partial, fileStartIndex, patternStartIndex);
    }
    #matchGlobstar(file, pattern, partial, fileIndex, patternIndex) {
        // split the pattern into head, tail, and middle of ** delimited parts
        const firstgs = pattern.indexOf(GLOBSTAR, patternIndex);
        const lastgs = pattern.lastIndexOf(GLOBSTAR);
        // split the pattern up into globstar-delimited sections
        // the tail has to be at the end, and the others just have
        // to be found in order from the head.
        const [head, body, tail] = partial ?
            [
                pattern.slice(patternIndex, firstgs),
                pattern.slice(firstgs + 1),
                [],
            ]
            : [
                pattern.slice(patternIndex, firstgs),
                pattern.slice(firstgs + 1, lastgs),
                pattern.slice(lastgs + 1),
            ];
        // check the head, from the current file/pattern index.
        if (head.length) {
            const fileHead = file.slice(fileIndex, fileIndex + head.length);
            if (!this.#matchOne(fileHead, head, partial, 0, 0)) {
                return false;
            }
            fileIndex += head.length;
            patternIndex += head.length;
        }
        // now we know the head matches!
        // if the last portion is not empty, it MUST match the end
        // check the tail
        let fileTailMatch = 0;
        if (tail.length) {
            // if head + tail > file, then we cannot possibly match
            if (tail.length + fileIndex > file.length)
                return false;
            // try to match the tail
            let tailStart = file.length - tail.length;
            if (this.#matchOne(file, tail, partial, tailStart, 0)) {
                fileTailMatch = tail.length;
            }
            else {
                // affordance for stuff like a/**/* matching a/b/
                // if the last file portion is '', and there's more to the pattern
                // then try without the '' bit.
                if (file[file.length - 1] !== '' ||
                    fileIndex + tail.length === file.length) {
                    return false;
                }
                tailStart--;
                if (!this.#matchOne(file, tail, partial, tailStart, 0)) {
                    return false;
                }
                fileTailMatch = tail.length + 1;
            }
        }
        // now we know the tail matches!
        // the middle is zero or more portions wrapped in **, possibly
        // containing more ** sections.
        // so a/**/b/**/c/**/d has become **/b/**/c/**
        // if it's empty, it means a/**/b, just verify we have no bad dots
        // if there's no tail, so it ends on /**, then we must have *something*
        // after the head, or it's not a matc
        if (!body.length) {
            let sawSome = !!fileTailMatch;
            for (let i = fileIndex; i < file.length - fileTailMatch; i++) {
                const f = String(file[i]);
                sawSome = true;
                if (f === '.' ||
                    f === '..' ||
                    (!this.options.dot && f.startsWith('.'))) {
                    return false;
                }
            }
            // in partial mode, we just need to get past all file parts
            return partial || sawSome;
        }
        // now we know that there's one or more body sections, which can
        // be matched anywhere from the 0 index (because the head was pruned)
        // through to the length-fileTailMatch index.
        // split the body up into sections, and note the minimum index it can
        // be found at (start with the length of all previous segments)
        // [section, before, after]
        const bodySegments = [[[], 0]];
        let currentBody = bodySegments[0];
        let nonGsParts = 0;
        const nonGsPartsSums = [0];
        for (const b of body) {
            if (b === GLOBSTAR) {
                nonGsPartsSums.push(nonGsParts);
                currentBody = [[], 0];
                bodySegments.push(currentBody);
            }
            else {
                currentBody[0].push(b);
                nonGsParts++;
            }
        }
        let i = bodySegments.length - 1;
        const fileLength = file.length - fileTailMatch;
        for (const b of bodySegments) {
            b[1] = fileLength - (nonGsPartsSums[i--] + b[0].length);
        }
        return !!this.#matchGlobStarBodySections(file, bodySegments, fileIndex, 0, partial, 0, !!fileTailMatch);
    }
    // return false for "nope, not matching"
    // return null for "not matching, cannot keep trying"
    #matchGlobStarBodySections(file, 
    // pattern section, last possible position for it
    bodySegments, fileIndex, bodyIndex, partial, globStarDepth, sawTail) {
        // take the first body segment, and walk from fileIndex to its "after"
        // value at the end
        // If it doesn't match at that position, we increment, until we hit
        // that final possible position, and give up.
        // If it does match, then advance and try to rest.
        // If any of them fail we keep walking forward.
        // this is still a bit recursively painful, but it's more constrained
        // than previous implementations, because we never test something that
        // can't possibly be a valid matching condition.
        const bs = bodySegments[bodyIndex];
        if (!bs) {
            // just make sure that there's no bad dots
            for (let i = fileIndex; i < file.length; i++) {
                sawTail = true;
                const f = file[i];
                if (f === '.' ||
                    f === '..' ||
                    (!this.options.dot && f.startsWith('.'))) {
                    return false;
                }
            }
            return sawTail;
        }
        // have a non-globstar body section to test
        const [body, after] = bs;
        while (fileIndex <= after) {
            const m = this.#matchOne(file.slice(0, fileIndex + body.length), body, partial, fileIndex, 0);
            // if limit exceeded, no match. intentional false negative,
            // acceptable break in correctness for security.
            if (m && globStarDepth < this.maxGlobstarRecursion) {
                // match! see if the rest match. if so, we're done!
                const sub = this.#matchGlobStarBodySections(file, bodySegments, fileIndex + body.length, bodyIndex + 1, partial, globStarDepth + 1, sawTail);
                if (sub !== false) {
                    return sub;
                }
            }
            const f = file[fileIndex];
            if (f === '.' ||
                f === '..' ||
                (!this.options.dot && f.startsWith('.'))) {
                return false;
            }
            fileIndex++;
        }
        // walked off. no point continuing
        return partial || null;
    }
    #matchOne(file, pattern, partial, fileIndex, patternIndex) {
        let fi;
        let pi;
        let pl;
        let fl;
        for (fi = fileIndex,
            pi = patternIndex,
            fl = file.length,
            pl = pattern.length; fi < fl && pi < pl; fi++, pi++) {
            this.debug('matchOne loop');
            let p = pattern[pi];
            let f = file[fi];
            this.debug(pattern, p, f);
            // should be impossible.
            // some invalid regexp stuff in the set.
            /* c8 ignore start */
            if (p === false || p === GLOBSTAR) {
                return false;
            }
            /* c8 ignore stop */
            // something other than **
            // non-magic patterns just have to match exactly
            // patterns with magic have been turned into regexps.
            let hit;
            if (typeof p === 'string') {
                hit = f === p;
                this.debug('string match', p, f, hit);
            }
            else {
                hit = p.test(f);
                this.debug('pattern match', p, f, hit);
            }
            if (!hit)
                return false;
        }
        // Note: ending in / means that we'll get a final ""
        // at the end of the pattern.  This can only match a
        // corresponding "" at the end of the file.
        // If the file ends in /, then it can only match a
        // a pattern that ends in /, unless the pattern just
        // doesn't have any more for it. But, a/b/ should *not*
        // match "a/b/*", even though "" matches against the
        // [^/]*? pattern, except in partial mode, where it might
        // simply not be reached yet.
        // However, a/b/ should still satisfy a/*
        // now either we fell off the end of the pattern, or we're done.
        if (fi === fl && pi === pl) {
            // ran out of pattern and filename at the same time.
            // an exact hit!
            return true;
        }
        else if (fi === fl) {
            // ran out of file, but still had pattern left.
            // this is ok if we're doing the match as part of
            // a glob fs traversal.
            return partial;
        }
        else if (pi === pl) {
            // ran out of pattern, still have file left.
            // this is only acceptable if we're on the very last
            // empty segment of a file with a trailing slash.
            // a/* should match a/b/
            return fi === fl - 1 && file[fi] === '';
            /* c8 ignore start */
        }
        else {
            // should be unreachable.
            throw new Error('wtf?');
        }
        /* c8 ignore stop */
    }
    braceExpand() {
        return braceExpand(this.pattern, this.options);
    }
    parse(pattern) {
        assertValidPattern(pattern);
        const options = this.options;
        // shortcuts
        if (pattern === '**')
            return GLOBSTAR;
        if (pattern === '')
            return '';
        // far and away, the most common glob pattern parts are
        // *, *.*, and *.<ext>  Add a fast check method for those.
        let m;
        let fastTest = null;
        if ((m = pattern.match(starRE))) {
            fastTest = options.dot ? starTestDot : starTest;
        }
        else if ((m = pattern.match(starDotExtRE))) {
            fastTest = (options.nocase ?
                options.dot ?
                    starDotExtTestNocaseDot
                    : starDotExtTestNocase
                : options.dot ? starDotExtTestDot
                    : starDotExtTest)(m[1]);
        }
        else if ((m = pattern.match(qmarksRE))) {
            fastTest = (options.nocase ?
                options.dot ?
                    qmarksTestNocaseDot
                    : qmarksTestNocase
                : options.dot ? qmarksTestDot
                    : qmarksTest)(m);
        }
        else if ((m = pattern.match(starDotStarRE))) {
            fastTest = options.dot ? starDotStarTestDot : starDotStarTest;
        }
        else if ((m = pattern.match(dotStarRE))) {
            fastTest = dotStarTest;
        }
        const re = AST.fromGlob(pattern, this.options).toMMPattern();
        if (fastTest && typeof re === 'object') {
            // Avoids overriding in frozen environments
            Reflect.defineProperty(re, 'test', { value: fastTest });
        }
        return re;
    }
    makeRe() {
        if (this.regexp || this.regexp === false)
            return this.regexp;
        // at this point, this.set is a 2d array of partial
        // pattern strings, or "**".
        //
        // It's better to use .match().  This function shouldn't
        // be used, really, but it's pretty convenient sometimes,
        // when you just want to work with a regex.
        const set = this.set;
        if (!set.length) {
            this.regexp = false;
            return this.regexp;
        }
        const options = this.options;
        const twoStar = options.noglobstar ? esm_star
            : options.dot ? twoStarDot
                : twoStarNoDot;
        const flags = new Set(options.nocase ? ['i'] : []);
        // regexpify non-globstar patterns
        // if ** is only item, then we just do one twoStar
        // if ** is first, and there are more, prepend (\/|twoStar\/)? to next
        // if ** is last, append (\/twoStar|) to previous
        // if ** is in the middle, append (\/|\/twoStar\/) to previous
        // then filter out GLOBSTAR symbols
        let re = set
            .map(pattern => {
            const pp = pattern.map(p => {
                if (p instanceof RegExp) {
                    for (const f of p.flags.split(''))
                        flags.add(f);
                }
                return (typeof p === 'string' ? esm_regExpEscape(p)
                    : p === GLOBSTAR ? GLOBSTAR
                        : p._src);
            });
            pp.forEach((p, i) => {
                const next = pp[i + 1];
                const prev = pp[i - 1];
                if (p !== GLOBSTAR || prev === GLOBSTAR) {
                    return;
                }
                if (prev === undefined) {
                    if (next !== undefined && next !== GLOBSTAR) {
                        pp[i + 1] = '(?:\\/|' + twoStar + '\\/)?' + next;
                    }
                    else {
                        pp[i] = twoStar;
                    }
                }
                else if (next === undefined) {
                    pp[i - 1] = prev + '(?:\\/|\\/' + twoStar + ')?';
                }
                else if (next !== GLOBSTAR) {
                    pp[i - 1] = prev + '(?:\\/|\\/' + twoStar + '\\/)' + next;
                    pp[i + 1] = GLOBSTAR;
                }
            });
            const filtered = pp.filter(p => p !== GLOBSTAR);
            // For partial matches, we need to make the pattern match
            // any prefix of the full path. We do this by generating
            // alternative patterns that match progressively longer prefixes.
            if (this.partial && filtered.length >= 1) {
                const prefixes = [];
                for (let i = 1; i <= filtered.length; i++) {
                    prefixes.push(filtered.slice(0, i).join('/'));
                }
                return '(?:' + prefixes.join('|') + ')';
            }
            return filtered.join('/');
        })
            .join('|');
        // need to wrap in parens if we had more than one thing with |,
        // otherwise only the first will be anchored to ^ and the last to $
        const [open, close] = set.length > 1 ? ['(?:', ')'] : ['', ''];
        // must match entire pattern
        // ending in a * or ** will make it less strict.
        re = '^' + open + re + close + '$';
        // In partial mode, '/' should always match as it's a valid prefix for any pattern
        if (this.partial) {
            re = '^(?:\\/|' + open + re.slice(1, -1) + close + ')$';
        }
        // can match anything, as long as it's not this.
        if (this.negate)
            re = '^(?!' + re + ').+$';
        try {
            this.regexp = new RegExp(re, [...flags].join(''));
            /* c8 ignore start */
        }
        catch {
            // should be impossible
            this.regexp = false;
        }
        /* c8 ignore stop */
        return this.regexp;
    }
    slashSplit(p) {
        // if p starts with // on windows, we preserve that
        // so that UNC paths aren't broken.  Otherwise, any number of
        // / characters are coalesced into one, unless
        // preserveMultipleSlashes is set to true.
        if (this.preserveMultipleSlashes) {
            return p.split('/');
        }
        else if (this.isWindows && /^\/\/[^/]+/.test(p)) {
            // add an extra '' for the one we lose
            return ['', ...p.split(/\/+/)];
        }
        else {
            return p.split(/\/+/);
        }
    }
    match(f, partial = this.partial) {
        this.debug('match', f, this.pattern);
        // short-circuit in the case of busted things.
        // comments, etc.
        if (this.comment) {
            return false;
        }
        if (this.empty) {
            return f === '';
        }
        if (f === '/' && partial) {
            return true;
        }
        const options = this.options;
        // windows: need to use /, not \
        if (this.isWindows) {
            f = f.split('\\').join('/');
        }
        // treat the test path as a set of pathparts.
        const ff = this.slashSplit(f);
        this.debug(this.pattern, 'split', ff);
        // just ONE of the pattern sets in this.set needs to match
        // in order for it to be valid.  If negating, then just one
        // match means that we have failed.
        // Either way, return on the first hit.
        const set = this.set;
        this.debug(this.pattern, 'set', set);
        // Find the basename of the path by looking for the last non-empty segment
        let filename = ff[ff.length - 1];
        if (!filename) {
            for (let i = ff.length - 2; !filename && i >= 0; i--) {
                filename = ff[i];
            }
        }
        for (const pattern of set) {
            let file = ff;
            if (options.matchBase && pattern.length === 1) {
                file = [filename];
            }
            const hit = this.matchOne(file, pattern, partial);
            if (hit) {
                if (options.flipNegate) {
                    return true;
                }
                return !this.negate;
            }
        }
        // didn't get any hits.  this is success if it's a negative
        // pattern, failure otherwise.
        if (options.flipNegate) {
            return false;
        }
        return this.negate;
    }
    static defaults(def) {
        return minimatch.defaults(def).Minimatch;
    }
}
/* c8 ignore start */



/* c8 ignore stop */
minimatch.AST = AST;
minimatch.Minimatch = Minimatch;
minimatch.escape = escape_escape;
minimatch.unescape = unescape_unescape;
//# sourceMappingURL=index.js.map
;// CONCATENATED MODULE: ./src/steps/delete/delete-pattern.ts
/**
 * The guard in front of a delete: an environment is deleted only when its display name matches
 * `delete-pattern`. A glob, matched against the whole display name, case-sensitively: `*` any
 * run of characters (not `/`), `?` one character, `[…]` a class, `{a,b}` alternatives. Negation
 * (`!x`) is off: "everything but production" is exactly the kind of pattern that deletes
 * production after a typo elsewhere.
 */


const OPTIONS = { nonegate: true, nocomment: true, noglobstar: true, dot: true, nocase: false };
/** Checks a pattern from the `delete-pattern` input; throws a message without a subject. */
function parseDeletePattern(value) {
    const source = value.trim();
    if (source.startsWith('!')) {
        throw new Error(`${(0,parsers/* quote */.hD)(source)} starts with "!"; negated patterns are not supported, name what may be deleted`);
    }
    const glob = new Minimatch(source, OPTIONS);
    if (glob.makeRe() === false)
        throw new Error(`${(0,parsers/* quote */.hD)(source)} is not a valid glob pattern`);
    return { source, matches: (name) => glob.match(name) };
}

// EXTERNAL MODULE: ./src/api/environment-id.ts
var environment_id = __nccwpck_require__(86255);
;// CONCATENATED MODULE: ./src/steps/delete/step.ts




const deleteStep = {
    name: 'delete',
    doing: 'deleting the environment',
    howToRun: '"delete-environment: true" to delete an environment',
    exclusive: true,
    owns: ['delete-pattern', 'github-deployment', 'pr-comment'],
    outputs: ['environment-deleted'],
    selected: (input) => input.bool('delete-environment'),
    needs(input) {
        return [
            ...['account', 'app', 'environment', 'headless-api-url', 'api-user-id', 'api-password'],
            ...githubNeeds(input),
        ];
    },
    read(input, shared, selected) {
        const pattern = input.parse('delete-pattern', parseDeletePattern);
        const env = shared.environment;
        // A display name that cannot match is refused before any request; an id waits for its lookup.
        if (selected && pattern && env !== '' && !pattern.matches(env) && !(0,environment_id/* looksLikeEnvironmentId */.Q)(env)) {
            input.problem('environment', `${(0,parsers/* quote */.hD)(env)} does not match delete-pattern ${(0,parsers/* quote */.hD)(pattern.source)}, so it will not be deleted; ` +
                'only environments whose display name matches the pattern are (check the environment input, or widen delete-pattern)');
        }
        return {
            account: shared.account,
            app: shared.app,
            environment: env,
            headlessUrl: shared.headlessUrl,
            pattern: pattern,
            githubDeployment: input.bool('github-deployment'),
        };
    },
    describe(d) {
        return `delete environment "${d.environment}" of app "${d.app}" (only if its display name matches "${d.pattern.source}")`;
    },
    async run(ctx, d) {
        const { deleteEnvironment } = await __nccwpck_require__.e(/* import() | delete */ 542).then(__nccwpck_require__.bind(__nccwpck_require__, 41094));
        await deleteEnvironment(ctx, d);
        return {};
    },
};

// EXTERNAL MODULE: ./src/api/types.ts
var api_types = __nccwpck_require__(20705);
// EXTERNAL MODULE: ./src/inputs/workspace-path.ts
var workspace_path = __nccwpck_require__(56622);
// EXTERNAL MODULE: ./src/util/format.ts
var format = __nccwpck_require__(32693);
// EXTERNAL MODULE: ./src/steps/deploy/environment-url.ts
var environment_url = __nccwpck_require__(19846);
// EXTERNAL MODULE: ./src/steps/deploy/health/health-url.ts
var health_url = __nccwpck_require__(31238);
// EXTERNAL MODULE: ./src/steps/deploy/health/expect.ts
var health_expect = __nccwpck_require__(73089);
;// CONCATENATED MODULE: ./src/steps/deploy/health/inputs.ts



const HEALTH_INPUTS = ['health-url', 'health-expect', 'health-text', 'health-timeout'];
/** null when `health-url` is empty (nothing is checked) or a value was refused (a problem is recorded). */
function readHealthInputs(input, deploy) {
    const url = input.parse('health-url', health_url/* parseHealthUrl */.Dk);
    const expect = input.parse('health-expect', health_expect/* parseStatusSet */.oY) ?? (0,health_expect/* parseStatusSet */.oY)(health_expect/* DEFAULT_HEALTH_EXPECT */.b);
    const timeoutMs = input.parse('health-timeout', parsers/* parseDuration */.E9);
    // Not trimmed of inner spaces: the text is looked for as written (the reader trims its ends).
    const text = input.raw('health-text');
    if (!url) {
        for (const name of HEALTH_INPUTS.slice(1)) {
            if (input.given(name))
                input.warn(`input "${name}" is set, but "health-url" is empty: nothing is checked`);
        }
        return null;
    }
    if (deploy.selected && !deploy.wait) {
        input.problem('health-url', 'is set while "wait" is false: the site can only be checked once the build is done; remove health-url, or set wait: true');
    }
    if (deploy.selected && url.kind === 'url' && !deploy.environmentUrlGiven) {
        input.problem('health-url', 'is "url", the url output, but "environment-url" is empty; set environment-url, or give the URL to check');
    }
    return { url, expect, text: text === '' ? null : text, timeoutMs: timeoutMs ?? 300_000 };
}

;// CONCATENATED MODULE: ./src/steps/deploy/upload-mode.ts
/**
 * The `upload-mode` input: how the zip goes to the service.
 *
 * - `auto`: the zip is sent while it is being written, without a Content-Length (chunked); a
 *   server that refuses a body of unknown length gets the finished file, with its length, on the
 *   next attempt.
 * - `stream`: the same, but a refusal fails the run, saying so: for finding out whether a server
 *   (or a proxy in front of it) takes streamed uploads.
 * - `file`: the finished file only, with its length, once the zip is written.
 *
 * In every mode a retry after a failed attempt sends the finished file.
 */

const UPLOAD_MODES = ['auto', 'stream', 'file'];
/** Words people reach for that mean one of the modes. */
const SYNONYMS = {
    chunked: 'stream',
    streaming: 'stream',
    streamed: 'stream',
    length: 'file',
    'content-length': 'file',
    whole: 'file',
    default: 'auto',
};
/** Any case of a mode; anything else is an error that suggests the mode it most likely meant. */
function parseUploadMode(value) {
    const v = value.trim().toLowerCase();
    const mode = UPLOAD_MODES.find((m) => m === v);
    if (mode)
        return mode;
    const near = nearestMode(v);
    throw new Error(`${(0,parsers/* quote */.hD)(value)} is not an upload mode; ${near ? `did you mean ${near}? ` : ''}use auto, stream or file`);
}
/** The mode a mistyped value most likely meant, or null when none is close. */
function nearestMode(value) {
    const v = value.toLowerCase();
    if (SYNONYMS[v])
        return SYNONYMS[v];
    let best = null;
    for (const mode of UPLOAD_MODES) {
        const d = editDistance(v, mode);
        if (d <= 2 && (!best || d < best.distance))
            best = { mode, distance: d };
    }
    if (best)
        return best.mode;
    // `files`, `stream-it`: a mode with something added.
    return UPLOAD_MODES.find((m) => v.startsWith(m)) ?? null;
}
/** Levenshtein distance: insertions, deletions and substitutions, one each. */
function editDistance(a, b) {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const next = [i];
        for (let j = 1; j <= b.length; j++) {
            next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        }
        row = next;
    }
    return row[b.length];
}

// EXTERNAL MODULE: ./src/inputs/quote.ts
var quote = __nccwpck_require__(28373);
;// CONCATENATED MODULE: ./src/steps/deploy/archive-inputs.ts
/**
 * The deploy's archive inputs that need parsing: `max-archive-size` and `allow-files`. Loaded at
 * every start with the input rules, so nothing heavier is imported here.
 */


const UNITS = {
    '': 1,
    B: 1,
    KB: 1024,
    KIB: 1024,
    K: 1024,
    MB: 1024 ** 2,
    MIB: 1024 ** 2,
    M: 1024 ** 2,
    GB: 1024 ** 3,
    GIB: 1024 ** 3,
    G: 1024 ** 3,
};
const SIZE = /^(\d+(?:\.\d+)?|\.\d+)\s*([A-Za-z]*)$/;
/**
 * A size as people write it. Units are powers of 1024, as every size the action prints
 * (`formatBytes`): KB = KiB = 1,024 bytes, MB = MiB, GB = GiB.
 * `500MB`, `2GB`, `500 MB`, `1.5GB`, `800KB`, `1048576` → bytes (rounded down to a whole byte). */
function parseSize(value) {
    const m = SIZE.exec(value.trim());
    const fix = 'give a size such as 500MB, 2GB or 800KB (units of 1024), or a number of bytes';
    if (!m)
        throw new Error(`${(0,quote/* quote */.h)(value)} is not a size; ${fix}`);
    const unit = UNITS[m[2].toUpperCase()];
    if (unit === undefined)
        throw new Error(`${(0,quote/* quote */.h)(value)} has an unknown unit "${m[2]}"; ${fix}`);
    const bytes = Math.floor(Number(m[1]) * unit);
    if (bytes <= 0)
        throw new Error(`${(0,quote/* quote */.h)(value)} is no size at all; ${fix}`);
    if (!Number.isSafeInteger(bytes))
        throw new Error(`${(0,quote/* quote */.h)(value)} is too large; ${fix}`);
    return bytes;
}
/** The `allow-files` input: gitignore-style globs, as `exclude` takes. */
function parseAllowFiles(value) {
    const lines = (0,parsers/* parseLines */.Li)(value);
    for (const line of lines) {
        if (line.startsWith('!')) {
            throw new Error(`${(0,quote/* quote */.h)(line)} starts with "!", which means nothing here; list the files meant to be uploaded, one glob a line`);
        }
    }
    return [...lines];
}

;// CONCATENATED MODULE: ./src/steps/deploy/step.ts
/**
 * The deploy step's row: runs when `app` is set and `deploy` is not false; zips `path`,
 * uploads it to the environment (creating app and environment when missing) and waits.
 */










const deployStep = {
    name: 'deploy',
    doing: 'deploying',
    howToRun: 'set "app" to deploy',
    owns: [
        'cms-environment',
        'env-vars',
        'env-vars-mode',
        'exclude',
        'exclude-from',
        'respect-gitignore',
        'allow-files',
        'max-archive-size',
        'upload-mode',
        'github-deployment',
        'environment-url',
        ...HEALTH_INPUTS,
        'keep-archive',
        'keep-archive-days',
        'rollback-on-failure',
        'pr-comment',
    ],
    outputs: [
        'app',
        'environment-id',
        'app-created',
        'environment-created',
        'operation',
        'build',
        'deployment',
        'archive-bytes',
        'archive-files',
        'archive-sha256',
        'url',
        'health',
        'archive-artifact-id',
        'rolled-back-to',
    ],
    selected(input) {
        const app = input.raw('app');
        const hook = input.raw('webhook') !== '' ? 'webhook' : input.raw('webhook-url') !== '' ? 'webhook-url' : null;
        const flag = deployFlag(input);
        if (flag === true && app === '') {
            input.problem('deploy', 'is true but input "app" is empty; set "app" to the app id to deploy to');
        }
        if (flag === undefined && app !== '' && hook) {
            input.problem('deploy', `is empty while both "app" and "${hook}" are set; set deploy: true to deploy and then trigger the webhook, or deploy: false to only trigger the webhook`);
            return false;
        }
        // `app` names the app to delete from too: a delete run does not deploy unless asked to.
        if (flag === undefined &&
            (input.bool('delete-environment') || input.bool('sweep-previews') || input.raw('rollback') !== ''))
            return false;
        return flag !== null && flag !== false && app !== '';
    },
    offBecause(input) {
        return input.raw('app') !== '' && /^false$/i.test(input.raw('deploy'))
            ? 'input "deploy" is false'
            : 'input "app" is empty';
    },
    needs(input) {
        return [
            ...['account', 'environment', 'headless-api-url', 'api-user-id', 'api-password'],
            ...githubNeeds(input),
            ...(input.bool('rollback-on-failure') ? [{ input: 'github-token', by: 'rollback-on-failure' }] : []),
        ];
    },
    read(input, shared, selected) {
        const { workspace } = shared;
        const absolutePath = input.parse('path', (v) => (0,workspace_path/* resolveInside */.LI)(workspace, workspace, v));
        const cms = input.raw('cms-environment');
        if (cms !== '' && !(0,parsers/* isInstallName */.dX)(cms))
            input.problem('cms-environment', `${(0,parsers/* quote */.hD)(cms)} is not an install name (${parsers/* INSTALL_RULE */.f6})`);
        const fields = {
            region: input.parse('region', parseRegion),
            createMissing: input.bool('create-missing'),
            shellVariables: input.parse('env-vars', parsers/* parseEnvVars */.J0),
            envVarsMode: input.parse('env-vars-mode', parseEnvVarsMode) ?? 'merge',
            exclude: (0,parsers/* parseLines */.Li)(input.raw('exclude')),
            excludeFrom: input.parse('exclude-from', (v) => (0,workspace_path/* resolveInside */.LI)(workspace, absolutePath ?? workspace, v)),
            respectGitignore: input.bool('respect-gitignore'),
            allowFiles: input.parse('allow-files', parseAllowFiles) ?? [],
            maxArchiveBytes: input.parse('max-archive-size', parseSize),
            compressionLevel: input.parse('compression-level', (v) => (0,parsers/* parseIntInRange */.fY)(v, 0, 9)),
            uploadMode: input.parse('upload-mode', parseUploadMode) ?? 'auto',
            wait: input.bool('wait'),
            timeoutMs: input.parse('timeout', parsers/* parseDuration */.E9),
            githubDeployment: input.bool('github-deployment'),
            environmentUrl: input.parse('environment-url', environment_url/* parseUrlTemplate */.lb),
        };
        const keepDays = input.parse('keep-archive-days', (v) => (0,parsers/* parseIntInRange */.fY)(v, 1, 90)) ?? 30;
        const keep = input.bool('keep-archive') ? { days: keepDays } : null;
        const rollbackOnFailure = input.bool('rollback-on-failure');
        if (selected && rollbackOnFailure && !fields.wait) {
            input.problem('rollback-on-failure', 'is true while "wait" is false: a failure is known only by waiting for the build; set wait: true');
        }
        const health = readHealthInputs(input, {
            wait: fields.wait,
            environmentUrlGiven: input.raw('environment-url') !== '',
            selected,
        });
        // Read only when there are no problems, so every value the step needs was given and parsed.
        return {
            ...fields,
            account: shared.account,
            app: shared.app,
            environment: shared.environment,
            headlessUrl: shared.headlessUrl,
            region: fields.region,
            regionGiven: input.given('region'),
            cmsEnvironment: cms || null,
            path: (0,workspace_path/* workspaceRelative */.Uc)(workspace, absolutePath ?? workspace),
            absolutePath: absolutePath,
            compressionLevel: fields.compressionLevel,
            timeoutMs: fields.timeoutMs,
            health,
            keep,
            rollbackOnFailure,
        };
    },
    describe(d, learned) {
        const dir = d.path === '.' ? 'the workspace' : `"${d.path}"`;
        const notes = [
            learned?.regionInForce
                ? `app in region ${learned.regionInForce}`
                : d.createMissing
                    ? `create when missing, region ${d.region}`
                    : 'app and environment must exist',
        ];
        if (d.cmsEnvironment)
            notes.push(`cms install ${d.cmsEnvironment}`);
        if (d.shellVariables)
            notes.push(`${count(d.shellVariables.length, 'env var')} (${d.envVarsMode})`);
        if (d.exclude.length > 0)
            notes.push(count(d.exclude.length, 'extra exclude pattern'));
        if (d.respectGitignore)
            notes.push('respecting .gitignore');
        if (d.maxArchiveBytes !== null)
            notes.push(`at most ${(0,format/* formatBytes */.z3)(d.maxArchiveBytes)}`);
        if (d.environmentUrl)
            notes.push(`URL ${d.environmentUrl.source}`);
        if (d.uploadMode !== 'auto')
            notes.push(`upload-mode ${d.uploadMode}`);
        notes.push(d.wait ? `wait up to ${(0,format/* formatDuration */.a3)(d.timeoutMs)}` : 'no wait');
        if (d.keep)
            notes.push(`keep the zip ${d.keep.days} days`);
        if (d.rollbackOnFailure)
            notes.push('roll back on failure');
        if (d.health)
            notes.push(`health check ${(0,health_url/* describeHealthUrl */.jg)(d.health.url)} up to ${(0,format/* formatDuration */.a3)(d.health.timeoutMs)}`);
        return `deploy ${dir} to app "${d.app}" environment "${d.environment}" (${notes.join(', ')})`;
    },
    async run(ctx, d) {
        const { deploy } = await Promise.all(/* import() | deploy */[__nccwpck_require__.e(410), __nccwpck_require__.e(298), __nccwpck_require__.e(112), __nccwpck_require__.e(401), __nccwpck_require__.e(101), __nccwpck_require__.e(774), __nccwpck_require__.e(98)]).then(__nccwpck_require__.bind(__nccwpck_require__, 65067));
        return deploy(ctx, d);
    },
};
/** undefined: left empty; null: not a boolean (already a problem, so nothing is decided from it). */
function deployFlag(input) {
    if (input.raw('deploy') === '')
        return undefined;
    return input.parse('deploy', (v) => (0,parsers/* parseBoolean */.yG)(v, false));
}
function parseEnvVarsMode(value) {
    const mode = value.toLowerCase();
    if (mode !== 'merge' && mode !== 'replace')
        throw new Error(`${(0,parsers/* quote */.hD)(value)} is not a mode; use merge or replace`);
    return mode;
}
function parseRegion(value) {
    const region = api_types/* REGIONS */.ij.find((r) => r === value.toUpperCase());
    if (!region)
        throw new Error(`${(0,parsers/* quote */.hD)(value)} is not a region; use ${api_types/* REGIONS */.ij.join(', ')}`);
    return region;
}
function count(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

;// CONCATENATED MODULE: ./src/steps/install-copy/step.ts

const installCopyStep = {
    name: 'install copy',
    doing: 'copying the install',
    howToRun: '"copy-from" and "copy-to" for an install copy',
    owns: ['copy-db-tables', 'notification-emails'],
    outputs: ['install-copy', 'install-copy-id'],
    selected(input) {
        const from = input.raw('copy-from');
        const to = input.raw('copy-to');
        if ((from === '') !== (to === '')) {
            const [missing, other] = from === '' ? ['copy-from', 'copy-to'] : ['copy-to', 'copy-from'];
            input.problem(missing, `is empty while "${other}" is set; set both for an install copy, or neither`);
        }
        return from !== '' && to !== '';
    },
    needs: () => ['api-url', 'api-user-id', 'api-password'],
    read(input, shared, selected) {
        const from = input.raw('copy-from');
        const to = input.raw('copy-to');
        for (const [name, value] of [
            ['copy-from', from],
            ['copy-to', to],
        ]) {
            if (value !== '' && !(0,parsers/* isInstallName */.dX)(value) && !(0,parsers/* isUuid */.O1)(value)) {
                input.problem(name, `${(0,parsers/* quote */.hD)(value)} is not an install name (${parsers/* INSTALL_RULE */.f6}) or uuid`);
            }
        }
        if (selected && from.toLowerCase() === to.toLowerCase()) {
            input.problem('copy-to', 'is the same install as "copy-from"; an install cannot be copied onto itself');
        }
        const includeFiles = input.bool('copy-files');
        const includeDatabase = input.bool('copy-database');
        if (selected && !includeFiles && !includeDatabase) {
            input.problem('copy-files', 'and input "copy-database" are both false, so the install copy would copy nothing; set one to true');
        }
        const dbTables = (0,parsers/* parseList */.E1)(input.raw('copy-db-tables'));
        if (dbTables.length > 0 && !includeDatabase) {
            input.problem('copy-db-tables', 'is set while "copy-database" is false; tables are copied only with the database, so clear one');
        }
        const notificationEmails = (0,parsers/* parseList */.E1)(input.raw('notification-emails'));
        const bad = notificationEmails.filter((email) => !(0,parsers/* isEmail */.xf)(email));
        if (bad.length > 0) {
            const verb = bad.length > 1 ? 'are not email addresses' : 'is not an email address';
            input.problem('notification-emails', `has ${bad.map(parsers/* quote */.hD).join(', ')}, which ${verb}; give one address per line`);
        }
        return {
            hostingUrl: shared.hostingUrl,
            from,
            to,
            includeFiles,
            includeDatabase,
            dbTables,
            notificationEmails,
        };
    },
    describe(c) {
        const what = [];
        if (c.includeFiles)
            what.push('files');
        if (c.includeDatabase) {
            what.push(c.dbTables.length > 0 ? `database tables ${c.dbTables.join(', ')}` : 'database');
        }
        const notify = c.notificationEmails.length > 0 ? `; notify ${c.notificationEmails.join(', ')}` : '';
        return `install copy ${c.from} → ${c.to} (${what.join(', ')})${notify}`;
    },
    async run(ctx, c) {
        const { installCopy } = await Promise.all(/* import() | install-copy */[__nccwpck_require__.e(112), __nccwpck_require__.e(938)]).then(__nccwpck_require__.bind(__nccwpck_require__, 55770));
        await installCopy(ctx, c);
        return {};
    },
};

;// CONCATENATED MODULE: ./src/steps/rollback/rollback-value.ts
/** The `rollback` input: `previous`, or the id of the workflow run whose kept archive to upload again. */

function parseRollback(value) {
    const v = value.trim();
    if (v.toLowerCase() === 'previous')
        return { kind: 'previous' };
    if (/^[1-9][0-9]{0,15}$/.test(v))
        return { kind: 'run', runId: Number(v) };
    throw new Error(`${(0,parsers/* quote */.hD)(value)} is neither "previous" nor a workflow run id (a positive whole number, as in the run's URL .../actions/runs/{id})`);
}

;// CONCATENATED MODULE: ./src/steps/rollback/step.ts





const rollbackStep = {
    name: 'rollback',
    doing: 'rolling back',
    howToRun: '"rollback: previous" (or a run id) to upload again a kept archive',
    exclusive: true,
    owns: ['rollback', ...HEALTH_INPUTS],
    outputs: ['environment-id', 'operation', 'build', 'deployment', 'health', 'rolled-back-to'],
    selected: (input) => input.raw('rollback') !== '',
    needs: () => ['account', 'app', 'environment', 'headless-api-url', 'api-user-id', 'api-password', 'github-token'],
    read(input, shared, selected) {
        const want = input.parse('rollback', parseRollback);
        // The deploy's row reads `timeout` in every run and reports a bad value: not said twice.
        let timeoutMs = null;
        try {
            timeoutMs = (0,parsers/* parseDuration */.E9)(input.raw('timeout'));
        }
        catch {
            timeoutMs = null;
        }
        const health = selected
            ? readHealthInputs(input, { wait: true, environmentUrlGiven: false, selected: true })
            : null;
        return {
            account: shared.account,
            app: shared.app,
            environment: shared.environment,
            headlessUrl: shared.headlessUrl,
            want: want,
            timeoutMs: timeoutMs,
            health,
        };
    },
    describe(r) {
        const which = r.want.kind === 'previous' ? 'the archive kept before the newest' : `the archive run ${r.want.runId} kept`;
        const health = r.health ? `, health check ${(0,health_url/* describeHealthUrl */.jg)(r.health.url)}` : '';
        return `roll back app "${r.app}" environment "${r.environment}" to ${which} (wait up to ${(0,format/* formatDuration */.a3)(r.timeoutMs)}${health})`;
    },
    async run(ctx, r) {
        const { rollBack } = await Promise.all(/* import() | rollback */[__nccwpck_require__.e(410), __nccwpck_require__.e(401), __nccwpck_require__.e(774), __nccwpck_require__.e(855)]).then(__nccwpck_require__.bind(__nccwpck_require__, 54793));
        await rollBack(ctx, r);
        return {};
    },
};

;// CONCATENATED MODULE: ./src/steps/sweep/step.ts


/** Far more than a repository keeps open; a bigger number is more likely a typo than a plan. */
const MAX_SWEEP_MAX = 1000;
const sweepStep = {
    name: 'sweep',
    doing: 'sweeping the previews',
    howToRun: '"sweep-previews: true" to delete the previews of closed pull requests',
    exclusive: true,
    owns: ['sweep-max', 'delete-pattern', 'github-deployment', 'pr-comment'],
    outputs: ['environments-deleted'],
    selected: (input) => input.bool('sweep-previews'),
    needs: () => ['account', 'app', 'headless-api-url', 'api-user-id', 'api-password', 'github-token'],
    read(input, shared, selected) {
        const pattern = input.parse('delete-pattern', parseDeletePattern);
        const max = input.parse('sweep-max', (v) => (0,parsers/* parseIntInRange */.fY)(v, 0, MAX_SWEEP_MAX));
        if (selected && shared.environment !== '') {
            input.warn('input "environment" is ignored: a sweep looks at every environment of the app');
        }
        return {
            account: shared.account,
            app: shared.app,
            headlessUrl: shared.headlessUrl,
            pattern: pattern,
            max: max,
            githubDeployment: input.bool('github-deployment'),
            prComment: input.bool('pr-comment'),
        };
    },
    describe(s) {
        return (`sweep the previews of app "${s.app}": delete environments matching "${s.pattern.source}" whose pull ` +
            `request is closed or gone (at most ${s.max})`);
    },
    async run(ctx, s) {
        const { sweepPreviews } = await __nccwpck_require__.e(/* import() | sweep */ 769).then(__nccwpck_require__.bind(__nccwpck_require__, 98639));
        await sweepPreviews(ctx, s);
        return {};
    },
};

// EXTERNAL MODULE: ./src/api/operation-name.ts
var operation_name = __nccwpck_require__(30333);
;// CONCATENATED MODULE: ./src/steps/wait/step.ts
/**
 * The wait step's row: when `operation` is set (the `operation` output of an earlier run that
 * uploaded with `wait: false`), waits for that operation and reports its build. It uploads
 * nothing, so asking for it together with a deploy is an input error.
 */



const waitStep = {
    name: 'wait',
    doing: 'waiting for the operation',
    howToRun: '"operation" to wait for an earlier upload',
    owns: ['operation'],
    outputs: ['operation', 'build', 'deployment'],
    selected(input) {
        if (input.raw('operation') === '')
            return false;
        if (input.raw('app') !== '' && !/^false$/i.test(input.raw('deploy'))) {
            input.problem('operation', 'is set together with a deploy ("app" is set); a deploy waits for its own upload: clear "operation", or set deploy: false to only wait');
        }
        return true;
    },
    needs: () => ['headless-api-url', 'api-user-id', 'api-password'],
    read(input, shared) {
        const operation = input.parse('operation', parseOperation);
        // The deploy's row reads `timeout` in every run and reports a bad value; reading it through
        // the reader again would say the same problem twice.
        let timeoutMs = null;
        try {
            timeoutMs = (0,parsers/* parseDuration */.E9)(input.raw('timeout'));
        }
        catch {
            timeoutMs = null;
        }
        return {
            operation: operation,
            headlessUrl: shared.headlessUrl,
            timeoutMs: timeoutMs,
        };
    },
    describe(w) {
        return `wait for operation ${w.operation} (up to ${(0,format/* formatDuration */.a3)(w.timeoutMs)})`;
    },
    async run(ctx, w) {
        const { waitForEarlierOperation } = await __nccwpck_require__.e(/* import() | wait */ 264).then(__nccwpck_require__.bind(__nccwpck_require__, 54388));
        await waitForEarlierOperation(ctx, w);
        return {};
    },
};
function parseOperation(value) {
    const name = value.replace(/^\/?v1\//, '').replace(/^\//, '');
    try {
        (0,operation_name/* parseOperationName */.W)(name);
    }
    catch {
        throw new Error(`${(0,parsers/* quote */.hD)(value)} is not an operation name; give the "operation" output of the run that uploaded (accounts/{account}/apps/{app}/environments/{id}/operations/{operation})`);
    }
    return name;
}

// EXTERNAL MODULE: ./src/api/webhook-url.ts
var webhook_url = __nccwpck_require__(47829);
;// CONCATENATED MODULE: ./src/steps/webhook/step.ts



const ACTION_OF = {
    rebuild: 'rebuild',
    'clean-rebuild': 'cleanRebuild',
    'purge-cache': 'purgeCache',
};
const webhookStep = {
    name: 'webhook',
    doing: 'triggering the webhook',
    howToRun: '"webhook" or "webhook-url"',
    owns: ['webhook-token'],
    outputs: ['webhook-status'],
    selected(input) {
        const byParts = input.raw('webhook') !== '';
        const byUrl = input.raw('webhook-url') !== '';
        if (byParts && byUrl) {
            input.problem('webhook-url', 'and input "webhook" are both set; keep one: "webhook" (with "webhook-token") or "webhook-url"');
        }
        return byParts || byUrl;
    },
    needs(input) {
        return input.raw('webhook-url') === ''
            ? ['account', 'app', 'environment', 'webhook-token', 'headless-api-url']
            : [];
    },
    read(input, shared, selected) {
        const name = input.parse('webhook', parseWebhookName);
        const byUrl = input.parse('webhook-url', webhook_url/* parseWebhookUrl */._);
        if (selected && byUrl && input.raw('webhook-token') !== '') {
            input.warn('input "webhook-token" is ignored: only "webhook" uses it');
        }
        if (byUrl) {
            const urlName = Object.keys(ACTION_OF).find((n) => ACTION_OF[n] === byUrl.action);
            return { by: 'url', name: urlName, ...byUrl };
        }
        // The trigger URL takes the environment's id. Without credentials a display name cannot be
        // looked up, and sending it as an id only earns a 404 after the fact. Not said when the token
        // is empty too (the run is skipped, or the token is reported missing) nor when a deploy runs
        // first (it hands the id on, and its own missing credentials are reported).
        const lookupImpossible = selected &&
            shared.environment !== '' &&
            !shared.credentials &&
            input.raw('webhook-token') !== '' &&
            !/^true$/i.test(input.raw('deploy'));
        if (lookupImpossible && !(0,environment_id/* looksLikeEnvironmentId */.Q)(shared.environment)) {
            input.problem('environment', `${(0,parsers/* quote */.hD)(shared.environment)} is not an environment id (${environment_id/* ENVIRONMENT_ID_SHAPES */.h}: the last part of the environment's name), and a webhook by parts without api-user-id and api-password cannot look a display name up; give the environment's id, set the credentials, or give the whole "webhook-url"`);
        }
        const webhookName = name ?? 'rebuild';
        return {
            by: 'parts',
            name: webhookName,
            action: ACTION_OF[webhookName],
            account: shared.account,
            app: shared.app,
            environment: shared.environment,
            token: input.raw('webhook-token'),
            headlessUrl: shared.headlessUrl,
        };
    },
    describe(w) {
        const where = w.app !== null && w.environment !== null ? ` on app "${w.app}" environment "${w.environment}"` : '';
        return `webhook ${w.name}${where}${w.by === 'url' ? ' (by URL)' : ''}`;
    },
    async run(ctx, w, carry) {
        const { triggerWebhook } = await Promise.all(/* import() | webhook */[__nccwpck_require__.e(112), __nccwpck_require__.e(746)]).then(__nccwpck_require__.bind(__nccwpck_require__, 3912));
        await triggerWebhook(ctx, w, carry);
        return {};
    },
};
/**
 * The input's names, and the spellings users copy from elsewhere: the API's own literals in the
 * trigger URL (`purgeCache`) and the portal's labels (`Purge Cache`). Case, spaces, `-` and `_`
 * do not matter; nothing else is guessed.
 */
function parseWebhookName(value) {
    const key = value.toLowerCase().replace(/[\s_-]+/g, '');
    const name = Object.keys(ACTION_OF).find((n) => n.replace(/-/g, '') === key);
    if (!name)
        throw new Error(`${(0,parsers/* quote */.hD)(value)} is not a webhook; use rebuild, clean-rebuild or purge-cache`);
    return name;
}

;// CONCATENATED MODULE: ./src/steps/table.ts
/**
 * The step table: every step the action can run, in the order they run. The input rules
 * (src/inputs/), the plan and the flow (src/flow/) all read it; nothing else lists the steps.
 */







const STEPS = [deployStep, waitStep, installCopyStep, webhookStep, deleteStep, sweepStep, rollbackStep];
/** The row of a step, by name. */
function stepRow(name) {
    return STEPS.find((s) => s.name === name);
}


/***/ }),

/***/ 76601:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   dJ: () => (/* binding */ cancelOnSignals),
/* harmony export */   xo: () => (/* binding */ processCancellation)
/* harmony export */ });
/* unused harmony exports CANCEL_SIGNALS, EXIT_AFTER_CANCEL_MS */
/** Each signal that means "the job was cancelled", on some runner OS. */
const CANCEL_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'];
/** Whatever still holds the event loop must not keep a cancelled job alive past this. */
const EXIT_AFTER_CANCEL_MS = 1500;
/** An AbortSignal that aborts on the first of CANCEL_SIGNALS, with `cancelled by <SIGNAL>` as its reason. */
function cancelOnSignals({ on, log, exitLater }) {
    const controller = new AbortController();
    const onSignal = (sig) => {
        if (controller.signal.aborted)
            return;
        log.warning(`received ${sig}: cancelling requests in flight`);
        controller.abort(new Error(`cancelled by ${sig}`));
        exitLater(EXIT_AFTER_CANCEL_MS);
    };
    for (const sig of CANCEL_SIGNALS)
        on(sig, onSignal);
    return controller.signal;
}
/** The real wiring: the process's own signals, and a timer that does not hold the process open. */
function processCancellation(log) {
    return cancelOnSignals({
        on: (sig, listener) => process.on(sig, listener),
        log,
        exitLater: (ms) => setTimeout(() => process.exit(1), ms).unref(),
    });
}


/***/ }),

/***/ 32693:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   K9: () => (/* binding */ groupDigits),
/* harmony export */   Up: () => (/* binding */ formatBytesExact),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   z3: () => (/* binding */ formatBytes)
/* harmony export */ });
/** How sizes and durations read in logs, messages and the summary: one way everywhere. */
/** `512 B`, `1.4 MiB`. */
function formatBytes(bytes) {
    const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
    }
    return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}
/**
 * 1800000 → `30m`, 5400000 → `1h30m`, 90000 → `1m30s` (the timeout input's own syntax);
 * under 10 s a fraction shows: 4500 → `4.5s`.
 */
function formatDuration(ms) {
    if (ms < 10_000 && ms % 1000 !== 0)
        return `${Math.round(ms / 100) / 10}s`;
    const total = Math.round(ms / 1000);
    const parts = [
        [Math.floor(total / 3600), 'h'],
        [Math.floor((total % 3600) / 60), 'm'],
        [total % 60, 's'],
    ];
    return (parts
        .filter(([n]) => n > 0)
        .map(([n, unit]) => `${n}${unit}`)
        .join('') || '0s');
}
/** `1.4 MiB (1,468,006 bytes)`: the rounded size to read, the exact one to compare. */
function formatBytesExact(bytes) {
    return bytes < 1024 ? `${bytes} B` : `${formatBytes(bytes)} (${groupDigits(bytes)} bytes)`;
}
/** `1,468,006` */
function groupDigits(n) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}


/***/ }),

/***/ 70895:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   u: () => (/* binding */ splitLines)
/* harmony export */ });
/**
 * The lines of a multiline input or of a file the workspace holds. A line ends in `\n` or in
 * `\r\n`: a value pasted from a Windows editor, a secret saved with CRLF or an exclude-from file
 * checked out with `core.autocrlf` all end their lines in `\r\n`, and that `\r` must never become
 * the last character of a pattern, a variable name or a value sent to the API. A lone `\r` is
 * no line ending (git reads .gitignore the same way) and stays where it is.
 */
function splitLines(text) {
    return text.split(/\r?\n/);
}


/***/ }),

/***/ 38658:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ neutralizeCommands),
/* harmony export */   u: () => (/* binding */ escapeData)
/* harmony export */ });
/**
 * Lines the runner would read as workflow commands. A log line is written as it is, and
 * the runner takes any line that starts with `::` (or the older `##[`) as a command: a file
 * name, a server message or a display name holding `\n::add-mask::…` or `\r::error::…` would
 * run a command we never meant. Warnings, errors, notices, debug lines and group names travel as
 * command data, which @actions/core escapes as `escapeData` does; plain log lines go through
 * `neutralizeCommands`.
 */
const COMMAND_START = /^\s*(?:::|##\[)/;
/** Every line that would start a command gets a visible `» ` in front, so it stays text. */
function neutralizeCommands(text) {
    return text
        .split(/\r\n|\r|\n/)
        .map((line) => (COMMAND_START.test(line) ? `» ${line}` : line))
        .join('\n');
}
/**
 * Command data as the runner reads it back: `%`, CR and LF escaped, so the text cannot end a
 * line early or start a new one. The program (src/cli/) prints its outputs this way.
 */
function escapeData(text) {
    return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}


/***/ }),

/***/ 62488:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ isInside)
/* harmony export */ });
/**
 * Whether `child` is `parent` or below it, as the platform compares paths: case-insensitively
 * with `path.win32` (its `relative` ignores case), byte for byte with `path.posix`. Another
 * drive or share gives an absolute `relative`, a sibling such as `repo2` of `repo` gives `..\repo2`:
 * both are outside.
 */
function isInside(path, parent, child) {
    const rel = path.relative(parent, child);
    return !(path.isAbsolute(rel) || rel === '..' || rel.startsWith(`..${path.sep}`));
}


/***/ }),

/***/ 42613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 20181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 35317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 49140:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("constants");

/***/ }),

/***/ 76982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 24434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 79896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 91943:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs/promises");

/***/ }),

/***/ 58611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 65692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 69278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 34589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 16698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 31421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 37540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 77598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 53053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 40610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 78474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 73024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 51455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 37067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 32467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 44708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 98995:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 77030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 48161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 76760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:process");

/***/ }),

/***/ 41792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 57075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 46193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");

/***/ }),

/***/ 58500:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers/promises");

/***/ }),

/***/ 41692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 73136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 57975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 73429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 75919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 38522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 70857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 16928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 2203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 13193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 53557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 64756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 52018:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tty");

/***/ }),

/***/ 87016:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");

/***/ }),

/***/ 39023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 43106:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("zlib");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		id: moduleId,
/******/ 		loaded: false,
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Flag the module as loaded
/******/ 	module.loaded = true;
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/node module decorator */
/******/ (() => {
/******/ 	__nccwpck_require__.nmd = (module) => {
/******/ 		module.paths = [];
/******/ 		if (!module.children) module.children = [];
/******/ 		return module;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(70486);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
