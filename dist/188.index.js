export const id = 188;
export const ids = [188];
export const modules = {

/***/ 8223:
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
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
;// CONCATENATED MODULE: ./src/api/file-part-stream.ts


/**
 * Read size. 64 KiB chunks (the fs default) cost the upload more in per-chunk stream and
 * socket work than the copy itself; 1 MiB chunks halved its time (measured on loopback).
 * Each chunk is left to the collector once the socket has it: the stream cannot know when that
 * is, so chunks are not reused by hand.
 */
const CHUNK_BYTES = 1024 * 1024;
/**
 * `head`, then the first `size` bytes of the file at `path`, then `tail`: one multipart body.
 * The file is opened when the stream starts and closed when it ends or is destroyed, so an
 * attempt that is cut short releases it. A file shorter than `size` fails the stream (the
 * Content-Length was already promised).
 */
class FilePartStream extends external_node_stream_.Readable {
    path;
    size;
    tail;
    fd;
    offset = 0;
    head;
    constructor(path, size, head, tail) {
        super();
        this.path = path;
        this.size = size;
        this.tail = tail;
        this.head = head;
    }
    _construct(callback) {
        (0,external_node_fs_.open)(this.path, 'r', (err, fd) => {
            if (err)
                return callback(err);
            this.fd = fd;
            callback();
        });
    }
    _read() {
        if (this.head) {
            const head = this.head;
            this.head = undefined;
            this.push(head);
            return;
        }
        const want = Math.min(CHUNK_BYTES, this.size - this.offset);
        if (want === 0) {
            this.push(this.tail);
            this.push(null);
            return;
        }
        const buf = Buffer.allocUnsafeSlow(want);
        (0,external_node_fs_.read)(this.fd, buf, 0, want, this.offset, (err, n) => {
            if (err)
                return this.destroy(err);
            if (n === 0) {
                return this.destroy(new Error(`"${this.path}" shrank by ${this.size - this.offset} bytes while it was being sent`));
            }
            this.offset += n;
            this.push(n === want ? buf : buf.subarray(0, n));
        });
    }
    _destroy(error, callback) {
        if (this.fd === undefined)
            return callback(error);
        const fd = this.fd;
        this.fd = undefined;
        (0,external_node_fs_.close)(fd, () => callback(error));
    }
}

;// CONCATENATED MODULE: ./src/api/growing-part-stream.ts


/** Largest read, as in FilePartStream: fewer, larger chunks cost the socket less. */
const growing_part_stream_CHUNK_BYTES = 1024 * 1024;
/**
 * `head`, then the file as it is written, then `tail`: one multipart body of a length not known
 * when it starts. Bytes are read back from disk up to what the writer has put there, so memory
 * stays flat however far the socket lags behind the writer; when the reader catches up, it
 * waits for the writer. The writer's failure fails the stream with the writer's error.
 */
class GrowingPartStream extends external_node_stream_.Readable {
    file;
    tail;
    fd;
    offset = 0;
    head;
    constructor(file, head, tail) {
        super();
        this.file = file;
        this.tail = tail;
        this.head = head;
    }
    _construct(callback) {
        (0,external_node_fs_.open)(this.file.path, 'r', (err, fd) => {
            if (err)
                return callback(this.file.error ?? err);
            this.fd = fd;
            callback();
        });
    }
    _read() {
        if (this.head) {
            const head = this.head;
            this.head = undefined;
            this.push(head);
            return;
        }
        this.next();
    }
    next() {
        if (this.destroyed)
            return;
        const { file } = this;
        if (file.error)
            return void this.destroy(file.error);
        const want = Math.min(growing_part_stream_CHUNK_BYTES, file.written - this.offset);
        if (want <= 0) {
            if (file.size !== undefined) {
                this.push(this.tail);
                this.push(null);
                return;
            }
            // Caught up with the writer: go on once it has written more, finished or failed.
            void file.beyond(this.offset).then(() => this.next());
            return;
        }
        const buf = Buffer.allocUnsafeSlow(want);
        (0,external_node_fs_.read)(this.fd, buf, 0, want, this.offset, (err, n) => {
            if (this.destroyed)
                return;
            if (err)
                return this.destroy(err);
            if (n === 0)
                return this.destroy(new Error(`"${file.path}" is shorter than its writer said`));
            this.offset += n;
            this.push(n === want ? buf : buf.subarray(0, n));
        });
    }
    _destroy(error, callback) {
        if (this.fd === undefined)
            return callback(error);
        const fd = this.fd;
        this.fd = undefined;
        (0,external_node_fs_.close)(fd, () => callback(error));
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
 * 64 KiB chunks) but by FilePartStream, which reads 1 MiB chunks and keeps their memory flat.
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
        const stream = new FilePartStream(file.path, size, head, tail);
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
        stream: new GrowingPartStream(file, head, tail),
        length: undefined,
        knownLength: () => (file.size === undefined ? undefined : head.length + file.size + tail.length),
        contentType,
    };
}


/***/ })

};
