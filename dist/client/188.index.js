export const id = 188;
export const ids = [188];
export const modules = {

/***/ 7901:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  fileSize: () => (/* binding */ fileSize),
  growingMultipart: () => (/* binding */ growingMultipart),
  multipartOpener: () => (/* binding */ multipartOpener)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./node_modules/form-data/lib/form_data.js
var form_data = __webpack_require__(6454);
var form_data_default = /*#__PURE__*/__webpack_require__.n(form_data);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: ./src/api/growing-file.ts
var growing_file = __webpack_require__(40);
;// CONCATENATED MODULE: ./src/api/part-body.ts



/**
 * Most bytes of the file per chunk. 64 KiB chunks (the fs default) cost the upload more in
 * per-chunk work than the copy itself; 1 MiB chunks halved its time (measured on loopback).
 */
const CHUNK_BYTES = 1024 * 1024;
/**
 * Fewest bytes of the file per chunk, the last one excepted: well above the write high-water
 * mark of a socket (16 KiB; 64 KiB from Node 22), so writing any chunk but the last fills it.
 * See `PartBody` for why that matters.
 */
const MIN_CHUNK_BYTES = 256 * 1024;
/**
 * `head`, then the file's bytes read back from disk, then `tail`: one multipart body. For a
 * finished file, a file shorter than its size fails the stream (the Content-Length was already
 * promised); for a file still being written, the writer's failure fails it with the writer's
 * error, and the stream waits for the writer when it has caught up, so memory stays flat
 * however far the socket lags behind.
 *
 * The file is read into two buffers used in turn, not a fresh buffer per chunk: fresh buffers
 * turn into garbage once sent, and V8 lets tens of MB of it build up before freeing any
 * (measured: 25-50 MB more peak memory uploading the 600 MiB benchmark tree). Reuse is safe
 * because of how undici writes a stream body: it pauses the stream when a write leaves the
 * socket over its high-water mark, and resumes it only once the socket has drained (given all
 * it had to the kernel). Every chunk but the last is at least MIN_CHUNK_BYTES, above that mark,
 * so chunk n is emitted only after chunk n - 1 has drained; and the stream reads at most one
 * chunk ahead of what it emitted, so chunk n + 1 is read (into chunk n - 1's buffer) only after
 * that. This holds only with nothing between this stream and the socket that keeps chunks of
 * its own (the transport counts bytes with a listener, not a stream stage). A test holds undici
 * to it (a server that reads slowly, directly, through a proxy and over TLS, must receive every
 * byte as on disk), so an upgrade that changes it fails there, not in a user's upload.
 *
 * A consumer that keeps chunks (a test collecting them, say) must copy them.
 */
class PartBody extends external_node_stream_.Readable {
    file;
    head;
    tail;
    headSent = false;
    offset = 0;
    handle;
    buffers = [];
    turn = 0;
    growing;
    constructor(file, head, tail) {
        super();
        this.file = file;
        this.head = head;
        this.tail = tail;
        this.growing = file instanceof growing_file/* GrowingFile */.e ? file : undefined;
    }
    _construct(callback) {
        (0,promises_.open)(this.file.path, 'r').then((handle) => {
            this.handle = handle;
            callback();
        }, (err) => callback(this.growing?.error ?? err));
    }
    // Pushes after a destroy are ignored by the stream, so the chunk of a read that was in flight
    // then needs no check of its own.
    _read() {
        if (!this.headSent) {
            this.headSent = true;
            this.push(this.head);
            return;
        }
        this.next().then((chunk) => {
            if (chunk)
                return void this.push(chunk);
            this.push(this.tail);
            this.push(null);
        }, (err) => this.destroy(err));
    }
    _destroy(error, callback) {
        const handle = this.handle;
        this.handle = undefined;
        if (!handle)
            return callback(error);
        // FileHandle.close waits for a read in flight, and a closed handle never reads another file.
        const done = () => callback(error);
        handle.close().then(done, done);
    }
    /** The next chunk of the file, or undefined at its end (or once destroyed). */
    async next() {
        const end = await this.available();
        if (end === undefined || !this.handle)
            return undefined;
        const want = Math.min(CHUNK_BYTES, end - this.offset);
        const buf = (this.buffers[this.turn++ % 2] ??= Buffer.allocUnsafeSlow(CHUNK_BYTES));
        const { bytesRead } = await this.handle.read(buf, 0, want, this.offset);
        if (bytesRead < want) {
            throw new Error(this.growing
                ? `"${this.file.path}" is shorter than its writer said`
                : `"${this.file.path}" shrank by ${end - this.offset - bytesRead} bytes while it was being sent`);
        }
        this.offset += want;
        return buf.subarray(0, want);
    }
    /**
     * How far the file may be read: at least MIN_CHUNK_BYTES past the offset, or to its end;
     * undefined once every byte has been read. A wait for the writer ends when it writes more,
     * finishes or fails (it always does one: the deploy stops it whatever happens).
     */
    async available() {
        for (;;) {
            if (this.growing?.error)
                throw this.growing.error;
            const size = this.file.size;
            if (size !== undefined)
                return this.offset < size ? size : undefined;
            // Only a growing file has no size yet.
            const growing = this.growing;
            if (growing.written - this.offset >= MIN_CHUNK_BYTES)
                return growing.written;
            await growing.beyond(this.offset + MIN_CHUNK_BYTES - 1);
        }
    }
}

;// CONCATENATED MODULE: ./src/api/multipart.ts
/**
 * The upload body: multipart/form-data with one file part named `repository`, streamed from
 * disk, so a large zip is never held in memory. A finished file goes with an exact
 * Content-Length; each call opens it again from the start, which is what makes a retried upload
 * send the whole zip. A file still being written goes without one (chunked), as it grows.
 */



/** The size of the file, with an error that names it when it cannot be read. */
async function fileSize(path) {
    try {
        const s = await (0,promises_.stat)(path);
        if (!s.isFile())
            throw new Error('not a regular file');
        return s.size;
    }
    catch (err) {
        const why = err instanceof Error ? (err.code ?? err.message) : String(err);
        throw new Error(`upload: cannot read "${path}" (${why})`);
    }
}
/**
 * The bytes around the file: form-data writes the part's header (boundary, escaped
 * Content-Disposition, Content-Type) and the closing boundary. It is given an empty value, so
 * its buffer is exactly header + CRLF + closing boundary, and the file goes where the value was.
 * The file is not streamed through form-data (createReadStream → form-data → PassThrough, in
 * 64 KiB chunks) but by PartBody, which reads 1 MiB chunks into two buffers it reuses.
 */
function multipartFrame(filename) {
    const form = new (form_data_default())();
    form.append('repository', Buffer.alloc(0), { filename, contentType: 'application/zip' });
    const whole = form.getBuffer();
    const tail = Buffer.from(`\r\n--${form.getBoundary()}--\r\n`, 'latin1');
    const split = whole.length - tail.length;
    if (!whole.subarray(split).equals(tail))
        throw new Error('form-data framed the part unexpectedly');
    return {
        head: whole.subarray(0, split),
        tail,
        contentType: `multipart/form-data; boundary=${form.getBoundary()}`,
    };
}
/** Returns an opener of the multipart body for `file` of `size` bytes. */
function multipartOpener(file, size) {
    return () => {
        const { head, tail, contentType } = multipartFrame(file.filename ?? 'app.zip');
        const stream = new PartBody({ path: file.path, size }, head, tail);
        return Promise.resolve({ stream, length: head.length + size + tail.length, contentType });
    };
}
/**
 * The multipart body of a file still being written, for one attempt: no length is promised, so
 * it goes chunked; its length is known once the writer is done (for progress).
 */
function growingMultipart(file, filename = 'app.zip') {
    const { head, tail, contentType } = multipartFrame(filename);
    return {
        stream: new PartBody(file, head, tail),
        length: undefined,
        knownLength: () => (file.size === undefined ? undefined : head.length + file.size + tail.length),
        contentType,
    };
}


/***/ })

};
