export const id = 746;
export const ids = [746];
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

/***/ 75162:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* reexport safe */ _api_find_environment_js__WEBPACK_IMPORTED_MODULE_0__.X),
/* harmony export */   j: () => (/* reexport safe */ _api_find_environment_js__WEBPACK_IMPORTED_MODULE_0__.j)
/* harmony export */ });
/* harmony import */ var _api_find_environment_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(60089);
/** The steps find an environment as the client does (by id or display name): one rule for both. */



/***/ }),

/***/ 51311:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   YG: () => (/* binding */ repeatAmbiguous)
/* harmony export */ });
/* unused harmony exports AMBIGUOUS_ROUNDS, answerLost */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/* harmony import */ var _api_retry_policy_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(71101);
/**
 * Creates and triggers the client does not repeat on its own (see src/api/retry-policy.ts):
 * after a 500, a 502, a timeout or a cut-off answer the service may have acted, and a blind
 * repeat could double the effect. The step knows what the client cannot:
 * - create app, create environment: the name is a key (a second create is a 409), and the step
 *   can look for the record before repeating, so a repeat never makes a second one;
 * - install copy, webhook: there is nothing to look at, but a repeat converges: the destination
 *   is overwritten with the same source, the same environment is rebuilt or purged again. A
 *   lost answer costs at most a second copy job or build, which re-running the failed workflow
 *   by hand would cost as well, so the step repeats and warns that it did.
 * Any other failure (a 4xx, 429/503 after the client's own retries, cancellation) ends it at once.
 */


/** Rounds in all, the first included; each round is a full client call with its own retries. */
const AMBIGUOUS_ROUNDS = 5;
/** True when the answer was lost rather than refused: the service may or may not have acted. */
function answerLost(err) {
    if (!(err instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD) || err instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .CancelledError */ .cc || !err.mayHaveSucceeded)
        return false;
    return err.status === undefined || err.status === 500 || err.status === 502 || err.status === 504;
}
async function repeatAmbiguous(ctx, o) {
    for (let round = 1;; round++) {
        try {
            return await o.attempt();
        }
        catch (err) {
            if (!answerLost(err) || round >= AMBIGUOUS_ROUNDS || ctx.signal.aborted)
                throw err;
            const why = err.status === undefined ? err.name : `status ${err.status}`;
            if (o.look) {
                const found = await o.look();
                if (found !== null) {
                    ctx.log.info(`${o.what}: the answer was lost (${why}) but it had taken effect`);
                    return found;
                }
            }
            const delayMs = (0,_api_retry_policy_js__WEBPACK_IMPORTED_MODULE_1__/* .backoffDelay */ .EY)(round, _api_retry_policy_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULT_RETRY */ .vI);
            const line = o.look
                ? `${o.what}: the answer was lost (${why}) and it had not taken effect; repeating it in ${delayMs} ms`
                : `${o.what}: the answer was lost (${why}), so it may or may not have taken effect; repeating it in ${delayMs} ms (a repeat leaves the same result)`;
            if (o.look)
                ctx.log.info(line);
            else
                ctx.log.warning(line);
            await ctx.clock.sleep(delayMs, ctx.signal);
        }
    }
}


/***/ }),

/***/ 3912:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   triggerWebhook: () => (/* binding */ triggerWebhook)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(53249);
/* harmony import */ var _common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(75162);
/* harmony import */ var _common_repeat_ambiguous_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51311);
/* harmony import */ var _common_step_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(74164);
/**
 * The webhook step: rebuild, clean rebuild or purge cache, by parts or by a whole URL. The URL
 * and token are secrets: messages name the action and the environment, never them.
 */




/**
 * The environment segment of the trigger URL must be the id. The input may be a display name:
 * use the id the deploy step found, or look it up when credentials allow.
 */
async function resolveEnvironmentId(ctx, w, { deployed }) {
    if (deployed && deployed.app === w.app && deployed.account === w.account && deployed.environment === w.environment)
        return deployed.environmentId;
    // Without credentials the inputs already required an id (see the row's read).
    if (!ctx.inputs.credentials)
        return w.environment;
    const env = await (0,_common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .findEnvironment */ .j)(ctx.client, { account: w.account, app: w.app }, w.environment, ctx.signal);
    if (!env) {
        throw new _common_step_error_js__WEBPACK_IMPORTED_MODULE_3__/* .StepError */ .zg(`webhook: environment "${w.environment}" not found in app "${w.app}"; check the environment input`);
    }
    return (0,_common_find_environment_js__WEBPACK_IMPORTED_MODULE_1__/* .environmentId */ .X)(env);
}
async function triggerWebhook(ctx, w, carry) {
    const where = w.by === 'parts'
        ? `app "${w.app}" environment "${w.environment}"`
        : w.app
            ? `app "${w.app}" environment "${w.environment}"`
            : 'the given webhook-url';
    if (ctx.inputs.dryRun) {
        ctx.log.info(`would trigger ${w.name} on ${where}`);
        return;
    }
    const target = w.by === 'url'
        ? { url: w.url }
        : {
            account: w.account,
            app: w.app,
            environment: await resolveEnvironmentId(ctx, w, carry),
            action: w.action,
            token: w.token,
        };
    let status;
    try {
        ({ status } = await (0,_common_repeat_ambiguous_js__WEBPACK_IMPORTED_MODULE_2__/* .repeatAmbiguous */ .YG)(ctx, {
            what: `webhook ${w.name} on ${where}`,
            attempt: () => ctx.client.triggerWebhook(target, { signal: ctx.signal }),
        }));
    }
    catch (err) {
        if (!(err instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AuthenticationError */ .v3))
            throw err;
        throw new _common_step_error_js__WEBPACK_IMPORTED_MODULE_3__/* .StepError */ .zg(`webhook ${w.name} on ${where}: the service refused the token (401); the webhooks may have been regenerated or deleted: copy the current ${w.by === 'url' ? 'webhook-url' : 'webhook-token'} from the portal into the secret`, 'failure', { cause: err });
    }
    ctx.outputs.set('webhook-status', status);
    ctx.log.info(`${w.name} triggered on ${where} (HTTP ${status})`);
    ctx.journal.did(`${w.name} triggered`);
}


/***/ })

};
