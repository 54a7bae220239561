export const id = 902;
export const ids = [902];
export const modules = {

/***/ 22347:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  actionDoor: () => (/* binding */ actionDoor)
});

// EXTERNAL MODULE: ./src/inputs/from-env.ts + 1 modules
var from_env = __webpack_require__(4428);
;// CONCATENATED MODULE: ./src/util/cancellation.ts
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

;// CONCATENATED MODULE: ./src/util/log-guard.ts
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

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/command.js
var command = __webpack_require__(89635);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/file-command.js
var file_command = __webpack_require__(82902);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/utils.js
var utils = __webpack_require__(4679);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/summary.js
var summary = __webpack_require__(1170);
;// CONCATENATED MODULE: ./src/util/actions-core-parts.ts
/**
 * The part of @actions/core the action uses, for the bundle only: package.json maps
 * `#actions-core` here under the condition `production`, which ncc resolves with and node, tsx
 * (so @github/local-action) and vitest do not; they get `@actions/core` itself. Why: core.js
 * imports its OIDC client at its top, and with it an HTTP client and all of undici, which webpack
 * must keep (docs/start.md). This file takes core's own writers (lib/command.js,
 * lib/file-command.js, lib/utils.js, lib/summary.js), which core's exports map does not open, by
 * their paths, and repeats core.js's few lines around them; test/unit/actions-core-parts.test.ts
 * holds every function to what core.js writes for the same call.
 */





const actions_core_parts_text = (message) => (message instanceof Error ? message.toString() : message);
function info(message) {
    process.stdout.write(message + external_node_os_.EOL);
}
function debug(message) {
    (0,command/* issueCommand */.L)('debug', {}, message);
}
// Annotations without properties (a file, lines, a title): the action gives none.
function notice(message) {
    (0,command/* issueCommand */.L)('notice', {}, actions_core_parts_text(message));
}
function warning(message) {
    (0,command/* issueCommand */.L)('warning', {}, actions_core_parts_text(message));
}
function error(message) {
    (0,command/* issueCommand */.L)('error', {}, actions_core_parts_text(message));
}
async function group(name, fn) {
    (0,command/* issue */.s)('group', name);
    try {
        return await fn();
    }
    finally {
        (0,command/* issue */.s)('endgroup');
    }
}
function setSecret(secret) {
    (0,command/* issueCommand */.L)('add-mask', {}, secret);
}
function setOutput(name, value) {
    if (process.env['GITHUB_OUTPUT'])
        return (0,file_command/* issueFileCommand */.n)('OUTPUT', (0,file_command/* prepareKeyValueMessage */.v)(name, value));
    process.stdout.write(external_node_os_.EOL);
    (0,command/* issueCommand */.L)('set-output', { name }, (0,utils/* toCommandValue */.E)(value));
}
function setFailed(message) {
    process.exitCode = 1;
    error(message);
}

;// CONCATENATED MODULE: ./src/util/workflow-commands.ts
/**
 * What the action says to the runner: log lines, annotations, groups, masks, outputs, the job
 * summary, the exit code, all through @actions/core, so the tools that stand in for the runner
 * (`@github/local-action`, which replaces @actions/core with its own recorder) see what the
 * action does. This layer adds what the toolkit leaves to its callers: errors that name the
 * output or file they are about. Secrets are redacted before anything gets here (action-door.ts,
 * main.ts); plain log lines are neutralized there too (util/log-guard.ts): core.info writes them
 * as they are, while annotation, debug and group text travel as command data, which core
 * escapes.
 *
 * `#actions-core` is @actions/core itself for node, tsx (so local-action) and vitest. In the bundle
 * it is util/actions-core-parts.ts (package.json "imports", condition `production`): core's own
 * writers without core.js, which imports its OIDC client, an HTTP client and all of undici at its
 * top, and which webpack cannot leave out (no `sideEffects: false`; core's exports map opens no
 * file but core.js). Measured with `npm run bench -- start --baseline`: core.js loaded whole
 * cost 30-40 ms of CPU before the first request on Node 24 (40-60 on Node 20) on a busy 2-core
 * machine; its writers alone cost next to nothing (docs/start.md has the figures).
 */

