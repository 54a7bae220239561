export const id = 98;
export const ids = [98];
export const modules = {

/***/ 30040:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ GrowingFile)
/* harmony export */ });
/**
 * A file another part of the process is still writing, as its readers see it: how far it is
 * on disk, and whether it is finished (with its final size) or failed (with the writer's
 * error). The writer reports; an upload sent while the zip is written reads up to `written`
 * and waits for more. Nothing of the file is held in memory: readers read it back from disk.
 */
class GrowingFile {
    path;
    /** Bytes on disk so far: a reader may read [0, written). */
    written = 0;
    /** The final size, once the writer is done. */
    size;
    /** The writer's error, once it has failed. */
    error;
    waiters = [];
    /** Settles with the final size, or the writer's error. */
    done;
    settle;
    constructor(path) {
        this.path = path;
        this.done = new Promise((resolve, reject) => {
            this.settle = { resolve, reject };
        });
        // A reader that never asks for `done` must not turn a writer's failure into an unhandled rejection.
        this.done.catch(() => undefined);
    }
    /** The writer has put this many bytes on disk. */
    grow(bytesOnDisk) {
        if (this.size !== undefined || this.error || bytesOnDisk <= this.written)
            return;
        this.written = bytesOnDisk;
        this.wake();
    }
    /** The writer is done: the file has its final size. */
    finish(size) {
        if (this.size !== undefined || this.error)
            return;
        this.written = size;
        this.size = size;
        this.settle.resolve(size);
        this.wake();
    }
    /** The writer failed: readers stop with its error. */
    fail(error) {
        if (this.size !== undefined || this.error)
            return;
        this.error = error;
        this.settle.reject(error);
        this.wake();
    }
    /** Resolves once more than `offset` bytes are on disk, or the file is finished or failed. */
    async beyond(offset) {
        while (this.written <= offset && this.size === undefined && !this.error) {
            await new Promise((resolve) => this.waiters.push(resolve));
        }
    }
    wake() {
        const waiters = this.waiters;
        this.waiters = [];
        for (const w of waiters)
            w();
    }
}


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

/***/ 65067:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  deploy: () => (/* binding */ deploy)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(53249);
// EXTERNAL MODULE: ./src/util/format.ts
var format = __webpack_require__(32693);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(58500);
;// CONCATENATED MODULE: ./src/archive/plan/compare-utf8.ts
/**
 * Orders strings by their UTF-8 bytes without encoding them: UTF-16 code units already sort
 * that way, except that surrogates (code points past U+FFFF) must come after U+E000-U+FFFF.
 * Zip entries are sorted so, which makes the archive the same whatever order a disk lists.
 */
function compareUtf8(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
        let x = a.charCodeAt(i);
        let y = b.charCodeAt(i);
        if (x === y)
            continue;
        if (x >= 0xd800 && y >= 0xd800) {
            x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
            y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
        }
        return x - y;
    }
    return a.length - b.length;
}

;// CONCATENATED MODULE: ./src/archive/plan/entry-name.ts
/**
 * Names read from the disk are bytes, and only some byte names make zip entries that unpack to
 * the same file everywhere: valid UTF-8 (the zip says UTF-8; anything else would be stored as
 * it is, or turn into U+FFFD and collide with another name), no control characters (a newline
 * could forge a line of the log, an ESC could drive the terminal), no backslash and no drive
 * prefix (Windows tools read `a\b` as a directory and `C:x` as another drive). A name that
 * fails is left out of the zip, and shown only escaped.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const COLON = 0x3a;
const isLetter = (b) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
/** C0 controls, DEL and C1 controls. */
const isControl = (code) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const hasControl = (text) => {
    for (let i = 0; i < text.length; i++)
        if (isControl(text.charCodeAt(i)))
            return true;
    return false;
};
/** Checks one name of a directory listing (no separators in it). */
function checkEntryName(raw) {
    const why = unsafeWhy(raw);
    return why === undefined ? { name: decodeName(raw) } : { escaped: escapeName(raw), why };
}
function unsafeWhy(raw) {
    if (raw.length === 0)
        return 'is empty';
    if (raw.length >= 2 && raw[1] === COLON && isLetter(raw[0]))
        return 'starts with a drive prefix';
    let ascii = true;
    for (let i = 0; i < raw.length; i++) {
        const b = raw[i];
        if (b < 0x20 || b === 0x7f)
            return 'holds a control character';
        if (b === BACKSLASH)
            return 'holds a backslash';
        if (b === SLASH)
            return 'holds a slash';
        if (b > 0x7f)
            ascii = false;
    }
    if (ascii)
        return undefined;
    let text;
    try {
        text = strictUtf8.decode(raw);
    }
    catch {
        return 'is not valid UTF-8';
    }
    return hasControl(text) ? 'holds a control character' : undefined;
}
/** The name as text; only for names `unsafeWhy` passed. */
function decodeName(raw) {
    return raw.toString('utf8');
}
/**
 * Characters escaped besides controls: the quote and backslash (so the result sits safely in
 * quotes), the Unicode line and paragraph separators, and the bidirectional overrides, which
 * can make a log line read differently from what it holds.
 */
