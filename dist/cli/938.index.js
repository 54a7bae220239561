export const id = 938;
export const ids = [938];
export const modules = {

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

/***/ 55770:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   installCopy: () => (/* binding */ installCopy)
/* harmony export */ });
/* harmony import */ var _inputs_parsers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(45165);
/* harmony import */ var _common_repeat_ambiguous_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51311);
/* harmony import */ var _common_step_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(74164);



/** Walks every page of /installs once and finds both installs, by uuid or by name. */
async function resolveInstalls(client, wanted, signal) {
    const found = new Map();
    for await (const install of client.iterateInstalls({ limit: 100 }, { signal })) {
        for (const w of wanted) {
            if (((0,_inputs_parsers_js__WEBPACK_IMPORTED_MODULE_0__/* .isUuid */ .O1)(w) && install.id === w.toLowerCase()) || install.name === w)
                found.set(w, install);
        }
        if (found.size === wanted.length)
            break;
    }
    return found;
}
/** An id the service chose may reach an output (and a workflow's script) only in this form. */
const SAFE_ID = /^[A-Za-z0-9._~-]{1,200}$/;
function describe(install) {
    return `${install.name} (${install.environment ?? 'no environment'}, ${install.id})`;
}
async function installCopy(ctx, c) {
    const found = await resolveInstalls(ctx.client, [c.from, c.to], ctx.signal);
    const missing = [c.from, c.to].filter((w) => !found.has(w));
    if (missing.length > 0) {
        throw new _common_step_error_js__WEBPACK_IMPORTED_MODULE_2__/* .StepError */ .zg(`install ${missing.map((m) => `"${m}"`).join(' and ')} not found among the installs this API user can see; check copy-from/copy-to (install name or uuid) and the API user's access`);
    }
    const source = found.get(c.from);
    const destination = found.get(c.to);
    if (source.id === destination.id) {
        throw new _common_step_error_js__WEBPACK_IMPORTED_MODULE_2__/* .StepError */ .zg(`copy-from and copy-to both name install ${describe(source)}; give two different installs`);
    }
    const what = [
        c.includeFiles ? 'files' : '',
        c.includeDatabase ? (c.dbTables.length ? `database tables ${c.dbTables.join(', ')}` : 'database') : '',
    ]
        .filter(Boolean)
        .join(' and ');
    if (ctx.inputs.dryRun) {
        ctx.log.info(`would copy ${what} of ${describe(source)} over ${describe(destination)}`);
        return;
    }
    const accepted = await (0,_common_repeat_ambiguous_js__WEBPACK_IMPORTED_MODULE_1__/* .repeatAmbiguous */ .YG)(ctx, {
        what: `install copy ${source.name} → ${destination.name}`,
        attempt: () => ctx.client.createInstallCopy({
            source_environment_id: source.id,
            destination_environment_id: destination.id,
            ...(c.notificationEmails.length ? { notification_emails: [...c.notificationEmails] } : {}),
            custom_options: {
                include_files: c.includeFiles,
                include_db: c.includeDatabase,
                ...(c.dbTables.length ? { db_tables: [...c.dbTables] } : {}),
            },
        }, { signal: ctx.signal }),
    });
    // The API answers 202 and offers no route to follow the copy: say plainly that it is not done.
    // Its body is not shown by the spec: an id is named only when one came back, in a safe form.
    const id = accepted.id !== undefined && SAFE_ID.test(accepted.id) ? accepted.id : undefined;
    if (accepted.id !== undefined && id === undefined) {
        ctx.log.warning('output "install-copy-id" left empty: the service answered an id with characters other than letters, digits and ._~-, so it is not passed on to the workflow');
    }
    const under = id ? ` (id ${id})` : '';
    ctx.log.info(`install copy accepted${under}: the copy runs on the platform; ${what} of ${describe(source)} over ${describe(destination)}. It is not finished yet: a later step that needs the copied data must wait for it`);
    ctx.journal.did(`install copy ${source.name} → ${destination.name} accepted (it runs on the platform)`);
    ctx.journal.detail('install copy', 'copy', `accepted: the copy runs on the platform${under}`);
    ctx.outputs.set('install-copy', 'accepted');
    ctx.outputs.set('install-copy-id', id ?? '');
}


/***/ })

};