function workflowCommands() {
    return {
        info: (message) => info(message),
        notice: (message) => notice(message),
        warning: (message) => warning(message),
        error: (message) => error(message),
        debug: (message) => debug(message),
        group: (name, fn) => group(name, fn),
        setSecret: (secret) => setSecret(secret),
        setOutput(name, value) {
            try {
                setOutput(name, value);
            }
            catch (err) {
                throw new Error(`output "${name}" not written to GITHUB_OUTPUT: ${err.message}`);
            }
        },
        async appendSummary(markdown) {
            try {
                await summary/* summary */.z.addRaw(markdown, true).write();
            }
            catch (err) {
                // The text stays in core's buffer when the write fails; a later summary must not carry it.
                summary/* summary */.z.emptyBuffer();
                throw err;
            }
        },
        setFailed: (message) => setFailed(message),
    };
}

;// CONCATENATED MODULE: ./src/action-door.ts




function actionDoor(read = (0,from_env/* readRunInputs */.h)()) {
    const runner = workflowCommands();
    return {
        getInput: from_env/* getInput */.V,
        read,
        registerSecret: (secret) => runner.setSecret(secret),
        logger: (redact) => ({
            info: (m) => runner.info(neutralizeCommands(redact(m))),
            notice: (m) => runner.notice(redact(m)),
            warning: (m) => runner.warning(redact(m)),
            error: (m) => runner.error(redact(m)),
            debug: (m) => runner.debug(redact(m)),
            group: (name, fn) => runner.group(redact(name), fn),
        }),
        setOutput: (name, value) => runner.setOutput(name, value),
        ...(process.env.GITHUB_STEP_SUMMARY ? { writeSummary: (markdown) => runner.appendSummary(markdown) } : {}),
        cancellation: (log) => processCancellation(log),
        end: ({ error }) => {
            if (error !== undefined)
                runner.setFailed(error);
        },
    };
}


/***/ }),

/***/ 89635:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ issueCommand),
/* harmony export */   s: () => (/* binding */ issue)
/* harmony export */ });
/* harmony import */ var os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(70857);
/* harmony import */ var _utils_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4679);


/**
 * Issues a command to the GitHub Actions runner
 *
 * @param command - The command name to issue
 * @param properties - Additional properties for the command (key-value pairs)
 * @param message - The message to include with the command
 * @remarks
 * This function outputs a specially formatted string to stdout that the Actions
 * runner interprets as a command. These commands can control workflow behavior,
 * set outputs, create annotations, mask values, and more.
 *
 * Command Format:
 *   ::name key=value,key=value::message
 *
 * @example
 * ```typescript
 * // Issue a warning annotation
 * issueCommand('warning', {}, 'This is a warning message');
 * // Output: ::warning::This is a warning message
 *
 * // Set an environment variable
 * issueCommand('set-env', { name: 'MY_VAR' }, 'some value');
 * // Output: ::set-env name=MY_VAR::some value
 *
 * // Add a secret mask
 * issueCommand('add-mask', {}, 'secretValue123');
 * // Output: ::add-mask::secretValue123
 * ```
 *
 * @internal
 * This is an internal utility function that powers the public API functions
 * such as setSecret, warning, error, and exportVariable.
 */