const ESCAPE_ALSO = /["\\\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const SHORT = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
function escapeChar(ch) {
    if (SHORT[ch])
        return SHORT[ch];
    if (hasControl(ch) || ESCAPE_ALSO.test(ch))
        return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    return ch;
}
/**
 * Escapes a byte name as the body of a JSON string, except that bytes which are not part of a
 * valid UTF-8 sequence become `\xNN`: printable, one line, and distinct for distinct names.
 */
function escapeName(raw) {
    if (typeof raw === 'string')
        return [...raw].map(escapeChar).join('');
    let out = '';
    let i = 0;
    while (i < raw.length) {
        const len = sequenceLength(raw, i);
        if (len === 0) {
            out += `\\x${raw[i].toString(16).padStart(2, '0')}`;
            i++;
        }
        else {
            out += escapeChar(raw.toString('utf8', i, i + len));
            i += len;
        }
    }
    return out;
}
/** Length of the valid UTF-8 sequence at `i` (1 to 4), or 0 when the byte there starts none. */
function sequenceLength(b, i) {
    const lead = b[i];
    if (lead < 0x80)
        return 1;
    let len;
    let min;
    if (lead >= 0xc2 && lead <= 0xdf)
        [len, min] = [2, 0x80];
    else if (lead >= 0xe0 && lead <= 0xef)
        [len, min] = [3, 0x800];
    else if (lead >= 0xf0 && lead <= 0xf4)
        [len, min] = [4, 0x10000];
    else
        return 0;
    if (i + len > b.length)
        return 0;
    let cp = lead & (0xff >> (len + 1));
    for (let k = 1; k < len; k++) {
        const c = b[i + k];
        if ((c & 0xc0) !== 0x80)
            return 0;
        cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

// EXTERNAL MODULE: ./node_modules/ignore/index.js
var ignore = __webpack_require__(70298);
var ignore_default = /*#__PURE__*/__webpack_require__.n(ignore);
// EXTERNAL MODULE: ./src/util/lines.ts
var util_lines = __webpack_require__(70895);
;// CONCATENATED MODULE: ./src/archive/plan/literal-rules.ts
/**
 * Rules that are plain names (`secret.txt`, `docs/old/`, `/build`): most of a long, generated
 * rule file. Matching each path against every such rule in turn makes a walk cost files × rules;
 * looked up by name instead, a path costs what the rules that can match it cost. What a plain
 * name matches is exactly what gitignore (and the `ignore` package) makes of it: with a slash
 * before its end, the path itself, relative to the root; without, any path of that base name;
 * with a final slash, directories only.
 */
/** The characters that make a pattern more than a name, and the shapes gitignore reads specially. */
const SPECIAL = /[*?[\\\s]/;
/** The literal reading of a positive pattern, or null when it is not one. */
function literalOf(pattern) {
    if (pattern.startsWith('!') || pattern.startsWith('#') || SPECIAL.test(pattern))
        return null;
    const dirOnly = pattern.endsWith('/');
    const leading = pattern.startsWith('/');
    const body = pattern.slice(leading ? 1 : 0, dirOnly ? -1 : undefined);
    if (body === '' || body.split('/').some((seg) => seg === '' || seg === '.' || seg === '..'))
        return null;
    return { body, anchored: leading || body.includes('/'), dirOnly };
}
class LiteralRules {
    byPath = new Map();
    byName = new Map();
    size = 0;
    /** Takes the rule when it is a plain name; false when it must be matched as a pattern. */
    add(pattern, index) {
        const lit = literalOf(pattern);
        if (!lit)
            return false;
        const map = lit.anchored ? this.byPath : this.byName;
        const list = map.get(lit.body) ?? [];
        list.push({ index, dirOnly: lit.dirOnly });
        map.set(lit.body, list);
        this.size++;
        return true;
    }
    /** The index of the last rule that matches `relPath` itself (a directory ends in `/`), or -1. */
    last(relPath) {
        if (this.size === 0)
            return -1;
        const isDir = relPath.endsWith('/');
        const p = isDir ? relPath.slice(0, -1) : relPath;
        let best = -1;
        const pick = (list) => {
            for (const l of list ?? [])
                if (l.index > best && (isDir || !l.dirOnly))
                    best = l.index;
        };
        pick(this.byPath.get(p));
        pick(this.byName.get(p.slice(p.lastIndexOf('/') + 1)));
        return best;
    }
}

;// CONCATENATED MODULE: ./src/archive/plan/exclude-rules.ts




/**
 * Always excluded, before any rule the user gives (which may re-include them with `!`).
 * `.env*.local` (`.env.local`, `.env.production.local`, at any depth) is where Next.js, Vite,
 * Create React App and others keep a developer's or a CI job's secrets; they are never committed.
 */
const DEFAULT_EXCLUDES = ['.git/', 'node_modules/', '.env*.local'];
/** The default rule for local env files: what it leaves out is named in the log and the summary. */
const LOCAL_ENV_RULE = '.env*.local';
/**
 * Most rules one source (the `exclude` input, the exclude-from file) may hold. Every path of the
 * walk is tested against every rule, so a generated list of a hundred thousand paths costs
 * minutes; a hand-written list is far shorter.
 */
const MAX_RULES_PER_SOURCE = 10_000;
/**
 * `./docs/` means the root's docs directory to anyone who writes it, but gitignore matches no
 * path against it; it becomes the anchored `/docs/`, which does what was meant.
 */
function normalisePattern(pattern) {
    const bang = pattern.startsWith('!') ? '!' : '';
    let body = bang ? pattern.slice(1) : pattern;
    if (!body.startsWith('./'))
        return pattern;
    while (body.startsWith('./'))
        body = body.slice(2);
    return `${bang}/${body}`;
}
/**
 * Compiles the defaults, the `exclude` input and the exclude-from file into one gitignore rule
 * list, so that a later rule overrides an earlier one exactly as in a single .gitignore at the
 * root. Patterns are case-sensitive, as git's are on the Linux runners. Each rule is labelled
 * by where it came from: `exclude:N` counts the input's patterns (blank lines and comments
 * aside), `<file>:N` the file's lines, as an editor numbers them.
 */
function buildExcludeRules(input) {
    const rules = [];
    const patterns = [];
    const add = (source, label, line) => {
        const pattern = normalisePattern(line);
        rules.push({ source, label, negated: pattern.startsWith('!'), files: 0, dirs: 0, bytes: 0 });
        patterns.push(pattern);
    };
    const isRule = (line) => line.trim() !== '' && !line.startsWith('#');
    for (const p of DEFAULT_EXCLUDES)
        add('default', p, p);
    let n = 0;
    for (const item of input.exclude ?? []) {
        for (const line of (0,util_lines/* splitLines */.u)(item))
            if (isRule(line))
                add('exclude', `exclude:${++n}`, line.trim());
    }
    if (n > MAX_RULES_PER_SOURCE)
        throw new Error(tooMany('input "exclude"', n));
    if (input.excludeFrom) {
        const { name, text } = input.excludeFrom;
        const lines = (0,util_lines/* splitLines */.u)(text);
        const count = lines.filter(isRule).length;
        if (count > MAX_RULES_PER_SOURCE)
            throw new Error(tooMany(`input "exclude-from": file "${name}"`, count));
        lines.forEach((line, i) => isRule(line) && add('exclude-from', `${name}:${i + 1}`, line));
    }
    // Plain names are looked up, not matched in turn (literal-rules.ts). Every `!` rule stays a
    // pattern, so the patterns alone never leave out a folder that the rules as a whole keep: the
    // last rule to match a kept folder is a `!` rule, or none, and that holds among the patterns too.
    const literals = new LiteralRules();
    const matched = [];
    patterns.forEach((pattern, i) => literals.add(pattern, i) || matched.push({ pattern, mark: String(i) }));
    // allowRelativePaths only lifts a check that would throw on legal names such as "...".
    const options = { ignorecase: false, allowRelativePaths: true };
    const ig = ignore_default()(options).add(matched);
    // The matcher says that a `!` rule kept a path, not which one: each gets a matcher of its own,
    // asked only about the (few) paths some `!` rule kept, last rule first as git decides.
    const keepers = [];
    patterns.forEach((p, index) => p.startsWith('!') && keepers.unshift({ index, ig: ignore_default()(options).add(p.slice(1)) }));
    /** The rule that decides `relPath` itself, given that no folder above it is left out. */
    const own = (relPath) => {
        const result = ig.test(relPath);
        let index = -1;
        if (result.ignored)
            index = result.rule?.mark !== undefined ? Number(result.rule.mark) : -1;
        else if (result.unignored)
            index = keepers.find((k) => k.ig.ignores(relPath))?.index ?? -1;
        return Math.max(index, literals.last(relPath));
    };
    return {
        rules,
        match(relPath) {
            // A folder above that a plain name leaves out decides, as git never looks inside it.
            if (literals.size > 0) {
                for (let at = relPath.indexOf('/'); at >= 0 && at < relPath.length - 1; at = relPath.indexOf('/', at + 1)) {
                    const above = own(relPath.slice(0, at + 1));
                    if (above >= 0 && !rules[above].negated)
                        return above;
                }
            }
            return own(relPath);
        },
    };
}
function tooMany(what, count) {
    return `${what} holds ${(0,format/* groupDigits */.K9)(count)} rules, more than the ${(0,format/* groupDigits */.K9)(MAX_RULES_PER_SOURCE)} one source may hold; keep the patterns that match something (a folder's name rather than each file in it)`;
}

;// CONCATENATED MODULE: ./src/archive/plan/gitignore-rules.ts




/**
 * Folder names that usually hold build output: a `.gitignore` lists them because they are built,
 * and a deploy that respects it leaves out what the app may need to run.
 */
const BUILD_OUTPUT_DIRS = [
    'dist',
    'build',
    'out',
    '.next',
    '.nuxt',
    '.output',
    '.svelte-kit',
];
/**
 * The workspace's `.gitignore` files, each applied to its own folder as git applies them: a
 * pattern is relative to the folder of the file that holds it, and a deeper file decides before
 * a shallower one (its `!` can put back what a parent's file left out).
 */
class GitignoreRules {
    files = [];
    /** What they left out: folders pruned whole (not read) and single files. */
    leftOut = { files: 0, dirs: 0 };
    /** Folders left out that look like build output (`dist/`, `.next/`), relative to the root. */
    buildOutputDirs = [];
    /**
     * Adds the `.gitignore` of folder `under` (relative to the root, '' for the root). `prefix`: for
     * a file in a folder above the root, the root's path relative to that folder, with a final `/`.
     */
    add(shown, text, under, prefix = '') {
        const patterns = (0,util_lines/* splitLines */.u)(text).filter((line) => line.trim() !== '' && !line.startsWith('#'));
        if (patterns.length > MAX_RULES_PER_SOURCE) {
            throw new Error(`input "respect-gitignore": ${shown} holds ${(0,format/* groupDigits */.K9)(patterns.length)} rules, more than the ${(0,format/* groupDigits */.K9)(MAX_RULES_PER_SOURCE)} one file may hold; set respect-gitignore to false, or shorten it`);
        }
        if (patterns.length === 0)
            return;
        const ig = ignore_default()({ ignorecase: false, allowRelativePaths: true }).add(patterns);
        this.files.push({ ig, under, prefix });
    }
    /** Whether a `.gitignore` leaves out `rel` (a folder is tested as `rel/`); counts what it did. */
    ignores(rel, isDir) {
        for (let i = this.files.length - 1; i >= 0; i--) {
            const f = this.files[i];
            if (f.under !== '' && !rel.startsWith(`${f.under}/`))
                continue;
            const sub = f.prefix + (f.under === '' ? rel : rel.slice(f.under.length + 1));
            const result = f.ig.test(isDir ? `${sub}/` : sub);
            if (result.unignored)
                return false;
            if (!result.ignored)
                continue;
            if (isDir) {
                this.leftOut.dirs++;
                const name = rel.slice(rel.lastIndexOf('/') + 1);
                if (BUILD_OUTPUT_DIRS.includes(name))
                    this.buildOutputDirs.push(rel);
            }
            else
                this.leftOut.files++;
            return true;
        }
        return false;
    }
}

// EXTERNAL MODULE: ./src/util/path-api.ts
var path_api = __webpack_require__(62488);
;// CONCATENATED MODULE: ./src/archive/plan/walk-fs.ts

const nodeWalkFs = {
    readdir: (dir) => (0,external_node_fs_.readdirSync)(dir, { withFileTypes: true, encoding: 'buffer' }),
    lstat: (path) => (0,external_node_fs_.lstatSync)(path),
    realpath: (path) => external_node_fs_.realpathSync.native(path),
};
/** Path semantics (node's own, or `path.win32` in tests) and the one containment test. */


;// CONCATENATED MODULE: ./src/archive/plan/rule-file.ts



/** A rule file larger than this is refused: no list of patterns needs more, and memory is ours. */
const RULE_FILE_MAX_BYTES = 1024 * 1024;
/**
 * Refuse a link as the last component, and never block on a FIFO. 0 where the platform lacks
 * the flag; the lstat before and the fstat after the open cover it there.
 */
const OPEN_FLAGS = external_node_fs_.constants.O_RDONLY | (external_node_fs_.constants.O_NOFOLLOW ?? 0) | (external_node_fs_.constants.O_NONBLOCK ?? 0);
const rule_file_strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** The fix for a file that is not a list of patterns: most likely the input names the wrong one. */
const NAME_A_FILE = 'give exclude-from a text file of exclude patterns, one a line';
/**
 * Reads a file of the workspace that the action itself consumes (the exclude-from file). The
 * workspace is not trusted: a committed `.deployignore` may be a link to `~/.ssh/id_rsa`, to
 * `/proc/self/environ` or to `../.git/config`, or a FIFO, or huge. So the file must be a regular
 * file, named without a link at its end, whose real path is inside `root`, and at most
 * RULE_FILE_MAX_BYTES of UTF-8. Errors name it only as the input gave it, never by its content.
 */
function readRuleFile(opts) {
    const { path, fs } = opts;
    const shown = opts.shown ?? `exclude-from file "${escapeName(opts.rel)}"`;
    const fail = (why, cause) => {
        throw new Error(`${shown} ${why}`, cause === undefined ? undefined : { cause });
    };
    const abs = path.resolve(opts.root, opts.rel);
    if (!(0,path_api/* isInside */.F)(path, opts.root, abs))
        fail('is outside the path input; give a file inside it');
    let real;
    let before;
    try {
        before = fs.lstat(abs);
        real = fs.realpath(abs);
    }
    catch (err) {
        return fail(`cannot be read (${code(err)}); give a path relative to the path input`, err);
    }
    if (!(0,path_api/* isInside */.F)(path, opts.rootReal, real)) {
        fail('leads out of the path input through a symbolic link; give a file inside it');
    }
    if (before.isSymbolicLink())
        fail('is a symbolic link; name the file itself');
    if (!before.isFile())
        fail(`is not a regular file; ${NAME_A_FILE}`);
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(abs, OPEN_FLAGS);
    }
    catch (err) {
        if (code(err) === 'ELOOP')
            return fail('is a symbolic link; name the file itself', err);
        return fail(`cannot be read (${code(err)}); give a path relative to the path input`, err);
    }
    try {
        const st = (0,external_node_fs_.fstatSync)(fd);
        // What was opened must be what was checked: a swap since the lstat is refused.
        if (!st.isFile() || st.dev !== before.dev || st.ino !== before.ino)
            fail('changed while it was being read; run again, and look for what else writes the workspace');
        if (st.size > RULE_FILE_MAX_BYTES)
            fail(`is larger than ${RULE_FILE_MAX_BYTES / 1024 / 1024} MiB; ${NAME_A_FILE}`);
        const buf = Buffer.allocUnsafe(RULE_FILE_MAX_BYTES + 1);
        let n = 0;
        for (let got = -1; got !== 0 && n < buf.length; n += got)
            got = (0,external_node_fs_.readSync)(fd, buf, n, buf.length - n, null);
        if (n > RULE_FILE_MAX_BYTES)
            fail(`is larger than ${RULE_FILE_MAX_BYTES / 1024 / 1024} MiB; ${NAME_A_FILE}`);
        try {
            return rule_file_strictUtf8.decode(buf.subarray(0, n));
        }
        catch {
            return fail(`is not UTF-8 text; save it as UTF-8, or ${NAME_A_FILE}`);
        }
    }
    catch (err) {
        if (err instanceof Error && err.message.startsWith(shown))
            throw err;
        return fail(`cannot be read (${code(err)})`, err);
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
const code = (err) => err.code ?? 'error';

;// CONCATENATED MODULE: ./src/archive/plan/resolve-link.ts

/**
 * Decides what a symlink becomes: a link entry when it resolves inside the root, written as the
 * relative path from the link's directory to what it resolves to (so an absolute or roundabout
 * link still works wherever the zip is unpacked); otherwise left out, with why.
 */
function resolveLink(fs, path, absPath, rel, rootReal) {
    let real;
    try {
        real = fs.realpath(absPath);
    }
    catch (err) {
        const code = err.code;
        if (code === 'ELOOP')
            return { skip: 'symlink-loop' };
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return { skip: 'symlink-dangling' };
        throw new Error(`cannot resolve symbolic link "${rel}" (${code ?? 'unknown error'})`, { cause: err });
    }
    if (!(0,path_api/* isInside */.F)(path, rootReal, real))
        return { skip: 'symlink-outside-root' };
    const fromRoot = path.relative(rootReal, real);
    // Directories below the root are walked, never followed through links, so the link's
    // directory is the root's real path joined with its relative one.
    const linkDir = path.join(rootReal, ...rel.split('/').slice(0, -1));
    const target = path.relative(linkDir, real).split(path.sep).join('/') || '.';
    return { target, targetRel: fromRoot.split(path.sep).join('/') };
}

;// CONCATENATED MODULE: ./src/archive/plan/walk.ts



/** How many names of files the default `.env*.local` rule left out are kept, to be named. */
const LOCAL_ENV_NAMED = 20;
const GITIGNORE = Buffer.from('.gitignore');
const walk_code = (err) => err.code ?? 'error';
const gone = (err) => walk_code(err) === 'ENOENT' || walk_code(err) === 'ENOTDIR';
const why = (err) => (walk_code(err) === 'EACCES' || walk_code(err) === 'EPERM' ? 'permission denied' : walk_code(err));
/**
 * Reads directories one at a time and decides each name. Nothing is followed: a directory is
 * read only while it is still the directory its parent listed (same device and inode, not a
 * link), checked before and after the read, so one swapped for a link to somewhere else in the
 * meantime yields nothing from there.
 */
class Walk {
    fs;
    path;
    rules;
    rootReal;
    warn;
    skip;
    gitignore;
    entries = [];
    /** Files the default `.env*.local` rule left out (the first LOCAL_ENV_NAMED of them). */
    localEnvLeftOut = [];
    /** How many files the default `.env*.local` rule left out. */
    localEnvCount = 0;
    constructor(fs, path, rules, rootReal, warn, skip, gitignore) {
        this.fs = fs;
        this.path = path;
        this.rules = rules;
        this.rootReal = rootReal;
        this.warn = warn;
        this.skip = skip;
        this.gitignore = gitignore;
    }
    /** Reads one directory; returns the subdirectories still to walk. */
    directory(dir) {
        if (!this.unchanged(dir))
            return [];
        let dirents;
        try {
            dirents = this.fs.readdir(dir.abs);
        }
        catch (err) {
            if (gone(err)) {
                this.skip(dir.rel, 'vanished');
                return [];
            }
            throw new Error(`cannot read directory "${dir.rel || '.'}" (${why(err)}); make it readable or exclude it`, {
                cause: err,
            });
        }
        const found = { entries: [], subdirs: [], skipped: [] };
        if (this.gitignore && dirents.some((d) => d.isFile() && d.name.equals(GITIGNORE)))
            this.gitignore.load(dir);
        for (const d of dirents)
            this.child(dir, d, found);
        if (!this.unchanged(dir))
            return [];
        this.entries.push(...found.entries);
        for (const s of found.skipped)
            this.skip(s.path, s.reason, s.why);
        return found.subdirs;
    }
    /** Whether `dir` is still the directory that was listed (the root: the one first seen). */
    unchanged(dir) {
        let st;
        try {
            st = this.fs.lstat(dir.abs);
        }
        catch (err) {
            if (!gone(err))
                throw new Error(`cannot read directory "${dir.rel || '.'}" (${why(err)})`, { cause: err });
            this.skip(dir.rel, 'vanished');
            return false;
        }
        if (st.isDirectory() && st.dev === dir.dev && st.ino === dir.ino)
            return true;
        if (dir.rel === '')
            throw new Error('the directory to archive was replaced while it was being read');
        this.skip(dir.rel, 'replaced');
        return false;
    }
    child(dir, d, found) {
        const checked = checkEntryName(d.name);
        if ('escaped' in checked) {
            const shown = dir.rel ? `${escapeName(dir.rel)}/${checked.escaped}` : checked.escaped;
            found.skipped.push({ path: shown, reason: 'unsafe-name', why: checked.why });
            return;
        }
        const rel = dir.rel ? `${dir.rel}/${checked.name}` : checked.name;
        const abs = dir.abs.endsWith(this.path.sep) ? dir.abs + checked.name : dir.abs + this.path.sep + checked.name;
        const isDir = d.isDirectory();
        const index = this.rules.match(isDir ? `${rel}/` : rel);
        const rule = index >= 0 ? this.rules.rules[index] : undefined;
        if (rule && !rule.negated) {
            if (isDir)
                rule.dirs++;
            else {
                rule.files++;
                rule.bytes += this.sizeOf(abs);
                if (rule.source === 'default' && rule.label === LOCAL_ENV_RULE) {
                    if (this.localEnvCount++ < LOCAL_ENV_NAMED)
                        this.localEnvLeftOut.push(rel);
                }
            }
            return;
        }
        // A `!` exclude rule keeps what it names whatever a .gitignore says (and, for a folder, all in it).
        const kept = dir.kept === true || rule !== undefined;
        if (!kept && this.gitignore?.rules.ignores(rel, isDir))
            return;
        const before = found.entries.length;
        if (isDir) {
            const st = this.stat(abs, rel, found);
            if (st?.isDirectory())
                found.subdirs.push({ abs, rel, dev: st.dev, ino: st.ino, ...(kept ? { kept } : {}) });
            else if (st)
                found.skipped.push({ path: rel, reason: 'replaced' });
        }
        else if (d.isFile()) {
            this.file(abs, rel, found);
        }
        else if (d.isSymbolicLink()) {
            this.link(abs, rel, found);
        }
        else {
            found.skipped.push({ path: rel, reason: d.isFIFO() ? 'fifo' : d.isSocket() ? 'socket' : 'device' });
        }
        // A `!` rule is counted for what it put back.
        if (rule) {
            if (isDir)
                rule.dirs++;
            else if (found.entries.length > before) {
                rule.files++;
                rule.bytes += found.entries[found.entries.length - 1].size;
            }
        }
    }
    /** lstat, or undefined (recorded as vanished) when the name is gone. */
    stat(abs, rel, found) {
        try {
            return this.fs.lstat(abs);
        }
        catch (err) {
            if (!gone(err))
                throw new Error(`cannot read "${rel}" (${why(err)}); make it readable or exclude it`, { cause: err });
            found.skipped.push({ path: rel, reason: 'vanished' });
            return undefined;
        }
    }
    excludes(relPath) {
        const index = this.rules.match(relPath);
        return index >= 0 && !this.rules.rules[index].negated;
    }
    sizeOf(abs) {
        try {
            return this.fs.lstat(abs).size;
        }
        catch {
            return 0;
        }
    }
    file(abs, rel, found) {
        const st = this.stat(abs, rel, found);
        if (!st)
            return;
        if (!st.isFile())
            return void found.skipped.push({ path: rel, reason: 'replaced' });
        const mode = st.mode & 0o111 ? 0o755 : 0o644;
        found.entries.push({ name: rel, absPath: abs, size: st.size, mode, kind: 'file', dev: st.dev, ino: st.ino });
    }
    link(abs, rel, found) {
        const st = this.stat(abs, rel, found);
        if (!st)
            return;
        if (!st.isSymbolicLink())
            return void found.skipped.push({ path: rel, reason: 'replaced' });
        const outcome = resolveLink(this.fs, this.path, abs, rel, this.rootReal);
        if ('skip' in outcome)
            return void found.skipped.push({ path: rel, reason: outcome.skip });
        const { target, targetRel } = outcome;
        // The target is stored as the link's bytes and shown in warnings: it must be as safe as a name
        // (and a U+FFFD may stand for bytes that were not UTF-8, so the link would lead elsewhere).
        const unsafe = (seg) => seg.includes('\ufffd') || 'escaped' in checkEntryName(Buffer.from(seg, 'utf8'));
        if (targetRel.split('/').some((seg) => seg !== '' && unsafe(seg))) {
            return void found.skipped.push({ path: rel, reason: 'unsafe-target' });
        }
        if (targetRel !== '' && (this.excludes(targetRel) || this.excludes(`${targetRel}/`))) {
            this.warn?.(`symbolic link "${rel}" points to excluded "${targetRel}"; kept, but it will dangle when unpacked`);
        }
        const size = Buffer.byteLength(target, 'utf8');
        found.entries.push({
            name: rel,
            absPath: abs,
            size,
            mode: 0o777,
            kind: 'symlink',
            linkTarget: target,
            dev: st.dev,
            ino: st.ino,
        });
    }
}

;// CONCATENATED MODULE: ./src/archive/plan/plan-archive.ts










/**
 * The walk is synchronous; it lets timers and other work in after this many directories: often
 * enough that the look-ups started at the first entry are connected, sent and answered while the
 * walk goes on. Every 64 directories kept the first request 15-25 ms longer on the medium bench
 * tree (`npm run bench -- start`); walking the large and medium trees took no longer with 8.
 */
const YIELD_EVERY_DIRS = 8;
/**
 * Turns given up after `onFirstEntry`, so that a request it starts is on the wire before the
 * walk takes the thread again. Measured on loopback: a warm HTTP client's request leaves in
 * one turn (connected, then written), undici's very first one of a process in two.
 */
const TURNS_AFTER_FIRST_ENTRY = 2;
const SKIP_WORDS = {
    'symlink-outside-root': 'is a symbolic link to something outside the archived directory',
    'symlink-dangling': 'is a symbolic link to nothing',
    'symlink-loop': 'is a symbolic link in a loop',
    fifo: 'is a FIFO',
    socket: 'is a socket',
    device: 'is a device',
    vanished: 'vanished during the walk',
    replaced: 'was replaced (by a link or another file) during the walk',
    'unsafe-name': 'has a name that cannot go in a zip safely',
    'unsafe-target': 'is a symbolic link whose target name cannot go in a zip safely',
};
/**
 * Walks `root` once and decides what the zip will hold. An excluded directory is never read,
 * so a large node_modules costs one name test. Nothing is followed out of the root, and no
 * name goes in that could not be unpacked as itself everywhere.
 */
async function planArchive(opts) {
    const fs = { ...nodeWalkFs, ...opts.fs };
    const path = opts.path ?? (external_node_path_default());
    const root = path.resolve(opts.root);
    let rootReal;
    try {
        rootReal = fs.realpath(root);
    }
    catch (err) {
        throw new Error(`path "${escapeName(opts.root)}" not found; check the path input`, { cause: err });
    }
    const rootStat = fs.lstat(rootReal);
    if (!rootStat.isDirectory())
        throw new Error(`path "${escapeName(opts.root)}" is not a directory`);
    const excludeFrom = opts.excludeFromFile
        ? {
            name: escapeName(opts.excludeFromFile.split(path.sep).join('/')),
            text: readRuleFile({ root, rootReal, rel: opts.excludeFromFile, path, fs }),
        }
        : undefined;
    const rules = buildExcludeRules({ exclude: opts.exclude, excludeFrom });
    const gitignore = opts.respectGitignore ? gitignoreOf(opts, fs, path, root) : undefined;
    const skipped = [];
    const walk = new Walk(fs, path, rules, rootReal, opts.warn, (rel, reason, why) => {
        skipped.push({ path: rel, reason });
        const words = why ? `${SKIP_WORDS[reason]} (it ${why})` : SKIP_WORDS[reason];
        opts.warn?.(`"${rel}" ${words}; left out of the archive`);
    }, gitignore);
    const dirs = [{ abs: rootReal, rel: '', dev: rootStat.dev, ino: rootStat.ino }];
    let onFirstEntry = opts.onFirstEntry;
    for (let n = 1, dir = dirs.pop(); dir; n++, dir = dirs.pop()) {
        dirs.push(...walk.directory(dir));
        if (onFirstEntry && walk.entries.length > 0) {
            onFirstEntry();
            onFirstEntry = undefined;
            for (let turn = 0; turn < TURNS_AFTER_FIRST_ENTRY; turn++)
                await (0,external_node_timers_promises_.setImmediate)();
        }
        else if (n % YIELD_EVERY_DIRS === 0)
            await (0,external_node_timers_promises_.setImmediate)();
    }
    const entries = walk.entries.sort((a, b) => compareUtf8(a.name, b.name));
    // Names come from distinct byte names of directories, checked to be valid UTF-8, so two equal
    // names would be a bug here; a zip with both would unpack one over the other.
    for (let i = 1; i < entries.length; i++) {
        if (entries[i - 1].name === entries[i].name) {
            throw new Error(`two entries named "${escapeName(entries[i].name)}" were planned; this is a bug`);
        }
    }
    const unmatchedRules = rules.rules
        .filter((r) => r.source !== 'default' && r.files + r.dirs === 0)
        .map((r) => r.label);
    const unmatched = unmatchedWarning(unmatchedRules);
    if (unmatched)
        opts.warn?.(unmatched);
    return {
        root,
        entries,
        totalBytes: entries.reduce((sum, e) => sum + e.size, 0),
        skipped: skipped.sort((a, b) => compareUtf8(a.path, b.path)),
        rules: rules.rules,
        unmatchedRules,
        hasRootPackageJson: entries.some((e) => e.name === 'package.json'),
        localEnvLeftOut: { count: walk.localEnvCount, names: walk.localEnvLeftOut.sort(compareUtf8) },
        ...(gitignore
            ? {
                gitignored: {
                    ...gitignore.rules.leftOut,
                    buildOutputDirs: gitignore.rules.buildOutputDirs.sort(compareUtf8),
                },
            }
            : {}),
    };
}
/** How many unmatched rules one warning names: the rest are counted. */
const UNMATCHED_NAMED = 5;
/**
 * One warning for every rule that matched nothing, however many: a generated list of thousands
 * of stale paths must not become thousands of annotations.
 */
function unmatchedWarning(labels) {
    if (labels.length === 0)
        return null;
    const how = 'patterns are matched against paths relative to the path input ("/x" anchors one there, "x/" matches directories only)';
    if (labels.length === 1)
        return `exclude rule ${labels[0]} matched nothing; ${how}`;
    const named = labels.slice(0, UNMATCHED_NAMED).join(', ');
    const more = labels.length > UNMATCHED_NAMED ? ` and ${(0,format/* groupDigits */.K9)(labels.length - UNMATCHED_NAMED)} more` : '';
    return `${(0,format/* groupDigits */.K9)(labels.length)} exclude rules matched nothing: ${named}${more}; ${how}`;
}
/**
 * The `.gitignore` files of the folders above the root (read now) and a loader for those the walk
 * finds. One that cannot be read safely (a link, not a regular file, over 1 MiB, not UTF-8) is
 * not applied, with a warning: it is the workspace's, and may be hostile.
 */
function gitignoreOf(opts, fs, path, root) {
    const rules = new GitignoreRules();
    const read = (dirAbs, dirReal, shown, add) => {
        try {
            fs.lstat(path.join(dirAbs, '.gitignore'));
        }
        catch {
            return;
        }
        let text;
        try {
            text = readRuleFile({ root: dirAbs, rootReal: dirReal, rel: '.gitignore', path, fs, shown });
        }
        catch (err) {
            opts.warn?.(`${err.message}; it was not applied (respect-gitignore)`);
            return;
        }
        add(text);
    };
    const top = opts.gitignoreTop ? path.resolve(opts.gitignoreTop) : root;
    const above = [];
    for (let dir = path.dirname(root); (0,path_api/* isInside */.F)(path, top, dir) && dir !== root; dir = path.dirname(dir)) {
        above.unshift(dir);
        if (dir === top || path.dirname(dir) === dir)
            break;
    }
    for (const dir of above) {
        const rel = path.relative(dir, root).split(path.sep).join('/');
        const shown = `.gitignore of "${escapeName(path.relative(top, dir).split(path.sep).join('/') || '.')}"`;
        read(dir, fs.realpath(dir), shown, (text) => rules.add(shown, text, '', `${rel}/`));
    }
    return {
        rules,
        load(dir) {
            const shown = `"${dir.rel ? `${dir.rel}/` : ''}.gitignore"`;
            read(dir.abs, dir.abs, shown, (text) => rules.add(shown, text, dir.rel));
        },
    };
}

;// CONCATENATED MODULE: ./src/archive/plan/describe-archive.ts
/** How many of the largest files a report lists by default. */
const LARGEST_FILES = 5;
/**
 * What an archive holds and leaves out: from the plan alone, or with the written zip's size and
 * hash. Entries left out while the zip was written are counted out.
 */
function describeArchive(plan, written, top = LARGEST_FILES) {
    const late = new Set(written?.skipped.map((s) => s.path));
    const entries = late.size > 0 ? plan.entries.filter((e) => !late.has(e.name)) : plan.entries;
    const largest = entries
        .filter((e) => e.kind === 'file')
        .sort((a, b) => b.size - a.size || (a.name < b.name ? -1 : 1))
        .slice(0, top)
        .map((e) => ({ name: e.name, size: e.size }));
    const report = {
        files: entries.length,
        symlinks: entries.filter((e) => e.kind === 'symlink').length,
        totalBytes: entries.reduce((sum, e) => sum + e.size, 0),
        largest,
        rules: plan.rules.map((r) => ({ ...r })),
        unmatchedRules: [...plan.unmatchedRules],
        skipped: [...plan.skipped, ...(written?.skipped ?? [])],
        hasRootPackageJson: entries.some((e) => e.name === 'package.json'),
    };
    if (written) {
        report.compressedBytes = written.bytes;
        report.sha256 = written.sha256;
    }
    return report;
}

;// CONCATENATED MODULE: ./src/archive/plan/format-manifest.ts

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** The lines a dry run prints (and the job summary may reuse) for one archive. */
function formatManifest(m) {
    const lines = [];
    const zip = m.compressedBytes === undefined ? '' : `, zip ${(0,format/* formatBytes */.z3)(m.compressedBytes)}`;
    const links = m.symlinks > 0 ? ` (${plural(m.symlinks, 'symlink')})` : '';
    lines.push(`archive: ${plural(m.files, 'entry', 'entries')}${links}, ${(0,format/* formatBytes */.z3)(m.totalBytes)}${zip}`);
    if (m.sha256)
        lines.push(`sha256: ${m.sha256}`);
    if (m.largest.length > 0) {
        lines.push('largest files:');
        for (const f of m.largest)
            lines.push(`  ${(0,format/* formatBytes */.z3)(f.size).padStart(10)}  ${f.name}`);
    }
    lines.push('excluded:');
    for (const r of m.rules) {
        const what = [
            r.files > 0 ? plural(r.files, 'file') : '',
            r.dirs > 0 ? plural(r.dirs, 'directory', 'directories') : '',
        ]
            .filter(Boolean)
            .join(', ');
        const size = r.bytes > 0 ? ` (${(0,format/* formatBytes */.z3)(r.bytes)})` : '';
        lines.push(`  ${r.label}: ${what ? `${r.negated ? 'kept' : 'excluded'} ${what}${size}` : 'matched nothing'}`);
    }
    if (m.skipped.length > 0) {
        lines.push('left out:');
        for (const s of m.skipped)
            lines.push(`  ${s.path}: ${s.reason}`);
    }
    if (!m.hasRootPackageJson)
        lines.push('no package.json at the root');
    return lines;
}

;// CONCATENATED MODULE: ./src/archive/plan/secret-names.ts
/**
 * Which files of a workspace look like they hold secrets: names the frameworks and tools use for
 * them, so an upload that carries one is worth a word. Decided by name, except `.npmrc`, which
 * is only a secret when it holds a registry credential, and is read (its start only) to tell.
 * Nothing here ever returns or logs a file's contents.
 */
/** `.env.example` and its kind are committed on purpose, to show which variables exist. */
const ENV_TEMPLATE_SUFFIXES = ['example', 'sample', 'template', 'defaults', 'dist', 'schema', 'tpl'];
/** Private keys of ssh-keygen's default names: `id_rsa`, `id_ed25519_sk`, `id_rsa.old`; never the `.pub` half. */
const SSH_PRIVATE_KEY = /^id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:[._-].*)?$/;
/** How much of an `.npmrc` is read: a real one is a few lines; a large one is not read whole. */
const NPMRC_READ_BYTES = 64 * 1024;
/** A registry credential in an `.npmrc` line: `//registry/:_authToken=…`, `_auth=…`, `_password=…`. */
const NPMRC_CREDENTIAL = /(?:^|[:\s])_(?:authToken|auth|password)\s*=\s*\S/m;
/**
 * Whether a file of this base name looks like it holds secrets by its name alone; `npmrc` when
 * only its contents can tell (see `npmrcHasCredential`); null when it does not.
 */
function secretKindOf(baseName) {
    if (baseName === '.npmrc')
        return 'npmrc';
    if (baseName === '.env')
        return 'env';
    if (baseName.startsWith('.env.')) {
        const suffix = baseName.slice('.env.'.length).toLowerCase();
        const last = suffix.slice(suffix.lastIndexOf('.') + 1);
        return ENV_TEMPLATE_SUFFIXES.includes(last) ? null : 'env';
    }
    if (baseName.endsWith('.pem') || baseName.endsWith('.key'))
        return 'key';
    if (SSH_PRIVATE_KEY.test(baseName) && !baseName.endsWith('.pub'))
        return 'key';
    return null;
}
/** Whether the start of an `.npmrc` (at most NPMRC_READ_BYTES of it) holds a registry credential. */
function npmrcHasCredential(head) {
    return head.split(/\r?\n/).some((line) => {
        const text = line.trim();
        return !text.startsWith('#') && !text.startsWith(';') && NPMRC_CREDENTIAL.test(text);
    });
}

// EXTERNAL MODULE: ./src/util/clock.ts
var clock = __webpack_require__(97110);
;// CONCATENATED MODULE: ./src/archive/zip/byte-sink.ts


/** Small records are gathered into a staging buffer of this size before a write. */
const STAGE_BYTES = 1024 * 1024;
/**
 * The zip file as bytes go out: counts them, hashes them as they pass (so the hash and size
 * need no second read), and writes them. Once `push` returns, the caller may reuse its buffer.
 * Writes are synchronous for the same reason reads are (see source-file.ts). Small records are
 * hashed a stage at a time, as they are written: one hash call per MiB, not three per entry.
 */
class ByteSink {
    fd;
    onWritten;
    stage = Buffer.allocUnsafe(STAGE_BYTES);
    staged = 0;
    hash = (0,external_node_crypto_.createHash)('sha256');
    /** Bytes pushed so far: the offset of the next byte in the file. */
    offset = 0;
    /** Bytes written to the file so far (pushed ones may wait in the stage). */
    onDisk = 0;
    /** `onWritten` hears the bytes on disk after each write: a reader may then read that far. */
    constructor(fd, onWritten) {
        this.fd = fd;
        this.onWritten = onWritten;
    }
    push(bytes) {
        if (bytes.length === 0)
            return;
        this.offset += bytes.length;
        if (bytes.length >= STAGE_BYTES / 4) {
            this.flush();
            this.hash.update(bytes);
            this.write(bytes);
        }
        else {
            if (bytes.length > STAGE_BYTES - this.staged)
                this.flush();
            bytes.copy(this.stage, this.staged);
            this.staged += bytes.length;
        }
    }
    flush() {
        if (this.staged === 0)
            return;
        const staged = this.stage.subarray(0, this.staged);
        this.hash.update(staged);
        this.write(staged);
        this.staged = 0;
    }
    /** Flushes and returns the hex sha256 of everything pushed. */
    finish() {
        this.flush();
        return this.hash.digest('hex');
    }
    write(data) {
        let written = 0;
        while (written < data.length)
            written += (0,external_node_fs_.writeSync)(this.fd, data, written, data.length - written);
        this.onDisk += data.length;
        this.onWritten?.(this.onDisk);
    }
}

;// CONCATENATED MODULE: ./src/archive/zip/buffer-pool.ts
/**
 * Recycles buffers of one size. Reads pass at disk speed; a fresh buffer for each would leave
 * garbage faster than the collector returns it (V8 lets tens of MB of dead buffers pile up
 * before it looks), and memory would grow with the tree instead of staying at the window.
 */
class BufferPool {
    size;
    free = [];
    constructor(size) {
        this.size = size;
    }
    /** A buffer of `size` bytes over an ArrayBuffer of its own, so it can move to a worker. */
    take() {
        const ab = this.free.pop();
        return ab ? Buffer.from(ab) : Buffer.allocUnsafeSlow(this.size);
    }
    /** Takes back memory nothing reads any more (or that came back from a worker). */
    give(memory) {
        const ab = memory instanceof ArrayBuffer ? memory : memory.buffer;
        if (ab.byteLength === this.size)
            this.free.push(ab);
    }
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
var external_node_zlib_default = /*#__PURE__*/__webpack_require__.n(external_node_zlib_);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(75919);
;// CONCATENATED MODULE: ./src/archive/zip/compressibility.ts

/** Formats that are compressed already: deflating them again costs CPU and saves nothing. */
const PRECOMPRESSED = new Set('png jpg jpeg gif webp avif woff woff2 zip gz tgz br zst xz bz2 7z mp4 webm mp3 ogg pdf'.split(' '));
/**
 * Text formats of web apps, which always shrink: deflated without a probe. Anything named
 * otherwise may be an unknown binary, and deflating random bytes at level 6 costs as much as
 * deflating text, for nothing.
 */
const TEXTUAL = new Set('js mjs cjs jsx ts mts cts tsx css scss sass less html htm json map md txt svg xml yml yaml csv vue lock'.split(' '));
/**
 * Bytes sampled by the probe of a large file, large enough to see past a file header, and the
 * share of them a level-1 deflate must stay under for the file to be worth deflating. The
 * deflate worker (deflate-worker-source.ts) applies the same ratio to whole files, on a sample
 * of `probeSampleBytes`.
 */
const PROBE_BYTES = 64 * 1024;
const PROBE_RATIO = 0.95;
/** Files of no telling name from this size on are probed; smaller ones are just tried. */
const PROBE_FROM = 8 * 1024;
/**
 * The smallest sample, and the share of a file sampled up to PROBE_BYTES: a level-1 pass over
 * an eighth of a file costs a few percent of deflating it.
 */
const SAMPLE_MIN = 4 * 1024;
const SAMPLE_SHIFT = 3;
function extension(name) {
    const dot = name.lastIndexOf('.');
    return dot <= name.lastIndexOf('/') ? undefined : name.slice(dot + 1).toLowerCase();
}
function hasPrecompressedExtension(name) {
    const ext = extension(name);
    return ext !== undefined && PRECOMPRESSED.has(ext);
}
function hasTextualExtension(name) {
    const ext = extension(name);
    return ext !== undefined && TEXTUAL.has(ext);
}
/** How much of a file of `size` bytes the probe deflates: an eighth, from 4 KiB up to PROBE_BYTES. */
function probeSampleBytes(size) {
    return Math.min(size, PROBE_BYTES, Math.max(SAMPLE_MIN, size >> SAMPLE_SHIFT));
}
/**
 * The cheap test for a file whose name says nothing: deflate its head at level 1 (several
 * times faster than level 6) and see whether it shrinks enough to be worth deflating whole.
 */
function sampleShrinks(sample) {
    const head = sample.subarray(0, PROBE_BYTES);
    if (head.length === 0)
        return false;
    return (0,external_node_zlib_.deflateRawSync)(head, { level: 1 }).length < head.length * PROBE_RATIO;
}

;// CONCATENATED MODULE: ./src/archive/zip/deflate-worker-source.ts

/**
 * The code each deflate worker runs, as a string so it travels inside the one-file bundle of
 * the action (a worker file beside it would not). Plain CommonJS; Node APIs only.
 *
 * A message is a batch of jobs over one buffer, moved (not copied) to the worker and back.
 * Each job is deflated with deflateRawSync, a fresh zlib state per job, which makes the
 * output a pure function of the input and level (a reset, reused stream's output can depend
 * on the entries before it). Output goes back in place of its input when it fits, so no new
 * memory crosses threads. Whole entries get their CRC here too, and stay stored when deflate
 * does not shrink them; pieces of a large file are sync-flushed, primed with the previous
 * piece's tail, which travels in the same buffer, after the piece (no copy of its own to send).
 *
 * A worker's memory is left to its collector. What keeps it near flat is that each job leaves
 * one output buffer behind, not a chain of 16 KiB chunks and their concatenation (measured on
 * the large bench tree: peak RSS about 150 MB instead of 170-183 MB with zlib's default chunks),
 * and the worker's small old generation (WORKER_LIMITS in deflate-pool.ts), which makes its
 * collector run often enough.
 */
const DEFLATE_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Set by the pool when it closes: the jobs not yet begun are answered at once, undone.
const stopped = new Int32Array(workerData.stop);
const zlib = require('node:zlib');
const PROBE_RATIO = ${PROBE_RATIO};
// One output buffer per job, sized to hold what is worth keeping (the input's size, plus the
// few bytes deflate frames stored blocks with): zlib's default 16 KiB chunks would leave, for a
// 1 MiB piece, 64 chunks and their concatenation behind as garbage. Under 4 KiB the buffer
// comes from Node's shared pool.
const room = (n) => Math.max(64, n + (n >> 10) + 64);
parentPort.on('message', (batch) => {
  const buf = Buffer.from(batch.buffer);
  const overflow = [];
  let overflowBytes = 0;
  const results = batch.jobs.map((job) => {
    if (Atomics.load(stopped, 0) === 1) return { error: 'stopped' };
    try {
      const data = buf.subarray(job.off, job.off + job.len);
      let out;
      let crc = 0;
      if (job.piece) {
        const opts = { level: batch.level, finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: room(data.length) };
        if (job.dictLen) opts.dictionary = buf.subarray(job.dictAt, job.dictAt + job.dictLen);
        out = zlib.deflateRawSync(data, opts);
      } else {
        crc = zlib.crc32(data);
        if (!job.deflate) return { crc, stored: true };
        if (job.probe) {
          const head = data.subarray(0, job.probe);
          const probe = zlib.deflateRawSync(head, { level: 1, chunkSize: room(head.length) });
          if (probe.length >= head.length * PROBE_RATIO) return { crc, stored: true };
        }
        out = zlib.deflateRawSync(data, { level: batch.level, chunkSize: room(data.length) });
        if (out.length >= data.length) return { crc, stored: true };
      }
      if (out.length <= job.cap) {
        buf.set(out, job.off);
        return { crc, stored: false, len: out.length };
      }
      overflow.push(out);
      overflowBytes += out.length;
      return { crc, stored: false, len: out.length, overflowAt: overflowBytes - out.length };
    } catch (err) {
      return { error: String((err && err.message) || err) };
    }
  });
  let extra;
  if (overflow.length > 0) {
    extra = new ArrayBuffer(overflowBytes);
    const view = new Uint8Array(extra);
    let at = 0;
    for (const o of overflow) {
      view.set(o, at);
      at += o.length;
    }
  }
  const moved = extra ? [batch.buffer, extra] : [batch.buffer];
  parentPort.postMessage({ id: batch.id, buffer: batch.buffer, extra, results }, moved);
});
`;

;// CONCATENATED MODULE: ./src/archive/zip/slab.ts
/** One buffer of jobs: a slab shared by small files, or one large file's or piece's own buffer. */
class Slab {
    buf;
    home;
    used = 0;
    refs = 0;
    sealed = false;
    jobs = [];
    constructor(buf, home) {
        this.buf = buf;
        this.home = home;
    }
    /** Called as each job's bytes are written; the last one returns the buffer to its pool. */
    release() {
        if (--this.refs === 0 && this.sealed)
            this.home.give(this.buf);
    }
}

;// CONCATENATED MODULE: ./src/archive/zip/deflate-pool.ts





/** Small files share slabs of this size; a slab goes to a worker once this full or this many jobs. */
const SLAB_BYTES = 256 * 1024;
const SEND_AT_BYTES = 192 * 1024;
const SEND_AT_JOBS = 64;
/**
 * A worker's JS heap holds little (a batch's job list), but each job leaves one zlib output
 * buffer behind, outside the heap. V8 collects those only once the worker's heap and outside
 * memory together reach a limit it derives from the old generation's size, so that size is what
 * bounds the garbage. With 64 MB each worker carried 30-35 MB of dead buffers on Node 24 (peak RSS
 * of a deploy of the large bench tree 223-232 MB); with 16 MB, 159-174 MB; with 12 MB, 5 MB less
 * again (side by side on the large and medium trees, at the same speed).
 * What a worker uses is fixed by its code, not by the tree: at most 6.7 MB of heap in use
 * (8.8 MB in all spaces) on Node 24 and 6.3 MB on Node 20 during a deploy of the large tree. 6 MB
 * stops a worker at once ("JS heap out of memory"; the end-to-end tests on Node 24 fail), so 12
 * leaves nearly twice what is in use.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 12 };
/**
 * The deflate workers, which may start before the pool that uses them: a deploy starts them once
 * its walk has kept a first entry, so that they boot (about 100 ms each on Node 24) while the rest
 * of the tree is walked. An error or exit before a pool adopts them is kept and told to it then;
 * threads no pool adopts are stopped with `release()`.
 */
class DeflateThreads {
    /** 1 once the threads are told to stop (`close()`, `release()`): jobs not begun are answered at once. */
    stop = new Int32Array(new SharedArrayBuffer(4));
    workers = [];
    owner;
    missed = [];
    constructor(count) {
        for (let i = 0; i < count; i++) {
            const worker = new external_node_worker_threads_.Worker(DEFLATE_WORKER_SOURCE, {
                eval: true,
                resourceLimits: WORKER_LIMITS,
                workerData: { stop: this.stop.buffer },
            });
            worker.on('message', (msg) => this.owner?.message(msg));
            worker.on('error', (err) => this.tell((owner) => owner.error(err)));
            worker.on('exit', (code) => this.tell((owner) => owner.exit(i, code)));
            this.workers.push(worker);
        }
    }
    adopt(owner) {
        if (this.owner)
            throw new Error('these deflate threads already have a pool');
        this.owner = owner;
        for (const told of this.missed.splice(0))
            told(owner);
    }
    /** Stops the threads when no pool has adopted them; a pool that has stops them when it closes. */
    async release() {
        if (this.owner)
            return;
        // No job was ever sent, so none can be stopped inside zlib's set-up (see DeflatePool.close).
        Atomics.store(this.stop, 0, 1);
        await Promise.all(this.workers.map((w) => w.terminate()));
    }
    tell(what) {
        if (this.owner)
            what(this.owner);
        else
            this.missed.push(what);
    }
}
/**
 * Deflates on worker threads (one per core, up to MAX_DEFLATE_WORKERS), in batches. zlib's async API costs more per call
 * than deflating a small file does, and gave no speed-up on trees of small files (measured);
 * workers deflating batches synchronously do, and leave the main thread to read, hash and
 * write. Files are read straight into the buffers that move to the workers and back, and those
 * buffers are reused, so memory stays flat.
 */
class DeflatePool {
    level;
    slabs;
    large;
    workers;
    inFlight = new Map();
    local;
    remote;
    nextId = 0;
    failure;
    /** Shared with the workers: 1 once `close()` is called. */
    stop;
    /** Adopts `threads`: from here on the pool hears them, and `close()` stops them. */
    constructor(level, threads, slabs, large) {
        this.level = level;
        this.slabs = slabs;
        this.large = large;
        this.stop = threads.stop;
        this.workers = threads.workers.map((worker) => ({ worker, busy: 0 }));
        threads.adopt({
            message: (msg) => this.settle(msg),
            error: (err) => this.fail(err),
            exit: (index, code) => {
                // A worker close() stopped exits with 1: not a failure for the batches of the others.
                if (code !== 0 && Atomics.load(this.stop, 0) === 0) {
                    this.fail(new Error(`deflate worker stopped (exit code ${code})`));
                }
                this.workers[index].idle?.(); // gone: nothing of it is left to wait for
            },
        });
    }
    /**
     * Room to read a whole file of `size` bytes into (at most a large pool buffer's size).
     * Pass it, filled, to `whole` before asking for more room.
     */
    room(size, mode) {
        if (size > SLAB_BYTES) {
            const slab = new Slab(this.large.take(), this.large);
            if (mode === 'store')
                this.local = this.seal(this.local, slab);
            else
                this.remote = this.send(this.remote, slab);
            return slab.buf.subarray(0, size);
        }
        let slab = mode === 'store' ? this.local : this.remote;
        if (!slab || slab.buf.length - slab.used < size) {
            slab = new Slab(this.slabs.take(), this.slabs);
            if (mode === 'store')
                this.local = this.seal(this.local, slab);
            else
                this.remote = this.send(this.remote, slab);
        }
        return slab.buf.subarray(slab.used, slab.used + size);
    }
    /** The file just read into `room` (`n` bytes of it): its CRC, deflated when that shrinks it. */
    whole(n, mode) {
        const slab = (mode === 'store' ? this.local : this.remote);
        const off = slab.used;
        slab.used += n;
        slab.refs++;
        const release = () => slab.release();
        if (mode === 'store') {
            const data = slab.buf.subarray(off, off + n);
            return Promise.resolve({ crc: (0,external_node_zlib_.crc32)(data), deflated: false, data, release });
        }
        const msg = {
            off,
            len: n,
            cap: n,
            piece: false,
            deflate: true,
            probe: mode === 'probe' ? probeSampleBytes(n) : 0,
        };
        const done = this.job(slab, msg, release);
        if (slab.used >= SEND_AT_BYTES || slab.jobs.length >= SEND_AT_JOBS)
            this.remote = this.send(slab, undefined);
        return done;
    }
    /**
     * One piece of a large file, in a buffer from the large pool: deflated apart from its
     * neighbours so pieces run in parallel (as pigz does), primed with the previous piece's last
     * 32 KiB so matches still reach back, sync-flushed so the outputs concatenate into one
     * stream. `FINAL_BLOCK` ends it. The dictionary is `dictLen` bytes of `buf` from `dictAt`, past
     * the piece: it moves to the worker with the piece, and no copy of it is left behind.
     */
    piece(buf, n, dictAt, dictLen) {
        const slab = new Slab(buf, this.large);
        slab.used = n;
        slab.refs = 1;
        const msg = { off: 0, len: n, cap: buf.length, piece: true, deflate: true, probe: 0, dictAt, dictLen };
        const done = this.job(slab, msg, () => slab.release());
        this.send(slab, undefined);
        return done;
    }
    /** Sends the slab being filled; call before waiting for any result. */
    flush() {
        this.remote = this.send(this.remote, undefined);
    }
    /**
     * Stops the workers, each once it has answered the batches it was given. Node aborts the whole
     * process when a worker is stopped while zlib sets up a stream ("close before init"), so a busy
     * worker is not stopped mid-batch, unless a worker has failed (then the batches of the others
     * are not waited for). Told to stop, a worker answers the jobs it has not begun at once, so
     * the wait is at most the one job under way (one file, or one 1 MiB piece).
     */
    async close() {
        Atomics.store(this.stop, 0, 1);
        await Promise.all(this.workers.map(async (slot) => {
            if (slot.busy > 0 && !this.failure)
                await new Promise((idle) => (slot.idle = idle));
            await slot.worker.terminate();
        }));
    }
    job(slab, msg, release) {
        if (this.failure)
            return Promise.reject(this.failure);
        return new Promise((resolve, reject) => {
            slab.jobs.push({
                msg,
                settle: (r, buf, extra) => {
                    if (r.error !== undefined)
                        return reject(new Error(`deflate failed: ${r.error}`));
                    const data = r.stored || r.len === undefined
                        ? buf.subarray(msg.off, msg.off + msg.len)
                        : r.overflowAt !== undefined
                            ? extra.subarray(r.overflowAt, r.overflowAt + r.len)
                            : buf.subarray(msg.off, msg.off + r.len);
                    resolve({ crc: r.crc ?? 0, deflated: !r.stored, data, release });
                },
            });
        });
    }
    /** Seals `current` (its buffer goes home once its last job is written) and returns `next`. */
    seal(current, next) {
        if (current) {
            current.sealed = true;
            if (current.refs === 0)
                current.home.give(current.buf);
        }
        return next;
    }
    /** Sends `current`'s jobs to the least busy worker, seals it, and returns `next`. */
    send(current, next) {
        if (!current || current.jobs.length === 0)
            return this.seal(current, next);
        current.sealed = true;
        const slot = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
        const id = this.nextId++;
        slot.busy++;
        this.inFlight.set(id, { slab: current, slot });
        const buffer = current.buf.buffer;
        slot.worker.postMessage({ id, level: this.level, buffer, jobs: current.jobs.map((j) => j.msg) }, [buffer]);
        return next;
    }
    settle(msg) {
        const sent = this.inFlight.get(msg.id);
        if (!sent)
            return;
        this.inFlight.delete(msg.id);
        if (--sent.slot.busy === 0)
            sent.slot.idle?.();
        const { slab } = sent;
        slab.buf = Buffer.from(msg.buffer);
        const extra = msg.extra ? Buffer.from(msg.extra) : undefined;
        slab.jobs.forEach((job, i) => job.settle(msg.results[i], slab.buf, extra));
        slab.jobs.length = 0;
    }
    fail(err) {
        this.failure ??= err;
        for (const { slab } of this.inFlight.values()) {
            for (const job of slab.jobs)
                job.settle({ error: err.message }, slab.buf, undefined);
        }
        this.inFlight.clear();
        for (const slot of this.workers)
            slot.idle?.();
    }
}
/** An empty final block with fixed codes: ends a stream of sync-flushed pieces. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** Back-references reach at most this far, so this much of the previous piece primes the next. */
const DICTIONARY_BYTES = 32 * 1024;

;// CONCATENATED MODULE: ./src/archive/zip/source-file.ts

/**
 * Never follow a link swapped in since the walk (nothing from outside the root may enter the
 * zip) and never block on a FIFO swapped in: reading one then fails at once instead of hanging.
 * Both flags are 0 where the platform lacks them.
 */
const source_file_OPEN_FLAGS = external_node_fs_.constants.O_RDONLY | (external_node_fs_.constants.O_NOFOLLOW ?? 0) | (external_node_fs_.constants.O_NONBLOCK ?? 0);
/** Open errors that mean the file is no longer there as the regular file the walk saw. */
const GONE = new Set(['ENOENT', 'ENOTDIR']);
/**
 * Opens a planned file and reads its size now. The last name is never followed (O_NOFOLLOW),
 * and what was opened must be the regular file the walk saw (same device and inode): a
 * directory on the way swapped for a link since the walk leads to another inode, so nothing
 * from outside the root is read. Where the platform has no O_NOFOLLOW, the identity check is
 * what refuses a link swapped in (its target is another inode).
 */
function openSource(entry) {
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(entry.absPath, source_file_OPEN_FLAGS);
    }
    catch (err) {
        const code = err.code ?? '';
        if (code === 'ELOOP')
            return { skip: 'replaced' };
        if (GONE.has(code))
            return { skip: 'vanished' };
        throw readError(entry.name, err);
    }
    // A FIFO or device swapped in since the walk opens without blocking; it is still not read.
    const st = (0,external_node_fs_.fstatSync)(fd);
    if (st.isFile() && st.dev === entry.dev && st.ino === entry.ino)
        return { fd, size: st.size };
    (0,external_node_fs_.closeSync)(fd);
    return { skip: 'replaced' };
}
function closeSource(fd) {
    (0,external_node_fs_.closeSync)(fd);
}
/** Fills `buf` from the current position; fewer bytes than its length means end of file. */
function readFull(fd, buf, name) {
    let filled = 0;
    try {
        while (filled < buf.length) {
            const n = (0,external_node_fs_.readSync)(fd, buf, filled, buf.length - filled, null);
            if (n === 0)
                break;
            filled += n;
        }
    }
    catch (err) {
        throw readError(name, err);
    }
    return filled;
}
function readError(name, err) {
    const e = err;
    const why = e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : (e.code ?? e.message);
    return new Error(`cannot read "${name}" (${why}); make it readable or exclude it`, { cause: err });
}

;// CONCATENATED MODULE: ./src/archive/zip/zip-format.ts
/**
 * Byte layouts of the zip records we write (APPNOTE 6.3.10), as pure functions. Only what a
 * reproducible archive needs: no extra field except ZIP64's, one fixed timestamp, Unix modes.
 */
const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;
const FLAG_DATA_DESCRIPTOR = 1 << 3;
const FLAG_UTF8 = 1 << 11;
/** Made by Unix (3), spec 3.0: readers then take the mode from the high half of external attrs. */
const VERSION_MADE_BY = (3 << 8) | 30;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;
/**
 * The DOS date and time for `epochSeconds`, read in UTC so the bytes do not depend on the
 * machine's time zone; clamped to the range DOS dates can hold (1980 to 2107).
 */
function dosStamp(epochSeconds) {
    const min = Date.UTC(1980, 0, 1);
    const max = Date.UTC(2107, 11, 31, 23, 59, 58);
    const ms = epochSeconds === undefined ? min : Math.min(max, Math.max(min, epochSeconds * 1000));
    const d = new Date(ms);
    return {
        time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
        date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
    };
}
/** External attributes: the Unix mode (type and permissions) in the high 16 bits. */
function unixAttributes(kind, mode) {
    const type = kind === 'symlink' ? 0o120000 : 0o100000;
    return ((type | (mode & 0o7777)) << 16) >>> 0;
}
function flags(h) {
    return (h.streamed ? FLAG_DATA_DESCRIPTOR : 0) | (isAscii(h.name) ? 0 : FLAG_UTF8);
}
function versionNeeded(h, zip64) {
    if (zip64)
        return 45;
    return h.method === METHOD_DEFLATE ? 20 : 10;
}
function isAscii(name) {
    for (let i = 0; i < name.length; i++)
        if (name[i] > 0x7f)
            return false;
    return true;
}
/*
 * The records are written once per entry, thousands of times in a run: each is laid out in a
 * single allocation (from Node's small-buffer pool) rather than concatenated from parts.
 */
/** Fixed part, then the name, then the extra field. */
function record(fixed, name, extra) {
    const b = Buffer.allocUnsafe(fixed + name.length + (extra?.length ?? 0));
    name.copy(b, fixed);
    extra?.copy(b, fixed + name.length);
    return b;
}
function localHeader(h) {
    const zip64 = h.zip64 || h.size >= U32_MAX || h.compressedSize >= U32_MAX;
    const extra = zip64 ? zip64Extra(h.streamed ? [0, 0] : [h.size, h.compressedSize]) : undefined;
    const b = record(30, h.name, extra);
    b.writeUInt32LE(0x04034b50, 0);
    b.writeUInt16LE(versionNeeded(h, zip64), 4);
    b.writeUInt16LE(flags(h), 6);
    b.writeUInt16LE(h.method, 8);
    b.writeUInt16LE(h.stamp.time, 10);
    b.writeUInt16LE(h.stamp.date, 12);
    b.writeUInt32LE(h.streamed ? 0 : h.crc, 14);
    b.writeUInt32LE(zip64 ? U32_MAX : h.streamed ? 0 : h.compressedSize, 18);
    b.writeUInt32LE(zip64 ? U32_MAX : h.streamed ? 0 : h.size, 22);
    b.writeUInt16LE(h.name.length, 26);
    b.writeUInt16LE(extra?.length ?? 0, 28);
    return b;
}
/** Follows a streamed entry's data; 8-byte sizes when its local header announced ZIP64. */
function dataDescriptor(crc, compressedSize, size, zip64) {
    const b = Buffer.alloc(zip64 ? 24 : 16);
    b.writeUInt32LE(0x08074b50, 0);
    b.writeUInt32LE(crc, 4);
    if (zip64) {
        b.writeBigUInt64LE(BigInt(compressedSize), 8);
        b.writeBigUInt64LE(BigInt(size), 16);
    }
    else {
        b.writeUInt32LE(compressedSize, 8);
        b.writeUInt32LE(size, 12);
    }
    return b;
}
function centralHeader(h, externalAttributes, offset) {
    // The ZIP64 extra holds, in this order, only the fields too large for their 32-bit slot.
    const big = [];
    if (h.size >= U32_MAX)
        big.push(h.size);
    if (h.compressedSize >= U32_MAX)
        big.push(h.compressedSize);
    if (offset >= U32_MAX)
        big.push(offset);
    const zip64 = big.length > 0;
    const extra = zip64 ? zip64Extra(big) : undefined;
    const b = record(46, h.name, extra);
    b.writeUInt32LE(0x02014b50, 0);
    b.writeUInt16LE(VERSION_MADE_BY, 4);
    b.writeUInt16LE(versionNeeded(h, zip64 || h.zip64), 6);
    b.writeUInt16LE(flags(h), 8);
    b.writeUInt16LE(h.method, 10);
    b.writeUInt16LE(h.stamp.time, 12);
    b.writeUInt16LE(h.stamp.date, 14);
    b.writeUInt32LE(h.crc, 16);
    b.writeUInt32LE(Math.min(h.compressedSize, U32_MAX), 20);
    b.writeUInt32LE(Math.min(h.size, U32_MAX), 24);
    b.writeUInt16LE(h.name.length, 28);
    b.writeUInt16LE(extra?.length ?? 0, 30);
    b.fill(0, 32, 38); // comment length, disk number start, internal attributes
    b.writeUInt32LE(externalAttributes, 38);
    b.writeUInt32LE(Math.min(offset, U32_MAX), 42);
    return b;
}
function zip64Extra(values) {
    const b = Buffer.alloc(4 + 8 * values.length);
    b.writeUInt16LE(0x0001, 0);
    b.writeUInt16LE(8 * values.length, 2);
    values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
    return b;
}
/**
 * Closes the archive: the ZIP64 end record and locator when the entry count, the central
 * directory's size or its offset does not fit the classic record, then the classic record.
 */
function endOfCentralDirectory(entries, cdSize, cdOffset) {
    const zip64 = entries >= U16_MAX || cdSize >= U32_MAX || cdOffset >= U32_MAX;
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(Math.min(entries, U16_MAX), 8);
    eocd.writeUInt16LE(Math.min(entries, U16_MAX), 10);
    eocd.writeUInt32LE(Math.min(cdSize, U32_MAX), 12);
    eocd.writeUInt32LE(Math.min(cdOffset, U32_MAX), 16);
    if (!zip64)
        return eocd;
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(VERSION_MADE_BY, 12);
    record.writeUInt16LE(45, 14);
    // this disk, disk with the central directory: zero
    record.writeBigUInt64LE(BigInt(entries), 24);
    record.writeBigUInt64LE(BigInt(entries), 32);
    record.writeBigUInt64LE(BigInt(cdSize), 40);
    record.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    return Buffer.concat([record, locator, eocd]);
}

;// CONCATENATED MODULE: ./src/archive/zip/entry-work.ts





/** Files up to this size are read whole and deflated as one job; larger ones go in pieces of it. */
const PIECE_BYTES = 1024 * 1024;
/** A piece, then the previous piece's tail as its dictionary (see queuePieces). */
const LARGE_BUFFER_BYTES = PIECE_BYTES + DICTIONARY_BYTES;
/** Deflate cannot win back its own framing on so few bytes; not worth a try. */
const DEFLATE_FROM = 64;
/** Streams planned at least this large announce ZIP64 (deflate may grow data a little). */
const ZIP64_STREAM_ABOVE = 0xf0000000;
const noop = () => { };
const worthTrying = (ctx, name, size) => ctx.level > 0 && size >= DEFLATE_FROM && !hasPrecompressedExtension(name);
/** A symlink: its target, stored. */
function linkItem(entry) {
    const data = Buffer.from(entry.linkTarget ?? '', 'utf8');
    const crc = external_node_zlib_default().crc32(data);
    return { kind: 'whole', entry, method: METHOD_STORE, crc, size: data.length, data, release: noop };
}
/** A file of no telling name is probed before it is deflated whole, unless it is small. */
function wholeMode(ctx, name, size) {
    if (!worthTrying(ctx, name, size))
        return 'store';
    return size >= PROBE_FROM && !hasTextualExtension(name) ? 'probe' : 'deflate';
}
/** Reads a file of `size` (at most PIECE_BYTES) whole: stored, or deflated when that shrinks it. */
function wholeItem(ctx, entry, fd, size) {
    const mode = wholeMode(ctx, entry.name, size);
    const n = readFull(fd, ctx.deflate.room(size, mode), entry.name);
    return ctx.deflate.whole(n, mode).then((p) => ({
        kind: 'whole',
        entry,
        method: p.deflated ? METHOD_DEFLATE : METHOD_STORE,
        crc: p.crc,
        size: n,
        data: p.data,
        release: p.release,
    }));
}
/**
 * Queues a large file piece by piece: each piece is read (in order, so the CRC runs along),
 * then deflated in parallel with the others.
 */
async function queuePieces(ctx, entry, fd, size) {
    const { out, large } = ctx;
    await out.room(PIECE_BYTES);
    let piece = large.take();
    let n = readFull(fd, piece.subarray(0, PIECE_BYTES), entry.name);
    const deflate = worthTrying(ctx, entry.name, size) && sampleShrinks(piece.subarray(0, n));
    const zip64 = Math.max(size, entry.size) >= ZIP64_STREAM_ABOVE;
    out.add({ kind: 'begin', entry, method: deflate ? METHOD_DEFLATE : METHOD_STORE, zip64 }, 0);
    let crc = 0;
    let total = 0;
    // The previous piece's last bytes, kept here while that piece is away on a worker, and copied
    // in behind the next one: one buffer for the whole file, where a copy per piece would leave
    // 32 KiB of garbage on each thread.
    const tail = deflate ? Buffer.allocUnsafe(DICTIONARY_BYTES) : undefined;
    let tailLen = 0;
    while (n > 0) {
        const data = piece.subarray(0, n);
        crc = external_node_zlib_default().crc32(data, crc);
        total += n;
        if (tail) {
            const raw = n;
            tail.copy(piece, PIECE_BYTES, 0, tailLen);
            const dictLen = tailLen;
            tailLen = data.copy(tail, 0, Math.max(0, n - DICTIONARY_BYTES));
            const packed = ctx.deflate.piece(piece, n, PIECE_BYTES, dictLen);
            out.add(packed.then((p) => ({ kind: 'piece', data: p.data, raw, release: p.release })), PIECE_BYTES);
        }
        else {
            const read = piece;
            out.add({ kind: 'piece', data, raw: n, release: () => large.give(read) }, PIECE_BYTES);
        }
        if (n < PIECE_BYTES)
            break;
        await out.room(PIECE_BYTES);
        piece = large.take();
        n = readFull(fd, piece.subarray(0, PIECE_BYTES), entry.name);
        if (n === 0)
            large.give(piece);
    }
    if (tail)
        out.add({ kind: 'piece', data: FINAL_BLOCK, raw: 0, release: noop }, 0);
    out.add({ kind: 'end', crc, size: total }, 0);
}

;// CONCATENATED MODULE: ./src/archive/zip/in-order.ts
/**
 * Work started in zip order, finishing in any order, handed to `emit` in the order it was
 * started. Bounded: `room` waits for the oldest work whenever the bytes held or the entries
 * open would pass their limit, so memory stays flat whatever the size of the tree.
 */
class InOrder {
    emit;
    maxBytes;
    maxItems;
    beforeWait;
    signal;
    fifo = [];
    held = 0;
    constructor(emit, maxBytes, maxItems, 
    /** Called before waiting: work that is gathered but not yet started must start now. */
    beforeWait = () => { }, 
    /**
     * Ends any wait at once when aborted: a cancelled job must not first sit out the deflates
     * already queued (seconds at level 9 on a busy machine), or the runner kills it before it
     * can say what it was doing and remove its partial zip.
     */
    signal) {
        this.emit = emit;
        this.maxBytes = maxBytes;
        this.maxItems = maxItems;
        this.beforeWait = beforeWait;
        this.signal = signal;
    }
    /** Queues a value or pending work that holds `bytes` until it is emitted. */
    add(work, bytes) {
        const slot = { pending: undefined, outcome: undefined, bytes };
        if (work instanceof Promise) {
            // Handled here, so a failure waiting its turn is never an unhandled rejection.
            slot.pending = work.then((value) => (slot.outcome = { value }), (error) => (slot.outcome = { error }));
        }
        else {
            slot.outcome = { value: work };
        }
        this.fifo.push(slot);
        this.held += bytes;
        this.emitReady();
    }
    /** Returns once `bytes` more may be held: emits what is done, waits for the oldest if full. */
    async room(bytes) {
        this.emitReady();
        while (this.fifo.length > 0 && (this.held + bytes > this.maxBytes || this.fifo.length >= this.maxItems)) {
            this.beforeWait();
            await this.oldest();
            this.emitReady();
        }
    }
    /** Emits everything, waiting as needed. */
    async drain() {
        while (this.fifo.length > 0) {
            this.beforeWait();
            await this.oldest();
            this.emitReady();
        }
    }
    /** Waits for the oldest work, or rejects with the abort reason, whichever comes first. */
    async oldest() {
        const pending = this.fifo[0].pending;
        const signal = this.signal;
        if (!signal)
            return void (await pending);
        signal.throwIfAborted();
        let onAbort = () => { };
        const aborted = new Promise((_, reject) => {
            onAbort = () => reject(signal.reason);
            signal.addEventListener('abort', onAbort, { once: true });
        });
        try {
            await Promise.race([pending, aborted]);
        }
        finally {
            signal.removeEventListener('abort', onAbort);
        }
    }
    emitReady() {
        for (let head = this.fifo[0]; head?.outcome; head = this.fifo[0]) {
            this.fifo.shift();
            this.held -= head.bytes;
            if ('error' in head.outcome)
                throw head.outcome.error;
            this.emit(head.outcome.value);
        }
    }
}

// EXTERNAL MODULE: ./src/archive/progress-meter.ts
var progress_meter = __webpack_require__(25647);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
;// CONCATENATED MODULE: ./src/archive/zip/worker-count.ts

/**
 * Deflate workers at most, whatever the cores. Each worker is a V8 isolate of its own: about
 * 8 MB (Node 20) and 10 MB (Node 24) of resident memory idle, more while it deflates, so one per
 * core put a deploy's peak at 292 to 340 MB on 16 cores. The bound and what it was measured
 * with: docs/archive.md, "Memory".
 */
const MAX_DEFLATE_WORKERS = 4;
/** Throws unless `workers` is a count a pool can start (a whole number from 1). */
function checkWorkerCount(workers) {
    if (!Number.isInteger(workers) || workers < 1) {
        throw new Error(`the deflate workers must be a whole number from 1, got ${String(workers)}`);
    }
}
/** One deflate worker per core, up to MAX_DEFLATE_WORKERS. */
function deflateWorkerCount(cores = (0,external_node_os_.availableParallelism)()) {
    return Math.max(1, Math.min(cores, MAX_DEFLATE_WORKERS));
}

;// CONCATENATED MODULE: ./src/archive/zip/zip-writer.ts

/** Central directory records are kept in blocks of about this size rather than one per entry. */
const BLOCK_BYTES = 64 * 1024;
/**
 * Lays entries out one after another on a sink and keeps the central directory (the only
 * thing held for the whole run: about 50 bytes plus the name per entry) until `finish`.
 */
class ZipWriter {
    sink;
    stamp;
    blocks = [];
    block = [];
    blockBytes = 0;
    entries = 0;
    current;
    constructor(sink, stamp) {
        this.sink = sink;
        this.stamp = stamp;
    }
    /** An entry whose bytes are all at hand: sizes and CRC go in the local header. */
    addWhole(meta, crc, size, data) {
        const header = this.header(meta, { crc, size, compressedSize: data.length, streamed: false, zip64: false });
        const offset = this.sink.offset;
        this.sink.push(localHeader(header));
        this.sink.push(data);
        this.record(header, unixAttributes(meta.kind, meta.mode), offset);
    }
    /** An entry too large to hold: its data follows in pieces, then a descriptor with sizes and CRC. */
    beginStream(meta, zip64) {
        const header = this.header(meta, { crc: 0, size: 0, compressedSize: 0, streamed: true, zip64 });
        this.current = { header, attributes: unixAttributes(meta.kind, meta.mode), offset: this.sink.offset };
        this.sink.push(localHeader(header));
    }
    streamData(data) {
        if (!this.current)
            throw new Error('zip writer: data outside a streamed entry');
        this.current.header.compressedSize += data.length;
        this.sink.push(data);
    }
    endStream(crc, size) {
        const cur = this.current;
        if (!cur)
            throw new Error('zip writer: end of a streamed entry that was not begun');
        this.current = undefined;
        cur.header.crc = crc;
        cur.header.size = size;
        this.sink.push(dataDescriptor(crc, cur.header.compressedSize, size, cur.header.zip64));
        this.record(cur.header, cur.attributes, cur.offset);
    }
    /** Appends the central directory and end records; returns the number of entries. */
    finish() {
        const cdOffset = this.sink.offset;
        this.closeBlock();
        for (const b of this.blocks)
            this.sink.push(b);
        this.sink.push(endOfCentralDirectory(this.entries, this.sink.offset - cdOffset, cdOffset));
        return this.entries;
    }
    header(meta, rest) {
        return { name: Buffer.from(meta.name, 'utf8'), method: meta.method, stamp: this.stamp, ...rest };
    }
    record(header, attributes, offset) {
        const rec = centralHeader(header, attributes, offset);
        this.block.push(rec);
        this.blockBytes += rec.length;
        this.entries++;
        if (this.blockBytes >= BLOCK_BYTES)
            this.closeBlock();
    }
    closeBlock() {
        if (this.block.length === 0)
            return;
        this.blocks.push(Buffer.concat(this.block, this.blockBytes));
        this.block = [];
        this.blockBytes = 0;
    }
}

;// CONCATENATED MODULE: ./src/archive/zip/write-archive.ts













/**
 * Read-ahead bounds: memory stays near this whatever the size of the tree. A piece per deflate
 * worker and one being read keep every worker busy on a large file; more only holds memory
 * (6 MiB on two workers cost 4-5 MB more peak RSS than 3 MiB, at the same speed, measured with
 * the archive benchmark's child on the large and medium trees).
 */
const windowBytes = (threads) => Math.max(2, threads + 1) * PIECE_BYTES;
const WINDOW_ENTRIES = 128;
/** Reads and writes are synchronous; let timers and an abort in this often. */
const YIELD_EVERY_BYTES = 8 * 1024 * 1024;
const YIELD_EVERY_ENTRIES = 256;
const write_archive_U32_MAX = 0xffffffff;
const LATE_WORDS = {
    vanished: 'vanished before it was read',
    replaced: 'was replaced (by a link, or another file) after it was planned',
};
/**
 * Starts the deflate workers a zip at `level` needs: `workers` of them (by default one per core,
 * at most MAX_DEFLATE_WORKERS), none at level 0, where starting them costs more than storing.
 * Pass them to `writeArchive`, or `release()` them.
 */
function startDeflateThreads(level, workers = deflateWorkerCount()) {
    checkWorkerCount(workers);
    return new DeflateThreads(level === 0 ? 0 : workers);
}
/**
 * Writes the planned entries, in plan order, to `outFile` as a zip: files are read ahead and
 * deflated in parallel on worker threads, and laid out in order by one writer that hashes the
 * bytes as they go. On failure or abort the partial file is removed.
 */
async function writeArchive(plan, opts) {
    let fd;
    try {
        if (!Number.isInteger(opts.level) || opts.level < 0 || opts.level > 9) {
            throw new Error(`compression-level must be a whole number from 0 to 9, got ${String(opts.level)}`);
        }
        if (opts.workers !== undefined)
            checkWorkerCount(opts.workers);
        opts.signal?.throwIfAborted();
        // Created, never opened: a file or link already there (planted in a shared temp dir, say) fails
        // the run instead of being written through. Only its owner may read it.
        fd = (0,external_node_fs_.openSync)(opts.outFile, 'wx', 0o600);
    }
    catch (err) {
        await opts.threads?.release();
        throw err;
    }
    const sink = new ByteSink(fd, opts.onWritten);
    const zip = new ZipWriter(sink, dosStamp(opts.sourceDateEpoch));
    const meter = new progress_meter/* ProgressMeter */.Z(plan.totalBytes, opts.clock ?? clock/* realClock */.d, opts.onProgress);
    const skipped = [];
    const large = new BufferPool(LARGE_BUFFER_BYTES);
    let zip64Stream = false;
    const emit = (item) => {
        switch (item.kind) {
            case 'whole':
                zip.addWhole({ ...item.entry, method: item.method }, item.crc, item.size, item.data);
                item.release();
                return meter.add(item.size);
            case 'skip':
                skipped.push({ path: item.entry.name, reason: item.reason });
                opts.warn?.(`"${item.entry.name}" ${LATE_WORDS[item.reason]}; left out of the archive`);
                return meter.add(item.entry.size);
            case 'begin':
                zip64Stream = item.zip64;
                return zip.beginStream({ ...item.entry, method: item.method }, item.zip64);
            case 'piece':
                zip.streamData(item.data);
                item.release();
                return meter.add(item.raw);
            case 'end':
                if (!zip64Stream && item.size >= write_archive_U32_MAX)
                    throw new Error('a file grew past 4 GiB while being archived');
                return zip.endStream(item.crc, item.size);
        }
    };
    const threads = opts.threads ?? startDeflateThreads(opts.level, opts.workers);
    const deflate = new DeflatePool(opts.level, threads, new BufferPool(SLAB_BYTES), large);
    const out = new InOrder(emit, windowBytes(threads.workers.length), WINDOW_ENTRIES, () => deflate.flush(), opts.signal);
    const ctx = { level: opts.level, deflate, out, large };
    try {
        let sinceYield = { bytes: 0, entries: 0 };
        for (const entry of plan.entries) {
            if (sinceYield.bytes >= YIELD_EVERY_BYTES || sinceYield.entries >= YIELD_EVERY_ENTRIES) {
                await (0,external_node_timers_promises_.setImmediate)();
                sinceYield = { bytes: 0, entries: 0 };
            }
            opts.signal?.throwIfAborted();
            sinceYield.bytes += entry.size;
            sinceYield.entries++;
            await addEntry(ctx, entry);
        }
        await ctx.out.drain();
        opts.signal?.throwIfAborted();
        const files = zip.finish();
        const sha256 = sink.finish();
        (0,external_node_fs_.closeSync)(fd);
        return { file: opts.outFile, bytes: sink.offset, files, sha256, skipped };
    }
    catch (err) {
        try {
            (0,external_node_fs_.closeSync)(fd);
        }
        catch {
            // already closed
        }
        (0,external_node_fs_.rmSync)(opts.outFile, { force: true });
        throw err;
    }
    finally {
        await deflate.close();
    }
}
async function addEntry(ctx, entry) {
    if (entry.kind === 'symlink') {
        await ctx.out.room(entry.size);
        return ctx.out.add(linkItem(entry), entry.size);
    }
    const source = openSource(entry);
    if ('skip' in source)
        return ctx.out.add({ kind: 'skip', entry, reason: source.skip }, 0);
    const { fd, size } = source;
    try {
        // Planned or found large: streamed (the larger of the two sizes also decides ZIP64).
        if (Math.max(size, entry.size) > PIECE_BYTES)
            return await queuePieces(ctx, entry, fd, size);
        // A file too large to share a slab holds a whole PIECE_BYTES buffer until it is written.
        const held = size > SLAB_BYTES ? PIECE_BYTES : size;
        await ctx.out.room(held);
        ctx.out.add(wholeItem(ctx, entry, fd, size), held);
    }
    finally {
        closeSource(fd);
    }
}

;// CONCATENATED MODULE: ./src/archive/index.ts
/**
 * The archive engine: plan what goes in (plan/), write it as a reproducible zip (zip/), describe
 * it. See README.md beside this file.
 */













;// CONCATENATED MODULE: ./src/steps/deploy/archive-checks.ts
/**
 * What in a planned zip is worth a word before it is sent: files that look like they hold
 * secrets, and sizes that are almost always a mistake for a web app. Pure: the plan in, messages
 * out; reading an `.npmrc` is passed in. Files are named, never their contents.
 */



const MiB = 1024 * 1024;
/** Above these a deploy gets a warning: a web app's upload rarely comes near them. */
const WARN_AT = { fileBytes: 50 * MiB, archiveBytes: 500 * MiB, files: 20_000 };
/** Up to this many secret-looking files get an annotation each; more get one with a count. */
const SECRETS_ONE_EACH = 5;
/**
 * Names of the files to be uploaded that look like they hold secrets, unless `allowFiles` lists
 * them. `npmrcHasCredential` reads the start of an `.npmrc`, which is a secret only with a token.
 */
function secretLookingFiles(entries, allowFiles, npmrcHasCredential) {
    const allowed = ignore_default()({ ignorecase: false, allowRelativePaths: true }).add([...allowFiles]);
    const found = [];
    for (const e of entries) {
        if (e.kind !== 'file')
            continue;
        const kind = secretKindOf(e.name.slice(e.name.lastIndexOf('/') + 1));
        if (!kind || allowed.ignores(e.name))
            continue;
        if (kind === 'npmrc' && !npmrcHasCredential(e))
            continue;
        found.push(e.name);
    }
    return found;
}
const HOW_TO = (it, is) => `leave ${it} out with the exclude input (or exclude-from), or, if ${it === 'it' ? 'it' : 'they'} ${is} meant to be uploaded, list ${it} in allow-files`;
/** One warning per file up to SECRETS_ONE_EACH; beyond, one with a count and the first names. */
function secretWarnings(names) {
    if (names.length === 0)
        return [];
    if (names.length <= SECRETS_ONE_EACH) {
        return names.map((n) => `"${n}" looks like it holds secrets and will be uploaded; ${HOW_TO('it', 'is')}`);
    }
    const first = names
        .slice(0, SECRETS_ONE_EACH)
        .map((n) => `"${n}"`)
        .join(', ');
    return [
        `${(0,format/* groupDigits */.K9)(names.length)} files that look like they hold secrets will be uploaded: ${first} and ${(0,format/* groupDigits */.K9)(names.length - SECRETS_ONE_EACH)} more (all in the job summary); ${HOW_TO('them', 'are')}`,
    ];
}
/** `"a.sql" (300.0 MiB), "b.bin" (60.0 MiB)`: the largest files, which are what to look at first. */
function largestOf(plan) {
    return describeArchive(plan)
        .largest.map((f) => `"${f.name}" (${(0,format/* formatBytes */.z3)(f.size)})`)
        .join(', ');
}
/** One warning for every size above WARN_AT, or null. */
function sizeWarning(plan, at = WARN_AT) {
    const over = [];
    const big = plan.entries.filter((e) => e.kind === 'file' && e.size > at.fileBytes).length;
    if (big > 0)
        over.push(`${big === 1 ? 'a file' : `${(0,format/* groupDigits */.K9)(big)} files`} over ${(0,format/* formatBytes */.z3)(at.fileBytes)}`);
    if (plan.totalBytes > at.archiveBytes)
        over.push(`${(0,format/* formatBytes */.z3)(plan.totalBytes)} in all, over ${(0,format/* formatBytes */.z3)(at.archiveBytes)}`);
    if (plan.entries.length > at.files)
        over.push(`${(0,format/* groupDigits */.K9)(plan.entries.length)} files, over ${(0,format/* groupDigits */.K9)(at.files)}`);
    if (over.length === 0)
        return null;
    return `the archive is larger than a web app usually is (${over.join('; ')}); largest: ${largestOf(plan)}; leave out what the app does not need with the exclude input (or exclude-from), or set max-archive-size to make a size an error`;
}
/**
 * The error when the files to be zipped add up to more than `max-archive-size`, or null. Exactly
 * the limit is allowed.
 */
function overLimitError(plan, limit) {
    if (plan.totalBytes <= limit)
        return null;
    return `input "max-archive-size": the files to upload add up to ${(0,format/* formatBytesExact */.Up)(plan.totalBytes)}, over the limit of ${(0,format/* formatBytesExact */.Up)(limit)}; nothing was uploaded; largest: ${largestOf(plan)}; leave out what the app does not need with the exclude input (or exclude-from), or raise max-archive-size`;
}

// EXTERNAL MODULE: ./src/inputs/workspace-path.ts
var workspace_path = __webpack_require__(56622);
// EXTERNAL MODULE: ./src/inputs/quote.ts
var quote = __webpack_require__(28373);
;// CONCATENATED MODULE: ./src/inputs/workspace-file.ts
/**
 * The one resolver of every path input of both actions (the deploy action's `path` and
 * `exclude-from`, the emulator action's `seed`): what the text names (src/inputs/workspace-path.ts)
 * must also be, once symbolic links are followed, inside the workspace and of the kind wanted (a
 * regular file, or a directory). A committed link to /etc/passwd or to the runner's home must not
 * be read, and no error here ever holds a byte of what the path leads to: only the input's name,
 * the path as given and what is wrong.
 */





/** An input's path that is not usable; its message is safe to show (no file content). */
class WorkspacePathError extends Error {
    name = 'WorkspacePathError';
}
/**
 * The real absolute path the input leads to, checked; or a WorkspacePathError. Relative values
 * are taken from `base`; an absolute one must be inside the workspace too.
 */
async function resolveWorkspacePath(r) {
    const fail = (what) => new WorkspacePathError(`input "${r.input}": ${what}`);
    let absolute;
    try {
        absolute = (0,workspace_path/* resolveInside */.LI)(r.workspace, r.base ?? r.workspace, r.value);
    }
    catch (e) {
        throw fail(e.message);
    }
    const s = await (0,promises_.stat)(absolute).catch(() => null);
    if (!s) {
        throw fail(`${(0,quote/* quote */.h)(r.value)} does not exist in the workspace${r.missingHint ? `; ${r.missingHint}` : ''}`);
    }
    const [real, root] = await Promise.all([(0,promises_.realpath)(absolute), (0,promises_.realpath)(r.workspace)]);
    if (!(0,path_api/* isInside */.F)((external_node_path_default()), root, real)) {
        throw fail(`${(0,quote/* quote */.h)(r.value)} leads out of the workspace through a symbolic link; give a ${r.kind} inside the workspace`);
    }
    if (r.kind === 'file' && !s.isFile()) {
        throw fail(`${(0,quote/* quote */.h)(r.value)} is not a regular file (${s.isDirectory() ? 'a directory' : 'a FIFO, socket or device'}); give a file`);
    }
    if (r.kind === 'directory' && !s.isDirectory()) {
        throw fail(`${(0,quote/* quote */.h)(r.value)} is a file; give the directory to zip`);
    }
    return real;
}

// EXTERNAL MODULE: ./src/util/temp-dir.ts
var temp_dir = __webpack_require__(42574);
// EXTERNAL MODULE: ./src/api/growing-file.ts
var growing_file = __webpack_require__(30040);
// EXTERNAL MODULE: ./src/steps/common/progress-line.ts
var progress_line = __webpack_require__(49237);
// EXTERNAL MODULE: ./src/steps/common/step-error.ts
var step_error = __webpack_require__(74164);
;// CONCATENATED MODULE: ./src/steps/deploy/build-archive.ts
/**
 * Plans the zip of the deploy path, then writes it into the temp dir, in the background: the
 * upload goes on while it is written. Nothing is sent before the plan has checked the path and
 * the exclude-from file and kept a first entry (`onFirstEntry`).
 */












/**
 * `path` through the resolver every path input shares (src/inputs/workspace-file.ts): the inputs
 * checked it as text; a symbolic link on the way (one committed to the repository, say) could
 * still lead out of the workspace and put the runner's own files in the zip.
 */
async function assertDirectory(d) {
    try {
        await resolveWorkspacePath({
            input: 'path',
            value: d.path,
            workspace: (0,workspace_path/* workspaceOf */.B3)(d.absolutePath, d.path),
            kind: 'directory',
            missingHint: 'check the path, or check out the code first (actions/checkout)',
        });
    }
    catch (e) {
        throw e instanceof WorkspacePathError ? new step_error/* StepError */.zg(e.message) : e;
    }
}
/**
 * The deploy step's pre-flight: checks the directory and plans the zip. A missing path, a bad
 * exclude-from file or nothing left after the excludes fails it before `onFirstEntry`, which is
 * called once the walk has kept a first entry, when the plan can no longer come out empty; the
 * rest of the walk (where an unreadable directory may still fail it) goes on after.
 */
async function planDeployArchive(ctx, d, onFirstEntry) {
    await assertDirectory(d);
    const started = ctx.clock.now();
    const plan = await planArchive({
        root: d.absolutePath,
        exclude: d.exclude,
        ...(d.excludeFrom ? { excludeFromFile: (0,external_node_path_.relative)(d.absolutePath, d.excludeFrom) } : {}),
        ...(d.respectGitignore ? { respectGitignore: true, gitignoreTop: (0,workspace_path/* workspaceOf */.B3)(d.absolutePath, d.path) } : {}),
        warn: (m) => ctx.log.warning(m),
        onFirstEntry,
    });
    if (plan.entries.length === 0) {
        // Rules are named by where they are written, never by their text: an exclude-from file is
        // the workspace's, not ours to print.
        const used = plan.rules.filter((r) => r.files + r.dirs > 0).map((r) => r.label);
        throw new step_error/* StepError */.zg(`input "path": nothing to deploy in "${d.path}" after excludes (${used.length > 0 ? `excluded by ${used.join(', ')}` : 'no rule excluded anything; see the warnings'}); check path, exclude and exclude-from`);
    }
    const { hasRootPackageJson } = plan;
    if (!hasRootPackageJson) {
        const nested = plan.entries.find((e) => /^[^/]+\/package\.json$/.test(e.name));
        ctx.log.warning(`input "path": "${d.path}" has no package.json at its root, so the build will most likely fail; ${nested ? `set path to "${joinPath(d.path, nested.name.slice(0, nested.name.indexOf('/')))}", the folder that holds "${nested.name}"` : 'set path to the folder that holds package.json'}`);
    }
    reviewPlan(ctx, d, plan);
    return { plan, planMs: ctx.clock.now() - started, hasRootPackageJson };
}
/** The most names a summary row lists; the rest are counted. */
const NAMED_IN_SUMMARY = 50;
/**
 * What the plan leaves out or sends that deserves a word (log, annotations, the summary's
 * details), and `max-archive-size`, checked here: after the walk, before anything is created.
 */
function reviewPlan(ctx, d, plan) {
    const local = plan.localEnvLeftOut;
    if (local && local.count > 0) {
        const names = listed(local.names, local.count);
        ctx.log.info(`left out by default (${LOCAL_ENV_RULE}: local env files hold secrets and are never committed): ${names}; to upload one, add "!<its name>" to exclude`);
        ctx.journal.detail('deploy', `left out by default (${LOCAL_ENV_RULE})`, names);
    }
    const ignored = plan.gitignored;
    if (ignored) {
        const what = [count(ignored.dirs, 'folder'), count(ignored.files, 'file')].join(', ');
        ctx.journal.detail('deploy', 'left out by .gitignore', what);
        if (ignored.buildOutputDirs.length > 0) {
            const dirs = ignored.buildOutputDirs.slice(0, 5).map((p) => `"${p}/"`);
            const more = ignored.buildOutputDirs.length > 5 ? ` and ${ignored.buildOutputDirs.length - 5} more` : '';
            ctx.log.warning(`respect-gitignore: .gitignore leaves out ${dirs.join(', ')}${more}, which ${ignored.buildOutputDirs.length === 1 ? 'looks' : 'look'} like build output; if the app needs it as built here, add "!<folder>/" to exclude, or set respect-gitignore to false`);
        }
    }
    const secrets = secretLookingFiles(plan.entries, d.allowFiles, (e) => npmrcHasCredential(readHead(e.absPath)));
    for (const warning of secretWarnings(secrets))
        ctx.log.warning(warning);
    if (secrets.length > 0)
        ctx.journal.detail('deploy', 'uploaded, looks like secrets', listed(secrets, secrets.length));
    const size = sizeWarning(plan);
    if (size)
        ctx.log.warning(size);
    if (d.maxArchiveBytes !== null) {
        const over = overLimitError(plan, d.maxArchiveBytes);
        if (over)
            throw new step_error/* StepError */.zg(over);
    }
}
/** The start of a file (at most NPMRC_READ_BYTES), not through a link; '' when it cannot be read. */
function readHead(file) {
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(file, external_node_fs_.constants.O_RDONLY | (external_node_fs_.constants.O_NOFOLLOW ?? 0) | (external_node_fs_.constants.O_NONBLOCK ?? 0));
        const buf = Buffer.alloc(NPMRC_READ_BYTES);
        const n = (0,external_node_fs_.readSync)(fd, buf, 0, buf.length, 0);
        return buf.subarray(0, n).toString('utf8');
    }
    catch {
        return '';
    }
    finally {
        if (fd !== undefined)
            (0,external_node_fs_.closeSync)(fd);
    }
}
function listed(names, total) {
    const shown = names.slice(0, NAMED_IN_SUMMARY).join(', ');
    return total > Math.min(names.length, NAMED_IN_SUMMARY)
        ? `${shown} and ${total - Math.min(names.length, NAMED_IN_SUMMARY)} more`
        : shown;
}
function count(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
/**
 * Starts writing the planned zip into the temp dir, logging progress and, once written, the
 * manifest and the outputs. It stops on the step's signal, or `stop()`. `threads`: the deflate
 * workers started while the plan was walked, which the writer then owns.
 */
function startDeployArchive(ctx, d, planned, threads) {
    const file = (0,temp_dir/* archiveFileIn */.Q)(ctx.tempDir, (0,external_node_crypto_.randomBytes)(6).toString('hex'));
    const growing = new growing_file/* GrowingFile */.e(file);
    const stopper = new AbortController();
    const signal = AbortSignal.any([ctx.signal, stopper.signal]);
    const done = writeDeployArchive(ctx, d, planned, file, signal, growing, threads);
    done.then((zip) => growing.finish(zip.bytes), (err) => growing.fail(err instanceof Error ? err : new Error(String(err))));
    return {
        file,
        growing,
        done,
        async stop() {
            stopper.abort(new Error('the zip is no longer needed'));
            await done.catch(() => undefined);
        },
    };
}
async function writeDeployArchive(ctx, d, { plan, planMs }, outFile, signal, growing, threads) {
    const started = ctx.clock.now();
    const written = await writeArchive(plan, {
        ...(threads ? { threads } : {}),
        level: d.compressionLevel,
        outFile,
        clock: ctx.clock,
        signal,
        warn: (m) => ctx.log.warning(m),
        ...(ctx.sourceDateEpoch !== undefined ? { sourceDateEpoch: ctx.sourceDateEpoch } : {}),
        onProgress: (0,progress_line/* progressLine */.o)(ctx.log, 'zipping'),
        onWritten: (bytes) => growing.grow(bytes),
    });
    const ms = ctx.clock.now() - started + planMs;
    ctx.journal.time('zip', ms);
    const report = describeArchive(plan, written);
    if (ctx.inputs.dryRun) {
        for (const line of formatManifest(report))
            ctx.log.info(line);
    }
    else {
        ctx.log.info(`archive: ${written.files} ${written.files === 1 ? 'file' : 'files'}, ${(0,format/* formatBytes */.z3)(report.totalBytes)} → zip ${(0,format/* formatBytes */.z3)(written.bytes)} in ${ms} ms (sha256 ${written.sha256})`);
    }
    ctx.journal.archive = {
        bytes: written.bytes,
        files: written.files,
        sha256: written.sha256,
        largest: report.largest.slice(0, 5).map((f) => ({ name: f.name, size: f.size })),
        // Rules by label (`exclude:2`, `.deployignore:3`), never by their text.
        excluded: excludedRows(report.rules),
    };
    ctx.outputs.set('archive-bytes', written.bytes);
    ctx.outputs.set('archive-files', written.files);
    ctx.outputs.set('archive-sha256', written.sha256);
    return { ...written, report };
}
/** How many rules that matched nothing keep a row of their own in the summary; the rest share one. */
const UNMATCHED_ROWS = 5;
/**
 * The summary's exclude table: every rule that did something and the defaults, and the rules that
 * matched nothing, by name up to UNMATCHED_ROWS and counted beyond: a rule file of thousands of
 * stale lines must not make a summary GitHub drops (over 1 MiB).
 */
function excludedRows(rules) {
    const rows = rules.map((r) => ({ pattern: r.label, files: r.files, dirs: r.dirs, user: r.source !== 'default' }));
    const idle = rows.filter((r) => r.user && r.files + r.dirs === 0);
    const drop = new Set(idle.slice(UNMATCHED_ROWS));
    const kept = rows.filter((r) => !drop.has(r)).map(({ pattern, files, dirs }) => ({ pattern, files, dirs }));
    if (drop.size > 0)
        kept.push({ pattern: `${(0,format/* groupDigits */.K9)(drop.size)} more rules`, files: 0, dirs: 0 });
    return kept;
}
/**
 * An upper bound of the zip's size before it is written: the files stored, plus room for each
 * entry's headers and name. It bounds how long a streamed upload may take, as a file's size does.
 */
function expectedZipBytes(plan) {
    return plan.totalBytes + plan.entries.reduce((n, e) => n + 256 + 2 * Buffer.byteLength(e.name), 0) + 1024;
}
function joinPath(base, child) {
    return base === '.' ? child : `${base}/${child}`;
}

// EXTERNAL MODULE: ./src/api/headless.ts
var headless = __webpack_require__(1621);
;// CONCATENATED MODULE: ./src/steps/common/near-miss.ts
/**
 * Names that are almost right. A deploy creates what it does not find, so `Production` next to
 * `production`, or `shop_front` next to `shop-front`, would quietly make a second app or
 * environment and leave the run green. These rules turn such a near miss into an error that
 * names the existing record, before anything is created.
 */
/** The name with case, spaces, `-` and `_` ignored: `Staging Preview` and `staging-preview` meet. */
function looseKey(name) {
    return name.toLowerCase().replace(/[\s_-]+/g, '');
}
/** Names shorter than this (in loose form) are too short for one letter to be a typo: `prod`, `web1`. */
const MIN_TYPO_LENGTH = 5;
/**
 * True when `a` and `b` differ by one letter added, dropped or changed, or two neighbours
 * swapped. A digit in the difference never counts: `pr-12` next to `pr-13`, or `staging2` next to
 * `staging`, are names of their own, not slips.
 */
function oneLetterApart(a, b) {
    if (a === b || Math.abs(a.length - b.length) > 1)
        return false;
    let start = 0;
    while (start < a.length && start < b.length && a[start] === b[start])
        start++;
    let end = 0;
    while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
        end++;
    const fromA = a.slice(start, a.length - end);
    const fromB = b.slice(start, b.length - end);
    if (/\d/.test(fromA + fromB))
        return false;
    if (fromA.length <= 1 && fromB.length <= 1)
        return true;
    return fromA.length === 2 && fromB.length === 2 && fromA[0] === fromB[1] && fromA[1] === fromB[0];
}
/**
 * The first of `existing` that `wanted` nearly names, or null: the same loose key (case, spaces,
 * `-` and `_` ignored), or, for names of five or more characters, loose keys one letter apart
 * (`stagng` next to `staging`, `storfront` next to `storefront`). The same text is no near miss.
 */
function nearMiss(wanted, existing) {
    const key = looseKey(wanted);
    const names = [...existing].filter((name) => name !== wanted);
    const same = names.find((name) => looseKey(name) === key);
    if (same !== undefined)
        return same;
    if (key.length < MIN_TYPO_LENGTH)
        return null;
    return names.find((name) => looseKey(name).length >= MIN_TYPO_LENGTH && oneLetterApart(looseKey(name), key)) ?? null;
}

// EXTERNAL MODULE: ./src/steps/common/repeat-ambiguous.ts
var repeat_ambiguous = __webpack_require__(51311);
;// CONCATENATED MODULE: ./src/steps/deploy/ensure-app.ts
/**
 * Finds the app, or creates it (when allowed); a dry run only looks. Finding comes apart from
 * creating so that the deploy can check everything it can (a near-miss name, the environment,
 * the cms install) before it creates anything.
 */





const shortRegion = (region) => region.replace(/^regions\//, '');
/** The region in force as the service gave it; the spec does not show an app's fields, so it may not. */
const regionOf = (app) => (app.region ? shortRegion(app.region) : undefined);
/**
 * The app, or null when it does not exist. A missing app whose name nearly matches an existing
 * one (`shop_front` next to `shop-front`) is an error: it is a typo, not a new app. It only
 * looks (GET requests), so it may run while the zip is still planned; `reportApp` says what it
 * found once the step takes the answer.
 */
async function findApp(ctx, d) {
    const ref = { account: d.account, app: d.app };
    try {
        return await ctx.client.getApp(ref, { signal: ctx.signal });
    }
    catch (err) {
        if (!(err instanceof errors/* NotFound */.Mk))
            throw err;
    }
    const names = [];
    try {
        for await (const app of ctx.client.iterateApps(d.account, { pageSize: 100 }, { signal: ctx.signal })) {
            names.push(app.name.slice(app.name.lastIndexOf('/') + 1));
        }
    }
    catch (err) {
        // The list of an account's apps is there even when empty: a 404 (whatever its body, since
        // the headless API's error bodies are not shown) means no such account, or another server.
        if (!(err instanceof errors/* NotFound */.Mk))
            throw err;
        throw new step_error/* StepError */.zg(`listing the apps of account "${d.account}" answered 404 (${err.message}): check input "account", and that headless-api-url is the headless API's base URL (not the hosting API's); nothing was created`, 'failure', { cause: err });
    }
    const near = nearMiss(d.app, names);
    if (near) {
        throw new step_error/* StepError */.zg(`input "app": app "${d.app}" does not exist, but app "${near}" does; set app: ${near} to deploy to it (nothing was created). To make "${d.app}" a new app on purpose, create it in the portal first: a name this close to an existing one is taken for a typo`);
    }
    if (!d.createMissing) {
        throw new step_error/* StepError */.zg(`app "${d.app}" does not exist in account "${d.account}"; create it first, or set create-missing: true to let the action create it`);
    }
    return null;
}
/** Says which app was found: its region (and a region input that cannot apply any more), the outputs. */
function reportApp(ctx, d, app) {
    const inForce = regionOf(app);
    ctx.log.info(`app "${d.app}" found (${inForce ? `region ${inForce}` : 'the service did not say its region'})`);
    ctx.journal.detail('deploy', 'region', inForce ?? 'not given by the service');
    if (inForce)
        ctx.journal.regionInForce = inForce;
    if (d.regionGiven && inForce && inForce !== d.region) {
        ctx.log.warning(`input "region" is ${d.region}, but app "${d.app}" already exists in ${inForce}: region applies only when the app is created, so ${inForce} stays`);
    }
    ctx.outputs.set('app', d.app);
    ctx.outputs.set('app-created', false);
}
/** Creates the app found missing by findApp. */
async function createApp(ctx, d) {
    const ref = { account: d.account, app: d.app };
    const o = { signal: ctx.signal };
    ctx.journal.detail('deploy', 'region', d.region);
    if (ctx.inputs.dryRun) {
        ctx.log.info(`would create app "${d.app}" in region ${d.region}`);
        return { created: false };
    }
    // A 409 from a concurrent run (or our own retried create) counts as success when the region
    // matches; then this run did not create it, and must not say so.
    let existed = false;
    const app = await (0,repeat_ambiguous/* repeatAmbiguous */.YG)(ctx, {
        what: `create app "${d.app}"`,
        attempt: () => ctx.client.createApp({ ...ref, region: d.region }, { ...o, onExisting: () => (existed = true) }),
        look: async () => {
            const found = await ctx.client.getApp(ref, o).catch((err) => {
                if (err instanceof errors/* NotFound */.Mk)
                    return null;
                throw err;
            });
            // An app whose region the answer leaves out may be ours: the create then only settles it.
            if (!found || (found.region !== undefined && found.region !== (0,headless/* regionName */.g)(d.region)))
                return null;
            existed = true;
            return found;
        },
    });
    if (existed) {
        ctx.log.info(`app "${d.app}" was already there (${regionOf(app) ? `region ${regionOf(app)}` : 'region not given by the service'}): created by a concurrent run, or by an earlier attempt whose answer was lost`);
    }
    else {
        // A created app is in the region asked for, whether or not the answer says so.
        const region = regionOf(app) ?? d.region;
        ctx.log.info(`app "${d.app}" created (region ${region})`);
        ctx.journal.did(`app "${d.app}" created`);
        ctx.journal.created.push(`app "${d.app}" (region ${region})`);
    }
    ctx.outputs.set('app', d.app);
    ctx.outputs.set('app-created', !existed);
    return { created: !existed };
}

// EXTERNAL MODULE: ./src/steps/common/find-environment.ts
var find_environment = __webpack_require__(75162);
// EXTERNAL MODULE: ./src/api/environment-id.ts
var environment_id = __webpack_require__(86255);
;// CONCATENATED MODULE: ./src/steps/deploy/shell-variables.ts
function planShellVariables(current, given, mode) {
    const before = new Map(current.map((v) => [v.key, v.value]));
    const wanted = new Map(given.map((v) => [v.key, v.value]));
    const added = given.filter((v) => !before.has(v.key)).map((v) => v.key);
    const changed = given.filter((v) => before.has(v.key) && before.get(v.key) !== v.value).map((v) => v.key);
    const removed = mode === 'replace' ? current.filter((v) => !wanted.has(v.key)).map((v) => v.key) : [];
    // Merge keeps the environment's order and appends new keys, so an unchanged list compares equal.
    const next = mode === 'replace'
        ? given.map((v) => ({ key: v.key, value: v.value }))
        : [
            ...current.map((v) => ({ key: v.key, value: wanted.has(v.key) ? wanted.get(v.key) : v.value })),
            ...given.filter((v) => !before.has(v.key)).map((v) => ({ key: v.key, value: v.value })),
        ];
    return { next, added, changed, removed };
}
/** True when the plan changes anything (a PATCH is worth sending). */
function changesAnything(plan) {
    return plan.added.length + plan.changed.length + plan.removed.length > 0;
}
/** `added A, B; changed C; removed D` or `no change`; keys only, never values. */
function describeChanges(plan) {
    const parts = [];
    if (plan.added.length > 0)
        parts.push(`added ${plan.added.join(', ')}`);
    if (plan.changed.length > 0)
        parts.push(`changed ${plan.changed.join(', ')}`);
    if (plan.removed.length > 0)
        parts.push(`removed ${plan.removed.join(', ')}`);
    return parts.length > 0 ? parts.join('; ') : 'no change';
}

;// CONCATENATED MODULE: ./src/steps/deploy/ensure-environment.ts
/**
 * Finds the environment, or creates it (when allowed), and brings its shell variables up to
 * date. Creating is not idempotent, so every ambiguous outcome (a 409 from a concurrent run, a
 * connection lost after sending) is settled by looking again before anything is repeated.
 */







/**
 * The environment, or null when it is to be created. Checks first that creating it is what the
 * user meant: a display name that nearly matches an existing one, or a value shaped like an
 * id, is an error rather than a new environment. It only looks (GET requests), and says nothing.
 */
async function findDeployEnvironment(ctx, d, appExists) {
    const ref = { account: d.account, app: d.app };
    if (appExists) {
        const found = await (0,find_environment/* findEnvironment */.j)(ctx.client, ref, d.environment, ctx.signal);
        if (found)
            return found;
        const names = [];
        for await (const env of ctx.client.iterateEnvironments(ref, { pageSize: 100 }, { signal: ctx.signal })) {
            // Ids too: `E0A1B2C3` for `e0a1b2c3` is the same kind of slip.
            names.push(env.displayName, (0,find_environment/* environmentId */.X)(env));
        }
        const near = nearMiss(d.environment, names);
        if (near) {
            throw new step_error/* StepError */.zg(`input "environment": app "${d.app}" has no environment "${d.environment}", but it has "${near}"; set environment: ${near} to deploy to it (nothing was created). To make "${d.environment}" a new environment on purpose, create it in the portal first: a name this close to an existing one is taken for a typo`);
        }
    }
    if ((0,environment_id/* looksLikeEnvironmentId */.Q)(d.environment)) {
        throw new step_error/* StepError */.zg(`input "environment": "${d.environment}" looks like an environment id (${environment_id/* ENVIRONMENT_ID_SHAPES */.h}), and app "${d.app}" has no environment with that id${appExists ? ' or display name' : ''}; check the id (the last part of the environment's name), or give a display name to create a new environment (nothing was created)`);
    }
    if (!d.createMissing) {
        throw new step_error/* StepError */.zg(`environment "${d.environment}" does not exist in app "${d.app}" (looked for it as an id and as a display name); create it first, or set create-missing: true`);
    }
    return null;
}
/** Logs the environment found, warns about inputs that apply only at creation, and updates its variables. */
async function useEnvironment(ctx, d, existing) {
    const ref = { account: d.account, app: d.app };
    const id = (0,find_environment/* environmentId */.X)(existing);
    ctx.log.info(`environment "${existing.displayName}" found (id ${id})`);
    ctx.outputs.set('environment-id', id);
    ctx.outputs.set('environment-created', false);
    const cmsInForce = existing.cmsEnvironment || '';
    ctx.journal.detail('deploy', 'cms install', cmsInForce || 'none');
    if (d.cmsEnvironment && d.cmsEnvironment !== cmsInForce) {
        ctx.log.warning(`input "cms-environment" is ${d.cmsEnvironment}, but environment "${existing.displayName}" already exists connected to ${cmsInForce ? `install ${cmsInForce}` : 'no install'}: cms-environment applies only when the environment is created, so ${cmsInForce || 'none'} stays`);
    }
    if (!d.shellVariables)
        return { id, displayName: existing.displayName };
    const plan = planShellVariables(existing.shellVariables, d.shellVariables, d.envVarsMode);
    const diff = describeChanges(plan);
    const name = `environment "${existing.displayName}"`;
    ctx.journal.detail('deploy', 'shell variables', diff);
    if (!changesAnything(plan)) {
        ctx.log.info(`${name}: shell variables already as given (${d.envVarsMode}); not updated`);
    }
    else if (ctx.inputs.dryRun) {
        ctx.log.info(`${name}: would update shell variables (${d.envVarsMode}): ${diff}`);
    }
    else {
        await ctx.client.patchEnvironment({ ...ref, environment: id }, wholeRecord(existing, plan.next), {
            signal: ctx.signal,
        });
        ctx.log.info(`${name}: shell variables updated (${d.envVarsMode}): ${diff}`);
        ctx.journal.did(`shell variables of ${name} updated (${diff})`);
    }
    return { id, displayName: existing.displayName };
}
/**
 * The record a PATCH sends: everything as the service holds it, the variables as planned. A
 * server that replaces the record (the platform's reference requires displayName and branch)
 * then clears nothing; one that applies the mask changes only what differs. Without a display
 * name or a branch to send back, the update could rename or re-point the environment: refused.
 */
function wholeRecord(existing, shellVariables) {
    const missing = [existing.displayName ? '' : 'displayName', existing.branch ? '' : 'branch'].filter(Boolean);
    if (missing.length > 0) {
        throw new step_error/* StepError */.zg(`environment ${existing.name}: the service's record has no ${missing.join(' and ')}, which an update must send back unchanged; its shell variables were not updated (nothing was changed): set them in the portal, or leave env-vars empty`);
    }
    return {
        displayName: existing.displayName,
        branch: existing.branch,
        cmsEnvironment: existing.cmsEnvironment,
        shellVariables: [...shellVariables],
    };
}
async function create(ctx, d) {
    const ref = { account: d.account, app: d.app };
    const look = async () => {
        const env = await (0,find_environment/* findEnvironment */.j)(ctx.client, ref, d.environment, ctx.signal);
        return env ? { env, id: (0,find_environment/* environmentId */.X)(env) } : null;
    };
    try {
        return await (0,repeat_ambiguous/* repeatAmbiguous */.YG)(ctx, {
            what: `create environment "${d.environment}"`,
            attempt: async () => {
                const op = await ctx.client.createEnvironment(ref, {
                    displayName: d.environment,
                    branch: 'uploadable',
                    ...(d.cmsEnvironment ? { cmsEnvironment: d.cmsEnvironment } : {}),
                    ...(d.shellVariables ? { shellVariables: [...d.shellVariables] } : {}),
                }, { signal: ctx.signal });
                const id = op && /\/environments\/([^/]+)\//.exec(op.name)?.[1];
                if (id)
                    return { env: null, id };
                // Created all the same (a success status): its id is found by its display name.
                const found = await look();
                if (found)
                    return { env: null, id: found.id };
                throw new step_error/* StepError */.zg(`create environment "${d.environment}": the service accepted it, but its answer names no environment and none with that display name is listed yet; run again in a minute: the next run finds it and deploys to it`);
            },
            look,
        });
    }
    catch (err) {
        const ambiguous = err instanceof errors/* Conflict */.lt || (err instanceof errors/* ApiError */.hD && err.mayHaveSucceeded);
        if (!ambiguous)
            throw err;
        // Someone (a concurrent run, or our own lost request) created it: use that one.
        const found = await look();
        if (!found)
            throw err;
        return found;
    }
}
/** A refusal a retry will not change (400, 403, 404...), as opposed to a lost answer or an overload. */
function permanentRefusal(err) {
    return (err instanceof errors/* ApiError */.hD && err.status !== undefined && err.status >= 400 && err.status < 500 && err.status !== 429);
}
/**
 * Creates the environment. When that is refused for good and this run created the app, the app
 * is deleted again, so that an empty app does not stay behind and the next run starts clean.
 */
async function createDeployEnvironment(ctx, d, appCreatedByThisRun) {
    const vars = d.shellVariables ? describeChanges(planShellVariables([], d.shellVariables, d.envVarsMode)) : null;
    ctx.journal.detail('deploy', 'cms install', d.cmsEnvironment ?? 'none');
    if (vars)
        ctx.journal.detail('deploy', 'shell variables', vars);
    if (ctx.inputs.dryRun) {
        ctx.log.info(`would create environment "${d.environment}" (branch uploadable${d.cmsEnvironment ? `, cms install ${d.cmsEnvironment}` : ''}${vars ? `; shell variables ${vars}` : ''})`);
        return { id: null, displayName: d.environment };
    }
    let result;
    try {
        result = await create(ctx, d);
    }
    catch (err) {
        if (!appCreatedByThisRun || !permanentRefusal(err))
            throw err;
        throw await rollBackApp(ctx, d, err);
    }
    const { env, id } = result;
    const created = env === null;
    ctx.log.info(created
        ? `environment "${d.environment}" created (id ${id})`
        : `environment "${d.environment}" was already there (id ${id}): created by a concurrent run, or by an earlier attempt whose answer was lost`);
    if (created) {
        ctx.journal.did(`environment "${d.environment}" created (id ${id})`);
        ctx.journal.created.push(`environment "${d.environment}" (id ${id})`);
    }
    ctx.outputs.set('environment-id', id);
    ctx.outputs.set('environment-created', created);
    return { id, displayName: result.env?.displayName ?? d.environment };
}
async function rollBackApp(ctx, d, cause) {
    const what = `creating environment "${d.environment}": ${cause.message}`;
    try {
        await ctx.client.deleteApp({ account: d.account, app: d.app }, { signal: ctx.signal });
    }
    catch (err) {
        return new step_error/* StepError */.zg(`${what}; app "${d.app}", which this run created, could not be deleted (${err.message}): delete it in the portal, or fix the cause and run again`, 'failure', { cause });
    }
    ctx.log.warning(`app "${d.app}" deleted again: this run created it, and its environment could not be created`);
    ctx.journal.did(`app "${d.app}" deleted again, as its environment could not be created`);
    ctx.journal.created.splice(0);
    ctx.outputs.set('app-created', false);
    return new step_error/* StepError */.zg(`${what}; app "${d.app}", which this run created, was deleted again so that the next run starts clean`, 'failure', { cause });
}

;// CONCATENATED MODULE: ./src/steps/deploy/check-cms-install.ts

/** The install named by `cms-environment`; null when there is none to check or no `api-url` to check it with. */
async function findCmsInstall(ctx, d) {
    if (!d.cmsEnvironment || !ctx.inputs.hostingUrl || !ctx.inputs.credentials)
        return null;
    for await (const install of ctx.client.iterateInstalls({ limit: 100 }, { signal: ctx.signal })) {
        if (install.name === d.cmsEnvironment)
            return install;
    }
    throw new step_error/* StepError */.zg(`input "cms-environment": install "${d.cmsEnvironment}" is not among the installs this API user can see, so environment "${d.environment}" could not be connected to it; check the install name (nothing was created)`);
}
/** Says what `findCmsInstall` found, or that the install could not be checked. */
function reportCmsInstall(ctx, d, install) {
    if (!d.cmsEnvironment)
        return;
    if (!install) {
        ctx.log.info(`cms install "${d.cmsEnvironment}" not checked before creating (give api-url to check it); if the service refuses it, an app this run created is deleted again`);
        return;
    }
    ctx.log.info(`cms install "${d.cmsEnvironment}" found (${install.environment ?? 'no environment'})`);
}

;// CONCATENATED MODULE: ./src/steps/deploy/early-lookups.ts



function earlyLookups(ctx, d) {
    const stopper = new AbortController();
    const look = {
        client: ctx.client,
        inputs: ctx.inputs,
        signal: AbortSignal.any([ctx.signal, stopper.signal]),
    };
    let running = null;
    const start = () => {
        if (running)
            return running;
        // In the order of a run that looks after planning: each look-up needs the one before.
        const app = findApp(look, d);
        const environment = app.then((found) => findDeployEnvironment(look, d, found !== null));
        const cmsInstall = environment.then((found) => (found ? null : findCmsInstall(look, d)));
        // Each is awaited by the step, or dropped when it fails first (or the plan does): handled here,
        // so a rejection no one waits for is not an unhandled one.
        for (const p of [app, environment, cmsInstall])
            p.catch(() => undefined);
        running = { app, environment, cmsInstall };
        return running;
    };
    return {
        start: () => void start(),
        async app() {
            const found = await start().app;
            if (found)
                reportApp(ctx, d, found);
            return found;
        },
        environment: () => start().environment,
        async cmsInstall() {
            reportCmsInstall(ctx, d, await start().cmsInstall);
        },
        abandon: () => stopper.abort(new Error('the deploy no longer needs these look-ups')),
    };
}

// EXTERNAL MODULE: ./src/steps/deploy/upload.ts
var upload = __webpack_require__(3558);
// EXTERNAL MODULE: ./src/steps/common/wait-for-operation.ts
var wait_for_operation = __webpack_require__(27138);
// EXTERNAL MODULE: ./src/steps/deploy/environment-url.ts
var environment_url = __webpack_require__(19846);
// EXTERNAL MODULE: ./src/steps/deploy/health/gate.ts + 2 modules
var gate = __webpack_require__(89956);
// EXTERNAL MODULE: ./src/steps/deploy/keep/artifact-name.ts
var artifact_name = __webpack_require__(51959);
;// CONCATENATED MODULE: ./src/steps/deploy/keep/keep-archive.ts
/**
 * `keep-archive`: after a deploy that succeeded (and was healthy, when checked), its zip is kept
 * as a workflow artifact with @actions/artifact, the toolkit's own client (it reads
 * ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL, which the runner gives every step), stored
 * without recompression: the artifact is a zip holding our zip and the manifest.
 * A deploy that worked is not undone by an archive that could not be kept: that is a warning.
 */



const toolkitUpload = async (name, files, root, options) => {
    const { DefaultArtifactClient } = await Promise.all(/* import() | artifact */[__webpack_require__.e(536), __webpack_require__.e(850), __webpack_require__.e(758), __webpack_require__.e(809)]).then(__webpack_require__.bind(__webpack_require__, 89017));
    return new DefaultArtifactClient().uploadArtifact(name, files, root, options);
};
/** Keeps the zip; returns the artifact id, or null when it could not be kept (warned). */
async function keepArchive(ctx, k, facts, upload = toolkitUpload) {
    const name = (0,artifact_name/* artifactName */.Cs)(facts.app, facts.environmentId);
    ctx.journal.doing = 'keeping the zip as an artifact';
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)(ctx.tempDir, 'headless-deploy-keep-'));
    try {
        const manifest = {
            version: 1,
            app: facts.app,
            environmentId: facts.environmentId,
            sha256: facts.sha256,
            bytes: facts.bytes,
            runId: process.env.GITHUB_RUN_ID || null,
        };
        await (0,promises_.copyFile)(facts.zipPath, (0,external_node_path_.join)(dir, artifact_name/* ARCHIVE_FILE */.sX));
        await (0,promises_.writeFile)((0,external_node_path_.join)(dir, artifact_name/* MANIFEST_FILE */.h1), `${JSON.stringify(manifest, null, 2)}\n`);
        // Level 0: the zip is compressed already; deflating it again costs time and saves nothing.
        const result = await upload(name, [(0,external_node_path_.join)(dir, artifact_name/* ARCHIVE_FILE */.sX), (0,external_node_path_.join)(dir, artifact_name/* MANIFEST_FILE */.h1)], dir, {
            retentionDays: k.days,
            compressionLevel: 0,
        });
        if (result.id === undefined)
            throw new Error('the artifact service answered without an artifact id');
        ctx.outputs.set('archive-artifact-id', result.id);
        ctx.journal.detail('deploy', 'kept archive', `artifact ${name} (id ${result.id}, ${k.days} days)`);
        ctx.log.info(`kept the zip as artifact "${name}" (id ${result.id}), for ${k.days} days`);
        return result.id;
    }
    catch (err) {
        if (ctx.signal.aborted)
            throw err;
        ctx.log.warning(`keep-archive: the deploy succeeded, but its zip could not be kept as artifact "${name}": ${ctx.redact(err.message)}; a rollback will not find this deploy (the job needs the runner's artifact service: ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL)`);
        return null;
    }
    finally {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
    }
}

// EXTERNAL MODULE: ./src/steps/rollback/restore.ts + 1 modules
var restore = __webpack_require__(8261);
;// CONCATENATED MODULE: ./src/steps/deploy/roll-back-after.ts


const INPUT = 'rollback-on-failure';
async function rollBackAfter(ctx, d, deployed, failed) {
    const what = failed.outcome === 'unhealthy' ? 'the site is unhealthy' : 'the build failed';
    const env = `environment "${deployed.displayName}" (${deployed.environmentId})`;
    ctx.log.info(`${INPUT}: ${what}; looking for the newest archive of ${env} kept by an earlier run`);
    let restored;
    try {
        restored = await (0,restore/* restoreKept */.p)(ctx, {
            account: d.account,
            app: d.app,
            environmentId: deployed.environmentId,
            displayName: deployed.displayName,
            url: deployed.url,
            timeoutMs: d.timeoutMs,
            health: d.health,
            step: 'deploy',
            input: INPUT,
        }, { kind: 'before-run', runId: ctx.github?.runId ?? 0 });
    }
    catch (err) {
        if ((0,step_error/* isCancellation */.iB)(err, ctx.signal))
            throw err;
        const why = ctx.redact(err.message);
        if (err instanceof restore/* RestoreError */.D && err.uploaded) {
            const live = `neither version is live and healthy: this run's deploy failed (${what}), and so did the rollback`;
            ctx.log.error(`${INPUT}: ${live}`);
            ctx.journal.detail('deploy', 'live now', live);
            throw new step_error/* StepError */.zg(`${failed.message}; rolled back, but ${why}; ${live}: fix the app and deploy again`, err.outcome, {
                cause: err,
            });
        }
        const live = `nothing was changed by the rollback: ${env} holds this run's failed deploy`;
        ctx.log.warning(`${INPUT}: the rollback did not happen: ${why}; ${live}`);
        ctx.journal.detail('deploy', 'live now', live);
        throw new step_error/* StepError */.zg(`${failed.message}; the rollback did not happen (${why}); ${live}`, failed.outcome, {
            cause: err,
        });
    }
    if (restored.kind === 'none') {
        const live = `nothing was changed: ${env} holds this run's failed deploy`;
        ctx.log.warning(`${INPUT}: nothing to roll back to: ${restored.why}; ${live}`);
        ctx.journal.detail('deploy', 'live now', live);
        throw new step_error/* StepError */.zg(`${failed.message}; nothing to roll back to (${restored.why}); ${live}`, failed.outcome);
    }
    if (!restored.followed) {
        const live = `unknown: the archive kept by run ${restored.runId} (sha256 ${restored.sha256}) was uploaded again to ${env}, but its build could not be followed`;
        ctx.journal.detail('deploy', 'live now', live);
        throw new step_error/* StepError */.zg(`${failed.message}; rolled back, but the kept archive's build could not be followed (the service answered its upload without an operation and does not know the environment's latest operation): look in the portal which version is live`, 'failure');
    }
    const live = `${env} runs again the archive kept by run ${restored.runId} (sha256 ${restored.sha256})${d.health ? ', and it is healthy' : ''}`;
    ctx.log.notice(`rolled back: ${live}; this run's deploy failed (${what})`);
    ctx.journal.detail('deploy', 'live now', live);
    throw new step_error/* StepError */.zg(`${failed.message}; rolled back: ${live}`, 'rolled-back');
}

;// CONCATENATED MODULE: ./src/steps/deploy/run.ts
/**
 * The deploy step: plan the zip → find app and environment → check → create what is missing →
 * upload → wait. Nothing is sent before the plan has checked the path and the exclude-from file
 * and kept a first entry, so a bad path or an empty zip fails the run without a request. From
 * that entry on the look-ups (GET requests only) go on while the rest of the tree is walked; a
 * plan that still fails abandons them and is the run's error. Nothing with an effect (the GitHub
 * deployment, a creation, an update, the upload) happens before the plan is complete.
 * The zip is written in the background from the end of planning on: the creations go on while
 * it is written, and the upload sends it as it grows (`upload-mode`). Everything that can be
 * checked is checked before anything is created, so a mistake leaves nothing behind. A dry run
 * waits for the zip (to report it), having made only GET requests. The zip is removed whatever
 * happens, the writer stopped first.
 */
















const UPLOADING = 'uploading the zip';
const WRITING = 'writing the zip';
/** Returns the environment deployed to, for the steps after it (none in a dry run that would create it). */
async function deploy(ctx, d) {
    const lookups = earlyLookups(ctx, d);
    ctx.journal.doing = 'checking the path and planning the zip';
    let planned;
    // Set in the plan's first-entry callback (a holder: TypeScript does not follow assignments there).
    const early = {};
    try {
        planned = await planDeployArchive(ctx, d, () => {
            lookups.start();
            // The zip will not be empty: its deflate workers boot while the rest of the tree is walked.
            early.threads = startDeflateThreads(d.compressionLevel);
        });
    }
    catch (err) {
        lookups.abandon();
        await early.threads?.release();
        throw err;
    }
    const zipping = startDeployArchive(ctx, d, planned, early.threads);
    let recorder = null;
    try {
        recorder =
            d.githubDeployment && ctx.github && !ctx.inputs.dryRun ? await ctx.github.startDeployment(d.environment) : null;
        await recorder?.status('in_progress', `deploying ${d.app} to ${d.environment}`);
        ctx.journal.doing = 'looking for the app';
        const foundApp = await lookups.app();
        ctx.journal.doing = 'looking for the environment';
        const foundEnv = await lookups.environment();
        if (!foundEnv) {
            ctx.journal.doing = 'checking the cms install';
            await lookups.cmsInstall();
        }
        // A zip that could not be written is one more check that failed: nothing is created.
        throwIfZipFailed(ctx, zipping);
        ctx.journal.doing = 'creating the app';
        const app = foundApp ? { created: false } : await createApp(ctx, d);
        ctx.journal.doing = foundEnv ? 'updating the environment' : 'creating the environment';
        const env = foundEnv ? await useEnvironment(ctx, d, foundEnv) : await createDeployEnvironment(ctx, d, app.created);
        const url = environmentUrl(ctx, d, env);
        const carry = env.id
            ? { deployed: { account: d.account, app: d.app, environment: d.environment, environmentId: env.id } }
            : {};
        if (ctx.inputs.dryRun) {
            ctx.journal.doing = WRITING;
            const zip = await zipping.done;
            ctx.log.info(`would upload ${run_count(zip.files, 'file')} (zip ${(0,format/* formatBytes */.z3)(zip.bytes)}) to environment "${d.environment}"${d.wait ? ' and wait for the build' : ''}`);
            return carry;
        }
        if (d.uploadMode === 'file') {
            // Sent once finished: until then the run is writing the zip, and a cut here sent nothing.
            ctx.journal.doing = WRITING;
            await zipping.done;
        }
        ctx.journal.doing = UPLOADING;
        const uploaded = await uploadWhileZipping(ctx, d, env.id, zipping, expectedZipBytes(planned.plan));
        if (!d.wait) {
            ctx.log.info('wait: false: the zip is uploaded and the build is not awaited, so status is "started"; follow the build in the portal, or wait for it in a later step with the "operation" input');
            ctx.journal.started = true;
            // The deployment stays in_progress: nothing is known about the build yet.
            await recorder?.status('in_progress', 'uploaded; the build is not awaited', url ?? undefined);
            return carry;
        }
        ctx.journal.doing = 'waiting for the build';
        const deployed = { app: d.app, environmentId: env.id, displayName: env.displayName, url };
        const waited = await rollingBack(ctx, d, deployed, 'failure', () => waitForBuild(ctx, d, uploaded, planned.hasRootPackageJson));
        if (waited === 'not followed') {
            await recorder?.status('in_progress', 'uploaded; the build could not be followed', url ?? undefined);
            return carry;
        }
        if (d.health)
            await rollingBack(ctx, d, deployed, 'unhealthy', () => (0,gate/* healthGate */.Y)(ctx, d.health, deployed));
        if (d.keep)
            await keepZip(ctx, d, env.id, zipping);
        await recorder?.status('success', `deployed ${d.app} to ${d.environment}`, url ?? undefined);
        return carry;
    }
    catch (err) {
        if ((0,step_error/* isCancellation */.iB)(err, ctx.signal))
            noteCancellation(ctx, zipping);
        await recorder?.status('failure', ctx.redact(err instanceof Error ? err.message : 'deploy failed'));
        throw err;
    }
    finally {
        lookups.abandon();
        await zipping.stop();
        await (0,promises_.rm)(zipping.file, { force: true });
    }
}
/**
 * Runs `work` (the build wait or the health gate); when it fails with `outcome` (a build that
 * failed, a site found unhealthy) and `rollback-on-failure` is on, rolls back before failing.
 */
async function rollingBack(ctx, d, deployed, outcome, work) {
    try {
        return await work();
    }
    catch (err) {
        if (!d.rollbackOnFailure || !(err instanceof step_error/* StepError */.zg) || err.outcome !== outcome)
            throw err;
        return rollBackAfter(ctx, d, deployed, err);
    }
}
/** Keeps the zip sent, as it was sent, as a workflow artifact (keep/). */
async function keepZip(ctx, d, environmentId, zipping) {
    const zip = await zipping.done;
    await keepArchive(ctx, d.keep, {
        app: d.app,
        environmentId,
        zipPath: zipping.file,
        sha256: zip.sha256,
        bytes: zip.bytes,
    });
}
/**
 * What a cancelled deploy was doing, the zip included while it was still being written; and
 * whether the upload may have reached the service: not while the zip was unfinished, since a
 * body sent while it is written ends (and can be taken) only once the zip is whole.
 */
function noteCancellation(ctx, zipping) {
    const doing = ctx.journal.doing;
    if (zipping.growing.size === undefined) {
        if (doing === UPLOADING)
            ctx.journal.doing = 'writing and uploading the zip';
        else if (doing !== WRITING)
            ctx.journal.doing = `${doing ?? 'deploying'} and writing the zip`;
    }
    else if (doing === UPLOADING) {
        ctx.journal.did('the upload was cut short: it may or may not have reached the service');
    }
}
/** Throws the writer's error when it has failed (not when it was cancelled: that is the run's own error). */
function throwIfZipFailed(ctx, zipping) {
    const err = zipping.growing.error;
    if (err && !ctx.signal.aborted) {
        ctx.journal.doing = WRITING;
        throw err;
    }
}
/**
 * The upload, failing with the writer's own error when the zip could not be written: the
 * streamed body then fails too, and "reading the request body failed" would only hide why.
 */
async function uploadWhileZipping(ctx, d, environmentId, zipping, expectedBytes) {
    try {
        return await (0,upload/* uploadArchive */.wG)(ctx, d, environmentId, zipping, expectedBytes);
    }
    catch (err) {
        throwIfZipFailed(ctx, zipping);
        throw err;
    }
}
/**
 * Waits for the upload's build. An upload answered without an operation is followed by the
 * spec's name for it; a service that does not know that name either (404) has still taken the
 * zip, so the run ends `started`, with a warning, never `failure` (a re-run would deploy twice).
 */
async function waitForBuild(ctx, d, uploaded, hasRootPackageJson) {
    try {
        await (0,wait_for_operation/* waitForOperation */.o5)(ctx, uploaded.target, {
            timeoutMs: d.timeoutMs,
            ...(hasRootPackageJson
                ? {}
                : {
                    failureHint: `input "path" is ${JSON.stringify(d.path)}: set it to the folder that holds package.json`,
                }),
        });
        return 'done';
    }
    catch (err) {
        if (!uploaded.byName || !(err instanceof errors/* NotFound */.Mk))
            throw err;
        ctx.log.warning(`the zip was uploaded, but the build could not be followed: the service answered the upload without an operation, and does not know the environment's latest operation by its name (404); status is "started": follow the build in the portal`);
        ctx.journal.did('the build could not be followed');
        ctx.journal.started = true;
        return 'not followed';
    }
}
/**
 * `environment-url` filled in, set as the `url` output; null when not given or not yet known (a
 * dry run's environment to be created has no id). A display name that makes no valid URL costs
 * a warning, not the deploy.
 */
function environmentUrl(ctx, d, env) {
    if (!d.environmentUrl)
        return null;
    if (env.id === null && d.environmentUrl.uses.includes('environment-id')) {
        ctx.log.info('environment-url: {environment-id} is known once the environment exists');
        return null;
    }
    try {
        const url = (0,environment_url/* fillUrlTemplate */.jU)(d.environmentUrl, {
            app: d.app,
            environment: env.displayName,
            'environment-id': env.id ?? '',
        });
        ctx.outputs.set('url', url);
        ctx.log.info(`environment URL: ${url}`);
        return url;
    }
    catch (err) {
        ctx.log.warning(`input "environment-url" filled in for environment "${env.displayName}" ${err.message}`);
        return null;
    }
}
function run_count(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
}


/***/ })

};