function issueCommand(command, properties, message) {
    const cmd = new Command(command, properties, message);
    process.stdout.write(cmd.toString() + os__WEBPACK_IMPORTED_MODULE_0__.EOL);
}
function issue(name, message = '') {
    issueCommand(name, {}, message);
}
const CMD_STRING = '::';
class Command {
    constructor(command, properties, message) {
        if (!command) {
            command = 'missing.command';
        }
        this.command = command;
        this.properties = properties;
        this.message = message;
    }
    toString() {
        let cmdStr = CMD_STRING + this.command;
        if (this.properties && Object.keys(this.properties).length > 0) {
            cmdStr += ' ';
            let first = true;
            for (const key in this.properties) {
                if (this.properties.hasOwnProperty(key)) {
                    const val = this.properties[key];
                    if (val) {
                        if (first) {
                            first = false;
                        }
                        else {
                            cmdStr += ',';
                        }
                        cmdStr += `${key}=${escapeProperty(val)}`;
                    }
                }
            }
        }
        cmdStr += `${CMD_STRING}${escapeData(this.message)}`;
        return cmdStr;
    }
}
function escapeData(s) {
    return (0,_utils_js__WEBPACK_IMPORTED_MODULE_1__/* .toCommandValue */ .E)(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A');
}
function escapeProperty(s) {
    return (0,_utils_js__WEBPACK_IMPORTED_MODULE_1__/* .toCommandValue */ .E)(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A')
        .replace(/:/g, '%3A')
        .replace(/,/g, '%2C');
}
//# sourceMappingURL=command.js.map

/***/ }),

/***/ 82902:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ issueFileCommand),
/* harmony export */   v: () => (/* binding */ prepareKeyValueMessage)
/* harmony export */ });
/* harmony import */ var crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76982);
/* harmony import */ var fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(79896);
/* harmony import */ var os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(70857);
/* harmony import */ var _utils_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4679);
// For internal use, subject to change.
// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */




function issueFileCommand(command, message) {
    const filePath = process.env[`GITHUB_${command}`];
    if (!filePath) {
        throw new Error(`Unable to find environment variable for file command ${command}`);
    }
    if (!fs__WEBPACK_IMPORTED_MODULE_1__.existsSync(filePath)) {
        throw new Error(`Missing file at path: ${filePath}`);
    }
    fs__WEBPACK_IMPORTED_MODULE_1__.appendFileSync(filePath, `${(0,_utils_js__WEBPACK_IMPORTED_MODULE_3__/* .toCommandValue */ .E)(message)}${os__WEBPACK_IMPORTED_MODULE_2__.EOL}`, {
        encoding: 'utf8'
    });
}
function prepareKeyValueMessage(key, value) {
    const delimiter = `ghadelimiter_${crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID()}`;
    const convertedValue = (0,_utils_js__WEBPACK_IMPORTED_MODULE_3__/* .toCommandValue */ .E)(value);
    // These should realistically never happen, but just in case someone finds a
    // way to exploit uuid generation let's not allow keys or values that contain
    // the delimiter.
    if (key.includes(delimiter)) {
        throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
    }
    if (convertedValue.includes(delimiter)) {
        throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
    }
    return `${key}<<${delimiter}${os__WEBPACK_IMPORTED_MODULE_2__.EOL}${convertedValue}${os__WEBPACK_IMPORTED_MODULE_2__.EOL}${delimiter}`;
}
//# sourceMappingURL=file-command.js.map

/***/ }),

/***/ 1170:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   z: () => (/* binding */ summary)
/* harmony export */ });
/* unused harmony exports SUMMARY_ENV_VAR, SUMMARY_DOCS_URL, markdownSummary */
/* harmony import */ var os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(70857);
/* harmony import */ var fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(79896);
var __awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};


const { access, appendFile, writeFile } = fs__WEBPACK_IMPORTED_MODULE_1__.promises;
const SUMMARY_ENV_VAR = 'GITHUB_STEP_SUMMARY';
const SUMMARY_DOCS_URL = 'https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions#adding-a-job-summary';
class Summary {
    constructor() {
        this._buffer = '';
    }
    /**
     * Finds the summary file path from the environment, rejects if env var is not found or file does not exist
     * Also checks r/w permissions.
     *
     * @returns step summary file path
     */
    filePath() {
        return __awaiter(this, void 0, void 0, function* () {
            if (this._filePath) {
                return this._filePath;
            }
            const pathFromEnv = process.env[SUMMARY_ENV_VAR];
            if (!pathFromEnv) {
                throw new Error(`Unable to find environment variable for $${SUMMARY_ENV_VAR}. Check if your runtime environment supports job summaries.`);
            }
            try {
                yield access(pathFromEnv, fs__WEBPACK_IMPORTED_MODULE_1__.constants.R_OK | fs__WEBPACK_IMPORTED_MODULE_1__.constants.W_OK);
            }
            catch (_a) {
                throw new Error(`Unable to access summary file: '${pathFromEnv}'. Check if the file has correct read/write permissions.`);
            }
            this._filePath = pathFromEnv;
            return this._filePath;
        });
    }
    /**
     * Wraps content in an HTML tag, adding any HTML attributes
     *
     * @param {string} tag HTML tag to wrap
     * @param {string | null} content content within the tag
     * @param {[attribute: string]: string} attrs key-value list of HTML attributes to add
     *
     * @returns {string} content wrapped in HTML element
     */
    wrap(tag, content, attrs = {}) {
        const htmlAttrs = Object.entries(attrs)
            .map(([key, value]) => ` ${key}="${value}"`)
            .join('');
        if (!content) {
            return `<${tag}${htmlAttrs}>`;
        }
        return `<${tag}${htmlAttrs}>${content}</${tag}>`;
    }
    /**
     * Writes text in the buffer to the summary buffer file and empties buffer. Will append by default.
     *
     * @param {SummaryWriteOptions} [options] (optional) options for write operation
     *
     * @returns {Promise<Summary>} summary instance
     */
    write(options) {
        return __awaiter(this, void 0, void 0, function* () {
            const overwrite = !!(options === null || options === void 0 ? void 0 : options.overwrite);
            const filePath = yield this.filePath();
            const writeFunc = overwrite ? writeFile : appendFile;
            yield writeFunc(filePath, this._buffer, { encoding: 'utf8' });
            return this.emptyBuffer();
        });
    }
    /**
     * Clears the summary buffer and wipes the summary file
     *
     * @returns {Summary} summary instance
     */
    clear() {
        return __awaiter(this, void 0, void 0, function* () {
            return this.emptyBuffer().write({ overwrite: true });
        });
    }
    /**
     * Returns the current summary buffer as a string
     *
     * @returns {string} string of summary buffer
     */
    stringify() {
        return this._buffer;
    }
    /**
     * If the summary buffer is empty
     *
     * @returns {boolen} true if the buffer is empty
     */
    isEmptyBuffer() {
        return this._buffer.length === 0;
    }
    /**
     * Resets the summary buffer without writing to summary file
     *
     * @returns {Summary} summary instance
     */
    emptyBuffer() {
        this._buffer = '';
        return this;
    }
    /**
     * Adds raw text to the summary buffer
     *
     * @param {string} text content to add
     * @param {boolean} [addEOL=false] (optional) append an EOL to the raw text (default: false)
     *
     * @returns {Summary} summary instance
     */
    addRaw(text, addEOL = false) {
        this._buffer += text;
        return addEOL ? this.addEOL() : this;
    }
    /**
     * Adds the operating system-specific end-of-line marker to the buffer
     *
     * @returns {Summary} summary instance
     */
    addEOL() {
        return this.addRaw(os__WEBPACK_IMPORTED_MODULE_0__.EOL);
    }
    /**
     * Adds an HTML codeblock to the summary buffer
     *
     * @param {string} code content to render within fenced code block
     * @param {string} lang (optional) language to syntax highlight code
     *
     * @returns {Summary} summary instance
     */
    addCodeBlock(code, lang) {
        const attrs = Object.assign({}, (lang && { lang }));
        const element = this.wrap('pre', this.wrap('code', code), attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML list to the summary buffer
     *
     * @param {string[]} items list of items to render
     * @param {boolean} [ordered=false] (optional) if the rendered list should be ordered or not (default: false)
     *
     * @returns {Summary} summary instance
     */
    addList(items, ordered = false) {
        const tag = ordered ? 'ol' : 'ul';
        const listItems = items.map(item => this.wrap('li', item)).join('');
        const element = this.wrap(tag, listItems);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML table to the summary buffer
     *
     * @param {SummaryTableCell[]} rows table rows
     *
     * @returns {Summary} summary instance
     */
    addTable(rows) {
        const tableBody = rows
            .map(row => {
            const cells = row
                .map(cell => {
                if (typeof cell === 'string') {
                    return this.wrap('td', cell);
                }
                const { header, data, colspan, rowspan } = cell;
                const tag = header ? 'th' : 'td';
                const attrs = Object.assign(Object.assign({}, (colspan && { colspan })), (rowspan && { rowspan }));
                return this.wrap(tag, data, attrs);
            })
                .join('');
            return this.wrap('tr', cells);
        })
            .join('');
        const element = this.wrap('table', tableBody);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds a collapsable HTML details element to the summary buffer
     *
     * @param {string} label text for the closed state
     * @param {string} content collapsable content
     *
     * @returns {Summary} summary instance
     */
    addDetails(label, content) {
        const element = this.wrap('details', this.wrap('summary', label) + content);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML image tag to the summary buffer
     *
     * @param {string} src path to the image you to embed
     * @param {string} alt text description of the image
     * @param {SummaryImageOptions} options (optional) addition image attributes
     *
     * @returns {Summary} summary instance
     */
    addImage(src, alt, options) {
        const { width, height } = options || {};
        const attrs = Object.assign(Object.assign({}, (width && { width })), (height && { height }));
        const element = this.wrap('img', null, Object.assign({ src, alt }, attrs));
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML section heading element
     *
     * @param {string} text heading text
     * @param {number | string} [level=1] (optional) the heading level, default: 1
     *
     * @returns {Summary} summary instance
     */
    addHeading(text, level) {
        const tag = `h${level}`;
        const allowedTag = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].includes(tag)
            ? tag
            : 'h1';
        const element = this.wrap(allowedTag, text);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML thematic break (<hr>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addSeparator() {
        const element = this.wrap('hr', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML line break (<br>) to the summary buffer
     *
     * @returns {Summary} summary instance
     */
    addBreak() {
        const element = this.wrap('br', null);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML blockquote to the summary buffer
     *
     * @param {string} text quote text
     * @param {string} cite (optional) citation url
     *
     * @returns {Summary} summary instance
     */
    addQuote(text, cite) {
        const attrs = Object.assign({}, (cite && { cite }));
        const element = this.wrap('blockquote', text, attrs);
        return this.addRaw(element).addEOL();
    }
    /**
     * Adds an HTML anchor tag to the summary buffer
     *
     * @param {string} text link text/content
     * @param {string} href hyperlink
     *
     * @returns {Summary} summary instance
     */
    addLink(text, href) {
        const element = this.wrap('a', text, { href });
        return this.addRaw(element).addEOL();
    }
}
const _summary = new Summary();
/**
 * @deprecated use `core.summary`
 */
const markdownSummary = (/* unused pure expression or super */ null && (_summary));
const summary = _summary;
//# sourceMappingURL=summary.js.map

/***/ }),

/***/ 4679:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ toCommandValue),
/* harmony export */   k: () => (/* binding */ toCommandProperties)
/* harmony export */ });
// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Sanitizes an input into a string so it can be passed into issueCommand safely
 * @param input input to sanitize into a string
 */
function toCommandValue(input) {
    if (input === null || input === undefined) {
        return '';
    }
    else if (typeof input === 'string' || input instanceof String) {
        return input;
    }
    return JSON.stringify(input);
}
/**
 *
 * @param annotationProperties
 * @returns The command properties to send with the actual annotation command
 * See IssueCommandProperties: https://github.com/actions/runner/blob/main/src/Runner.Worker/ActionCommandManager.cs#L646
 */
function toCommandProperties(annotationProperties) {
    if (!Object.keys(annotationProperties).length) {
        return {};
    }
    return {
        title: annotationProperties.title,
        file: annotationProperties.file,
        line: annotationProperties.startLine,
        endLine: annotationProperties.endLine,
        col: annotationProperties.startColumn,
        endColumn: annotationProperties.endColumn
    };
}
//# sourceMappingURL=utils.js.map

/***/ })

};
