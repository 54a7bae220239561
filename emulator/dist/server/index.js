#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 680:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const { parseContentType } = __nccwpck_require__(313);

function getInstance(cfg) {
  const headers = cfg.headers;
  const conType = parseContentType(headers['content-type']);
  if (!conType)
    throw new Error('Malformed content type');

  for (const type of TYPES) {
    const matched = type.detect(conType);
    if (!matched)
      continue;

    const instanceCfg = {
      limits: cfg.limits,
      headers,
      conType,
      highWaterMark: undefined,
      fileHwm: undefined,
      defCharset: undefined,
      defParamCharset: undefined,
      preservePath: false,
    };
    if (cfg.highWaterMark)
      instanceCfg.highWaterMark = cfg.highWaterMark;
    if (cfg.fileHwm)
      instanceCfg.fileHwm = cfg.fileHwm;
    instanceCfg.defCharset = cfg.defCharset;
    instanceCfg.defParamCharset = cfg.defParamCharset;
    instanceCfg.preservePath = cfg.preservePath;
    return new type(instanceCfg);
  }

  throw new Error(`Unsupported content type: ${headers['content-type']}`);
}

// Note: types are explicitly listed here for easier bundling
// See: https://github.com/mscdex/busboy/issues/121
const TYPES = [
  __nccwpck_require__(894),
  __nccwpck_require__(261),
].filter(function(typemod) { return typeof typemod.detect === 'function'; });

module.exports = (cfg) => {
  if (typeof cfg !== 'object' || cfg === null)
    cfg = {};

  if (typeof cfg.headers !== 'object'
      || cfg.headers === null
      || typeof cfg.headers['content-type'] !== 'string') {
    throw new Error('Missing Content-Type');
  }

  return getInstance(cfg);
};


/***/ }),

/***/ 894:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const { Readable, Writable } = __nccwpck_require__(203);

const StreamSearch = __nccwpck_require__(26);

const {
  basename,
  convertToUTF8,
  getDecoder,
  parseContentType,
  parseDisposition,
} = __nccwpck_require__(313);

const BUF_CRLF = Buffer.from('\r\n');
const BUF_CR = Buffer.from('\r');
const BUF_DASH = Buffer.from('-');

function noop() {}

const MAX_HEADER_PAIRS = 2000; // From node
const MAX_HEADER_SIZE = 16 * 1024; // From node (its default value)

const HPARSER_NAME = 0;
const HPARSER_PRE_OWS = 1;
const HPARSER_VALUE = 2;
class HeaderParser {
  constructor(cb) {
    this.header = Object.create(null);
    this.pairCount = 0;
    this.byteCount = 0;
    this.state = HPARSER_NAME;
    this.name = '';
    this.value = '';
    this.crlf = 0;
    this.cb = cb;
  }

  reset() {
    this.header = Object.create(null);
    this.pairCount = 0;
    this.byteCount = 0;
    this.state = HPARSER_NAME;
    this.name = '';
    this.value = '';
    this.crlf = 0;
  }

  push(chunk, pos, end) {
    let start = pos;
    while (pos < end) {
      switch (this.state) {
        case HPARSER_NAME: {
          let done = false;
          for (; pos < end; ++pos) {
            if (this.byteCount === MAX_HEADER_SIZE)
              return -1;
            ++this.byteCount;
            const code = chunk[pos];
            if (TOKEN[code] !== 1) {
              if (code !== 58/* ':' */)
                return -1;
              this.name += chunk.latin1Slice(start, pos);
              if (this.name.length === 0)
                return -1;
              ++pos;
              done = true;
              this.state = HPARSER_PRE_OWS;
              break;
            }
          }
          if (!done) {
            this.name += chunk.latin1Slice(start, pos);
            break;
          }
          // FALLTHROUGH
        }
        case HPARSER_PRE_OWS: {
          // Skip optional whitespace
          let done = false;
          for (; pos < end; ++pos) {
            if (this.byteCount === MAX_HEADER_SIZE)
              return -1;
            ++this.byteCount;
            const code = chunk[pos];
            if (code !== 32/* ' ' */ && code !== 9/* '\t' */) {
              start = pos;
              done = true;
              this.state = HPARSER_VALUE;
              break;
            }
          }
          if (!done)
            break;
          // FALLTHROUGH
        }
        case HPARSER_VALUE:
          switch (this.crlf) {
            case 0: // Nothing yet
              for (; pos < end; ++pos) {
                if (this.byteCount === MAX_HEADER_SIZE)
                  return -1;
                ++this.byteCount;
                const code = chunk[pos];
                if (FIELD_VCHAR[code] !== 1) {
                  if (code !== 13/* '\r' */)
                    return -1;
                  ++this.crlf;
                  break;
                }
              }
              this.value += chunk.latin1Slice(start, pos++);
              break;
            case 1: // Received CR
              if (this.byteCount === MAX_HEADER_SIZE)
                return -1;
              ++this.byteCount;
              if (chunk[pos++] !== 10/* '\n' */)
                return -1;
              ++this.crlf;
              break;
            case 2: { // Received CR LF
              if (this.byteCount === MAX_HEADER_SIZE)
                return -1;
              ++this.byteCount;
              const code = chunk[pos];
              if (code === 32/* ' ' */ || code === 9/* '\t' */) {
                // Folded value
                start = pos;
                this.crlf = 0;
              } else {
                if (++this.pairCount < MAX_HEADER_PAIRS) {
                  this.name = this.name.toLowerCase();
                  if (this.header[this.name] === undefined)
                    this.header[this.name] = [this.value];
                  else
                    this.header[this.name].push(this.value);
                }
                if (code === 13/* '\r' */) {
                  ++this.crlf;
                  ++pos;
                } else {
                  // Assume start of next header field name
                  start = pos;
                  this.crlf = 0;
                  this.state = HPARSER_NAME;
                  this.name = '';
                  this.value = '';
                }
              }
              break;
            }
            case 3: { // Received CR LF CR
              if (this.byteCount === MAX_HEADER_SIZE)
                return -1;
              ++this.byteCount;
              if (chunk[pos++] !== 10/* '\n' */)
                return -1;
              // End of header
              const header = this.header;
              this.reset();
              this.cb(header);
              return pos;
            }
          }
          break;
      }
    }

    return pos;
  }
}

class FileStream extends Readable {
  constructor(opts, owner) {
    super(opts);
    this.truncated = false;
    this._readcb = null;
    this.once('end', () => {
      // We need to make sure that we call any outstanding _writecb() that is
      // associated with this file so that processing of the rest of the form
      // can continue. This may not happen if the file stream ends right after
      // backpressure kicks in, so we force it here.
      this._read();
      if (--owner._fileEndsLeft === 0 && owner._finalcb) {
        const cb = owner._finalcb;
        owner._finalcb = null;
        // Make sure other 'end' event handlers get a chance to be executed
        // before busboy's 'finish' event is emitted
        process.nextTick(cb);
      }
    });
  }
  _read(n) {
    const cb = this._readcb;
    if (cb) {
      this._readcb = null;
      cb();
    }
  }
}

const ignoreData = {
  push: (chunk, pos) => {},
  destroy: () => {},
};

function callAndUnsetCb(self, err) {
  const cb = self._writecb;
  self._writecb = null;
  if (err)
    self.destroy(err);
  else if (cb)
    cb();
}

function nullDecoder(val, hint) {
  return val;
}

class Multipart extends Writable {
  constructor(cfg) {
    const streamOpts = {
      autoDestroy: true,
      emitClose: true,
      highWaterMark: (typeof cfg.highWaterMark === 'number'
                      ? cfg.highWaterMark
                      : undefined),
    };
    super(streamOpts);

    if (!cfg.conType.params || typeof cfg.conType.params.boundary !== 'string')
      throw new Error('Multipart: Boundary not found');

    const boundary = cfg.conType.params.boundary;
    const paramDecoder = (typeof cfg.defParamCharset === 'string'
                            && cfg.defParamCharset
                          ? getDecoder(cfg.defParamCharset)
                          : nullDecoder);
    const defCharset = (cfg.defCharset || 'utf8');
    const preservePath = cfg.preservePath;
    const fileOpts = {
      autoDestroy: true,
      emitClose: true,
      highWaterMark: (typeof cfg.fileHwm === 'number'
                      ? cfg.fileHwm
                      : undefined),
    };

    const limits = cfg.limits;
    const fieldSizeLimit = (limits && typeof limits.fieldSize === 'number'
                            ? limits.fieldSize
                            : 1 * 1024 * 1024);
    const fileSizeLimit = (limits && typeof limits.fileSize === 'number'
                           ? limits.fileSize
                           : Infinity);
    const filesLimit = (limits && typeof limits.files === 'number'
                        ? limits.files
                        : Infinity);
    const fieldsLimit = (limits && typeof limits.fields === 'number'
                         ? limits.fields
                         : Infinity);
    const partsLimit = (limits && typeof limits.parts === 'number'
                        ? limits.parts
                        : Infinity);

    let parts = -1; // Account for initial boundary
    let fields = 0;
    let files = 0;
    let skipPart = false;

    this._fileEndsLeft = 0;
    this._fileStream = undefined;
    this._complete = false;
    let fileSize = 0;

    let field;
    let fieldSize = 0;
    let partCharset;
    let partEncoding;
    let partType;
    let partName;
    let partTruncated = false;

    let hitFilesLimit = false;
    let hitFieldsLimit = false;

    this._hparser = null;
    const hparser = new HeaderParser((header) => {
      this._hparser = null;
      skipPart = false;

      partType = 'text/plain';
      partCharset = defCharset;
      partEncoding = '7bit';
      partName = undefined;
      partTruncated = false;

      let filename;
      if (!header['content-disposition']) {
        skipPart = true;
        return;
      }

      const disp = parseDisposition(header['content-disposition'][0],
                                    paramDecoder);
      if (!disp || disp.type !== 'form-data') {
        skipPart = true;
        return;
      }

      if (disp.params) {
        if (disp.params.name)
          partName = disp.params.name;

        if (disp.params['filename*'])
          filename = disp.params['filename*'];
        else if (disp.params.filename)
          filename = disp.params.filename;

        if (filename !== undefined && !preservePath)
          filename = basename(filename);
      }

      if (header['content-type']) {
        const conType = parseContentType(header['content-type'][0]);
        if (conType) {
          partType = `${conType.type}/${conType.subtype}`;
          if (conType.params && typeof conType.params.charset === 'string')
            partCharset = conType.params.charset.toLowerCase();
        }
      }

      if (header['content-transfer-encoding'])
        partEncoding = header['content-transfer-encoding'][0].toLowerCase();

      if (partType === 'application/octet-stream' || filename !== undefined) {
        // File

        if (files === filesLimit) {
          if (!hitFilesLimit) {
            hitFilesLimit = true;
            this.emit('filesLimit');
          }
          skipPart = true;
          return;
        }
        ++files;

        if (this.listenerCount('file') === 0) {
          skipPart = true;
          return;
        }

        fileSize = 0;
        this._fileStream = new FileStream(fileOpts, this);
        ++this._fileEndsLeft;
        this.emit(
          'file',
          partName,
          this._fileStream,
          { filename,
            encoding: partEncoding,
            mimeType: partType }
        );
      } else {
        // Non-file

        if (fields === fieldsLimit) {
          if (!hitFieldsLimit) {
            hitFieldsLimit = true;
            this.emit('fieldsLimit');
          }
          skipPart = true;
          return;
        }
        ++fields;

        if (this.listenerCount('field') === 0) {
          skipPart = true;
          return;
        }

        field = [];
        fieldSize = 0;
      }
    });

    let matchPostBoundary = 0;
    const ssCb = (isMatch, data, start, end, isDataSafe) => {
retrydata:
      while (data) {
        if (this._hparser !== null) {
          const ret = this._hparser.push(data, start, end);
          if (ret === -1) {
            this._hparser = null;
            hparser.reset();
            this.emit('error', new Error('Malformed part header'));
            break;
          }
          start = ret;
        }

        if (start === end)
          break;

        if (matchPostBoundary !== 0) {
          if (matchPostBoundary === 1) {
            switch (data[start]) {
              case 45: // '-'
                // Try matching '--' after boundary
                matchPostBoundary = 2;
                ++start;
                break;
              case 13: // '\r'
                // Try matching CR LF before header
                matchPostBoundary = 3;
                ++start;
                break;
              default:
                matchPostBoundary = 0;
            }
            if (start === end)
              return;
          }

          if (matchPostBoundary === 2) {
            matchPostBoundary = 0;
            if (data[start] === 45/* '-' */) {
              // End of multipart data
              this._complete = true;
              this._bparser = ignoreData;
              return;
            }
            // We saw something other than '-', so put the dash we consumed
            // "back"
            const writecb = this._writecb;
            this._writecb = noop;
            ssCb(false, BUF_DASH, 0, 1, false);
            this._writecb = writecb;
          } else if (matchPostBoundary === 3) {
            matchPostBoundary = 0;
            if (data[start] === 10/* '\n' */) {
              ++start;
              if (parts >= partsLimit)
                break;
              // Prepare the header parser
              this._hparser = hparser;
              if (start === end)
                break;
              // Process the remaining data as a header
              continue retrydata;
            } else {
              // We saw something other than LF, so put the CR we consumed
              // "back"
              const writecb = this._writecb;
              this._writecb = noop;
              ssCb(false, BUF_CR, 0, 1, false);
              this._writecb = writecb;
            }
          }
        }

        if (!skipPart) {
          if (this._fileStream) {
            let chunk;
            const actualLen = Math.min(end - start, fileSizeLimit - fileSize);
            if (!isDataSafe) {
              chunk = Buffer.allocUnsafe(actualLen);
              data.copy(chunk, 0, start, start + actualLen);
            } else {
              chunk = data.slice(start, start + actualLen);
            }

            fileSize += chunk.length;
            if (fileSize === fileSizeLimit) {
              if (chunk.length > 0)
                this._fileStream.push(chunk);
              this._fileStream.emit('limit');
              this._fileStream.truncated = true;
              skipPart = true;
            } else if (!this._fileStream.push(chunk)) {
              if (this._writecb)
                this._fileStream._readcb = this._writecb;
              this._writecb = null;
            }
          } else if (field !== undefined) {
            let chunk;
            const actualLen = Math.min(
              end - start,
              fieldSizeLimit - fieldSize
            );
            if (!isDataSafe) {
              chunk = Buffer.allocUnsafe(actualLen);
              data.copy(chunk, 0, start, start + actualLen);
            } else {
              chunk = data.slice(start, start + actualLen);
            }

            fieldSize += actualLen;
            field.push(chunk);
            if (fieldSize === fieldSizeLimit) {
              skipPart = true;
              partTruncated = true;
            }
          }
        }

        break;
      }

      if (isMatch) {
        matchPostBoundary = 1;

        if (this._fileStream) {
          // End the active file stream if the previous part was a file
          this._fileStream.push(null);
          this._fileStream = null;
        } else if (field !== undefined) {
          let data;
          switch (field.length) {
            case 0:
              data = '';
              break;
            case 1:
              data = convertToUTF8(field[0], partCharset, 0);
              break;
            default:
              data = convertToUTF8(
                Buffer.concat(field, fieldSize),
                partCharset,
                0
              );
          }
          field = undefined;
          fieldSize = 0;
          this.emit(
            'field',
            partName,
            data,
            { nameTruncated: false,
              valueTruncated: partTruncated,
              encoding: partEncoding,
              mimeType: partType }
          );
        }

        if (++parts === partsLimit)
          this.emit('partsLimit');
      }
    };
    this._bparser = new StreamSearch(`\r\n--${boundary}`, ssCb);

    this._writecb = null;
    this._finalcb = null;

    // Just in case there is no preamble
    this.write(BUF_CRLF);
  }

  static detect(conType) {
    return (conType.type === 'multipart' && conType.subtype === 'form-data');
  }

  _write(chunk, enc, cb) {
    this._writecb = cb;
    this._bparser.push(chunk, 0);
    if (this._writecb)
      callAndUnsetCb(this);
  }

  _destroy(err, cb) {
    this._hparser = null;
    this._bparser = ignoreData;
    if (!err)
      err = checkEndState(this);
    const fileStream = this._fileStream;
    if (fileStream) {
      this._fileStream = null;
      fileStream.destroy(err);
    }
    cb(err);
  }

  _final(cb) {
    this._bparser.destroy();
    if (!this._complete)
      return cb(new Error('Unexpected end of form'));
    if (this._fileEndsLeft)
      this._finalcb = finalcb.bind(null, this, cb);
    else
      finalcb(this, cb);
  }
}

function finalcb(self, cb, err) {
  if (err)
    return cb(err);
  err = checkEndState(self);
  cb(err);
}

function checkEndState(self) {
  if (self._hparser)
    return new Error('Malformed part header');
  const fileStream = self._fileStream;
  if (fileStream) {
    self._fileStream = null;
    fileStream.destroy(new Error('Unexpected end of file'));
  }
  if (!self._complete)
    return new Error('Unexpected end of form');
}

const TOKEN = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
  0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

const FIELD_VCHAR = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
];

module.exports = Multipart;


/***/ }),

/***/ 261:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const { Writable } = __nccwpck_require__(203);

const { getDecoder } = __nccwpck_require__(313);

class URLEncoded extends Writable {
  constructor(cfg) {
    const streamOpts = {
      autoDestroy: true,
      emitClose: true,
      highWaterMark: (typeof cfg.highWaterMark === 'number'
                      ? cfg.highWaterMark
                      : undefined),
    };
    super(streamOpts);

    let charset = (cfg.defCharset || 'utf8');
    if (cfg.conType.params && typeof cfg.conType.params.charset === 'string')
      charset = cfg.conType.params.charset;

    this.charset = charset;

    const limits = cfg.limits;
    this.fieldSizeLimit = (limits && typeof limits.fieldSize === 'number'
                           ? limits.fieldSize
                           : 1 * 1024 * 1024);
    this.fieldsLimit = (limits && typeof limits.fields === 'number'
                        ? limits.fields
                        : Infinity);
    this.fieldNameSizeLimit = (
      limits && typeof limits.fieldNameSize === 'number'
      ? limits.fieldNameSize
      : 100
    );

    this._inKey = true;
    this._keyTrunc = false;
    this._valTrunc = false;
    this._bytesKey = 0;
    this._bytesVal = 0;
    this._fields = 0;
    this._key = '';
    this._val = '';
    this._byte = -2;
    this._lastPos = 0;
    this._encode = 0;
    this._decoder = getDecoder(charset);
  }

  static detect(conType) {
    return (conType.type === 'application'
            && conType.subtype === 'x-www-form-urlencoded');
  }

  _write(chunk, enc, cb) {
    if (this._fields >= this.fieldsLimit)
      return cb();

    let i = 0;
    const len = chunk.length;
    this._lastPos = 0;

    // Check if we last ended mid-percent-encoded byte
    if (this._byte !== -2) {
      i = readPctEnc(this, chunk, i, len);
      if (i === -1)
        return cb(new Error('Malformed urlencoded form'));
      if (i >= len)
        return cb();
      if (this._inKey)
        ++this._bytesKey;
      else
        ++this._bytesVal;
    }

main:
    while (i < len) {
      if (this._inKey) {
        // Parsing key

        i = skipKeyBytes(this, chunk, i, len);

        while (i < len) {
          switch (chunk[i]) {
            case 61: // '='
              if (this._lastPos < i)
                this._key += chunk.latin1Slice(this._lastPos, i);
              this._lastPos = ++i;
              this._key = this._decoder(this._key, this._encode);
              this._encode = 0;
              this._inKey = false;
              continue main;
            case 38: // '&'
              if (this._lastPos < i)
                this._key += chunk.latin1Slice(this._lastPos, i);
              this._lastPos = ++i;
              this._key = this._decoder(this._key, this._encode);
              this._encode = 0;
              if (this._bytesKey > 0) {
                this.emit(
                  'field',
                  this._key,
                  '',
                  { nameTruncated: this._keyTrunc,
                    valueTruncated: false,
                    encoding: this.charset,
                    mimeType: 'text/plain' }
                );
              }
              this._key = '';
              this._val = '';
              this._keyTrunc = false;
              this._valTrunc = false;
              this._bytesKey = 0;
              this._bytesVal = 0;
              if (++this._fields >= this.fieldsLimit) {
                this.emit('fieldsLimit');
                return cb();
              }
              continue;
            case 43: // '+'
              if (this._lastPos < i)
                this._key += chunk.latin1Slice(this._lastPos, i);
              this._key += ' ';
              this._lastPos = i + 1;
              break;
            case 37: // '%'
              if (this._encode === 0)
                this._encode = 1;
              if (this._lastPos < i)
                this._key += chunk.latin1Slice(this._lastPos, i);
              this._lastPos = i + 1;
              this._byte = -1;
              i = readPctEnc(this, chunk, i + 1, len);
              if (i === -1)
                return cb(new Error('Malformed urlencoded form'));
              if (i >= len)
                return cb();
              ++this._bytesKey;
              i = skipKeyBytes(this, chunk, i, len);
              continue;
          }
          ++i;
          ++this._bytesKey;
          i = skipKeyBytes(this, chunk, i, len);
        }
        if (this._lastPos < i)
          this._key += chunk.latin1Slice(this._lastPos, i);
      } else {
        // Parsing value

        i = skipValBytes(this, chunk, i, len);

        while (i < len) {
          switch (chunk[i]) {
            case 38: // '&'
              if (this._lastPos < i)
                this._val += chunk.latin1Slice(this._lastPos, i);
              this._lastPos = ++i;
              this._inKey = true;
              this._val = this._decoder(this._val, this._encode);
              this._encode = 0;
              if (this._bytesKey > 0 || this._bytesVal > 0) {
                this.emit(
                  'field',
                  this._key,
                  this._val,
                  { nameTruncated: this._keyTrunc,
                    valueTruncated: this._valTrunc,
                    encoding: this.charset,
                    mimeType: 'text/plain' }
                );
              }
              this._key = '';
              this._val = '';
              this._keyTrunc = false;
              this._valTrunc = false;
              this._bytesKey = 0;
              this._bytesVal = 0;
              if (++this._fields >= this.fieldsLimit) {
                this.emit('fieldsLimit');
                return cb();
              }
              continue main;
            case 43: // '+'
              if (this._lastPos < i)
                this._val += chunk.latin1Slice(this._lastPos, i);
              this._val += ' ';
              this._lastPos = i + 1;
              break;
            case 37: // '%'
              if (this._encode === 0)
                this._encode = 1;
              if (this._lastPos < i)
                this._val += chunk.latin1Slice(this._lastPos, i);
              this._lastPos = i + 1;
              this._byte = -1;
              i = readPctEnc(this, chunk, i + 1, len);
              if (i === -1)
                return cb(new Error('Malformed urlencoded form'));
              if (i >= len)
                return cb();
              ++this._bytesVal;
              i = skipValBytes(this, chunk, i, len);
              continue;
          }
          ++i;
          ++this._bytesVal;
          i = skipValBytes(this, chunk, i, len);
        }
        if (this._lastPos < i)
          this._val += chunk.latin1Slice(this._lastPos, i);
      }
    }

    cb();
  }

  _final(cb) {
    if (this._byte !== -2)
      return cb(new Error('Malformed urlencoded form'));
    if (!this._inKey || this._bytesKey > 0 || this._bytesVal > 0) {
      if (this._inKey)
        this._key = this._decoder(this._key, this._encode);
      else
        this._val = this._decoder(this._val, this._encode);
      this.emit(
        'field',
        this._key,
        this._val,
        { nameTruncated: this._keyTrunc,
          valueTruncated: this._valTrunc,
          encoding: this.charset,
          mimeType: 'text/plain' }
      );
    }
    cb();
  }
}

function readPctEnc(self, chunk, pos, len) {
  if (pos >= len)
    return len;

  if (self._byte === -1) {
    // We saw a '%' but no hex characters yet
    const hexUpper = HEX_VALUES[chunk[pos++]];
    if (hexUpper === -1)
      return -1;

    if (hexUpper >= 8)
      self._encode = 2; // Indicate high bits detected

    if (pos < len) {
      // Both hex characters are in this chunk
      const hexLower = HEX_VALUES[chunk[pos++]];
      if (hexLower === -1)
        return -1;

      if (self._inKey)
        self._key += String.fromCharCode((hexUpper << 4) + hexLower);
      else
        self._val += String.fromCharCode((hexUpper << 4) + hexLower);

      self._byte = -2;
      self._lastPos = pos;
    } else {
      // Only one hex character was available in this chunk
      self._byte = hexUpper;
    }
  } else {
    // We saw only one hex character so far
    const hexLower = HEX_VALUES[chunk[pos++]];
    if (hexLower === -1)
      return -1;

    if (self._inKey)
      self._key += String.fromCharCode((self._byte << 4) + hexLower);
    else
      self._val += String.fromCharCode((self._byte << 4) + hexLower);

    self._byte = -2;
    self._lastPos = pos;
  }

  return pos;
}

function skipKeyBytes(self, chunk, pos, len) {
  // Skip bytes if we've truncated
  if (self._bytesKey > self.fieldNameSizeLimit) {
    if (!self._keyTrunc) {
      if (self._lastPos < pos)
        self._key += chunk.latin1Slice(self._lastPos, pos - 1);
    }
    self._keyTrunc = true;
    for (; pos < len; ++pos) {
      const code = chunk[pos];
      if (code === 61/* '=' */ || code === 38/* '&' */)
        break;
      ++self._bytesKey;
    }
    self._lastPos = pos;
  }

  return pos;
}

function skipValBytes(self, chunk, pos, len) {
  // Skip bytes if we've truncated
  if (self._bytesVal > self.fieldSizeLimit) {
    if (!self._valTrunc) {
      if (self._lastPos < pos)
        self._val += chunk.latin1Slice(self._lastPos, pos - 1);
    }
    self._valTrunc = true;
    for (; pos < len; ++pos) {
      if (chunk[pos] === 38/* '&' */)
        break;
      ++self._bytesVal;
    }
    self._lastPos = pos;
  }

  return pos;
}

/* eslint-disable no-multi-spaces */
const HEX_VALUES = [
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
   0,  1,  2,  3,  4,  5,  6,  7,  8,  9, -1, -1, -1, -1, -1, -1,
  -1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
];
/* eslint-enable no-multi-spaces */

module.exports = URLEncoded;


/***/ }),

/***/ 313:
/***/ (function(module) {



function parseContentType(str) {
  if (str.length === 0)
    return;

  const params = Object.create(null);
  let i = 0;

  // Parse type
  for (; i < str.length; ++i) {
    const code = str.charCodeAt(i);
    if (TOKEN[code] !== 1) {
      if (code !== 47/* '/' */ || i === 0)
        return;
      break;
    }
  }
  // Check for type without subtype
  if (i === str.length)
    return;

  const type = str.slice(0, i).toLowerCase();

  // Parse subtype
  const subtypeStart = ++i;
  for (; i < str.length; ++i) {
    const code = str.charCodeAt(i);
    if (TOKEN[code] !== 1) {
      // Make sure we have a subtype
      if (i === subtypeStart)
        return;

      if (parseContentTypeParams(str, i, params) === undefined)
        return;
      break;
    }
  }
  // Make sure we have a subtype
  if (i === subtypeStart)
    return;

  const subtype = str.slice(subtypeStart, i).toLowerCase();

  return { type, subtype, params };
}

function parseContentTypeParams(str, i, params) {
  while (i < str.length) {
    // Consume whitespace
    for (; i < str.length; ++i) {
      const code = str.charCodeAt(i);
      if (code !== 32/* ' ' */ && code !== 9/* '\t' */)
        break;
    }

    // Ended on whitespace
    if (i === str.length)
      break;

    // Check for malformed parameter
    if (str.charCodeAt(i++) !== 59/* ';' */)
      return;

    // Consume whitespace
    for (; i < str.length; ++i) {
      const code = str.charCodeAt(i);
      if (code !== 32/* ' ' */ && code !== 9/* '\t' */)
        break;
    }

    // Ended on whitespace (malformed)
    if (i === str.length)
      return;

    let name;
    const nameStart = i;
    // Parse parameter name
    for (; i < str.length; ++i) {
      const code = str.charCodeAt(i);
      if (TOKEN[code] !== 1) {
        if (code !== 61/* '=' */)
          return;
        break;
      }
    }

    // No value (malformed)
    if (i === str.length)
      return;

    name = str.slice(nameStart, i);
    ++i; // Skip over '='

    // No value (malformed)
    if (i === str.length)
      return;

    let value = '';
    let valueStart;
    if (str.charCodeAt(i) === 34/* '"' */) {
      valueStart = ++i;
      let escaping = false;
      // Parse quoted value
      for (; i < str.length; ++i) {
        const code = str.charCodeAt(i);
        if (code === 92/* '\\' */) {
          if (escaping) {
            valueStart = i;
            escaping = false;
          } else {
            value += str.slice(valueStart, i);
            escaping = true;
          }
          continue;
        }
        if (code === 34/* '"' */) {
          if (escaping) {
            valueStart = i;
            escaping = false;
            continue;
          }
          value += str.slice(valueStart, i);
          break;
        }
        if (escaping) {
          valueStart = i - 1;
          escaping = false;
        }
        // Invalid unescaped quoted character (malformed)
        if (QDTEXT[code] !== 1)
          return;
      }

      // No end quote (malformed)
      if (i === str.length)
        return;

      ++i; // Skip over double quote
    } else {
      valueStart = i;
      // Parse unquoted value
      for (; i < str.length; ++i) {
        const code = str.charCodeAt(i);
        if (TOKEN[code] !== 1) {
          // No value (malformed)
          if (i === valueStart)
            return;
          break;
        }
      }
      value = str.slice(valueStart, i);
    }

    name = name.toLowerCase();
    if (params[name] === undefined)
      params[name] = value;
  }

  return params;
}

function parseDisposition(str, defDecoder) {
  if (str.length === 0)
    return;

  const params = Object.create(null);
  let i = 0;

  for (; i < str.length; ++i) {
    const code = str.charCodeAt(i);
    if (TOKEN[code] !== 1) {
      if (parseDispositionParams(str, i, params, defDecoder) === undefined)
        return;
      break;
    }
  }

  const type = str.slice(0, i).toLowerCase();

  return { type, params };
}

function parseDispositionParams(str, i, params, defDecoder) {
  while (i < str.length) {
    // Consume whitespace
    for (; i < str.length; ++i) {
      const code = str.charCodeAt(i);
      if (code !== 32/* ' ' */ && code !== 9/* '\t' */)
        break;
    }

    // Ended on whitespace
    if (i === str.length)
      break;

    // Check for malformed parameter
    if (str.charCodeAt(i++) !== 59/* ';' */)
      return;

    // Consume whitespace
    for (; i < str.length; ++i) {
      const code = str.charCodeAt(i);
      if (code !== 32/* ' ' */ && code !== 9/* '\t' */)
        break;
    }

    // Ended on whitespace (malformed)
    if (i === str.length)
      return;

    let name;
    const nameStart = i;
    // Parse parameter name
    for (; i < str.length; ++i) {
      const code = str.charCodeAt(i);
      if (TOKEN[code] !== 1) {
        if (code === 61/* '=' */)
          break;
        return;
      }
    }

    // No value (malformed)
    if (i === str.length)
      return;

    let value = '';
    let valueStart;
    let charset;
    //~ let lang;
    name = str.slice(nameStart, i);
    if (name.charCodeAt(name.length - 1) === 42/* '*' */) {
      // Extended value

      const charsetStart = ++i;
      // Parse charset name
      for (; i < str.length; ++i) {
        const code = str.charCodeAt(i);
        if (CHARSET[code] !== 1) {
          if (code !== 39/* '\'' */)
            return;
          break;
        }
      }

      // Incomplete charset (malformed)
      if (i === str.length)
        return;

      charset = str.slice(charsetStart, i);
      ++i; // Skip over the '\''

      //~ const langStart = ++i;
      // Parse language name
      for (; i < str.length; ++i) {
        const code = str.charCodeAt(i);
        if (code === 39/* '\'' */)
          break;
      }

      // Incomplete language (malformed)
      if (i === str.length)
        return;

      //~ lang = str.slice(langStart, i);
      ++i; // Skip over the '\''

      // No value (malformed)
      if (i === str.length)
        return;

      valueStart = i;

      let encode = 0;
      // Parse value
      for (; i < str.length; ++i) {
        const code = str.charCodeAt(i);
        if (EXTENDED_VALUE[code] !== 1) {
          if (code === 37/* '%' */) {
            let hexUpper;
            let hexLower;
            if (i + 2 < str.length
                && (hexUpper = HEX_VALUES[str.charCodeAt(i + 1)]) !== -1
                && (hexLower = HEX_VALUES[str.charCodeAt(i + 2)]) !== -1) {
              const byteVal = (hexUpper << 4) + hexLower;
              value += str.slice(valueStart, i);
              value += String.fromCharCode(byteVal);
              i += 2;
              valueStart = i + 1;
              if (byteVal >= 128)
                encode = 2;
              else if (encode === 0)
                encode = 1;
              continue;
            }
            // '%' disallowed in non-percent encoded contexts (malformed)
            return;
          }
          break;
        }
      }

      value += str.slice(valueStart, i);
      value = convertToUTF8(value, charset, encode);
      if (value === undefined)
        return;
    } else {
      // Non-extended value

      ++i; // Skip over '='

      // No value (malformed)
      if (i === str.length)
        return;

      if (str.charCodeAt(i) === 34/* '"' */) {
        valueStart = ++i;
        let escaping = false;
        // Parse quoted value
        for (; i < str.length; ++i) {
          const code = str.charCodeAt(i);
          if (code === 92/* '\\' */) {
            if (escaping) {
              valueStart = i;
              escaping = false;
            } else {
              value += str.slice(valueStart, i);
              escaping = true;
            }
            continue;
          }
          if (code === 34/* '"' */) {
            if (escaping) {
              valueStart = i;
              escaping = false;
              continue;
            }
            value += str.slice(valueStart, i);
            break;
          }
          if (escaping) {
            valueStart = i - 1;
            escaping = false;
          }
          // Invalid unescaped quoted character (malformed)
          if (QDTEXT[code] !== 1)
            return;
        }

        // No end quote (malformed)
        if (i === str.length)
          return;

        ++i; // Skip over double quote
      } else {
        valueStart = i;
        // Parse unquoted value
        for (; i < str.length; ++i) {
          const code = str.charCodeAt(i);
          if (TOKEN[code] !== 1) {
            // No value (malformed)
            if (i === valueStart)
              return;
            break;
          }
        }
        value = str.slice(valueStart, i);
      }

      value = defDecoder(value, 2);
      if (value === undefined)
        return;
    }

    name = name.toLowerCase();
    if (params[name] === undefined)
      params[name] = value;
  }

  return params;
}

function getDecoder(charset) {
  let lc;
  while (true) {
    switch (charset) {
      case 'utf-8':
      case 'utf8':
        return decoders.utf8;
      case 'latin1':
      case 'ascii': // TODO: Make these a separate, strict decoder?
      case 'us-ascii':
      case 'iso-8859-1':
      case 'iso8859-1':
      case 'iso88591':
      case 'iso_8859-1':
      case 'windows-1252':
      case 'iso_8859-1:1987':
      case 'cp1252':
      case 'x-cp1252':
        return decoders.latin1;
      case 'utf16le':
      case 'utf-16le':
      case 'ucs2':
      case 'ucs-2':
        return decoders.utf16le;
      case 'base64':
        return decoders.base64;
      default:
        if (lc === undefined) {
          lc = true;
          charset = charset.toLowerCase();
          continue;
        }
        return decoders.other.bind(charset);
    }
  }
}

const decoders = {
  utf8: (data, hint) => {
    if (data.length === 0)
      return '';
    if (typeof data === 'string') {
      // If `data` never had any percent-encoded bytes or never had any that
      // were outside of the ASCII range, then we can safely just return the
      // input since UTF-8 is ASCII compatible
      if (hint < 2)
        return data;

      data = Buffer.from(data, 'latin1');
    }
    return data.utf8Slice(0, data.length);
  },

  latin1: (data, hint) => {
    if (data.length === 0)
      return '';
    if (typeof data === 'string')
      return data;
    return data.latin1Slice(0, data.length);
  },

  utf16le: (data, hint) => {
    if (data.length === 0)
      return '';
    if (typeof data === 'string')
      data = Buffer.from(data, 'latin1');
    return data.ucs2Slice(0, data.length);
  },

  base64: (data, hint) => {
    if (data.length === 0)
      return '';
    if (typeof data === 'string')
      data = Buffer.from(data, 'latin1');
    return data.base64Slice(0, data.length);
  },

  other: (data, hint) => {
    if (data.length === 0)
      return '';
    if (typeof data === 'string')
      data = Buffer.from(data, 'latin1');
    try {
      const decoder = new TextDecoder(this);
      return decoder.decode(data);
    } catch {}
  },
};

function convertToUTF8(data, charset, hint) {
  const decode = getDecoder(charset);
  if (decode)
    return decode(data, hint);
}

function basename(path) {
  if (typeof path !== 'string')
    return '';
  for (let i = path.length - 1; i >= 0; --i) {
    switch (path.charCodeAt(i)) {
      case 0x2F: // '/'
      case 0x5C: // '\'
        path = path.slice(i + 1);
        return (path === '..' || path === '.' ? '' : path);
    }
  }
  return (path === '..' || path === '.' ? '' : path);
}

const TOKEN = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
  0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

const QDTEXT = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
];

const CHARSET = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
  0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

const EXTENDED_VALUE = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
  0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

/* eslint-disable no-multi-spaces */
const HEX_VALUES = [
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
   0,  1,  2,  3,  4,  5,  6,  7,  8,  9, -1, -1, -1, -1, -1, -1,
  -1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
];
/* eslint-enable no-multi-spaces */

module.exports = {
  basename,
  convertToUTF8,
  getDecoder,
  parseContentType,
  parseDisposition,
};


/***/ }),

/***/ 694:
/***/ ((module) => {

module.exports = Pend;

function Pend() {
  this.pending = 0;
  this.max = Infinity;
  this.listeners = [];
  this.waiting = [];
  this.error = null;
}

Pend.prototype.go = function(fn) {
  if (this.pending < this.max) {
    pendGo(this, fn);
  } else {
    this.waiting.push(fn);
  }
};

Pend.prototype.wait = function(cb) {
  if (this.pending === 0) {
    cb(this.error);
  } else {
    this.listeners.push(cb);
  }
};

Pend.prototype.hold = function() {
  return pendHold(this);
};

function pendHold(self) {
  self.pending += 1;
  var called = false;
  return onCb;
  function onCb(err) {
    if (called) throw new Error("callback called twice");
    called = true;
    self.error = self.error || err;
    self.pending -= 1;
    if (self.waiting.length > 0 && self.pending < self.max) {
      pendGo(self, self.waiting.shift());
    } else if (self.pending === 0) {
      var listeners = self.listeners;
      self.listeners = [];
      listeners.forEach(cbListener);
    }
  }
  function cbListener(listener) {
    listener(self.error);
  }
}

function pendGo(self, fn) {
  fn(pendHold(self));
}


/***/ }),

/***/ 26:
/***/ ((module) => {


/*
  Based heavily on the Streaming Boyer-Moore-Horspool C++ implementation
  by Hongli Lai at: https://github.com/FooBarWidget/boyer-moore-horspool
*/
function memcmp(buf1, pos1, buf2, pos2, num) {
  for (let i = 0; i < num; ++i) {
    if (buf1[pos1 + i] !== buf2[pos2 + i])
      return false;
  }
  return true;
}

class SBMH {
  constructor(needle, cb) {
    if (typeof cb !== 'function')
      throw new Error('Missing match callback');

    if (typeof needle === 'string')
      needle = Buffer.from(needle);
    else if (!Buffer.isBuffer(needle))
      throw new Error(`Expected Buffer for needle, got ${typeof needle}`);

    const needleLen = needle.length;

    this.maxMatches = Infinity;
    this.matches = 0;

    this._cb = cb;
    this._lookbehindSize = 0;
    this._needle = needle;
    this._bufPos = 0;

    this._lookbehind = Buffer.allocUnsafe(needleLen);

    // Initialize occurrence table.
    this._occ = [
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen, needleLen, needleLen,
      needleLen, needleLen, needleLen, needleLen
    ];

    // Populate occurrence table with analysis of the needle, ignoring the last
    // letter.
    if (needleLen > 1) {
      for (let i = 0; i < needleLen - 1; ++i)
        this._occ[needle[i]] = needleLen - 1 - i;
    }
  }

  reset() {
    this.matches = 0;
    this._lookbehindSize = 0;
    this._bufPos = 0;
  }

  push(chunk, pos) {
    let result;
    if (!Buffer.isBuffer(chunk))
      chunk = Buffer.from(chunk, 'latin1');
    const chunkLen = chunk.length;
    this._bufPos = pos || 0;
    while (result !== chunkLen && this.matches < this.maxMatches)
      result = feed(this, chunk);
    return result;
  }

  destroy() {
    const lbSize = this._lookbehindSize;
    if (lbSize)
      this._cb(false, this._lookbehind, 0, lbSize, false);
    this.reset();
  }
}

function feed(self, data) {
  const len = data.length;
  const needle = self._needle;
  const needleLen = needle.length;

  // Positive: points to a position in `data`
  //           pos == 3 points to data[3]
  // Negative: points to a position in the lookbehind buffer
  //           pos == -2 points to lookbehind[lookbehindSize - 2]
  let pos = -self._lookbehindSize;
  const lastNeedleCharPos = needleLen - 1;
  const lastNeedleChar = needle[lastNeedleCharPos];
  const end = len - needleLen;
  const occ = self._occ;
  const lookbehind = self._lookbehind;

  if (pos < 0) {
    // Lookbehind buffer is not empty. Perform Boyer-Moore-Horspool
    // search with character lookup code that considers both the
    // lookbehind buffer and the current round's haystack data.
    //
    // Loop until
    //   there is a match.
    // or until
    //   we've moved past the position that requires the
    //   lookbehind buffer. In this case we switch to the
    //   optimized loop.
    // or until
    //   the character to look at lies outside the haystack.
    while (pos < 0 && pos <= end) {
      const nextPos = pos + lastNeedleCharPos;
      const ch = (nextPos < 0
                  ? lookbehind[self._lookbehindSize + nextPos]
                  : data[nextPos]);

      if (ch === lastNeedleChar
          && matchNeedle(self, data, pos, lastNeedleCharPos)) {
        self._lookbehindSize = 0;
        ++self.matches;
        if (pos > -self._lookbehindSize)
          self._cb(true, lookbehind, 0, self._lookbehindSize + pos, false);
        else
          self._cb(true, undefined, 0, 0, true);

        return (self._bufPos = pos + needleLen);
      }

      pos += occ[ch];
    }

    // No match.

    // There's too few data for Boyer-Moore-Horspool to run,
    // so let's use a different algorithm to skip as much as
    // we can.
    // Forward pos until
    //   the trailing part of lookbehind + data
    //   looks like the beginning of the needle
    // or until
    //   pos == 0
    while (pos < 0 && !matchNeedle(self, data, pos, len - pos))
      ++pos;

    if (pos < 0) {
      // Cut off part of the lookbehind buffer that has
      // been processed and append the entire haystack
      // into it.
      const bytesToCutOff = self._lookbehindSize + pos;

      if (bytesToCutOff > 0) {
        // The cut off data is guaranteed not to contain the needle.
        self._cb(false, lookbehind, 0, bytesToCutOff, false);
      }

      self._lookbehindSize -= bytesToCutOff;
      lookbehind.copy(lookbehind, 0, bytesToCutOff, self._lookbehindSize);
      lookbehind.set(data, self._lookbehindSize);
      self._lookbehindSize += len;

      self._bufPos = len;
      return len;
    }

    // Discard lookbehind buffer.
    self._cb(false, lookbehind, 0, self._lookbehindSize, false);
    self._lookbehindSize = 0;
  }

  pos += self._bufPos;

  const firstNeedleChar = needle[0];

  // Lookbehind buffer is now empty. Perform Boyer-Moore-Horspool
  // search with optimized character lookup code that only considers
  // the current round's haystack data.
  while (pos <= end) {
    const ch = data[pos + lastNeedleCharPos];

    if (ch === lastNeedleChar
        && data[pos] === firstNeedleChar
        && memcmp(needle, 0, data, pos, lastNeedleCharPos)) {
      ++self.matches;
      if (pos > 0)
        self._cb(true, data, self._bufPos, pos, true);
      else
        self._cb(true, undefined, 0, 0, true);

      return (self._bufPos = pos + needleLen);
    }

    pos += occ[ch];
  }

  // There was no match. If there's trailing haystack data that we cannot
  // match yet using the Boyer-Moore-Horspool algorithm (because the trailing
  // data is less than the needle size) then match using a modified
  // algorithm that starts matching from the beginning instead of the end.
  // Whatever trailing data is left after running this algorithm is added to
  // the lookbehind buffer.
  while (pos < len) {
    if (data[pos] !== firstNeedleChar
        || !memcmp(data, pos, needle, 0, len - pos)) {
      ++pos;
      continue;
    }
    data.copy(lookbehind, 0, pos, len);
    self._lookbehindSize = len - pos;
    break;
  }

  // Everything until `pos` is guaranteed not to contain needle data.
  if (pos > 0)
    self._cb(false, data, self._bufPos, pos < len ? pos : len, true);

  self._bufPos = len;
  return len;
}

function matchNeedle(self, data, pos, len) {
  const lb = self._lookbehind;
  const lbSize = self._lookbehindSize;
  const needle = self._needle;

  for (let i = 0; i < len; ++i, ++pos) {
    const ch = (pos < 0 ? lb[lbSize + pos] : data[pos]);
    if (ch !== needle[i])
      return false;
  }
  return true;
}

module.exports = SBMH;


/***/ }),

/***/ 248:
/***/ ((module) => {

// Adapted from https://github.com/brianloveswords/buffer-crc32/blob/v0.2.13/index.js
const CRC_TABLE = new Int32Array([
  0x00000000, 0x77073096, 0xee0e612c, 0x990951ba, 0x076dc419, 0x706af48f, 0xe963a535, 0x9e6495a3,
  0x0edb8832, 0x79dcb8a4, 0xe0d5e91e, 0x97d2d988, 0x09b64c2b, 0x7eb17cbd, 0xe7b82d07, 0x90bf1d91,
  0x1db71064, 0x6ab020f2, 0xf3b97148, 0x84be41de, 0x1adad47d, 0x6ddde4eb, 0xf4d4b551, 0x83d385c7,
  0x136c9856, 0x646ba8c0, 0xfd62f97a, 0x8a65c9ec, 0x14015c4f, 0x63066cd9, 0xfa0f3d63, 0x8d080df5,
  0x3b6e20c8, 0x4c69105e, 0xd56041e4, 0xa2677172, 0x3c03e4d1, 0x4b04d447, 0xd20d85fd, 0xa50ab56b,
  0x35b5a8fa, 0x42b2986c, 0xdbbbc9d6, 0xacbcf940, 0x32d86ce3, 0x45df5c75, 0xdcd60dcf, 0xabd13d59,
  0x26d930ac, 0x51de003a, 0xc8d75180, 0xbfd06116, 0x21b4f4b5, 0x56b3c423, 0xcfba9599, 0xb8bda50f,
  0x2802b89e, 0x5f058808, 0xc60cd9b2, 0xb10be924, 0x2f6f7c87, 0x58684c11, 0xc1611dab, 0xb6662d3d,
  0x76dc4190, 0x01db7106, 0x98d220bc, 0xefd5102a, 0x71b18589, 0x06b6b51f, 0x9fbfe4a5, 0xe8b8d433,
  0x7807c9a2, 0x0f00f934, 0x9609a88e, 0xe10e9818, 0x7f6a0dbb, 0x086d3d2d, 0x91646c97, 0xe6635c01,
  0x6b6b51f4, 0x1c6c6162, 0x856530d8, 0xf262004e, 0x6c0695ed, 0x1b01a57b, 0x8208f4c1, 0xf50fc457,
  0x65b0d9c6, 0x12b7e950, 0x8bbeb8ea, 0xfcb9887c, 0x62dd1ddf, 0x15da2d49, 0x8cd37cf3, 0xfbd44c65,
  0x4db26158, 0x3ab551ce, 0xa3bc0074, 0xd4bb30e2, 0x4adfa541, 0x3dd895d7, 0xa4d1c46d, 0xd3d6f4fb,
  0x4369e96a, 0x346ed9fc, 0xad678846, 0xda60b8d0, 0x44042d73, 0x33031de5, 0xaa0a4c5f, 0xdd0d7cc9,
  0x5005713c, 0x270241aa, 0xbe0b1010, 0xc90c2086, 0x5768b525, 0x206f85b3, 0xb966d409, 0xce61e49f,
  0x5edef90e, 0x29d9c998, 0xb0d09822, 0xc7d7a8b4, 0x59b33d17, 0x2eb40d81, 0xb7bd5c3b, 0xc0ba6cad,
  0xedb88320, 0x9abfb3b6, 0x03b6e20c, 0x74b1d29a, 0xead54739, 0x9dd277af, 0x04db2615, 0x73dc1683,
  0xe3630b12, 0x94643b84, 0x0d6d6a3e, 0x7a6a5aa8, 0xe40ecf0b, 0x9309ff9d, 0x0a00ae27, 0x7d079eb1,
  0xf00f9344, 0x8708a3d2, 0x1e01f268, 0x6906c2fe, 0xf762575d, 0x806567cb, 0x196c3671, 0x6e6b06e7,
  0xfed41b76, 0x89d32be0, 0x10da7a5a, 0x67dd4acc, 0xf9b9df6f, 0x8ebeeff9, 0x17b7be43, 0x60b08ed5,
  0xd6d6a3e8, 0xa1d1937e, 0x38d8c2c4, 0x4fdff252, 0xd1bb67f1, 0xa6bc5767, 0x3fb506dd, 0x48b2364b,
  0xd80d2bda, 0xaf0a1b4c, 0x36034af6, 0x41047a60, 0xdf60efc3, 0xa867df55, 0x316e8eef, 0x4669be79,
  0xcb61b38c, 0xbc66831a, 0x256fd2a0, 0x5268e236, 0xcc0c7795, 0xbb0b4703, 0x220216b9, 0x5505262f,
  0xc5ba3bbe, 0xb2bd0b28, 0x2bb45a92, 0x5cb36a04, 0xc2d7ffa7, 0xb5d0cf31, 0x2cd99e8b, 0x5bdeae1d,
  0x9b64c2b0, 0xec63f226, 0x756aa39c, 0x026d930a, 0x9c0906a9, 0xeb0e363f, 0x72076785, 0x05005713,
  0x95bf4a82, 0xe2b87a14, 0x7bb12bae, 0x0cb61b38, 0x92d28e9b, 0xe5d5be0d, 0x7cdcefb7, 0x0bdbdf21,
  0x86d3d2d4, 0xf1d4e242, 0x68ddb3f8, 0x1fda836e, 0x81be16cd, 0xf6b9265b, 0x6fb077e1, 0x18b74777,
  0x88085ae6, 0xff0f6a70, 0x66063bca, 0x11010b5c, 0x8f659eff, 0xf862ae69, 0x616bffd3, 0x166ccf45,
  0xa00ae278, 0xd70dd2ee, 0x4e048354, 0x3903b3c2, 0xa7672661, 0xd06016f7, 0x4969474d, 0x3e6e77db,
  0xaed16a4a, 0xd9d65adc, 0x40df0b66, 0x37d83bf0, 0xa9bcae53, 0xdebb9ec5, 0x47b2cf7f, 0x30b5ffe9,
  0xbdbdf21c, 0xcabac28a, 0x53b39330, 0x24b4a3a6, 0xbad03605, 0xcdd70693, 0x54de5729, 0x23d967bf,
  0xb3667a2e, 0xc4614ab8, 0x5d681b02, 0x2a6f2b94, 0xb40bbe37, 0xc30c8ea1, 0x5a05df1b, 0x2d02ef8d,
]);

function crc32(buf) {
  let crc = -1;
  for (let x of buf) {
    crc = CRC_TABLE[(crc ^ x) & 0xff] ^ (crc >>> 8);
  }
  return (crc ^ -1) >>> 0;
}

module.exports = crc32;


/***/ }),

/***/ 502:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

// This was adapted from https://github.com/andrewrk/node-fd-slicer by Andrew Kelley under the MIT License.
var fs = __nccwpck_require__(896);
var util = __nccwpck_require__(23);
var stream = __nccwpck_require__(203);
var Readable = stream.Readable;
var PassThrough = stream.PassThrough;
var Pend = __nccwpck_require__(694);
var EventEmitter = (__nccwpck_require__(434).EventEmitter);

exports.BufferSlicer = BufferSlicer;
exports.FdSlicer = FdSlicer;

util.inherits(FdSlicer, EventEmitter);
function FdSlicer(fd) {
  EventEmitter.call(this);

  this.fd = fd;
  this.pend = new Pend();
  this.pend.max = 1;
  this.refCount = 0;
}

FdSlicer.prototype.read = function(buffer, offset, length, position, callback) {
  var self = this;
  self.pend.go(function(cb) {
    fs.read(self.fd, buffer, offset, length, position, function(err, bytesRead, buffer) {
      cb();
      callback(err, bytesRead, buffer);
    });
  });
};

FdSlicer.prototype.createReadStream = function(options) {
  return new ReadStream(this, options);
};

FdSlicer.prototype.ref = function() {
  this.refCount += 1;
};

FdSlicer.prototype.unref = function() {
  var self = this;
  self.refCount -= 1;
  if (self.refCount < 0) throw new Error("invalid unref");
  if (self.refCount > 0) return;

  fs.close(self.fd, onCloseDone);

  function onCloseDone(err) {
    if (err) {
      self.emit('error', err);
    } else {
      self.emit('close');
    }
  }
};

util.inherits(ReadStream, Readable);
function ReadStream(context, options) {
  options = options || {};
  Readable.call(this, options);

  this.context = context;
  this.context.ref();

  this.start = options.start || 0;
  this.endOffset = options.end;
  this.pos = this.start;
}

ReadStream.prototype._read = function(n) {
  var self = this;

  var toRead = Math.min(self._readableState.highWaterMark, n);
  if (self.endOffset != null) {
    toRead = Math.min(toRead, self.endOffset - self.pos);
  }
  if (toRead <= 0) {
    self.push(null);
    this._cleanup();
    return;
  }
  self.context.pend.go(function(cb) {
    var buffer = Buffer.allocUnsafe(toRead);
    fs.read(self.context.fd, buffer, 0, toRead, self.pos, function(err, bytesRead) {
      if (err) {
        self.destroy(err);
      } else if (bytesRead === 0) {
        self.push(null);
        self._cleanup();
      } else {
        self.pos += bytesRead;
        self.push(buffer.slice(0, bytesRead));
      }
      cb();
    });
  });
};

ReadStream.prototype._destroy = function(err, cb) {
  // Node 14+ calls this automatically at EOF.
  this._cleanup();
  cb(err);
};

ReadStream.prototype._cleanup = function() {
  if (this.context != null) {
    this.context.unref();
    this.context = null;
  }
};

util.inherits(BufferSlicer, EventEmitter);
function BufferSlicer(buffer) {
  EventEmitter.call(this);

  this.refCount = 0;
  this.buffer = buffer;
}

BufferSlicer.prototype.read = function(buffer, offset, length, position, callback) {
  if (!(0 <= offset && offset <= buffer.length)) throw new RangeError("offset outside buffer: 0 <= " + offset + " <= " + buffer.length);
  if (position < 0) throw new RangeError("position is negative: " + position);
  if (offset + length > buffer.length) {
    // The caller's buffer can't hold all the bytes they're trying to read.
    // Clamp the length instead of giving an error.
    // The callback will be informed of fewer than expected bytes written.
    length = buffer.length - offset;
  }
  if (position + length > this.buffer.length) {
    // Clamp any attempt to read past the end of the source buffer.
    length = this.buffer.length - position;
  }
  if (length <= 0) {
    // After any clamping, we're fully out of bounds or otherwise have nothing to do.
    // This isn't an error; it's just zero bytes written.
    setImmediate(function() {
      callback(null, 0);
    });
    return;
  }
  this.buffer.copy(buffer, offset, position, position + length);
  setImmediate(function() {
    callback(null, length);
  });
};

BufferSlicer.prototype.createReadStream = function(options) {
  options = options || {};
  var readStream = new PassThrough(options);
  readStream.start = options.start || 0;
  readStream.endOffset = options.end;
  // by the time this function returns, we'll be done.
  readStream.pos = readStream.endOffset || this.buffer.length;

  var entireSlice = this.buffer.slice(readStream.start, readStream.pos);
  // Cut the buffer into smaller slices for better memory usage when streaming into a zlib inflate stream.
  // See https://github.com/thejoshwolfe/yauzl/issues/87
  var maxChunkSize = 0x10000;
  var offset = 0;
  while (true) {
    var nextOffset = offset + maxChunkSize;
    if (nextOffset >= entireSlice.length) {
      // last chunk
      if (offset < entireSlice.length) {
        readStream.write(entireSlice.slice(offset, entireSlice.length));
      }
      break;
    }
    readStream.write(entireSlice.slice(offset, nextOffset));
    offset = nextOffset;
  }

  readStream.end();
  return readStream;
};

BufferSlicer.prototype.ref = function() {
  this.refCount += 1;
};

BufferSlicer.prototype.unref = function() {
  this.refCount -= 1;

  if (this.refCount < 0) {
    throw new Error("invalid unref");
  }
};


/***/ }),

/***/ 663:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

var fs = __nccwpck_require__(896);
var zlib = __nccwpck_require__(106);
var fd_slicer = __nccwpck_require__(502);
var util = __nccwpck_require__(23);
var EventEmitter = (__nccwpck_require__(434).EventEmitter);
var Transform = (__nccwpck_require__(203).Transform);
var PassThrough = (__nccwpck_require__(203).PassThrough);
var Writable = (__nccwpck_require__(203).Writable);

// Node 20 added zlib.crc32.
const crc32 = typeof zlib.crc32 === "function" ? zlib.crc32 : __nccwpck_require__(248);

exports.open = open;
exports.fromFd = fromFd;
exports.fromBuffer = fromBuffer;
exports.fromRandomAccessReader = fromRandomAccessReader;
exports.openPromise = openPromise;
exports.fromFdPromise = fromFdPromise;
exports.fromBufferPromise = fromBufferPromise;
exports.fromRandomAccessReaderPromise = fromRandomAccessReaderPromise;

exports.dosDateTimeToDate = dosDateTimeToDate;
exports.getFileNameLowLevel = getFileNameLowLevel;
exports.validateFileName = validateFileName;
exports.parseExtraFields = parseExtraFields;
exports.ZipFile = ZipFile;
exports.Entry = Entry;
exports.LocalFileHeader = LocalFileHeader;
exports.RandomAccessReader = RandomAccessReader;

function openPromise(path, options) {
  return new Promise((resolve, reject) => {
    open(path, {...options, lazyEntries: true}, function(err, zipfile) {
      if (err) return reject(err);
      resolve(zipfile);
    });
  });
}
function fromFdPromise(fd, options) {
  return new Promise((resolve, reject) => {
    fromFd(fd, {...options, lazyEntries: true}, function(err, zipfile) {
      if (err) return reject(err);
      resolve(zipfile);
    });
  });
}
function fromBufferPromise(buffer, options) {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, {...options, lazyEntries: true}, function(err, zipfile) {
      if (err) return reject(err);
      resolve(zipfile);
    });
  });
}
function fromRandomAccessReaderPromise(reader, totalSize, options) {
  return new Promise((resolve, reject) => {
    fromRandomAccessReader(reader, totalSize, {...options, lazyEntries: true}, function(err, zipfile) {
      if (err) return reject(err);
      resolve(zipfile);
    });
  });
}

function open(path, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = null;
  }
  if (options == null) options = {};
  if (options.autoClose == null) options.autoClose = true;
  if (options.lazyEntries == null) options.lazyEntries = false;
  if (options.decodeStrings == null) options.decodeStrings = true;
  if (options.validateEntrySizes == null) options.validateEntrySizes = true;
  if (options.strictFileNames == null) options.strictFileNames = false;
  if (callback == null) callback = defaultCallback;
  fs.open(path, "r", function(err, fd) {
    if (err) return callback(err);
    fromFd(fd, options, function(err, zipfile) {
      if (err) fs.close(fd, defaultCallback);
      callback(err, zipfile);
    });
  });
}

function fromFd(fd, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = null;
  }
  if (options == null) options = {};
  if (options.autoClose == null) options.autoClose = false;
  if (options.lazyEntries == null) options.lazyEntries = false;
  if (options.decodeStrings == null) options.decodeStrings = true;
  if (options.validateEntrySizes == null) options.validateEntrySizes = true;
  if (options.strictFileNames == null) options.strictFileNames = false;
  if (callback == null) callback = defaultCallback;
  fs.fstat(fd, function(err, stats) {
    if (err) return callback(err);
    var reader = new fd_slicer.FdSlicer(fd);
    fromRandomAccessReader(reader, stats.size, options, callback);
  });
}

function fromBuffer(buffer, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = null;
  }
  if (options == null) options = {};
  options.autoClose = false;
  if (options.lazyEntries == null) options.lazyEntries = false;
  if (options.decodeStrings == null) options.decodeStrings = true;
  if (options.validateEntrySizes == null) options.validateEntrySizes = true;
  if (options.strictFileNames == null) options.strictFileNames = false;
  var reader = new fd_slicer.BufferSlicer(buffer);
  fromRandomAccessReader(reader, buffer.length, options, callback);
}

function fromRandomAccessReader(reader, totalSize, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = null;
  }
  if (options == null) options = {};
  if (options.autoClose == null) options.autoClose = true;
  if (options.lazyEntries == null) options.lazyEntries = false;
  if (options.decodeStrings == null) options.decodeStrings = true;
  var decodeStrings = !!options.decodeStrings;
  if (options.validateEntrySizes == null) options.validateEntrySizes = true;
  if (options.strictFileNames == null) options.strictFileNames = false;
  if (callback == null) callback = defaultCallback;
  if (typeof totalSize !== "number") throw new Error("expected totalSize parameter to be a number");
  if (totalSize > Number.MAX_SAFE_INTEGER) {
    throw new Error("zip file too large. only file sizes up to 2^52 are supported due to JavaScript's Number type being an IEEE 754 double.");
  }

  // the matching unref() call is in zipfile.close()
  reader.ref();

  // eocdr means End of Central Directory Record.
  // search backwards for the eocdr signature.
  // the last field of the eocdr is a variable-length comment.
  // the comment size is encoded in a 2-byte field in the eocdr, which we can't find without trudging backwards through the comment to find it.
  // as a consequence of this design decision, it's possible to have ambiguous zip file metadata if a coherent eocdr was in the comment.
  // we search backwards for a eocdr signature, and hope that whoever made the zip file was smart enough to forbid the eocdr signature in the comment.
  var eocdrWithoutCommentSize = 22;
  var zip64EocdlSize = 20; // Zip64 end of central directory locator
  var maxCommentSize = 0xffff; // 2-byte size
  var bufferSize = Math.min(zip64EocdlSize + eocdrWithoutCommentSize + maxCommentSize, totalSize);
  var buffer = newBuffer(bufferSize);
  var bufferReadStart = totalSize - buffer.length;
  readAndAssertNoEof(reader, buffer, 0, bufferSize, bufferReadStart, function(err) {
    if (err) return callback(err);
    for (var i = bufferSize - eocdrWithoutCommentSize; i >= 0; i -= 1) {
      if (buffer.readUInt32LE(i) !== 0x06054b50) continue;
      // found eocdr
      var eocdrBuffer = buffer.subarray(i);

      // 0 - End of central directory signature = 0x06054b50
      // 4 - Number of this disk
      var diskNumber = eocdrBuffer.readUInt16LE(4);
      // 6 - Disk where central directory starts
      // 8 - Number of central directory records on this disk
      // 10 - Total number of central directory records
      var entryCount = eocdrBuffer.readUInt16LE(10);
      // 12 - Size of central directory (bytes)
      // 16 - Offset of start of central directory, relative to start of archive
      var centralDirectoryOffset = eocdrBuffer.readUInt32LE(16);
      // 20 - Comment length
      var commentLength = eocdrBuffer.readUInt16LE(20);
      var expectedCommentLength = eocdrBuffer.length - eocdrWithoutCommentSize;
      if (commentLength !== expectedCommentLength) {
        return callback(new Error("Invalid comment length. Expected: " + expectedCommentLength + ". Found: " + commentLength + ". Are there extra bytes at the end of the file? Or is the end of central dir signature `PK☺☻` in the comment?"));
      }
      // 22 - Comment
      // the encoding is always cp437.
      var comment = decodeStrings ? decodeBuffer(eocdrBuffer.subarray(22), false)
                                  : eocdrBuffer.subarray(22);

      // Look for a Zip64 end of central directory locator
      if (i - zip64EocdlSize >= 0 && buffer.readUInt32LE(i - zip64EocdlSize) === 0x07064b50) {
        // ZIP64 format
        var zip64EocdlBuffer = buffer.subarray(i - zip64EocdlSize, i - zip64EocdlSize + zip64EocdlSize);
        // 0 - zip64 end of central dir locator signature = 0x07064b50
        // 4 - number of the disk with the start of the zip64 end of central directory
        // 8 - relative offset of the zip64 end of central directory record
        var zip64EocdrOffset = readUInt64LE(zip64EocdlBuffer, 8);
        // 16 - total number of disks

        // ZIP64 end of central directory record
        var zip64EocdrBuffer = newBuffer(56);
        return readAndAssertNoEof(reader, zip64EocdrBuffer, 0, zip64EocdrBuffer.length, zip64EocdrOffset, function(err) {
          if (err) return callback(err);

          // 0 - zip64 end of central dir signature                           4 bytes  (0x06064b50)
          if (zip64EocdrBuffer.readUInt32LE(0) !== 0x06064b50) {
            return callback(new Error("invalid zip64 end of central directory record signature"));
          }
          // 4 - size of zip64 end of central directory record                8 bytes
          // 12 - version made by                                             2 bytes
          // 14 - version needed to extract                                   2 bytes
          // 16 - number of this disk                                         4 bytes
          diskNumber = zip64EocdrBuffer.readUInt32LE(16);
          if (diskNumber !== 0) {
            // Check this only after zip64 overrides. See #118.
            return callback(new Error("multi-disk zip files are not supported: found disk number: " + diskNumber));
          }
          // 20 - number of the disk with the start of the central directory  4 bytes
          // 24 - total number of entries in the central directory on this disk         8 bytes
          // 32 - total number of entries in the central directory            8 bytes
          entryCount = readUInt64LE(zip64EocdrBuffer, 32);
          // 40 - size of the central directory                               8 bytes
          // 48 - offset of start of central directory with respect to the starting disk number     8 bytes
          centralDirectoryOffset = readUInt64LE(zip64EocdrBuffer, 48);
          // 56 - zip64 extensible data sector                                (variable size)
          return callback(null, new ZipFile(reader, centralDirectoryOffset, totalSize, entryCount, comment, options.autoClose, options.lazyEntries, decodeStrings, options.validateEntrySizes, options.strictFileNames));
        });
      }

      // Not ZIP64 format
      if (diskNumber !== 0) {
        return callback(new Error("multi-disk zip files are not supported: found disk number: " + diskNumber));
      }
      return callback(null, new ZipFile(reader, centralDirectoryOffset, totalSize, entryCount, comment, options.autoClose, options.lazyEntries, decodeStrings, options.validateEntrySizes, options.strictFileNames));

    }

    // Not a zip file.
    callback(new Error("End of central directory record signature not found. Either not a zip file, or file is truncated."));
  });
}

util.inherits(ZipFile, EventEmitter);
function ZipFile(reader, centralDirectoryOffset, fileSize, entryCount, comment, autoClose, lazyEntries, decodeStrings, validateEntrySizes, strictFileNames) {
  var self = this;
  EventEmitter.call(self);
  self.reader = reader;
  // forward close events
  self.reader.on("error", function(err) {
    // error closing the fd
    emitError(self, err);
  });
  self.reader.once("close", function() {
    self.emit("close");
  });
  self.readEntryCursor = centralDirectoryOffset;
  self.fileSize = fileSize;
  self.entryCount = entryCount;
  self.comment = comment;
  self.entriesRead = 0;
  self.autoClose = !!autoClose;
  self.lazyEntries = !!lazyEntries;
  self.decodeStrings = !!decodeStrings;
  self.validateEntrySizes = !!validateEntrySizes;
  self.strictFileNames = !!strictFileNames;
  self.isOpen = true;
  self.emittedError = false;
  self.hasEachEntryBeenCalled = false;

  if (!self.lazyEntries) self._readEntry();
}
ZipFile.prototype.close = function() {
  if (!this.isOpen) return;
  this.isOpen = false;
  this.reader.unref();
};

function emitErrorAndAutoClose(self, err) {
  if (self.autoClose) self.close();
  emitError(self, err);
}
function emitError(self, err) {
  if (self.emittedError) return;
  self.emittedError = true;
  self.emit("error", err);
}

ZipFile.prototype.readEntry = function() {
  if (!this.lazyEntries) throw new Error("readEntry() called without lazyEntries:true");
  this._readEntry();
};
ZipFile.prototype._readEntry = function() {
  var self = this;
  if (self.entryCount === self.entriesRead) {
    // done with metadata
    setImmediate(function() {
      if (self.autoClose) self.close();
      if (self.emittedError) return;
      self.emit("end");
    });
    return;
  }
  if (self.emittedError) return;
  var buffer = newBuffer(46);
  readAndAssertNoEof(self.reader, buffer, 0, buffer.length, self.readEntryCursor, function(err) {
    if (err) return emitErrorAndAutoClose(self, err);
    if (self.emittedError) return;
    var entry = new Entry();
    // 0 - Central directory file header signature
    var signature = buffer.readUInt32LE(0);
    if (signature !== 0x02014b50) return emitErrorAndAutoClose(self, new Error("invalid central directory file header signature: 0x" + signature.toString(16)));
    // 4 - Version made by
    entry.versionMadeBy = buffer.readUInt16LE(4);
    // 6 - Version needed to extract (minimum)
    entry.versionNeededToExtract = buffer.readUInt16LE(6);
    // 8 - General purpose bit flag
    entry.generalPurposeBitFlag = buffer.readUInt16LE(8);
    // 10 - Compression method
    entry.compressionMethod = buffer.readUInt16LE(10);
    // 12 - File last modification time
    entry.lastModFileTime = buffer.readUInt16LE(12);
    // 14 - File last modification date
    entry.lastModFileDate = buffer.readUInt16LE(14);
    // 16 - CRC-32
    entry.crc32 = buffer.readUInt32LE(16);
    // 20 - Compressed size
    entry.compressedSize = buffer.readUInt32LE(20);
    // 24 - Uncompressed size
    entry.uncompressedSize = buffer.readUInt32LE(24);
    // 28 - File name length (n)
    entry.fileNameLength = buffer.readUInt16LE(28);
    // 30 - Extra field length (m)
    entry.extraFieldLength = buffer.readUInt16LE(30);
    // 32 - File comment length (k)
    entry.fileCommentLength = buffer.readUInt16LE(32);
    // 34 - Disk number where file starts
    // 36 - Internal file attributes
    entry.internalFileAttributes = buffer.readUInt16LE(36);
    // 38 - External file attributes
    entry.externalFileAttributes = buffer.readUInt32LE(38);
    // 42 - Relative offset of local file header
    entry.relativeOffsetOfLocalHeader = buffer.readUInt32LE(42);

    if (entry.generalPurposeBitFlag & 0x40) return emitErrorAndAutoClose(self, new Error("strong encryption is not supported"));

    self.readEntryCursor += 46;

    buffer = newBuffer(entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength);
    readAndAssertNoEof(self.reader, buffer, 0, buffer.length, self.readEntryCursor, function(err) {
      if (err) return emitErrorAndAutoClose(self, err);
      if (self.emittedError) return;
      // 46 - File name
      entry.fileNameRaw = buffer.subarray(0, entry.fileNameLength);
      // 46+n - Extra field
      var fileCommentStart = entry.fileNameLength + entry.extraFieldLength;
      entry.extraFieldRaw = buffer.subarray(entry.fileNameLength, fileCommentStart);
      // 46+n+m - File comment
      entry.fileCommentRaw = buffer.subarray(fileCommentStart, fileCommentStart + entry.fileCommentLength);

      // Parse the extra fields, which we need for processing other fields.
      try {
        entry.extraFields = parseExtraFields(entry.extraFieldRaw);
      } catch (err) {
        return emitErrorAndAutoClose(self, err);
      }

      // Interpret strings according to bit flags, extra fields, and options.
      if (self.decodeStrings) {
        var isUtf8 = (entry.generalPurposeBitFlag & 0x800) !== 0;
        entry.fileComment = decodeBuffer(entry.fileCommentRaw, isUtf8);
        entry.fileName = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, self.strictFileNames);
        var errorMessage = validateFileName(entry.fileName);
        if (errorMessage != null) return emitErrorAndAutoClose(self, new Error(errorMessage));
      } else {
        entry.fileComment = entry.fileCommentRaw;
        entry.fileName = entry.fileNameRaw;
      }
      // Maintain API compatibility. See https://github.com/thejoshwolfe/yauzl/issues/47
      entry.comment = entry.fileComment;

      self.readEntryCursor += buffer.length;
      self.entriesRead += 1;

      // Check for the Zip64 Extended Information Extra Field.
      for (var i = 0; i < entry.extraFields.length; i++) {
        var extraField = entry.extraFields[i];
        if (extraField.id !== 0x0001) continue;
        // Found it.

        var zip64EiefBuffer = extraField.data;
        var index = 0;
        // 0 - Original Size          8 bytes
        if (entry.uncompressedSize === 0xffffffff) {
          if (index + 8 > zip64EiefBuffer.length) {
            return emitErrorAndAutoClose(self, new Error("zip64 extended information extra field does not include uncompressed size"));
          }
          entry.uncompressedSize = readUInt64LE(zip64EiefBuffer, index);
          index += 8;
        }
        // 8 - Compressed Size        8 bytes
        if (entry.compressedSize === 0xffffffff) {
          if (index + 8 > zip64EiefBuffer.length) {
            return emitErrorAndAutoClose(self, new Error("zip64 extended information extra field does not include compressed size"));
          }
          entry.compressedSize = readUInt64LE(zip64EiefBuffer, index);
          index += 8;
        }
        // 16 - Relative Header Offset 8 bytes
        if (entry.relativeOffsetOfLocalHeader === 0xffffffff) {
          if (index + 8 > zip64EiefBuffer.length) {
            return emitErrorAndAutoClose(self, new Error("zip64 extended information extra field does not include relative header offset"));
          }
          entry.relativeOffsetOfLocalHeader = readUInt64LE(zip64EiefBuffer, index);
          index += 8;
        }
        // 24 - Disk Start Number      4 bytes

        break;
      }

      // validate file size
      if (self.validateEntrySizes && entry.compressionMethod === 0) {
        var expectedCompressedSize = entry.uncompressedSize;
        if (entry.isEncrypted()) {
          // traditional encryption prefixes the file data with a header
          expectedCompressedSize += 12;
        }
        if (entry.compressedSize !== expectedCompressedSize) {
          var msg = "compressed/uncompressed size mismatch for stored file: " + entry.compressedSize + " != " + entry.uncompressedSize;
          return emitErrorAndAutoClose(self, new Error(msg));
        }
      }

      self.emit("entry", entry);

      if (!self.lazyEntries) self._readEntry();
    });
  });
};

ZipFile.prototype.eachEntry = function() {
  const self = this;
  if (!self.lazyEntries) throw new Error("eachEntry() requires lazyEntries: true");
  if (self.hasEachEntryBeenCalled) throw new Error("eachEntry() must only be called once per ZipFile");
  self.hasEachEntryBeenCalled = true;

  let pendingResolveReject = null;
  self.on("entry", onEntry);
  self.on("end", onEnd);
  self.on("error", onError);
  function cleanup() {
    self.removeListener("entry", onEntry);
    self.removeListener("end", onEnd);
    self.removeListener("error", onError);
    if (self.autoClose) self.close();
  }

  function onEntry(entry) {
    let {resolve} = pendingResolveReject;
    pendingResolveReject = null;
    resolve({value: entry});
  }
  function onEnd() {
    let {resolve} = pendingResolveReject;
    pendingResolveReject = null;
    cleanup();
    resolve({done: true});
  }
  function onError(err) {
    let {reject} = pendingResolveReject;
    pendingResolveReject = null;
    cleanup();
    reject(err);
  }

  return {
    [Symbol.asyncIterator]() {
      // Called once by `for await...of`.
      return this;
    },
    next() {
      // Called on each iteration in a `for await...of`.
      const promise = new Promise((resolve, reject) => {
        if (pendingResolveReject != null) throw new Error("next() called before previous Promise was resolved.");
        pendingResolveReject = {resolve, reject};
      });
      self.readEntry();
      return promise;
    },
    return(value) {
      // Called when breaking, returning, throwing out of a `for await...of`.
      cleanup();
      return Promise.resolve({done: true, value});
    },
    throw(value) {
      // Almost never called. Something about `yield*` maybe?
      cleanup();
      return Promise.reject(value);
    },
  };
};

ZipFile.prototype.openReadStream = function(entry, options, callback) {
  var self = this;
  // parameter validation
  var relativeStart = 0;
  var relativeEnd = entry.compressedSize;
  if (callback == null) {
    callback = options;
    options = null;
  }
  if (options == null) {
    options = {};
  } else {
    if (options.decodeFileData === false) {
      // new, simple option
      if (options.decrypt != null) {
        throw new Error("cannot use options.decrypt when options.decodeFileData === false");
      }
      if (options.decompress != null) {
        throw new Error("cannot use options.decompress when options.decodeFileData === false");
      }
      // start and end are allowed
    } else {
      // old, complicated options
      if (options.decrypt != null) {
        if (!entry.isEncrypted()) {
          throw new Error("options.decrypt can only be specified for encrypted entries. See also option decodeFileData.");
        }
        if (options.decrypt !== false) throw new Error("invalid options.decrypt value: " + options.decrypt);
        if (entry.isCompressed()) {
          if (options.decompress !== false) throw new Error("entry is encrypted and compressed, and options.decompress !== false. See also option decodeFileData.");
        }
      }
      if (options.decompress != null) {
        if (!entry.isCompressed()) {
          throw new Error("options.decompress can only be specified for compressed entries. See also option decodeFileData.");
        }
        if (!(options.decompress === false || options.decompress === true)) {
          throw new Error("invalid options.decompress value: " + options.decompress);
        }
        decompress = options.decompress;
      }
    }
    if (options.start != null) {
      relativeStart = options.start;
      if (relativeStart < 0) throw new Error("options.start < 0");
      if (relativeStart > entry.compressedSize) throw new Error("options.start > entry.compressedSize");
    }
    if (options.end != null) {
      relativeEnd = options.end;
      if (relativeEnd < 0) throw new Error("options.end < 0");
      if (relativeEnd > entry.compressedSize) throw new Error("options.end > entry.compressedSize");
      if (relativeEnd < relativeStart) throw new Error("options.end < options.start");
    }
  }
  var rawMode = (
    options.decodeFileData === false || // Explicitly requested raw.
    (
      (entry.compressionMethod === 0 || // Naturally without compression.
        (entry.compressionMethod === 8 && options.decompress === false) // Deprecated compression bypass option.
      ) &&
      (!entry.isEncrypted() || // Naturally without encryption.
        options.decrypt === false // Deprecated encryption bypass option.
      )
    )
  );
  if (options.start != null || options.end != null) {
    // Ensure slicing deals with raw data.
    if (!rawMode) throw new Error("start/end range require options.decodeFileData === false for non-trivial encoded entries.");
  }

  // any further errors can either be caused by the zipfile,
  // or were introduced in a minor version of yauzl,
  // so should be passed to the client rather than thrown.
  if (!self.isOpen) return callback(new Error("closed"));
  if (entry.isEncrypted() && !rawMode) {
    if (options.decrypt !== false) return callback(new Error("entry is encrypted, and options.decodeFileData !== false"));
  }
  var decompress;
  if (rawMode) {
    decompress = false;
  } else if (entry.compressionMethod === 8) {
    // 8 - The file is Deflated
    decompress = options.decodeFileData !== true;
  } else {
    return callback(new Error("unsupported compression method: " + entry.compressionMethod));
  }

  self.readLocalFileHeader(entry, {minimal: true}, function(err, localFileHeader) {
    if (err) return callback(err);
    self.openReadStreamLowLevel(
      localFileHeader.fileDataStart, entry.compressedSize,
      relativeStart, relativeEnd,
      decompress, entry.uncompressedSize,
      callback);
  });
};

ZipFile.prototype.openReadStreamLowLevel = function(fileDataStart, compressedSize, relativeStart, relativeEnd, decompress, uncompressedSize, callback) {
  var self = this;

  var fileDataEnd = fileDataStart + compressedSize;
  var readStream = self.reader.createReadStream({
    start: fileDataStart + relativeStart,
    end: fileDataStart + relativeEnd,
  });
  var endpointStream = readStream;
  if (decompress) {
    var destroyed = false;
    var inflateFilter = zlib.createInflateRaw();
    readStream.on("error", function(err) {
      // setImmediate here because errors can be emitted during the first call to pipe()
      setImmediate(function() {
        if (!destroyed) inflateFilter.emit("error", err);
      });
    });
    readStream.pipe(inflateFilter);

    if (self.validateEntrySizes) {
      endpointStream = new AssertByteCountStream(uncompressedSize);
      inflateFilter.on("error", function(err) {
        // forward zlib errors to the client-visible stream
        setImmediate(function() {
          if (!destroyed) endpointStream.emit("error", err);
        });
      });
      inflateFilter.pipe(endpointStream);
    } else {
      // the zlib filter is the client-visible stream
      endpointStream = inflateFilter;
    }
    // this is part of yauzl's API, so implement this function on the client-visible stream
    installDestroyFn(endpointStream, function() {
      destroyed = true;
      if (inflateFilter !== endpointStream) inflateFilter.unpipe(endpointStream);
      readStream.unpipe(inflateFilter);
      // TODO: the inflateFilter may cause a memory leak. see Issue #27.
      readStream.destroy();
    });
  }
  callback(null, endpointStream);
};

ZipFile.prototype.readLocalFileHeader = function(entry, options, callback) {
  var self = this;
  if (callback == null) {
    callback = options;
    options = null;
  }
  if (options == null) options = {};

  self.reader.ref();
  var buffer = newBuffer(30);
  readAndAssertNoEof(self.reader, buffer, 0, buffer.length, entry.relativeOffsetOfLocalHeader, function(err) {
    try {
      if (err) return callback(err);
      // 0 - Local file header signature = 0x04034b50
      var signature = buffer.readUInt32LE(0);
      if (signature !== 0x04034b50) {
        return callback(new Error("invalid local file header signature: 0x" + signature.toString(16)));
      }

      var fileNameLength = buffer.readUInt16LE(26);
      var extraFieldLength = buffer.readUInt16LE(28);
      var fileDataStart = entry.relativeOffsetOfLocalHeader + 30 + fileNameLength + extraFieldLength;
      // We now have enough information to do this bounds check.
      if (fileDataStart + entry.compressedSize > self.fileSize) {
        return callback(new Error("file data overflows file bounds: " +
            fileDataStart + " + " + entry.compressedSize + " > " + self.fileSize));
      }

      if (options.minimal) {
        return callback(null, {fileDataStart: fileDataStart});
      }

      var localFileHeader = new LocalFileHeader();
      localFileHeader.fileDataStart = fileDataStart;

      // 4 - Version needed to extract (minimum)
      localFileHeader.versionNeededToExtract = buffer.readUInt16LE(4);
      // 6 - General purpose bit flag
      localFileHeader.generalPurposeBitFlag = buffer.readUInt16LE(6);
      // 8 - Compression method
      localFileHeader.compressionMethod = buffer.readUInt16LE(8);
      // 10 - File last modification time
      localFileHeader.lastModFileTime = buffer.readUInt16LE(10);
      // 12 - File last modification date
      localFileHeader.lastModFileDate = buffer.readUInt16LE(12);
      // 14 - CRC-32
      localFileHeader.crc32 = buffer.readUInt32LE(14);
      // 18 - Compressed size
      localFileHeader.compressedSize = buffer.readUInt32LE(18);
      // 22 - Uncompressed size
      localFileHeader.uncompressedSize = buffer.readUInt32LE(22);
      // 26 - File name length (n)
      localFileHeader.fileNameLength = fileNameLength;
      // 28 - Extra field length (m)
      localFileHeader.extraFieldLength = extraFieldLength;
      // 30 - File name
      // 30+n - Extra field

      buffer = newBuffer(fileNameLength + extraFieldLength);
      self.reader.ref();
      readAndAssertNoEof(self.reader, buffer, 0, buffer.length, entry.relativeOffsetOfLocalHeader + 30, function(err) {
        try {
          if (err) return callback(err);
          localFileHeader.fileName = buffer.subarray(0, fileNameLength);
          localFileHeader.extraField = buffer.subarray(fileNameLength);
          return callback(null, localFileHeader);
        } finally {
          self.reader.unref();
        }
      });
    } finally {
      self.reader.unref();
    }
  });
};

ZipFile.prototype.openReadStreamPromise = function(entry, options) {
  return new Promise((resolve, reject) => {
    this.openReadStream(entry, options, function(err, readStream) {
      if (err) return reject(err);
      resolve(readStream);
    });
  });
};
ZipFile.prototype.openReadStreamLowLevelPromise = function(fileDataStart, compressedSize, relativeStart, relativeEnd, decompress, uncompressedSize) {
  return new Promise((resolve, reject) => {
    this.openReadStream(fileDataStart, compressedSize, relativeStart, relativeEnd, decompress, uncompressedSize, function(err, readStream) {
      if (err) return reject(err);
      resolve(readStream);
    });
  });
};
ZipFile.prototype.readLocalFileHeaderPromise = function(entry, options) {
  return new Promise((resolve, reject) => {
    this.readLocalFileHeader(entry, options, function(err, localFileHeader) {
      if (err) return reject(err);
      resolve(localFileHeader);
    });
  });
};

function Entry() {
}
Entry.prototype.getLastModDate = function(options) {
  if (options == null) options = {};

  if (!options.forceDosFormat) {
    // Check extended fields.
    for (var i = 0; i < this.extraFields.length; i++) {
      var extraField = this.extraFields[i];
      if (extraField.id === 0x5455) {
        // Info-ZIP "universal timestamp" extended field (`0x5455` aka `"UT"`).
        // See the Info-ZIP source code unix/unix.c:set_extra_field() and zipfile.c:ef_scan_ut_time().
        var data = extraField.data;
        if (data.length < 5) continue; // Too short.
        // The flags define which of the three fields are present: mtime, atime, ctime.
        // We only care about mtime.
        // Also, ctime is never included in practice.
        // And also, atime is only included in the local file header for some reason
        // despite the flags lying about its inclusion in the central header.
        var flags = data[0];
        var HAS_MTIME = 1;
        if (!(flags & HAS_MTIME)) continue; // This will realistically never happen.
        // Although the positions of all of the fields shift around depending on the presence of other fields,
        // mtime is always first if present, and that's the only one we care about.
        var posixTimestamp = data.readInt32LE(1);
        return new Date(posixTimestamp * 1000);
      } else if (extraField.id === 0x000a) {
        var data = extraField.data;
        if (data.length !== 32) continue; // The length is always the same.
        // 4 bytes reserved
        // 2 bytes Tag
        if (data.readUInt16LE(4) !== 1) continue; // Tag1 is actually the only defined Tag.
        // 2 bytes Size
        if (data.readUInt16LE(6) !== 24) continue; // Size is always 24.
        // 8 bytes Mtime
        var hundredNanoSecondsSince1601 = data.readUInt32LE(8) + 4294967296 * data.readInt32LE(12);
        // Convert from NTFS to POSIX milliseconds.
        // The big number below is the milliseconds between year 1601 and year 1970
        // (i.e. the negative POSIX timestamp of 1601-01-01 00:00:00Z)
        var millisecondsSince1970 = hundredNanoSecondsSince1601 / 10000 - 11644473600000;
        // Note on numeric precision: JavaScript Number objects lose precision above Number.MAX_SAFE_INTEGER,
        // and NTFS timestamps are typically much bigger than that limit.
        // (MAX_SAFE_INTEGER would represent 1629-07-17T23:58:45.475Z.)
        // However, we're losing precision in the conversion from 100nanosecond units to millisecond units anyway,
        // and the time at which we also lose 1-millisecond precision is year 275760, the JavaScript Date limit (by design).
        // Up through the year 2057, this conversion only drops 4 bits of precision,
        // which is well under the 13-14 bits ratio between the milliseconds and 100nanoseconds.
        return new Date(millisecondsSince1970);
      }
    }
  }

  // Fallback to non-extended encoding.
  return dosDateTimeToDate(this.lastModFileDate, this.lastModFileTime, options.timezone);
};

Entry.prototype.canDecodeFileData = function() {
  return (
    !this.isEncrypted() &&
    (this.compressionMethod === 0 || this.compressionMethod === 8)
  );
};
Entry.prototype.isEncrypted = function() {
  return (this.generalPurposeBitFlag & 0x1) !== 0;
};
Entry.prototype.isCompressed = function() {
  return this.compressionMethod === 8;
};

function LocalFileHeader() {
}

function dosDateTimeToDate(date, time, timezone) {
  var day = date & 0x1f; // 1-31
  var month = (date >> 5 & 0xf) - 1; // 1-12, 0-11
  var year = (date >> 9 & 0x7f) + 1980; // 0-128, 1980-2108

  var millisecond = 0;
  var second = (time & 0x1f) * 2; // 0-29, 0-58 (even numbers)
  var minute = time >> 5 & 0x3f; // 0-59
  var hour = time >> 11 & 0x1f; // 0-23

  if (timezone == null || timezone === "local") {
    return new Date(year, month, day, hour, minute, second, millisecond);
  } else if (timezone === "UTC") {
    return new Date(Date.UTC(year, month, day, hour, minute, second, millisecond));
  } else {
    throw new Error("unrecognized options.timezone: " + options.timezone);
  }
}

function getFileNameLowLevel(generalPurposeBitFlag, fileNameBuffer, extraFields, strictFileNames) {
  var fileName = null;

  // check for Info-ZIP Unicode Path Extra Field (0x7075)
  // see https://github.com/thejoshwolfe/yauzl/issues/33
  for (var i = 0; i < extraFields.length; i++) {
    var extraField = extraFields[i];
    if (extraField.id === 0x7075) {
      if (extraField.data.length < 6) {
        // too short to be meaningful
        continue;
      }
      // Version       1 byte      version of this extra field, currently 1
      if (extraField.data.readUInt8(0) !== 1) {
        // > Changes may not be backward compatible so this extra
        // > field should not be used if the version is not recognized.
        continue;
      }
      // NameCRC32     4 bytes     File Name Field CRC32 Checksum
      var oldNameCrc32 = extraField.data.readUInt32LE(1);
      if (crc32(fileNameBuffer) !== oldNameCrc32) {
        // > If the CRC check fails, this UTF-8 Path Extra Field should be
        // > ignored and the File Name field in the header should be used instead.
        continue;
      }
      // UnicodeName   Variable    UTF-8 version of the entry File Name
      fileName = decodeBuffer(extraField.data.subarray(5), true);
      break;
    }
  }

  if (fileName == null) {
    // The typical case.
    var isUtf8 = (generalPurposeBitFlag & 0x800) !== 0;
    fileName = decodeBuffer(fileNameBuffer, isUtf8);
  }

  if (!strictFileNames) {
    // Allow backslash.
    fileName = fileName.replace(/\\/g, "/");
  }
  return fileName;
}

function validateFileName(fileName) {
  if (fileName.indexOf("\\") !== -1) {
    return "invalid characters in fileName: " + fileName;
  }
  if (/^[a-zA-Z]:/.test(fileName) || /^\//.test(fileName)) {
    return "absolute path: " + fileName;
  }
  if (fileName.split("/").indexOf("..") !== -1) {
    return "invalid relative path: " + fileName;
  }
  // all good
  return null;
}

function parseExtraFields(extraFieldBuffer) {
  var extraFields = [];
  var i = 0;
  while (i < extraFieldBuffer.length - 3) {
    var headerId = extraFieldBuffer.readUInt16LE(i + 0);
    var dataSize = extraFieldBuffer.readUInt16LE(i + 2);
    var dataStart = i + 4;
    var dataEnd = dataStart + dataSize;
    if (dataEnd > extraFieldBuffer.length) throw new Error("extra field length exceeds extra field buffer size");
    var dataBuffer = extraFieldBuffer.subarray(dataStart, dataEnd);
    extraFields.push({
      id: headerId,
      data: dataBuffer,
    });
    i = dataEnd;
  }
  return extraFields;
}

function readAndAssertNoEof(reader, buffer, offset, length, position, callback) {
  if (length === 0) {
    // fs.read will throw an out-of-bounds error if you try to read 0 bytes from a 0 byte file
    return setImmediate(function() { callback(null, newBuffer(0)); });
  }
  reader.read(buffer, offset, length, position, function(err, bytesRead) {
    if (err) return callback(err);
    if (bytesRead < length) {
      return callback(new Error("unexpected EOF"));
    }
    callback();
  });
}

util.inherits(AssertByteCountStream, Transform);
function AssertByteCountStream(byteCount) {
  Transform.call(this);
  this.actualByteCount = 0;
  this.expectedByteCount = byteCount;
}
AssertByteCountStream.prototype._transform = function(chunk, encoding, cb) {
  this.actualByteCount += chunk.length;
  if (this.actualByteCount > this.expectedByteCount) {
    var msg = "too many bytes in the stream. expected " + this.expectedByteCount + ". got at least " + this.actualByteCount;
    return cb(new Error(msg));
  }
  cb(null, chunk);
};
AssertByteCountStream.prototype._flush = function(cb) {
  if (this.actualByteCount < this.expectedByteCount) {
    var msg = "not enough bytes in the stream. expected " + this.expectedByteCount + ". got only " + this.actualByteCount;
    return cb(new Error(msg));
  }
  cb();
};

util.inherits(RandomAccessReader, EventEmitter);
function RandomAccessReader() {
  EventEmitter.call(this);
  this.refCount = 0;
}
RandomAccessReader.prototype.ref = function() {
  this.refCount += 1;
};
RandomAccessReader.prototype.unref = function() {
  var self = this;
  self.refCount -= 1;

  if (self.refCount > 0) return;
  if (self.refCount < 0) throw new Error("invalid unref");

  self.close(onCloseDone);

  function onCloseDone(err) {
    if (err) return self.emit('error', err);
    self.emit('close');
  }
};
RandomAccessReader.prototype.createReadStream = function(options) {
  if (options == null) options = {};
  var start = options.start;
  var end = options.end;
  if (start === end) {
    var emptyStream = new PassThrough();
    setImmediate(function() {
      emptyStream.end();
    });
    return emptyStream;
  }
  var stream = this._readStreamForRange(start, end);

  var destroyed = false;
  var refUnrefFilter = new RefUnrefFilter(this);
  stream.on("error", function(err) {
    setImmediate(function() {
      if (!destroyed) refUnrefFilter.emit("error", err);
    });
  });
  installDestroyFn(refUnrefFilter, function() {
    stream.unpipe(refUnrefFilter);
    refUnrefFilter.unref();
    stream.destroy();
  });

  var byteCounter = new AssertByteCountStream(end - start);
  refUnrefFilter.on("error", function(err) {
    setImmediate(function() {
      if (!destroyed) byteCounter.emit("error", err);
    });
  });
  installDestroyFn(byteCounter, function() {
    destroyed = true;
    refUnrefFilter.unpipe(byteCounter);
    refUnrefFilter.destroy();
  });

  return stream.pipe(refUnrefFilter).pipe(byteCounter);
};
RandomAccessReader.prototype._readStreamForRange = function(start, end) {
  throw new Error("not implemented");
};
RandomAccessReader.prototype.read = function(buffer, offset, length, position, callback) {
  var readStream = this.createReadStream({start: position, end: position + length});
  var writeStream = new Writable();
  var written = 0;
  writeStream._write = function(chunk, encoding, cb) {
    chunk.copy(buffer, offset + written, 0, chunk.length);
    written += chunk.length;
    cb();
  };
  writeStream.on("finish", callback);
  readStream.on("error", function(error) {
    callback(error);
  });
  readStream.pipe(writeStream);
};
RandomAccessReader.prototype.close = function(callback) {
  setImmediate(callback);
};

util.inherits(RefUnrefFilter, PassThrough);
function RefUnrefFilter(context) {
  PassThrough.call(this);
  this.context = context;
  this.context.ref();
  this.unreffedYet = false;
}
RefUnrefFilter.prototype._flush = function(cb) {
  this.unref();
  cb();
};
RefUnrefFilter.prototype.unref = function(cb) {
  if (this.unreffedYet) return;
  this.unreffedYet = true;
  this.context.unref();
};

var cp437 = '\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼ !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~⌂ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■ ';
function decodeBuffer(buffer, isUtf8) {
  if (isUtf8) {
    return buffer.toString("utf8");
  } else {
    var result = "";
    for (var i = 0; i < buffer.length; i++) {
      result += cp437[buffer[i]];
    }
    return result;
  }
}

function readUInt64LE(buffer, offset) {
  // There is no native function for this, because we can't actually store 64-bit integers precisely.
  // after 53 bits, JavaScript's Number type (IEEE 754 double) can't store individual integers anymore.
  // but since 53 bits is a whole lot more than 32 bits, we do our best anyway.
  // As of 2020, Node has added support for BigInt, which obviates this whole function,
  // but yauzl hasn't been updated to depend on BigInt (yet?).
  var lower32 = buffer.readUInt32LE(offset);
  var upper32 = buffer.readUInt32LE(offset + 4);
  // we can't use bitshifting here, because JavaScript bitshifting only works on 32-bit integers.
  return upper32 * 0x100000000 + lower32;
  // as long as we're bounds checking the result of this function against the total file size,
  // we'll catch any overflow errors, because we already made sure the total file size was within reason.
}

// Node 10 deprecated new Buffer().
var newBuffer;
if (typeof Buffer.allocUnsafe === "function") {
  newBuffer = function(len) {
    return Buffer.allocUnsafe(len);
  };
} else {
  newBuffer = function(len) {
    return new Buffer(len);
  };
}

// Node 8 introduced a proper destroy() implementation on writable streams.
function installDestroyFn(stream, fn) {
  if (typeof stream.destroy === "function") {
    // New API.
    stream._destroy = function(err, cb) {
      fn();
      if (cb != null) cb(err);
    };
  } else {
    // Old API.
    stream.destroy = fn;
  }
}

function defaultCallback(err) {
  if (err) throw err;
}


/***/ }),

/***/ 434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 23:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 106:
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
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
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
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
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
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
;// CONCATENATED MODULE: external "node:http"
const external_node_http_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");
;// CONCATENATED MODULE: ./src/util/clock.ts
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

;// CONCATENATED MODULE: ./emulator/clock.ts
/**
 * The emulator's clock: the injected base clock plus an offset that the control route
 * `POST /__emulator/clock` moves forward, so tests and rehearsals can make a 10-minute build
 * finish now. Time-driven states (operations, archives, transfers) are computed from it.
 */

class EmulatorClock {
    base;
    offset = 0;
    constructor(base = realClock) {
        this.base = base;
    }
    now() {
        return this.base.now() + this.offset;
    }
    iso() {
        return new Date(this.now()).toISOString();
    }
    advance(ms) {
        this.offset += ms;
    }
}

;// CONCATENATED MODULE: ./src/api/routes.ts
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
    triggerWebhook: row('headless', 'POST /wh/v1/accounts/{account}/apps/{app}/environments/{environment}/webhooks/webhook:{action}', { query: ['token'], auth: 'token' }),
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

;// CONCATENATED MODULE: ./src/api/types.ts
/**
 * Records of the spec, as they travel on the wire. Field names are the service's own
 * (snake_case for hosting, camelCase for headless); CONTRACT.md §2 fixes the shapes the spec
 * leaves open.
 */
const REGIONS = ['US-C', 'AUS-SE', 'UK', 'EU-W'];
const UPDATE_ENVIRONMENT_METADATA_TYPE = 'type.googleapis.com/headless.v1.UpdateEnvironmentMetadata';
const WEBHOOK_ACTIONS = ['rebuild', 'cleanRebuild', 'purgeCache'];

;// CONCATENATED MODULE: ./emulator/errors.ts
const STATUS_NAMES = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    409: 'ALREADY_EXISTS',
    413: 'OUT_OF_RANGE',
    415: 'INVALID_ARGUMENT',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    502: 'UNAVAILABLE',
    503: 'UNAVAILABLE',
};
const DOCS = 'https://docs.example.invalid/api/errors';
class EmulatorError extends Error {
    status;
    errors;
    headers;
    constructor(status, message, errors = [], headers = {}) {
        super(message);
        this.status = status;
        this.errors = errors;
        this.headers = headers;
        this.name = 'EmulatorError';
    }
}
/** One invalid field: the common Bad Request case. */
function invalid(resource, field, message, code = `${resource}.${field}.invalid`) {
    return { resource, field, type: 'invalid_value', code, message };
}
function badRequest(message, errors = []) {
    return new EmulatorError(400, message, errors);
}
const unauthenticated = (message = 'Authentication failed: invalid API credentials') => new EmulatorError(401, message);
const notAuthorized = (message = 'You are not authorized to perform this action') => new EmulatorError(403, message);
const notFound = (what) => new EmulatorError(404, `${what} not found`);
const conflict = (message) => new EmulatorError(409, message);
const tooLarge = (message) => new EmulatorError(413, message);
const tooManyRequests = (retryAfterSeconds) => new EmulatorError(429, 'Too many requests, retry later', [], { 'retry-after': String(retryAfterSeconds) });
/** Throws a Bad Request listing every field error, when there is any. */
function assertValid(resource, errors) {
    if (errors.length > 0) {
        throw badRequest(`Invalid ${resource}: ${errors.map((e) => e.message).join('; ')}`, errors);
    }
}
function renderError(api, err) {
    if (api === 'headless') {
        return { error: { code: err.status, message: err.message, status: STATUS_NAMES[err.status] ?? 'UNKNOWN' } };
    }
    if (err.status >= 500)
        return { message: err.message };
    const body = { message: err.message };
    if (err.status !== 429)
        body.documentation_url = DOCS;
    if (err.status === 400)
        body.errors = err.errors;
    return body;
}

;// CONCATENATED MODULE: ./emulator/paginate.ts

function intParam(query, name, fallback, min, max, resource) {
    const raw = query.get(name);
    if (raw === null)
        return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
        throw badRequest(`Invalid ${name}: must be an integer from ${min} to ${max}`, [
            invalid(resource, name, `${name} must be an integer from ${min} to ${max}, got "${raw}"`),
        ]);
    }
    return n;
}
/** `basePath` is the request path (e.g. /v1/installs); `next`/`previous` keep the other query parameters. */
function hostingPage(items, query, basePath, resource) {
    const limit = intParam(query, 'limit', 100, 1, 100, resource);
    const offset = intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER, resource);
    const link = (o) => {
        const q = new URLSearchParams(query);
        q.set('limit', String(limit));
        q.set('offset', String(o));
        return `${basePath}?${q.toString()}`;
    };
    return {
        previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
        next: offset + limit < items.length ? link(offset + limit) : null,
        count: items.length,
        results: items.slice(offset, offset + limit),
    };
}
/** Headless lists: pageSize (default 50, at most 100; larger is coerced) and an opaque pageToken. */
function headlessPage(items, query, resource) {
    const rawSize = query.get('pageSize');
    let size = 50;
    if (rawSize !== null) {
        if (!/^\d+$/.test(rawSize))
            throw badRequest(`Invalid pageSize "${rawSize}": must be a non-negative integer`);
        size = Math.min(100, Number(rawSize) || 50);
    }
    let start = 0;
    const token = query.get('pageToken');
    if (token) {
        const decoded = /^o(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
        if (!decoded)
            throw badRequest(`Invalid pageToken for ${resource}: pass the nextPageToken of the previous page`);
        start = Number(decoded[1]);
    }
    const page = items.slice(start, start + size);
    const next = start + size < items.length ? Buffer.from(`o${start + size}`).toString('base64url') : undefined;
    return next ? { items: page, nextPageToken: next } : { items: page };
}

;// CONCATENATED MODULE: ./emulator/handlers/headless/access.ts

/** The `{account}` of the path, once the caller is allowed in it: unknown → 404, another account's → 403. */
function headlessAccount(ctx) {
    const account = ctx.params.account;
    if (!ctx.state.headlessAccounts.includes(account))
        throw notFound(`headless account "${account}"`);
    if (!ctx.principal || ctx.principal.account.name !== account) {
        throw notAuthorized(`Permission denied: these credentials belong to another account than "accounts/${account}"`);
    }
    return account;
}
function findApp(ctx, account) {
    const appId = ctx.params.app;
    const app = ctx.state.apps.find((a) => a.account === account && a.appId === appId);
    if (!app)
        throw notFound(`app "accounts/${account}/apps/${appId}"`);
    return app;
}
function findEnvironment(ctx, app) {
    const id = ctx.params.environment;
    const env = ctx.state.environments.find((e) => e.account === app.account && e.app === app.appId && e.id === id);
    if (!env)
        throw notFound(`environment "accounts/${app.account}/apps/${app.appId}/environments/${id}"`);
    return env;
}
/** The environment of the path, after the account and app checks, for routes under an environment. */
function environmentOfPath(ctx) {
    const account = headlessAccount(ctx);
    return findEnvironment(ctx, findApp(ctx, account));
}

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: ./emulator/handlers/headless/names.ts
/**
 * Resource names of the headless API (`accounts/{a}/apps/{app}/...`) and the ids the server
 * makes. Seeded environment ids are 8 hex characters; created ones take the same form.
 */

/** The operation and build id the spec gives an operation before its build has started. */
const NO_BUILD = 'no_build';
const appName = (app) => `accounts/${app.account}/apps/${app.appId}`;
const environmentName = (env) => `accounts/${env.account}/apps/${env.app}/environments/${env.id}`;
const opEnv = (op) => environmentName({ account: op.account, app: op.app, id: op.environment });
const operationName = (op, id) => `${opEnv(op)}/operations/${id}`;
const buildName = (op, id) => `${opEnv(op)}/builds/${id}`;
const deploymentName = (op, id) => `${opEnv(op)}/deployments/${id}`;
/** A random lower-case hex id of `length` characters that `taken` does not hold. */
function newHexId(length, taken = () => false) {
    for (;;) {
        const id = (0,external_node_crypto_namespaceObject.randomBytes)(Math.ceil(length / 2))
            .toString('hex')
            .slice(0, length);
        if (!taken(id))
            return id;
    }
}

;// CONCATENATED MODULE: ./emulator/handlers/headless/apps.ts
/** Headless apps: create (200, no body), list, get, delete (with their environments and operations). */





/**
 * An app id is one DNS-label-like segment: a lower-case letter, then up to 62 lower-case
 * letters, digits or hyphens, not ending in a hyphen (it ends up in hostnames and paths).
 */
const APP_ID_PATTERN = /^[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const isPlainObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const appView = (app) => ({ name: appName(app), region: app.region, createTime: app.createTime });
function checkAppBody(body) {
    const errors = [];
    const regions = REGIONS.map((r) => `regions/${r}`);
    if (typeof body.region !== 'string' || !regions.includes(body.region)) {
        const got = body.region === undefined ? 'nothing' : JSON.stringify(body.region);
        errors.push(invalid('app', 'region', `region must be one of ${regions.join(', ')}; got ${got}`));
    }
    if (!isPlainObject(body.uploadable) || Object.keys(body.uploadable).length > 0) {
        errors.push(invalid('app', 'uploadable', 'uploadable must be an empty object {} (apps are fed by direct upload)'));
    }
    return errors;
}
const createApp = (ctx) => {
    const account = headlessAccount(ctx);
    const appId = ctx.query.get('appId');
    if (!appId)
        throw badRequest('appId is required: pass the new app id as the query parameter appId');
    if (!APP_ID_PATTERN.test(appId)) {
        throw badRequest(`appId "${appId}" is not valid: use 1 to 63 lower-case letters, digits or hyphens, starting with a letter and not ending with a hyphen`);
    }
    assertValid('app', checkAppBody(ctx.body ?? {}));
    if (ctx.state.apps.some((a) => a.account === account && a.appId === appId)) {
        throw conflict(`app "accounts/${account}/apps/${appId}" already exists`);
    }
    ctx.state.apps.push({ account, appId, region: ctx.body.region, createTime: ctx.clock.iso() });
    return { status: 200 };
};
const listApps = (ctx) => {
    const account = headlessAccount(ctx);
    const { items, ...next } = headlessPage(ctx.state.apps.filter((a) => a.account === account), ctx.query, 'apps');
    return { status: 200, body: { apps: items.map(appView), ...next } };
};
const getApp = (ctx) => {
    const app = findApp(ctx, headlessAccount(ctx));
    return { status: 200, body: appView(app) };
};
/** Drops an app with everything under it; uploads and webhook calls stay as a log of what was received. */
function removeApp(state, app) {
    const mine = (r) => r.account === app.account && r.app === app.appId;
    state.apps = state.apps.filter((a) => a !== app);
    state.environments = state.environments.filter((e) => !mine(e));
    state.operations = state.operations.filter((o) => !mine(o));
}
const deleteApp = (ctx) => {
    removeApp(ctx.state, findApp(ctx, headlessAccount(ctx)));
    return { status: 200, body: {} };
};

;// CONCATENATED MODULE: ./emulator/json-body.ts

async function readRaw(req, limit) {
    const chunks = [];
    let size = 0;
    try {
        for await (const chunk of req) {
            size += chunk.length;
            if (size > limit) {
                req.resume();
                throw tooLarge(`Request body exceeds ${limit} bytes`);
            }
            chunks.push(chunk);
        }
    }
    catch (err) {
        if (err instanceof EmulatorError)
            throw err;
        // The client hung up before its Content-Length was sent: a bad request, not an emulator fault.
        throw badRequest('Request body cut off: the connection closed before the whole body arrived');
    }
    return Buffer.concat(chunks);
}
/**
 * Parses the body as a JSON object and rejects top-level fields the route does not name.
 * An empty body reads as `{}` (a create with no fields then fails on its required ones).
 */
async function readJsonObject(req, limit, allowed, resource) {
    const raw = await readRaw(req, limit);
    if (raw.length === 0)
        return {};
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') {
        throw badRequest(`Content-Type must be application/json, got "${type || 'none'}"`);
    }
    let value;
    try {
        value = JSON.parse(raw.toString('utf8'));
    }
    catch (e) {
        throw badRequest(`Malformed JSON body: ${e.message}`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw badRequest('The request body must be a JSON object');
    }
    const obj = value;
    const unknown = Object.keys(obj).filter((k) => !allowed.includes(k));
    if (unknown.length > 0) {
        throw badRequest(`Unknown field${unknown.length > 1 ? 's' : ''} in request body: ${unknown.join(', ')}`, unknown.map((f) => invalid(resource, f, `"${f}" is not a field of this request`, 'unknown_field')));
    }
    return obj;
}

;// CONCATENATED MODULE: ./emulator/options.ts
const KINDS = ['429', '500', '502', '503', 'reset'];
function parseFaults(spec) {
    if (spec.trim() === '')
        return [];
    const faults = spec.split(',').map((part) => {
        const [kind, share] = part.trim().split(':');
        const n = Number(share);
        if (!KINDS.includes(kind)) {
            throw new Error(`--faults: unknown outcome "${kind}" (use ${KINDS.join(', ')})`);
        }
        if (share === undefined || !Number.isFinite(n) || n < 0 || n > 1) {
            throw new Error(`--faults: share for "${kind}" must be a number from 0 to 1, got "${share ?? ''}"`);
        }
        return { kind: kind, share: n };
    });
    const total = faults.reduce((a, f) => a + f.share, 0);
    if (total > 1)
        throw new Error(`--faults: shares add up to ${total}, more than 1`);
    return faults;
}
/** Picks the fault for one request, or null; `r` is uniform in [0, 1). */
function pickFault(faults, r) {
    let acc = 0;
    for (const f of faults) {
        acc += f.share;
        if (r < acc)
            return f.kind;
    }
    return null;
}
function resolveOptions(o) {
    return {
        port: o.port ?? 0,
        host: o.host ?? '127.0.0.1',
        faults: typeof o.faults === 'string' ? parseFaults(o.faults) : (o.faults ?? []),
        latencyMs: o.latencyMs ?? 0,
        buildSeconds: o.buildSeconds ?? 2,
        maxUploadBytes: Math.round((o.maxUploadMb ?? 512) * 1024 * 1024),
        rateLimitPerSecond: o.rateLimitPerSecond ?? 0,
        random: o.random ?? Math.random,
        maxJsonBytes: o.maxJsonBytes ?? 1024 * 1024,
    };
}

;// CONCATENATED MODULE: ./emulator/router.ts
/**
 * Matches a request to a row of the route table. The hosting API answers at the origin, the
 * headless API under /headless (CONTRACT §3).
 */

const HEADLESS_PREFIX = '/headless';
const compiled = Object.entries(routes).map(([name, route]) => ({
    name,
    route,
    match: compilePath((route.api === 'headless' ? HEADLESS_PREFIX : '') + route.path),
}));
function matchRoute(method, path) {
    let pathMatched = null;
    for (const c of compiled) {
        const params = c.match(path);
        if (!params)
            continue;
        if (c.route.method === method)
            return { kind: 'route', name: c.name, route: c.route, params };
        pathMatched = c.route;
    }
    const api = path.startsWith(HEADLESS_PREFIX + '/') ? 'headless' : 'hosting';
    return pathMatched ? { kind: 'method', api: pathMatched.api } : { kind: 'none', api };
}

;// CONCATENATED MODULE: ./emulator/control.ts
/**
 * Control routes under /__emulator/ (no auth, never faulted): read or reset the whole state,
 * move the clock, read, regenerate or delete an environment's webhooks, read the request log,
 * and change faults or latency while running (CONTRACT §3, plus what tests need).
 */






const CONTROL_PREFIX = '/__emulator/';
function newWebhookToken() {
    return (0,external_node_crypto_namespaceObject.randomBytes)(16).toString('hex');
}
function webhookUrls(origin, env) {
    if (!env.webhookToken)
        return null;
    const base = `${origin}${HEADLESS_PREFIX}/wh/v1/accounts/${env.account}/apps/${env.app}/environments/${env.id}/webhooks/webhook:`;
    return Object.fromEntries(WEBHOOK_ACTIONS.map((a) => [a, `${base}${a}?token=${env.webhookToken}`]));
}
async function jsonBody(req) {
    const raw = await readRaw(req, 64 * 1024);
    if (raw.length === 0)
        return {};
    try {
        const v = JSON.parse(raw.toString('utf8'));
        if (v && typeof v === 'object' && !Array.isArray(v))
            return v;
    }
    catch {
        // fall through to the error below
    }
    throw badRequest('control routes take a JSON object body');
}
async function handleControl(deps, method, path, _query, req, origin) {
    const rest = path.slice(CONTROL_PREFIX.length);
    const state = deps.getState();
    if (method === 'GET' && rest === 'state')
        return { status: 200, body: { now: deps.clock.iso(), ...state } };
    if (method === 'POST' && rest === 'reset') {
        deps.reset();
        deps.log.length = 0;
        return { status: 200, body: {} };
    }
    if (method === 'GET' && rest === 'requests')
        return { status: 200, body: { requests: deps.log } };
    if (method === 'POST' && rest === 'clock') {
        const body = await jsonBody(req);
        const seconds = Number(body.advanceSeconds ?? 0);
        if (!Number.isFinite(seconds) || seconds < 0)
            throw badRequest('advanceSeconds must be a number ≥ 0');
        deps.clock.advance(seconds * 1000);
        return { status: 200, body: { now: deps.clock.iso() } };
    }
    if (method === 'POST' && rest === 'faults') {
        const body = await jsonBody(req);
        if (typeof body.faults === 'string')
            deps.options.faults = parseFaults(body.faults);
        if (typeof body.latencyMs === 'number')
            deps.options.latencyMs = body.latencyMs;
        return { status: 200, body: { faults: deps.options.faults, latencyMs: deps.options.latencyMs } };
    }
    const m = /^environments\/([^/]+)\/webhooks(:regenerate)?$/.exec(rest);
    if (m) {
        const env = state.environments.find((e) => e.id === decodeURIComponent(m[1]));
        if (!env)
            throw notFound(`environment "${m[1]}"`);
        if (method === 'GET' && !m[2]) {
            const urls = webhookUrls(origin, env);
            if (!urls)
                throw notFound(`webhooks of environment "${env.id}" (deleted)`);
            return { status: 200, body: { token: env.webhookToken, urls } };
        }
        if (method === 'POST' && m[2]) {
            env.webhookToken = newWebhookToken();
            return { status: 200, body: { token: env.webhookToken, urls: webhookUrls(origin, env) } };
        }
        if (method === 'DELETE' && !m[2]) {
            env.webhookToken = null;
            return { status: 200, body: {} };
        }
    }
    throw notFound(`control route ${method} ${path}`);
}

;// CONCATENATED MODULE: ./emulator/handlers/headless/environment-fields.ts

const ENVIRONMENT_FIELDS = [
    'displayName',
    'branch',
    'cmsEnvironment',
    'shellVariables',
];
/** The only branch of an app created with `uploadable: {}`: its code arrives by upload. */
const UPLOADABLE_BRANCH = 'uploadable';
const SHELL_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_DISPLAY_NAME = 100;
const fail = (field, message) => invalid('environment', field, message);
function checkShellVariables(value, errors) {
    if (!Array.isArray(value)) {
        errors.push(fail('shellVariables', 'shellVariables must be an array of {key, value} objects'));
        return [];
    }
    const seen = new Set();
    const out = [];
    value.forEach((item, i) => {
        const at = `shellVariables[${i}]`;
        const obj = item;
        if (typeof item !== 'object' || item === null || Array.isArray(item)) {
            errors.push(fail('shellVariables', `${at} must be an object {key, value}`));
            return;
        }
        const extra = Object.keys(obj).filter((k) => k !== 'key' && k !== 'value');
        if (extra.length > 0)
            errors.push(fail('shellVariables', `${at} has unknown field(s) ${extra.join(', ')}`));
        if (typeof obj.key !== 'string' || !SHELL_KEY_PATTERN.test(obj.key)) {
            errors.push(fail('shellVariables', `${at}.key must be a string of letters, digits and _, not starting with a digit`));
        }
        else if (seen.has(obj.key)) {
            errors.push(fail('shellVariables', `${at}.key "${obj.key}" is given more than once`));
        }
        if (typeof obj.value !== 'string')
            errors.push(fail('shellVariables', `${at}.value must be a string`));
        if (typeof obj.key === 'string')
            seen.add(obj.key);
        if (typeof obj.key === 'string' && typeof obj.value === 'string')
            out.push({ key: obj.key, value: obj.value });
    });
    return out;
}
/**
 * Checks the `fields` of `body` (each present) and returns them typed; throws one 400 listing
 * every problem. `required` fields missing from the body are problems too.
 */
function checkEnvironmentFields(ctx, body, required) {
    const errors = [];
    const out = {};
    for (const f of required)
        if (body[f] === undefined)
            errors.push(fail(f, `${f} is required`));
    const { displayName, branch, cmsEnvironment, shellVariables } = body;
    if (displayName !== undefined) {
        if (typeof displayName !== 'string' || displayName.trim() === '' || displayName.length > MAX_DISPLAY_NAME) {
            errors.push(fail('displayName', `displayName must be a non-empty string of at most ${MAX_DISPLAY_NAME} characters`));
        }
        else
            out.displayName = displayName;
    }
    if (branch !== undefined) {
        if (branch !== UPLOADABLE_BRANCH) {
            errors.push(fail('branch', `branch must be "${UPLOADABLE_BRANCH}" for an app fed by direct upload; got ${JSON.stringify(branch)}`));
        }
        else
            out.branch = branch;
    }
    if (cmsEnvironment !== undefined) {
        const accountId = ctx.principal?.account.id;
        if (typeof cmsEnvironment !== 'string') {
            errors.push(fail('cmsEnvironment', 'cmsEnvironment must be a string: the name of an install, or empty'));
        }
        else if (cmsEnvironment !== '' &&
            !ctx.state.installs.some((i) => i.name === cmsEnvironment && i.account_id === accountId)) {
            errors.push(fail('cmsEnvironment', `cmsEnvironment "${cmsEnvironment}" is not an install of this account`));
        }
        else
            out.cmsEnvironment = cmsEnvironment;
    }
    if (shellVariables !== undefined)
        out.shellVariables = checkShellVariables(shellVariables, errors);
    assertValid('environment', errors);
    return out;
}

;// CONCATENATED MODULE: ./emulator/handlers/headless/operations.ts
/**
 * Long-running operations. Nothing runs in the background: an operation records when its build
 * starts and when it is done, and every read computes its state from the emulator clock, so a
 * test that moves the clock sees the build progress at once.
 */




/** google.rpc.Code INVALID_ARGUMENT: what a build of a bad archive ends with (the API is Google-style). */
const BUILD_FAILED_CODE = 3;
/** Longest wait before a build id appears, so a poller sees `no_build` briefly, as with the real service. */
const MAX_BUILD_START_MS = 500;
const BUILDS = ['upload', 'rebuild', 'cleanRebuild'];
const isBuild = (op) => BUILDS.includes(op.kind);
/**
 * Records a new operation on `env`. Environment create/update ops have no build and are done at
 * once; builds get a real build id after min(0.5 s, 10% of the build) and finish after
 * `buildSeconds`.
 */
function startOperation(ctx, env, o) {
    const now = ctx.clock.now();
    const buildMs = Math.max(0, ctx.options.buildSeconds * 1000);
    const build = BUILDS.includes(o.kind);
    const taken = (id) => ctx.state.operations.some((op) => op.id === id);
    const op = {
        id: newHexId(12, taken),
        account: env.account,
        app: env.app,
        environment: env.id,
        kind: o.kind,
        startedAt: now,
        buildStartsAt: build ? now + Math.min(MAX_BUILD_START_MS, buildMs / 10) : now,
        doneAt: build ? now + buildMs : now,
        buildId: build ? newHexId(8) : '',
        deploymentId: build ? newHexId(8) : '',
        failure: o.failure ?? null,
        uploadIndex: o.uploadIndex ?? null,
    };
    ctx.state.operations.push(op);
    return op;
}
/** The operation as the API shows it at emulator time `now`. */
function operationView(op, now) {
    const started = now >= op.buildStartsAt;
    const done = now >= op.doneAt;
    const view = {
        name: operationName(op, started ? op.id : NO_BUILD),
        metadata: {
            '@type': UPDATE_ENVIRONMENT_METADATA_TYPE,
            build: buildName(op, isBuild(op) && started ? op.buildId : NO_BUILD),
            deployment: isBuild(op) && done && !op.failure ? deploymentName(op, op.deploymentId) : '',
        },
        done,
    };
    if (done && op.failure)
        view.error = { code: BUILD_FAILED_CODE, message: op.failure };
    return view;
}
/** What creating an environment or uploading answers (spec): `no_build`, not done, whatever the clock says. */
function initialOperationView(op) {
    return operationView(op, Number.NEGATIVE_INFINITY);
}
/** The environment's most recent operation: what `operations/no_build` resolves to. */
function latestOperation(state, env) {
    return state.operations.findLast((op) => op.account === env.account && op.app === env.app && op.environment === env.id);
}
const getOperation = (ctx) => {
    const env = environmentOfPath(ctx);
    const id = ctx.params.operation;
    const op = id === NO_BUILD
        ? latestOperation(ctx.state, env)
        : ctx.state.operations.find((o) => o.id === id && o.account === env.account && o.app === env.app && o.environment === env.id);
    if (!op)
        throw notFound(`operation "${environmentName(env)}/operations/${id}"`);
    return { status: 200, body: operationView(op, ctx.clock.now()) };
};

;// CONCATENATED MODULE: ./emulator/handlers/headless/environments.ts







const environmentView = (env) => ({
    name: environmentName(env),
    displayName: env.displayName,
    branch: env.branch,
    cmsEnvironment: env.cmsEnvironment,
    shellVariables: env.shellVariables.map((v) => ({ ...v })),
    createTime: env.createTime,
    updateTime: env.updateTime,
});
function pathApp(ctx) {
    return findApp(ctx, headlessAccount(ctx));
}
function assertDisplayNameFree(ctx, app, displayName, self) {
    const taken = ctx.state.environments.some((e) => e.account === app.account && e.app === app.appId && e !== self && e.displayName === displayName);
    if (taken)
        throw conflict(`an environment named "${displayName}" already exists in app "${app.appId}"`);
}
const createEnvironment = (ctx) => {
    const app = pathApp(ctx);
    const fields = checkEnvironmentFields(ctx, ctx.body ?? {}, ['displayName', 'branch']);
    assertDisplayNameFree(ctx, app, fields.displayName);
    const now = ctx.clock.iso();
    const env = {
        account: app.account,
        app: app.appId,
        // Ids are unique across apps too: the control routes find an environment by id alone.
        id: newHexId(8, (id) => ctx.state.environments.some((e) => e.id === id)),
        displayName: fields.displayName,
        branch: fields.branch,
        cmsEnvironment: fields.cmsEnvironment ?? '',
        shellVariables: fields.shellVariables ?? [],
        createTime: now,
        updateTime: now,
        webhookToken: newWebhookToken(),
    };
    ctx.state.environments.push(env);
    return { status: 200, body: initialOperationView(startOperation(ctx, env, { kind: 'create' })) };
};
const listEnvironments = (ctx) => {
    const app = pathApp(ctx);
    const { items, ...next } = headlessPage(ctx.state.environments.filter((e) => e.account === app.account && e.app === app.appId), ctx.query, 'environments');
    return { status: 200, body: { environments: items.map(environmentView), ...next } };
};
const getEnvironment = (ctx) => {
    return { status: 200, body: environmentView(findEnvironment(ctx, pathApp(ctx))) };
};
/** The updateMask query parameter: required, comma-separated writable field names. */
function parseUpdateMask(raw) {
    if (raw === null || raw.trim() === '') {
        throw badRequest(`updateMask is required: name the fields to change, comma-separated (${ENVIRONMENT_FIELDS.join(', ')})`);
    }
    const names = raw.split(',').map((s) => s.trim());
    const unknown = names.filter((n) => !ENVIRONMENT_FIELDS.includes(n));
    if (unknown.length > 0) {
        throw badRequest(`updateMask names unknown field(s) ${unknown.map((n) => `"${n}"`).join(', ')}; use ${ENVIRONMENT_FIELDS.join(', ')}`);
    }
    return [...new Set(names)];
}
const patchEnvironment = (ctx) => {
    const app = pathApp(ctx);
    const env = findEnvironment(ctx, app);
    const mask = parseUpdateMask(ctx.query.get('updateMask'));
    const body = ctx.body ?? {};
    const notInMask = Object.keys(body).filter((k) => !mask.includes(k));
    if (notInMask.length > 0)
        throw badRequest(`body field(s) ${notInMask.join(', ')} not named in updateMask; add them to it or leave them out`);
    const missing = mask.filter((f) => body[f] === undefined);
    if (missing.length > 0)
        throw badRequest(`updateMask names ${missing.join(', ')} but the body does not hold them`);
    const fields = checkEnvironmentFields(ctx, body, []);
    if (fields.displayName !== undefined)
        assertDisplayNameFree(ctx, app, fields.displayName, env);
    Object.assign(env, fields, { updateTime: ctx.clock.iso() });
    return { status: 200, body: initialOperationView(startOperation(ctx, env, { kind: 'update' })) };
};
const deleteEnvironment = (ctx) => {
    const env = findEnvironment(ctx, pathApp(ctx));
    const mine = (r) => r.account === env.account && r.app === env.app && r.environment === env.id;
    ctx.state.environments = ctx.state.environments.filter((e) => e !== env);
    ctx.state.operations = ctx.state.operations.filter((o) => !mine(o));
    return { status: 200, body: {} };
};

;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
// EXTERNAL MODULE: ./node_modules/busboy/lib/index.js
var lib = __nccwpck_require__(680);
var lib_default = /*#__PURE__*/__nccwpck_require__.n(lib);
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: external "node:stream"
const external_node_stream_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");
;// CONCATENATED MODULE: external "node:stream/promises"
const external_node_stream_promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/promises");
;// CONCATENATED MODULE: ./emulator/handlers/headless/multipart.ts
/**
 * Receives the single file part of a multipart/form-data request into a temp file, streaming:
 * bytes are counted and hashed as they pass and never held whole in memory. Whatever goes
 * wrong (a second part, too many bytes, a truncated or aborted request), the temp file is
 * removed before the error is thrown, so a failed upload leaves nothing behind.
 */









/** Temp file names start with this (the pid lets a test find the files of its own emulator). */
const UPLOAD_TEMP_PREFIX = `headless-emulator-upload-${process.pid}-`;
/** Room for part headers and boundaries on top of the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** A 413 that also closes the connection, so the client stops sending the rest of a huge body. */
const tooLargeUpload = (maxBytes) => new EmulatorError(413, `upload too large: the archive exceeds the limit of ${maxBytes} bytes`, [], {
    connection: 'close',
});
async function receiveSingleFile(req, opts) {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'multipart/form-data') {
        throw badRequest(`Content-Type must be multipart/form-data with one file part named "${opts.field}", got "${type || 'none'}"`);
    }
    let bb;
    try {
        // fileSize one past the limit: busboy flags a file that *reaches* fileSize, we refuse one that exceeds maxBytes.
        bb = lib_default()({ headers: req.headers, limits: { fileSize: opts.maxBytes + 1, files: 1, fieldSize: 1024 } });
    }
    catch (e) {
        throw badRequest(`malformed multipart Content-Type: ${e.message}`);
    }
    const path = (0,external_node_path_namespaceObject.join)(opts.dir ?? (0,external_node_os_namespaceObject.tmpdir)(), `${UPLOAD_TEMP_PREFIX}${(0,external_node_crypto_namespaceObject.randomBytes)(8).toString('hex')}.zip`);
    const hash = (0,external_node_crypto_namespaceObject.createHash)('sha256');
    let bytes = 0;
    // Set once the file part arrives; `closed` settles when its descriptor is released.
    const sink = { out: null, closed: Promise.resolve() };
    const parsed = new Promise((resolve, reject) => {
        let settled = false;
        let writing = null;
        let received = 0;
        const stop = (err) => {
            if (settled)
                return;
            settled = true;
            req.off('data', countRequest);
            req.unpipe(bb);
            if (err) {
                // Not from inside busboy's own callbacks (it keeps using its state after emitting): on the next turn.
                setImmediate(() => bb.destroy());
                reject(err);
            }
            else
                resolve();
        };
        const countRequest = (chunk) => {
            received += chunk.length;
            if (received > opts.maxBytes + FORM_OVERHEAD_BYTES)
                stop(tooLargeUpload(opts.maxBytes));
        };
        const part = (what) => badRequest(`${what}: the form must hold exactly one file part named "${opts.field}" and nothing else`);
        bb.on('file', (name, stream) => {
            stream.on('error', () => { }); // destroying the parser errors its file streams; the outcome is decided here
            if (name !== opts.field) {
                stream.resume();
                return stop(part(`unexpected file part "${name}"`));
            }
            stream.on('limit', () => stop(tooLargeUpload(opts.maxBytes)));
            const file = (0,external_node_fs_namespaceObject.createWriteStream)(path, { flags: 'wx' });
            sink.out = file;
            sink.closed = new Promise((r) => file.once('close', () => r()));
            const count = new external_node_stream_namespaceObject.Transform({
                transform(chunk, _enc, cb) {
                    bytes += chunk.length;
                    hash.update(chunk);
                    cb(null, chunk);
                },
            });
            writing = (0,external_node_stream_promises_namespaceObject.pipeline)(stream, count, file).catch((e) => {
                stop(badRequest(`upload interrupted: ${e.message.toLowerCase()}`));
            });
        });
        bb.on('field', (name) => stop(part(`unexpected form field "${name}"`)));
        bb.on('filesLimit', () => stop(part('more than one file part')));
        bb.on('error', (e) => stop(badRequest(`malformed or truncated multipart body: ${e.message.toLowerCase()}`)));
        bb.on('close', () => {
            if (!writing)
                return stop(part(`no file part named "${opts.field}"`));
            void writing.then(() => stop());
        });
        req.on('data', countRequest);
        req.on('error', () => stop(badRequest('upload aborted by the client before the request ended')));
        req.on('close', () => {
            if (!req.complete)
                stop(badRequest('upload aborted by the client before the request ended'));
        });
        req.pipe(bb);
    });
    try {
        await parsed;
        await sink.closed;
    }
    catch (e) {
        // Wait for the file to be closed (it may still be opening) before removing it, or it could reappear.
        sink.out?.destroy();
        await sink.closed;
        await (0,promises_namespaceObject.rm)(path, { force: true });
        throw e;
    }
    return { path, bytes, sha256: hash.digest('hex') };
}

// EXTERNAL MODULE: ./node_modules/yauzl/index.js
var yauzl = __nccwpck_require__(663);
;// CONCATENATED MODULE: ./emulator/handlers/headless/zip-inspect.ts
/** Lists the entries of a zip file (names only: nothing is extracted), or says why it is not a zip. */


async function listZipEntries(path) {
    let zip;
    try {
        zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: true });
    }
    catch (e) {
        throw notAZip(e);
    }
    return new Promise((resolve, reject) => {
        const names = [];
        zip.on('entry', (entry) => {
            names.push(entry.fileName);
            zip.readEntry();
        });
        zip.once('end', () => resolve(names));
        // autoClose closes the file on error as well as at the end.
        zip.once('error', (e) => reject(notAZip(e)));
        zip.readEntry();
    });
}
const notAZip = (e) => badRequest(`the uploaded repository is not a valid zip archive (${e.message}); send a .zip of the application code`);

;// CONCATENATED MODULE: ./emulator/handlers/headless/upload.ts
/**
 * The code upload: one multipart file part `repository` holding a zip, streamed to a temp file,
 * inspected, and deleted. It answers the spec's `no_build` Operation; the build it starts fails,
 * as a real one would, when the archive has no package.json at its root.
 */







const UPLOAD_FIELD = 'repository';
/** Why a build of these entries fails, or null when it can succeed. */
function buildFailure(entries) {
    if (entries.includes('package.json'))
        return null;
    const nested = entries.find((e) => /^[^/]+\/package\.json$/.test(e));
    const hint = nested
        ? `the archive holds "${nested}": zip the contents of that folder, not the folder itself`
        : "zip the application's root folder, the one that holds package.json";
    return `build failed: no package.json at the root of the uploaded archive; ${hint}`;
}
const uploadEnvironment = async (ctx) => {
    const env = environmentOfPath(ctx);
    const file = await receiveSingleFile(ctx.req, { field: UPLOAD_FIELD, maxBytes: ctx.options.maxUploadBytes });
    let entries;
    try {
        entries = await listZipEntries(file.path);
    }
    finally {
        await (0,promises_namespaceObject.rm)(file.path, { force: true });
    }
    // The environment may have been deleted while the bytes were arriving.
    if (!ctx.state.environments.includes(env))
        throw notFound(`environment "${environmentName(env)}"`);
    const op = startOperation(ctx, env, {
        kind: 'upload',
        uploadIndex: ctx.state.uploads.length,
        failure: buildFailure(entries),
    });
    ctx.state.uploads.push({
        account: env.account,
        app: env.app,
        environment: env.id,
        bytes: file.bytes,
        sha256: file.sha256,
        entries,
        receivedAt: ctx.clock.iso(),
        operationId: op.id,
    });
    return { status: 200, body: initialOperationView(op) };
};

;// CONCATENATED MODULE: ./emulator/handlers/headless/webhooks.ts
/**
 * Webhook triggers, authenticated by the environment's token alone. The token is checked before
 * anything else about the request (the action included), so a caller without it learns no more
 * than that the environment exists. rebuild and cleanRebuild build the last upload again;
 * purgeCache is only recorded.
 */





function sameToken(given, expected) {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && (0,external_node_crypto_namespaceObject.timingSafeEqual)(a, b);
}
/** What a rebuild builds: the environment's last upload, with that upload's outcome. */
function lastUpload(state, env) {
    const index = state.uploads.findLastIndex((u) => u.account === env.account && u.app === env.app && u.environment === env.id);
    if (index < 0)
        return { index: null, failure: 'build failed: nothing to rebuild; upload the application code first' };
    return { index, failure: buildFailure(state.uploads[index].entries) };
}
const triggerWebhook = (ctx) => {
    const { account, app, environment, action } = ctx.params;
    const env = ctx.state.environments.find((e) => e.account === account && e.app === app && e.id === environment);
    // One message for a missing account, app or environment: the path says which one to check.
    if (!env)
        throw notFound(`webhook target "accounts/${account}/apps/${app}/environments/${environment}"`);
    const token = ctx.query.get('token') ?? '';
    if (!env.webhookToken || !sameToken(token, env.webhookToken)) {
        throw unauthenticated(token === ''
            ? 'webhook token missing: use the whole trigger URL, token included'
            : 'webhook token not valid: the webhooks were regenerated or deleted; copy the current URL');
    }
    if (!WEBHOOK_ACTIONS.includes(action)) {
        throw badRequest(`unknown webhook action "${action}": use ${WEBHOOK_ACTIONS.join(', ')}`);
    }
    ctx.state.webhookCalls.push({ account, app, environment, action, at: ctx.clock.iso() });
    if (action === 'rebuild' || action === 'cleanRebuild') {
        const upload = lastUpload(ctx.state, env);
        startOperation(ctx, env, { kind: action, uploadIndex: upload.index, failure: upload.failure });
    }
    return { status: 200, body: {} };
};

;// CONCATENATED MODULE: ./emulator/handlers/headless/index.ts





const headlessHandlers = {
    createApp: createApp,
    listApps: listApps,
    getApp: getApp,
    deleteApp: deleteApp,
    createEnvironment: createEnvironment,
    listEnvironments: listEnvironments,
    getEnvironment: getEnvironment,
    patchEnvironment: patchEnvironment,
    deleteEnvironment: deleteEnvironment,
    uploadEnvironment: uploadEnvironment,
    getOperation: getOperation,
    triggerWebhook: triggerWebhook,
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/account-user-view.ts
const isOwner = (u) => u.roles.split(',').includes('owner');
function accountUserView(u, all) {
    const { last_owner: _lastOwner, installs, ...rest } = u;
    const view = { ...rest };
    if (isOwner(u)) {
        view.last_owner = !all.some((o) => o !== u && o.account_id === u.account_id && isOwner(o));
    }
    if (u.roles.startsWith('partial'))
        view.installs = (installs ?? []).map((i) => ({ ...i }));
    return view;
}

;// CONCATENATED MODULE: ./emulator/auth.ts
/** HTTP Basic authentication against the seed's credentials, and the role rules of the spec. */


function same(a, b) {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && (0,external_node_crypto_namespaceObject.timingSafeEqual)(x, y);
}
function authenticate(state, header) {
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
    if (!m)
        throw unauthenticated('Authentication required: send HTTP Basic credentials (API user id and password)');
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0)
        throw unauthenticated();
    const userId = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    const credential = state.credentials.find((c) => c.userId === userId && same(c.password, password));
    if (!credential)
        throw unauthenticated();
    const account = state.accounts.find((a) => a.id === credential.accountId);
    if (!account)
        throw unauthenticated();
    return { credential, account };
}
const isPartial = (p) => p.credential.roles.startsWith('partial');
/** Whether the caller may see (and act on) an install: its own account, and for partial users only their installs. */
function canAccessInstall(p, install) {
    if (install.account_id !== p.account.id)
        return false;
    return !isPartial(p) || p.credential.installIds.includes(install.id);
}
/** Owner, or Full with Billing: what listing site transfers needs (spec, Authentication 4). */
function requireOwnerOrFullBilling(p) {
    if (p.credential.roles !== 'owner' && p.credential.roles !== 'full,billing') {
        throw notAuthorized('Listing site transfers requires Owner, or Full with Billing, access');
    }
}
/** Account-level changes (sites, users, install copies) are not for partial users. */
function requireFullAccess(p, what) {
    if (isPartial(p))
        throw notAuthorized(`A partial user may not ${what}`);
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/validate.ts
/**
 * Field checks for hosting request bodies. Each returns the FieldErrors it found (none when the
 * value is fine), so a handler collects every problem of a request and answers them all in one
 * Bad Request instead of making the caller fix them one round-trip at a time.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Deliberately simple: one @, no spaces, a dot in the domain part.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const isUuid = (v) => typeof v === 'string' && UUID.test(v);
const isEmail = (v) => typeof v === 'string' && v.length <= 254 && EMAIL.test(v);
/** A fully qualified host name (at least two labels), lower-case. */
const isHostname = (v) => typeof v === 'string' && HOSTNAME.test(v);
const show = (v) => typeof v === 'string' ? JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v) : typeof v;
/** A required string with at least one non-blank character (and at most `max`). */
function requiredString(resource, field, v, max = 255) {
    if (v === undefined || v === null)
        return [invalid(resource, field, `${field} is required`, `${resource}.${field}.required`)];
    if (typeof v !== 'string')
        return [invalid(resource, field, `${field} must be a string`)];
    if (v.trim() === '')
        return [invalid(resource, field, `${field} must not be empty`, `${resource}.${field}.blank`)];
    if (v.length > max)
        return [invalid(resource, field, `${field} must be at most ${max} characters`)];
    return [];
}
/** An optional string: absent or a string of at most `max` characters. */
function optionalString(resource, field, v, max = 255) {
    if (v === undefined)
        return [];
    if (typeof v !== 'string' || v.length > max) {
        return [invalid(resource, field, `${field} must be a string of at most ${max} characters`)];
    }
    return [];
}
function uuidField(resource, field, v, required) {
    if (v === undefined || v === null) {
        return required ? [invalid(resource, field, `${field} is required`, `${resource}.${field}.required`)] : [];
    }
    if (!isUuid(v))
        return [invalid(resource, field, `${field} must be a uuid, got ${show(v)}`)];
    return [];
}
function enumField(resource, field, v, allowed, required) {
    if (v === undefined || v === null) {
        return required ? [invalid(resource, field, `${field} is required`, `${resource}.${field}.required`)] : [];
    }
    if (typeof v !== 'string' || !allowed.includes(v)) {
        return [invalid(resource, field, `${field} must be one of ${allowed.join(' | ')}, got ${show(v)}`)];
    }
    return [];
}
function booleanField(resource, field, v) {
    if (v === undefined || typeof v === 'boolean')
        return [];
    return [invalid(resource, field, `${field} must be true or false, got ${show(v)}`)];
}
function emailField(resource, field, v, required) {
    if (v === undefined || v === null) {
        return required ? [invalid(resource, field, `${field} is required`, `${resource}.${field}.required`)] : [];
    }
    if (!isEmail(v))
        return [invalid(resource, field, `${field} must be an email address, got ${show(v)}`)];
    return [];
}
/** An optional array whose every item passes `check` (named `field[i]` in errors). */
function arrayField(resource, field, v, check) {
    if (v === undefined)
        return [];
    if (!Array.isArray(v))
        return [invalid(resource, field, `${field} must be an array`)];
    return v.flatMap((item, i) => {
        const problem = check(item);
        return problem ? [invalid(resource, `${field}[${i}]`, `${field}[${i}] ${problem}, got ${show(item)}`)] : [];
    });
}
const emailItem = (item) => (isEmail(item) ? null : 'must be an email address');
const uuidItem = (item) => (isUuid(item) ? null : 'must be a uuid');
const nonEmptyStringItem = (item) => typeof item === 'string' && item.trim() !== '' ? null : 'must be a non-empty string';
/** A nested object: must be a plain object holding only `allowed` keys. */
function objectField(resource, field, v, allowed) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
        return [invalid(resource, field, `${field} must be an object`)];
    }
    return Object.keys(v)
        .filter((k) => !allowed.includes(k))
        .map((k) => invalid(resource, `${field}.${k}`, `"${field}.${k}" is not a field of this request`, 'unknown_field'));
}
/** Fields of a partial update that may be left out but not set to null. */
function notNull(resource, body, fields) {
    return fields
        .filter((f) => body[f] === null)
        .map((f) => invalid(resource, f, `${f} must not be null; leave it out to keep it`));
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/lookup.ts
/**
 * Path parameters → records, with one rule everywhere: an id that is not a uuid is a Bad Request
 * naming the parameter; a record that does not exist is Not found; a record that exists but the
 * caller may not touch (another account, or an install outside a partial user's list) is Not
 * authorized.
 */



/** Hosting routes all use Basic auth, so the server has always set a principal. */
function principalOf(ctx) {
    if (!ctx.principal)
        throw new Error(`${ctx.name}: hosting handler called without a principal`);
    return ctx.principal;
}
/** The path parameter `name`, which must be a uuid. */
function pathUuid(ctx, name) {
    const value = ctx.params[name] ?? '';
    if (!isUuid(value)) {
        throw badRequest(`Invalid ${name} "${value}": must be a uuid`, [
            invalid(ctx.name, name, `${name} must be a uuid, got "${value}"`, `${ctx.name}.${name}.not_uuid`),
        ]);
    }
    return value.toLowerCase();
}
function findInstall(ctx, param = 'install_id') {
    const id = pathUuid(ctx, param);
    const install = ctx.state.installs.find((i) => i.id === id);
    if (!install)
        throw notFound(`install "${id}"`);
    if (!canAccessInstall(principalOf(ctx), install)) {
        throw notAuthorized(`You are not authorized to access install "${id}"`);
    }
    return install;
}
/** The account named by the path, which must be the caller's own. */
function findOwnAccount(ctx, param = 'account_id') {
    const id = pathUuid(ctx, param);
    const account = ctx.state.accounts.find((a) => a.id === id);
    if (!account)
        throw notFound(`account "${id}"`);
    if (account.id !== principalOf(ctx).account.id) {
        throw notAuthorized(`You are not authorized to access account "${id}": your credentials belong to another account`);
    }
    return account;
}
/**
 * The `account_id` query filter of list routes: a uuid (else 400). An account the caller is not
 * in filters everything out (an empty page), as these lists have no Not authorized outcome.
 */
function accountFilter(ctx) {
    const raw = ctx.query.get('account_id');
    if (raw === null)
        return null;
    if (!isUuid(raw)) {
        throw badRequest(`Invalid account_id "${raw}": must be a uuid`, [
            invalid(ctx.name, 'account_id', `account_id must be a uuid, got "${raw}"`, `${ctx.name}.account_id.not_uuid`),
        ]);
    }
    return raw.toLowerCase();
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/account-users.ts
/**
 * Account users of the caller's account: list (`{results}`, no page envelope) and create.
 * Creating needs Owner or Full access (either with Billing); only an Owner may add an Owner.
 * install_ids go with partial roles only and must name installs of the account. Emails are
 * unique within an account, compared case-insensitively (409).
 */





const ROLES = ['owner', 'full', 'full,billing', 'partial', 'partial,billing'];
const USER_FIELDS = ['account_id', 'first_name', 'last_name', 'email', 'roles', 'install_ids'];
function validate(ctx, account, user) {
    const r = ctx.name;
    if (user === undefined)
        return [invalid(r, 'user', 'user is required', `${r}.user.required`)];
    const shape = objectField(r, 'user', user, USER_FIELDS);
    if (shape.length > 0)
        return shape;
    const u = user;
    const errors = [
        ...requiredString(r, 'user.account_id', u.account_id),
        ...requiredString(r, 'user.first_name', u.first_name, 100),
        ...requiredString(r, 'user.last_name', u.last_name, 100),
        ...emailField(r, 'user.email', u.email, true),
        ...enumField(r, 'user.roles', u.roles, ROLES, true),
        ...arrayField(r, 'user.install_ids', u.install_ids, uuidItem),
    ];
    if (typeof u.account_id === 'string' && u.account_id.trim() !== '' && u.account_id.toLowerCase() !== account.id) {
        errors.push(invalid(r, 'user.account_id', `user.account_id must be the account of the path, "${account.id}"`));
    }
    if (u.install_ids !== undefined && typeof u.roles === 'string' && !u.roles.startsWith('partial')) {
        errors.push(invalid(r, 'user.install_ids', 'install_ids can be given only with the partial or partial,billing role'));
    }
    if (Array.isArray(u.install_ids)) {
        u.install_ids.forEach((id, i) => {
            const known = typeof id === 'string' &&
                ctx.state.installs.some((x) => x.id === id.toLowerCase() && x.account_id === account.id);
            if (typeof id === 'string' && uuidItem(id) === null && !known) {
                errors.push({
                    ...invalid(r, `user.install_ids[${i}]`, `install "${id}" is not an install of this account`),
                    type: 'value_unavailable',
                });
            }
        });
    }
    return errors;
}
const createAccountUser = (ctx) => {
    const p = principalOf(ctx);
    const account = findOwnAccount(ctx);
    if (p.credential.roles !== 'owner' && !p.credential.roles.startsWith('full')) {
        throw notAuthorized('Adding account users requires Owner or Full access');
    }
    const user = (ctx.body ?? {}).user;
    assertValid('account user', validate(ctx, account, user));
    const u = user;
    if (u.roles === 'owner' && p.credential.roles !== 'owner')
        throw notAuthorized('Only an Owner may add another Owner');
    const email = u.email.trim();
    if (ctx.state.accountUsers.some((x) => x.account_id === account.id && x.email.toLowerCase() === email.toLowerCase())) {
        throw conflict(`A user with email "${email}" already exists in this account`);
    }
    const rec = {
        user_id: (0,external_node_crypto_namespaceObject.randomUUID)(),
        account_id: account.id,
        first_name: u.first_name.trim(),
        last_name: u.last_name.trim(),
        email,
        phone: '',
        invite_accepted: false,
        mfa_enabled: false,
        roles: u.roles,
        ...(u.roles.startsWith('partial')
            ? {
                installs: (u.install_ids ?? []).map((id) => {
                    const install = ctx.state.installs.find((x) => x.id === id.toLowerCase());
                    return { id: install.id, name: install.name };
                }),
            }
            : {}),
    };
    ctx.state.accountUsers.push(rec);
    const accountUser = accountUserView(rec, ctx.state.accountUsers);
    return { status: 201, body: { message: `Invitation sent to ${email}`, account_user: accountUser } };
};
const listAccountUsers = (ctx) => {
    const account = findOwnAccount(ctx);
    const users = ctx.state.accountUsers.filter((u) => u.account_id === account.id);
    return { status: 200, body: { results: users.map((u) => accountUserView(u, ctx.state.accountUsers)) } };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/advance.ts
const due = (at, now) => at !== null && at <= now;
/** pending → active at active_at. */
function advanceInstall(install, now) {
    if (install.status === 'pending' && due(install.active_at, now)) {
        install.status = 'active';
        install.active_at = null;
    }
}
/**
 * requested → in_progress at start_at → completed at complete_at, or → aborted at abort_at
 * (from requested or in_progress), whichever of the scheduled events comes first.
 */
function advanceArchive(archive, now) {
    for (;;) {
        const abortFirst = (other) => due(archive.abort_at, now) && (other === null || archive.abort_at <= other);
        if (archive.state === 'requested') {
            if (abortFirst(archive.start_at))
                archive.state = 'aborted';
            else if (due(archive.start_at, now))
                archive.state = 'in_progress';
            else
                return;
        }
        else if (archive.state === 'in_progress') {
            if (abortFirst(archive.complete_at))
                archive.state = 'aborted';
            else if (due(archive.complete_at, now))
                archive.state = 'completed';
            else
                return;
        }
        else {
            return;
        }
    }
}
/** pending/scheduled → in_progress at start_at → outcome at finish_at; updated_at is the transition time. */
function advanceSiteTransfer(transfer, now) {
    const iso = (ms) => new Date(ms).toISOString();
    if ((transfer.status === 'pending' || transfer.status === 'scheduled') && due(transfer.start_at, now)) {
        transfer.status = 'in_progress';
        transfer.updated_at = iso(transfer.start_at);
        transfer.start_at = null;
    }
    if (transfer.status === 'in_progress' && due(transfer.finish_at, now)) {
        transfer.status = transfer.outcome;
        transfer.updated_at = iso(transfer.finish_at);
        transfer.finish_at = null;
    }
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/archive-view.ts
const iso = (ms) => new Date(ms).toISOString();
function startTime(a) {
    if (a.state === 'requested')
        return null;
    if (a.state === 'aborted') {
        // Aborted before it started: it never had a start time.
        const started = a.start_at !== null && (a.abort_at === null || a.start_at < a.abort_at);
        return started ? iso(a.start_at) : null;
    }
    return a.start_at !== null ? iso(a.start_at) : a.create_time;
}
function archiveView(a, installName) {
    const completed = a.state === 'completed';
    const aborted = a.state === 'aborted';
    return {
        id: a.id,
        backup: { id: a.backup_id },
        notification_emails: [...a.notification_emails],
        state: a.state,
        create_time: a.create_time,
        start_time: startTime(a),
        complete_time: completed ? (a.complete_at !== null ? iso(a.complete_at) : a.create_time) : null,
        abort_time: aborted ? (a.abort_at !== null ? iso(a.abort_at) : a.create_time) : null,
        download_uri: completed ? `https://downloads.hosting.example/archives/${installName}/${a.id}.zip` : null,
    };
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/request-path.ts
/** The path of the request as the client sent it (without the query): the base of page links. */
function requestPath(ctx) {
    return (ctx.req.url ?? '/').split('?')[0];
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/archives.ts





const listArchives = (ctx) => {
    const install = findInstall(ctx);
    const now = ctx.clock.now();
    const archives = ctx.state.archives.filter((a) => a.install_id === install.id);
    archives.forEach((a) => advanceArchive(a, now));
    const views = archives.map((a) => archiveView(a, install.name));
    return { status: 200, body: hostingPage(views, ctx.query, requestPath(ctx), ctx.name) };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/domain-view.ts
/** Documentation-range addresses (RFC 5737): plausible, and never anyone's real server. */
const EDGE_A_RECORDS = ['192.0.2.10', '192.0.2.11'];
function domainView(d, install) {
    const verified = d.ownership_status === 'TXT_VERIFIED';
    return {
        name: d.name,
        duplicate: d.duplicate,
        primary: d.primary,
        id: d.id,
        network_type: d.network_type ?? 'AN',
        network_details: d.network_details ?? {
            dns_config_info: { cname: install.cname, a_records: [...EDGE_A_RECORDS] },
            network_info: { status: verified ? 'ACTIVE' : 'PENDING', ssl: { status: verified ? 'active' : 'pending' } },
        },
        redirects_to: (d.redirects_to ?? []).map((r) => ({ ...r })),
        secure_all_urls: d.secure_all_urls,
        txt_verified_time: d.txt_verified_time ?? null,
        txt_verified_domain: d.txt_verified_domain ?? null,
        txt_verification_key: d.txt_verification_key ?? null,
        txt_verification_value: d.txt_verification_value ?? null,
        ownership_status: d.ownership_status ?? 'TXT_VERIFICATION_PENDING',
    };
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/domain-reports.ts



const EDGE_AAAA = '2001:db8::10';
const NAMESERVERS = ['ns1.dns.example', 'ns2.dns.example'];
function hdr(name, rrtype) {
    return { name: `${name}.`, rrtype, class: 1, ttl: 3600, rdlength: 0 };
}
function pendingEntry(d, install) {
    return {
        name: d.name,
        cname: '',
        a_record: '',
        aaaa_record: '',
        complete: false,
        result: '',
        dns_provider: '',
        dns_error: false,
        install_name: install.name,
        cluster_id: '',
        http_forwarded: '',
        http_forwarded_list: '',
        http_error: false,
        headless_env_id: '',
        ns: [],
        mx: [],
        txt: [],
        soa: [],
        caa: [],
        ip: [],
        address: [],
        aname: [],
        ssl: {
            status: '',
            issuer: '',
            not_before: '',
            not_after: '',
            error: '',
            serial_number: '',
            dns_names: [],
            signature_algorithm: 0,
            subject: { common_name: '' },
            sans: [],
        },
    };
}
/** A verified domain points at the install and has a certificate; a pending one does neither yet. */
function completeEntry(d, install, now) {
    const verified = d.ownership_status === 'TXT_VERIFIED';
    const day = 86_400_000;
    return {
        ...pendingEntry(d, install),
        cname: verified ? install.cname : '',
        a_record: verified ? EDGE_A_RECORDS[0] : '198.51.100.7',
        aaaa_record: verified ? EDGE_AAAA : '',
        complete: true,
        result: verified ? 'domain points to the install' : 'domain does not point to the install yet',
        dns_provider: 'Example DNS',
        cluster_id: '100423',
        http_forwarded: verified ? install.cname : '',
        http_forwarded_list: verified ? install.cname : '',
        http_error: !verified,
        ns: NAMESERVERS.map((host) => ({ host })),
        mx: [{ Host: `mx.${d.name}.`, Pref: 10 }],
        txt: d.txt_verification_key ? [] : ['v=spf1 -all'],
        soa: [
            {
                hdr: hdr(d.name, 6),
                ns: `${NAMESERVERS[0]}.`,
                mbox: 'hostmaster.dns.example.',
                serial: 2026010101,
                refresh: 7200,
                retry: 3600,
                expire: 1209600,
                minttl: 300,
            },
        ],
        caa: [{ hdr: hdr(d.name, 257), flag: 0, tag: 'issue', value: 'ca.example' }],
        ip: verified ? [...EDGE_A_RECORDS] : ['198.51.100.7'],
        address: verified ? [...EDGE_A_RECORDS, EDGE_AAAA] : ['198.51.100.7'],
        aname: verified ? EDGE_A_RECORDS.map((a) => ({ hdr: hdr(d.name, 1), a })) : [],
        ssl: verified
            ? {
                status: 'active',
                issuer: 'Example Issuing CA',
                not_before: new Date(now - 30 * day).toISOString(),
                not_after: new Date(now + 60 * day).toISOString(),
                error: '',
                serial_number: d.id.replace(/-/g, '').slice(0, 32),
                dns_names: [d.name],
                signature_algorithm: 4,
                subject: { common_name: d.name },
                sans: [d.name],
            }
            : { ...pendingEntry(d, install).ssl, status: 'pending', error: 'no certificate: the domain is not verified' },
    };
}
const getDomainStatusReport = (ctx) => {
    const install = findInstall(ctx);
    const reportId = ctx.params.report_id ?? '';
    const report = ctx.state.domainReports.find((r) => r.id === reportId && r.install_id === install.id);
    if (!report)
        throw notFound(`domain status report "${reportId}" of install "${install.name}"`);
    const now = ctx.clock.now();
    const complete = report.complete_at <= now;
    const domains = ctx.state.domains.filter((d) => d.install_id === install.id);
    const body = {
        report: {
            complete,
            id: report.id,
            install_name: install.name,
            install_ip: EDGE_A_RECORDS[0],
            admin: false,
            domains: domains.map((d) => (complete ? completeEntry(d, install, now) : pendingEntry(d, install))),
        },
    };
    return { status: 200, body };
};

;// CONCATENATED MODULE: ./emulator/store/state.ts
function emptyState() {
    return {
        accounts: [],
        credentials: [],
        accountUsers: [],
        sites: [],
        installs: [],
        domains: [],
        archives: [],
        siteTransfers: [],
        sshKeys: [],
        domainReports: [],
        installCopies: [],
        certificates: [],
        sslOrders: [],
        headlessAccounts: [],
        apps: [],
        environments: [],
        operations: [],
        uploads: [],
        webhookCalls: [],
    };
}

;// CONCATENATED MODULE: ./emulator/store/seed.ts
/**
 * Seeds: the JSON a user writes to describe the world the emulator starts in (README documents
 * the format), and its translation into State. Records refer to each other by name; ids left
 * out are derived from names, so a seed gives the same ids on every start.
 */



const DEMO_ACCOUNT_ID = '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80';
/** CONTRACT §3's default seed, with a few records so every hosting list has something to show. */
const defaultSeed = {
    accounts: [{ id: DEMO_ACCOUNT_ID, name: 'demo' }],
    credentials: [{ userId: 'demo-user', password: 'demo-password', account: 'demo', roles: 'owner' }],
    accountUsers: [{ account: 'demo', first_name: 'Dana', last_name: 'Demo', email: 'dana@example.com', roles: 'owner' }],
    sites: [
        {
            name: 'demo',
            account: 'demo',
            installs: [
                { name: 'demoprod', environment: 'production', primary_domain: 'demo.example.com' },
                { name: 'demostg', environment: 'staging' },
            ],
        },
    ],
    domains: [{ install: 'demoprod', name: 'demo.example.com', verified: true, primary: true }],
    archives: [{ install: 'demoprod', state: 'completed' }],
    sshKeys: [{ account: 'demo', comment: 'dana@laptop' }],
    headless: { accounts: ['demo'] },
};
/** A uuid derived from a name, so seeds without ids are stable across starts. */
function stableUuid(...parts) {
    const h = (0,external_node_crypto_namespaceObject.createHash)('sha256').update(parts.join('\u0000')).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
function loadSeedFile(file) {
    let parsed;
    try {
        parsed = JSON.parse((0,external_node_fs_namespaceObject.readFileSync)(file, 'utf8'));
    }
    catch (e) {
        throw new Error(`seed file ${file}: ${e.message}`);
    }
    if (!parsed || typeof parsed !== 'object' || !Array.isArray(parsed.accounts)) {
        throw new Error(`seed file ${file}: expected an object with an "accounts" array (see README, "Seed format")`);
    }
    return parsed;
}
const EPOCH_ISO = '2026-01-01T00:00:00.000Z';
/** Builds State from a seed; `now` (emulator ms) anchors the seed's "after seconds" schedules. */
function stateFromSeed(original, now) {
    // The state must share no object with the seed, or a change would survive a reset.
    const seed = structuredClone(original);
    const s = emptyState();
    const at = (seconds) => (seconds === undefined ? null : now + seconds * 1000);
    const accountByName = (name) => {
        const a = s.accounts.find((x) => x.name === name);
        if (!a)
            throw new Error(`seed: unknown account "${name}"`);
        return a;
    };
    const installByName = (name) => {
        const i = s.installs.find((x) => x.name === name);
        if (!i)
            throw new Error(`seed: unknown install "${name}"`);
        return i;
    };
    for (const a of seed.accounts) {
        s.accounts.push({
            id: a.id ?? stableUuid('account', a.name),
            name: a.name,
            limits: { visitors: 400000, storage: 100, bandwidth: 2000, ...a.limits },
        });
    }
    for (const site of seed.sites ?? []) {
        const account = accountByName(site.account);
        const siteId = site.id ?? stableUuid('site', account.name, site.name);
        s.sites.push({
            id: siteId,
            name: site.name,
            account_id: account.id,
            group_name: site.group_name ?? null,
            tags: site.tags ?? [],
            created_at: EPOCH_ISO,
            sandbox: site.sandbox ?? false,
            transferable: site.transferable ?? true,
        });
        for (const i of site.installs ?? []) {
            const pending = i.status === 'pending';
            s.installs.push({
                id: i.id ?? stableUuid('install', i.name),
                name: i.name,
                account_id: account.id,
                site_id: siteId,
                environment: i.environment ?? null,
                php_version: i.php_version ?? '8.2',
                status: i.status ?? 'active',
                active_at: pending && i.activeAfterSeconds !== undefined ? at(i.activeAfterSeconds) : null,
                cname: `${i.name}.hosting.example`,
                stable_ips: i.stable_ips ?? [],
                primary_domain: i.primary_domain ?? `${i.name}.hosting.example`,
                is_multisite: i.is_multisite ?? false,
                created_at: EPOCH_ISO,
                cms_version: i.cms_version ?? '6.7.1',
                defer_cms_upgrades_until: null,
            });
        }
    }
    for (const c of seed.credentials ?? []) {
        const account = accountByName(c.account);
        s.credentials.push({
            userId: c.userId,
            password: c.password,
            accountId: account.id,
            roles: c.roles,
            installIds: (c.installs ?? []).map((n) => installByName(n).id),
        });
    }
    for (const u of seed.accountUsers ?? []) {
        const account = accountByName(u.account);
        s.accountUsers.push({
            user_id: u.user_id ?? stableUuid('user', account.name, u.email),
            account_id: account.id,
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
            phone: u.phone ?? '',
            invite_accepted: u.invite_accepted ?? true,
            mfa_enabled: u.mfa_enabled ?? false,
            roles: u.roles,
            ...(u.installs ? { installs: u.installs.map((n) => ({ id: installByName(n).id, name: n })) } : {}),
        });
    }
    for (const d of seed.domains ?? []) {
        const install = installByName(d.install);
        const verified = d.verified ?? true;
        s.domains.push({
            id: stableUuid('domain', install.name, d.name),
            install_id: install.id,
            name: d.name,
            duplicate: false,
            primary: d.primary ?? false,
            network_type: d.network_type ?? 'AN',
            secure_all_urls: true,
            redirects_to: [],
            ownership_status: verified ? 'TXT_VERIFIED' : 'TXT_VERIFICATION_PENDING',
            txt_verified_time: verified ? EPOCH_ISO : null,
            txt_verified_domain: verified ? d.name : null,
            txt_verification_key: verified ? null : `_hosting-verify.${d.name}`,
            txt_verification_value: verified ? null : stableUuid('txt', d.name),
            created_at: EPOCH_ISO,
        });
    }
    for (const a of seed.archives ?? []) {
        const install = installByName(a.install);
        s.archives.push({
            id: a.id ?? stableUuid('archive', install.name, String(s.archives.length)),
            install_id: install.id,
            backup_id: stableUuid('backup', install.name, String(s.archives.length)),
            notification_emails: a.notification_emails ?? [],
            state: a.state ?? 'requested',
            create_time: EPOCH_ISO,
            start_at: at(a.startAfterSeconds),
            complete_at: at(a.completeAfterSeconds),
            abort_at: at(a.abortAfterSeconds),
        });
    }
    for (const t of seed.siteTransfers ?? []) {
        const site = s.sites.find((x) => x.name === t.site);
        if (!site)
            throw new Error(`seed: unknown site "${t.site}"`);
        const origin = s.accounts.find((a) => a.id === site.account_id);
        s.siteTransfers.push({
            id: t.id ?? stableUuid('transfer', site.name, String(s.siteTransfers.length)),
            site_id: site.id,
            account_id: origin.id,
            site: site.name,
            installs: s.installs.filter((i) => i.site_id === site.id).map((i) => i.name),
            origin_account: origin.name,
            destination_account: t.destination_account,
            status: t.status ?? 'pending',
            scheduled_time: t.status === 'scheduled' && t.startAfterSeconds !== undefined
                ? new Date(now + t.startAfterSeconds * 1000).toISOString()
                : null,
            created_at: EPOCH_ISO,
            updated_at: EPOCH_ISO,
            start_at: at(t.startAfterSeconds),
            finish_at: at(t.finishAfterSeconds),
            outcome: t.outcome ?? 'completed',
        });
    }
    for (const k of seed.sshKeys ?? []) {
        const account = accountByName(k.account);
        const fp = (0,external_node_crypto_namespaceObject.createHash)('sha256').update(k.comment).digest('base64').replace(/=+$/, '');
        s.sshKeys.push({
            uuid: k.uuid ?? stableUuid('sshkey', account.name, k.comment),
            account_id: account.id,
            comment: k.comment,
            created_at: EPOCH_ISO,
            fingerprint: k.fingerprint ?? `SHA256:${fp}`,
        });
    }
    for (const r of seed.domainReports ?? []) {
        const install = installByName(r.install);
        s.domainReports.push({
            id: r.id,
            install_id: install.id,
            requested_at: now,
            complete_at: now + (r.completeAfterSeconds ?? 0) * 1000,
        });
    }
    for (const name of seed.headless?.accounts ?? []) {
        accountByName(name);
        s.headlessAccounts.push(name);
    }
    for (const app of seed.headless?.apps ?? []) {
        s.apps.push({
            account: app.account,
            appId: app.appId,
            region: `regions/${app.region ?? 'US-C'}`,
            createTime: EPOCH_ISO,
        });
        for (const e of app.environments ?? []) {
            s.environments.push({
                account: app.account,
                app: app.appId,
                id: e.id ?? stableUuid('environment', app.account, app.appId, e.displayName).slice(0, 8),
                displayName: e.displayName,
                branch: 'uploadable',
                cmsEnvironment: e.cmsEnvironment ?? '',
                shellVariables: e.shellVariables ?? [],
                createTime: EPOCH_ISO,
                updateTime: EPOCH_ISO,
                webhookToken: stableUuid('token', app.account, app.appId, e.displayName).replace(/-/g, ''),
            });
        }
    }
    return s;
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/domains.ts







/** The domain named by the path, on the install named by the path (404 otherwise). */
function findDomain(ctx, install) {
    const id = pathUuid(ctx, 'domain_id');
    const domain = ctx.state.domains.find((d) => d.id === id && d.install_id === install.id);
    if (!domain)
        throw notFound(`domain "${id}" of install "${install.name}"`);
    return domain;
}
function domains_validate(ctx, install, body) {
    const errors = [
        ...requiredString(ctx.name, 'name', body.name, 253),
        ...booleanField(ctx.name, 'primary', body.primary),
        ...uuidField(ctx.name, 'redirect_to', body.redirect_to, false),
    ];
    if (typeof body.name === 'string' && errors.every((e) => e.field !== 'name') && !isHostname(normalise(body.name))) {
        errors.push(invalid(ctx.name, 'name', `name must be a host name such as www.example.com, got "${body.name}"`));
    }
    if (typeof body.redirect_to === 'string' && errors.every((e) => e.field !== 'redirect_to')) {
        const target = body.redirect_to.toLowerCase();
        if (!ctx.state.domains.some((d) => d.id === target && d.install_id === install.id)) {
            errors.push({
                ...invalid(ctx.name, 'redirect_to', `redirect_to "${target}" is not a domain of install "${install.name}"`),
                type: 'value_unavailable',
            });
        }
    }
    return errors;
}
const normalise = (name) => name.trim().toLowerCase().replace(/\.$/, '');
const createDomain = (ctx) => {
    const install = findInstall(ctx);
    const body = ctx.body ?? {};
    assertValid('domain', domains_validate(ctx, install, body));
    const name = normalise(body.name);
    if (ctx.state.domains.some((d) => d.install_id === install.id && d.name === name)) {
        throw conflict(`Domain "${name}" already exists on install "${install.name}"`);
    }
    const accountInstalls = new Set(ctx.state.installs.filter((i) => i.account_id === install.account_id).map((i) => i.id));
    const verifiedBy = ctx.state.domains.find((d) => accountInstalls.has(d.install_id) &&
        d.ownership_status === 'TXT_VERIFIED' &&
        (d.name === name || name.endsWith(`.${d.name}`)));
    const target = typeof body.redirect_to === 'string'
        ? ctx.state.domains.find((d) => d.id === body.redirect_to.toLowerCase())
        : undefined;
    const primary = body.primary === true;
    const now = ctx.clock.iso();
    const domain = {
        id: stableUuid('domain', install.name, name),
        install_id: install.id,
        name,
        duplicate: ctx.state.domains.some((d) => d.name === name && d.install_id !== install.id),
        primary,
        network_type: 'AN',
        secure_all_urls: true,
        redirects_to: target ? [{ id: target.id, name: target.name }] : [],
        ownership_status: verifiedBy ? 'TXT_VERIFIED' : 'TXT_VERIFICATION_PENDING',
        txt_verified_time: verifiedBy ? (verifiedBy.txt_verified_time ?? now) : null,
        txt_verified_domain: verifiedBy ? verifiedBy.name : null,
        txt_verification_key: verifiedBy ? null : `_hosting-verify.${name}`,
        txt_verification_value: verifiedBy ? null : stableUuid('txt', name),
        created_at: now,
    };
    if (primary) {
        ctx.state.domains.filter((d) => d.install_id === install.id).forEach((d) => (d.primary = false));
        install.primary_domain = name;
    }
    ctx.state.domains.push(domain);
    return { status: 201, body: domainView(domain, install) };
};
const listDomains = (ctx) => {
    const install = findInstall(ctx);
    const views = ctx.state.domains.filter((d) => d.install_id === install.id).map((d) => domainView(d, install));
    return { status: 200, body: hostingPage(views, ctx.query, requestPath(ctx), ctx.name) };
};
const getDomain = (ctx) => {
    const install = findInstall(ctx);
    return { status: 200, body: domainView(findDomain(ctx, install), install) };
};
/** The emulator has no DNS to look at: verification always finds the TXT record in place. */
const verifyDomain = (ctx) => {
    const install = findInstall(ctx);
    const domain = findDomain(ctx, install);
    if (domain.ownership_status !== 'TXT_VERIFIED') {
        domain.ownership_status = 'TXT_VERIFIED';
        domain.txt_verified_time = ctx.clock.iso();
        domain.txt_verified_domain = domain.name;
        domain.txt_verification_key = null;
        domain.txt_verification_value = null;
    }
    return { status: 200, body: domainView(domain, install) };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/install-copy.ts
/**
 * POST /v1/install_copy. The spec calls source and destination "environment ids": they are
 * install uuids. Checks run body → same install (400) → both exist (404) → same account (400)
 * → the caller may touch both (403), so each outcome of CONTRACT §2 is reachable.
 */





const OPTIONS = ['include_files', 'include_db', 'db_tables'];
function install_copy_validate(resource, body) {
    const errors = [
        ...uuidField(resource, 'source_environment_id', body.source_environment_id, true),
        ...uuidField(resource, 'destination_environment_id', body.destination_environment_id, true),
        ...arrayField(resource, 'notification_emails', body.notification_emails, emailItem),
    ];
    const opts = body.custom_options;
    if (opts === undefined)
        return errors;
    const optErrors = objectField(resource, 'custom_options', opts, OPTIONS);
    if (optErrors.length > 0 || typeof opts !== 'object' || opts === null)
        return [...errors, ...optErrors];
    const o = opts;
    errors.push(...booleanField(resource, 'custom_options.include_files', o.include_files), ...booleanField(resource, 'custom_options.include_db', o.include_db), ...arrayField(resource, 'custom_options.db_tables', o.db_tables, nonEmptyStringItem));
    if (o.include_db === false && o.db_tables !== undefined) {
        errors.push(invalid(resource, 'custom_options.db_tables', 'db_tables cannot be given when include_db is false', `${resource}.db_tables.without_db`));
    }
    return errors;
}
const createInstallCopy = (ctx) => {
    const p = principalOf(ctx);
    const body = ctx.body ?? {};
    assertValid('install copy', install_copy_validate(ctx.name, body));
    const sourceId = body.source_environment_id.toLowerCase();
    const destinationId = body.destination_environment_id.toLowerCase();
    if (sourceId === destinationId) {
        throw badRequest('Invalid install copy: source and destination are the same install', [
            invalid(ctx.name, 'destination_environment_id', 'destination_environment_id must differ from source_environment_id', `${ctx.name}.same_install`),
        ]);
    }
    const find = (id, role) => {
        const install = ctx.state.installs.find((i) => i.id === id);
        if (!install)
            throw notFound(`${role} install "${id}"`);
        return install;
    };
    const source = find(sourceId, 'source');
    const destination = find(destinationId, 'destination');
    if (source.account_id !== destination.account_id) {
        throw badRequest('Invalid install copy: source and destination must belong to the same account', [
            invalid(ctx.name, 'destination_environment_id', 'destination_environment_id is an install of another account', `${ctx.name}.cross_account`),
        ]);
    }
    for (const [install, role] of [
        [source, 'source'],
        [destination, 'destination'],
    ]) {
        if (!canAccessInstall(p, install))
            throw notAuthorized(`You are not authorized to copy with ${role} install "${install.name}"`);
    }
    const opts = (body.custom_options ?? {});
    const id = (0,external_node_crypto_namespaceObject.randomUUID)();
    ctx.state.installCopies.push({
        id,
        source_environment_id: source.id,
        destination_environment_id: destination.id,
        notification_emails: [...(body.notification_emails ?? [])],
        include_files: opts.include_files ?? true,
        include_db: opts.include_db ?? true,
        db_tables: [...(opts.db_tables ?? [])],
        status: 'pending',
        requested_by: p.credential.userId,
        created_at: ctx.clock.iso(),
    });
    return { status: 202, body: { id, status: 'pending' } };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/install-view.ts
function installListItem(i) {
    return {
        id: i.id,
        name: i.name,
        account: { id: i.account_id },
        php_version: i.php_version,
        status: i.status,
        ...(i.site_id ? { site: { id: i.site_id } } : {}),
        cname: i.cname,
        stable_ips: [...i.stable_ips],
        ...(i.environment ? { environment: i.environment } : {}),
        primary_domain: i.primary_domain,
        is_multisite: i.is_multisite,
        created_at: i.created_at,
    };
}
function installView(i) {
    return { ...installListItem(i), cms_version: i.cms_version, defer_cms_upgrades_until: i.defer_cms_upgrades_until };
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/installs.ts








const ENVIRONMENTS = ['production', 'staging', 'development'];
/** A partial user sees only its installs; an account_id filter naming another account matches nothing. */
const listInstalls = (ctx) => {
    const p = principalOf(ctx);
    const account = accountFilter(ctx);
    const now = ctx.clock.now();
    const visible = ctx.state.installs.filter((i) => canAccessInstall(p, i) && (account === null || i.account_id === account));
    visible.forEach((i) => advanceInstall(i, now));
    return { status: 200, body: hostingPage(visible.map(installListItem), ctx.query, requestPath(ctx), ctx.name) };
};
/**
 * Moves an install to another site of its account and/or another environment slot. A site holds
 * one install per environment, so taking an occupied slot is a 409. Partial users may not
 * reorganise sites (403).
 */
const updateInstall = (ctx) => {
    const install = findInstall(ctx);
    requireFullAccess(principalOf(ctx), 'move installs between sites or environments');
    const body = ctx.body ?? {};
    const errors = [
        ...notNull(ctx.name, body, ['site_id', 'environment']),
        ...uuidField(ctx.name, 'site_id', body.site_id, false),
        ...enumField(ctx.name, 'environment', body.environment, ENVIRONMENTS, false),
    ];
    const siteId = typeof body.site_id === 'string' ? body.site_id.toLowerCase() : undefined;
    if (errors.length === 0 && siteId !== undefined) {
        const site = ctx.state.sites.find((s) => s.id === siteId);
        if (!site || site.account_id !== install.account_id) {
            errors.push({
                ...invalid(ctx.name, 'site_id', `site_id "${siteId}" is not a site of the install's account`),
                type: 'value_unavailable',
            });
        }
    }
    assertValid('install update', errors);
    const targetSite = siteId ?? install.site_id;
    const targetEnv = body.environment ?? install.environment;
    const occupant = ctx.state.installs.find((i) => i !== install &&
        targetSite !== null &&
        i.site_id === targetSite &&
        targetEnv !== null &&
        i.environment === targetEnv);
    if (occupant) {
        throw conflict(`The ${targetEnv} environment of site "${targetSite}" is already filled by install "${occupant.name}"`);
    }
    install.site_id = targetSite;
    install.environment = targetEnv;
    advanceInstall(install, ctx.clock.now());
    return { status: 200, body: installView(install) };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/limits.ts

const getAccountLimits = (ctx) => {
    const { visitors, storage, bandwidth } = findOwnAccount(ctx).limits;
    return { status: 200, body: { visitors, storage, bandwidth } };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/site-transfers.ts






function transferView(t) {
    return {
        id: t.id,
        site: t.site,
        installs: [...t.installs],
        origin_account: t.origin_account,
        destination_account: t.destination_account,
        status: t.status,
        scheduled_time: t.scheduled_time,
        created_at: t.created_at,
        updated_at: t.updated_at,
    };
}
const getSiteTransfer = (ctx) => {
    const p = principalOf(ctx);
    const siteId = pathUuid(ctx, 'site_id');
    const id = pathUuid(ctx, 'transfer_id');
    const transfer = ctx.state.siteTransfers.find((t) => t.id === id && t.site_id === siteId);
    if (!transfer)
        throw notFound(`site transfer "${id}" of site "${siteId}"`);
    const party = transfer.account_id === p.account.id || transfer.destination_account === p.account.name;
    if (!party)
        throw notAuthorized(`You are not authorized to see site transfer "${id}": your account is not part of it`);
    if (p.credential.roles !== 'owner' && p.credential.roles !== 'full,billing') {
        throw notAuthorized('Viewing a site transfer requires Owner, or Full with Billing, access');
    }
    advanceSiteTransfer(transfer, ctx.clock.now());
    return { status: 200, body: transferView(transfer) };
};
const listSiteTransfers = (ctx) => {
    const account = findOwnAccount(ctx);
    requireOwnerOrFullBilling(principalOf(ctx));
    const now = ctx.clock.now();
    const transfers = ctx.state.siteTransfers.filter((t) => t.account_id === account.id);
    transfers.forEach((t) => advanceSiteTransfer(t, now));
    return { status: 200, body: hostingPage(transfers.map(transferView), ctx.query, requestPath(ctx), ctx.name) };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/site-view.ts
function siteView(site, installs) {
    return {
        id: site.id,
        name: site.name,
        account: { id: site.account_id },
        group_name: site.group_name,
        tags: [...site.tags],
        created_at: site.created_at,
        sandbox: site.sandbox,
        transferable: site.transferable,
        installs: installs
            .filter((i) => i.site_id === site.id)
            .map((i) => ({
            id: i.id,
            name: i.name,
            // An install outside any environment slot still needs one on the wire; production is the default slot.
            environment: i.environment ?? 'production',
            cname: i.cname,
            php_version: i.php_version,
            is_multisite: i.is_multisite,
        })),
    };
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/sites.ts
/**
 * POST and GET /v1/sites. Site names are unique within an account (a second "blog" is a 409).
 * A partial user sees the sites that hold one of its installs, each showing only those installs,
 * and may not create sites.
 */








const createSite = (ctx) => {
    const p = principalOf(ctx);
    const body = ctx.body ?? {};
    assertValid('site', [
        ...requiredString(ctx.name, 'name', body.name, 100),
        ...uuidField(ctx.name, 'account_id', body.account_id, true),
    ]);
    const accountId = body.account_id.toLowerCase();
    if (accountId !== p.account.id) {
        throw notAuthorized(`You are not authorized to create sites in account "${accountId}": your credentials belong to another account`);
    }
    requireFullAccess(p, 'create sites');
    const name = body.name.trim();
    if (ctx.state.sites.some((s) => s.account_id === accountId && s.name === name)) {
        throw conflict(`A site named "${name}" already exists in this account`);
    }
    const site = {
        id: (0,external_node_crypto_namespaceObject.randomUUID)(),
        name,
        account_id: accountId,
        group_name: null,
        tags: [],
        created_at: ctx.clock.iso(),
        sandbox: false,
        transferable: true,
    };
    ctx.state.sites.push(site);
    return { status: 201, body: siteView(site, []) };
};
const listSites = (ctx) => {
    const p = principalOf(ctx);
    const account = accountFilter(ctx);
    const installs = ctx.state.installs.filter((i) => canAccessInstall(p, i));
    const partial = isPartial(p);
    const sites = ctx.state.sites.filter((s) => s.account_id === p.account.id &&
        (account === null || s.account_id === account) &&
        (!partial || installs.some((i) => i.site_id === s.id)));
    const views = sites.map((s) => siteView(s, installs));
    return { status: 200, body: hostingPage(views, ctx.query, requestPath(ctx), ctx.name) };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/pem.ts
/**
 * Checks a third-party certificate upload the way a server would before installing it: both
 * values are base64 of PEM, the certificate chain parses, the key parses, and the key belongs
 * to the end-entity (first) certificate. Messages never echo the key material.
 */


const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}\s*$/;
const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
function decode(v) {
    return BASE64.test(v) ? Buffer.from(v, 'base64').toString('utf8') : null;
}
function checkCertificatePair(resource, certificate, privateKey) {
    const errors = [];
    let leaf = null;
    let key = null;
    if (typeof certificate !== 'string' || certificate === '') {
        errors.push(invalid(resource, 'certificate', 'certificate is required: base64 of the PEM certificate chain', `${resource}.certificate.required`));
    }
    else {
        const pem = decode(certificate);
        const blocks = pem?.match(CERT_BLOCK) ?? [];
        if (pem === null)
            errors.push(invalid(resource, 'certificate', 'certificate must be base64-encoded PEM'));
        else if (blocks.length === 0)
            errors.push(invalid(resource, 'certificate', 'certificate holds no PEM CERTIFICATE block'));
        else {
            try {
                const chain = blocks.map((b) => new external_node_crypto_namespaceObject.X509Certificate(b));
                leaf = chain[0];
            }
            catch {
                errors.push(invalid(resource, 'certificate', 'certificate chain does not parse as X.509'));
            }
        }
    }
    if (typeof privateKey !== 'string' || privateKey === '') {
        errors.push(invalid(resource, 'private_key', 'private_key is required: base64 of the PEM private key', `${resource}.private_key.required`));
    }
    else {
        const pem = decode(privateKey);
        if (pem === null || !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) {
            errors.push(invalid(resource, 'private_key', 'private_key must be base64-encoded PEM of a PRIVATE KEY'));
        }
        else {
            try {
                key = (0,external_node_crypto_namespaceObject.createPrivateKey)(pem);
            }
            catch {
                errors.push(invalid(resource, 'private_key', 'private_key does not parse (an encrypted key is not accepted)'));
            }
        }
    }
    if (leaf && key && !leaf.checkPrivateKey(key)) {
        errors.push(invalid(resource, 'private_key', 'private_key does not match the certificate', `${resource}.private_key.mismatch`));
    }
    return errors;
}

;// CONCATENATED MODULE: ./emulator/handlers/hosting/ssl.ts
/**
 * SSL: ordering a certificate for a legacy-network domain (202 `{}`, CONTRACT §2), and uploading
 * a third-party certificate. The spec gives the upload no status; it creates (or replaces) the
 * install's certificate, so it answers 201 Created with the certificate object, as every create.
 */






const REGION_CODE = /^[A-Z]{2}$/;
const orderSslCertificate = (ctx) => {
    const install = findInstall(ctx);
    const domain = findDomain(ctx, install);
    if ((domain.network_type ?? 'AN') !== 'LEGACY') {
        throw badRequest(`SSL certificates can be ordered only for legacy-network domains; "${domain.name}" is on ${domain.network_type ?? 'AN'}`, [
            {
                ...invalid(ctx.name, 'domain_id', `domain "${domain.name}" is not on the legacy network`, `${ctx.name}.domain.not_legacy`),
                type: 'value_unavailable',
            },
        ]);
    }
    const b = ctx.body ?? {};
    const errors = [
        ...emailField(ctx.name, 'email_address', b.email_address, true),
        ...requiredString(ctx.name, 'given_name', b.given_name),
        ...requiredString(ctx.name, 'family_name', b.family_name),
        ...requiredString(ctx.name, 'region_code', b.region_code),
        ...optionalString(ctx.name, 'state', b.state),
        ...optionalString(ctx.name, 'city', b.city),
        ...optionalString(ctx.name, 'phone', b.phone, 32),
    ];
    if (typeof b.region_code === 'string' && b.region_code.trim() !== '' && !REGION_CODE.test(b.region_code)) {
        errors.push(invalid(ctx.name, 'region_code', `region_code must be a two-letter ISO 3166-1 alpha-2 code such as US, got "${b.region_code}"`));
    }
    assertValid('SSL certificate order', errors);
    const opt = (v) => (typeof v === 'string' ? v : null);
    ctx.state.sslOrders.push({
        id: (0,external_node_crypto_namespaceObject.randomUUID)(),
        install_id: install.id,
        domain_id: domain.id,
        email_address: b.email_address,
        given_name: b.given_name,
        family_name: b.family_name,
        region_code: b.region_code,
        state: opt(b.state),
        city: opt(b.city),
        phone: opt(b.phone),
        created_at: ctx.clock.iso(),
    });
    return { status: 202, body: {} };
};
const createThirdPartyCertificate = (ctx) => {
    const install = findInstall(ctx);
    const b = ctx.body ?? {};
    assertValid('third-party certificate', checkCertificatePair(ctx.name, b.certificate, b.private_key));
    const certificate = b.certificate;
    const privateKey = b.private_key;
    ctx.state.certificates = ctx.state.certificates.filter((c) => c.install_id !== install.id);
    ctx.state.certificates.push({
        install_id: install.id,
        certificate,
        private_key: privateKey,
        created_at: ctx.clock.iso(),
    });
    return { status: 201, body: { certificate, private_key: privateKey } };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/ssh-keys.ts



const listSshKeys = (ctx) => {
    const account = principalOf(ctx).account;
    const keys = ctx.state.sshKeys
        .filter((k) => k.account_id === account.id)
        .map((k) => ({ comment: k.comment, created_at: k.created_at, fingerprint: k.fingerprint, uuid: k.uuid }));
    return { status: 200, body: hostingPage(keys, ctx.query, requestPath(ctx), ctx.name) };
};

;// CONCATENATED MODULE: ./emulator/handlers/hosting/index.ts











// Typed over the hosting rows, so a new hosting route without a handler fails to compile.
const hosting_all = {
    listInstalls: listInstalls,
    updateInstall: updateInstall,
    listArchives: listArchives,
    createInstallCopy: createInstallCopy,
    createDomain: createDomain,
    listDomains: listDomains,
    getDomain: getDomain,
    verifyDomain: verifyDomain,
    getDomainStatusReport: getDomainStatusReport,
    orderSslCertificate: orderSslCertificate,
    createThirdPartyCertificate: createThirdPartyCertificate,
    createSite: createSite,
    listSites: listSites,
    getSiteTransfer: getSiteTransfer,
    listSiteTransfers: listSiteTransfers,
    createAccountUser: createAccountUser,
    listAccountUsers: listAccountUsers,
    getAccountLimits: getAccountLimits,
    listSshKeys: listSshKeys,
};
const hostingHandlers = hosting_all;

;// CONCATENATED MODULE: ./emulator/handlers/index.ts
/** Every route of the table has exactly one handler; startEmulator refuses to start otherwise. */



const handlers = { ...hostingHandlers, ...headlessHandlers };
function missingHandlers() {
    return Object.keys(routes).filter((name) => !handlers[name]);
}

;// CONCATENATED MODULE: ./emulator/rate-limit.ts
/** A token bucket per credential: `rate` requests a second, bursts up to one second's worth. */
class RateLimiter {
    rate;
    buckets = new Map();
    constructor(rate) {
        this.rate = rate;
    }
    /** Takes a token; returns 0 when allowed, else the seconds to wait (for Retry-After). */
    take(key, now) {
        if (this.rate <= 0)
            return 0;
        const b = this.buckets.get(key) ?? { tokens: this.rate, at: now };
        b.tokens = Math.min(this.rate, b.tokens + ((now - b.at) / 1000) * this.rate);
        b.at = now;
        this.buckets.set(key, b);
        if (b.tokens >= 1) {
            b.tokens -= 1;
            return 0;
        }
        return Math.max(1, Math.ceil((1 - b.tokens) / this.rate));
    }
}

;// CONCATENATED MODULE: ./emulator/server.ts






function send(res, reply) {
    if (res.headersSent || res.destroyed)
        return;
    const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
    res.writeHead(reply.status, {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        'content-length': Buffer.byteLength(payload),
        ...reply.headers,
    });
    res.end(payload);
}
function errorReply(api, err) {
    const e = err instanceof EmulatorError
        ? err
        : new EmulatorError(500, 'Internal server error: the emulator hit an unexpected error, retry later');
    if (!(err instanceof EmulatorError))
        console.error('emulator: unexpected error', err);
    return { status: e.status, body: renderError(api, e), headers: e.headers };
}
const FAULT_MESSAGES = {
    '429': 'Too many requests, retry later',
    '500': 'Internal server error (injected fault)',
    '502': 'Invalid response received from an upstream server (injected fault)',
    '503': 'Service unavailable (injected fault)',
};
function createRequestListener(deps) {
    return async (req, res) => {
        const method = req.method ?? 'GET';
        const url = new URL(req.url ?? '/', 'http://emulator.invalid');
        const path = url.pathname;
        const origin = `http://${req.headers.host ?? `${deps.options.host}:${deps.options.port}`}`;
        if (path.startsWith(CONTROL_PREFIX)) {
            try {
                send(res, await handleControl(deps, method, path, url.searchParams, req, origin));
            }
            catch (err) {
                send(res, errorReply('control', err));
            }
            return;
        }
        const entry = { method, path, status: 0 };
        deps.log.push(entry);
        res.on('finish', () => {
            entry.status = res.statusCode;
        });
        const fault = pickFault(deps.options.faults, deps.options.random());
        if (deps.options.latencyMs > 0)
            await new Promise((r) => setTimeout(r, deps.options.latencyMs));
        const match = matchRoute(method, path);
        const api = match.kind === 'route' ? match.route.api : match.api;
        if (fault) {
            entry.fault = fault;
            req.resume();
            if (fault === 'reset') {
                entry.status = -1;
                req.socket.destroy();
                return;
            }
            const status = Number(fault);
            const headers = fault === '429' || fault === '503' ? { 'retry-after': '1' } : {};
            send(res, errorReply(api, new EmulatorError(status, FAULT_MESSAGES[fault], [], headers)));
            return;
        }
        try {
            if (match.kind !== 'route') {
                req.resume();
                throw notFound(`${method} ${path}: no such route`);
            }
            const { name, route, params } = match;
            const state = deps.getState();
            let principal = null;
            if (route.auth === 'basic') {
                principal = authenticate(state, req.headers.authorization);
                const wait = deps.limiter.take(principal.credential.userId, deps.clock.now());
                if (wait > 0)
                    throw tooManyRequests(wait);
            }
            else {
                const wait = deps.limiter.take(`token:${url.searchParams.get('token') ?? ''}`, deps.clock.now());
                if (wait > 0)
                    throw tooManyRequests(wait);
            }
            const unknownQuery = [...new Set(url.searchParams.keys())].filter((k) => !route.query.includes(k));
            if (unknownQuery.length > 0) {
                throw badRequest(`Unknown query parameter${unknownQuery.length > 1 ? 's' : ''}: ${unknownQuery.join(', ')}`, unknownQuery.map((q) => invalid(name, q, `"${q}" is not a query parameter of this request`, 'unknown_parameter')));
            }
            let body = null;
            if (route.body) {
                body = await readJsonObject(req, deps.options.maxJsonBytes, route.body, name);
            }
            else if (name !== 'uploadEnvironment') {
                // Routes without a body still read (and drop) whatever was sent, within the same limit.
                await readRaw(req, deps.options.maxJsonBytes);
            }
            const ctx = {
                name,
                route,
                params,
                query: url.searchParams,
                body,
                principal,
                state,
                clock: deps.clock,
                options: deps.options,
                req,
                origin,
            };
            send(res, await deps.handlers[name](ctx));
        }
        catch (err) {
            send(res, errorReply(api, err));
            // A request we refused before reading it whole: stop reading, so a huge body cannot pin us.
            if (!req.complete)
                req.resume();
        }
    };
}

;// CONCATENATED MODULE: ./emulator/index.ts
/**
 * `startEmulator(options)`: a stateful, in-memory server of both APIs on one origin — hosting at
 * `url`, headless at `url + '/headless'`. Tests start one per file on port 0.
 */







async function startEmulator(options = {}) {
    const missing = missingHandlers();
    if (missing.length > 0)
        throw new Error(`emulator: no handler for ${missing.join(', ')}`);
    const resolved = resolveOptions(options);
    const seed = typeof options.seed === 'string' ? loadSeedFile(options.seed) : (options.seed ?? defaultSeed);
    const clock = new EmulatorClock(options.clock);
    let state = stateFromSeed(seed, clock.now());
    const log = [];
    // As the control route does: `requests()` promises the log since start or the last reset.
    const reset = () => {
        state = stateFromSeed(seed, clock.now());
        log.length = 0;
    };
    const server = (0,external_node_http_namespaceObject.createServer)({ keepAlive: true }, createRequestListener({
        options: resolved,
        clock,
        getState: () => state,
        reset,
        handlers: handlers,
        limiter: new RateLimiter(resolved.rateLimitPerSecond),
        log,
    }));
    // Clients abort uploads and drop connections on purpose (faults, cancellation): never let that throw.
    server.on('clientError', (_err, socket) => {
        if (socket.writable)
            socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        else
            socket.destroy();
    });
    server.requestTimeout = 0;
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(resolved.port, resolved.host, () => resolve());
    });
    const address = server.address();
    resolved.port = address.port;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${host}:${address.port}`;
    return {
        url,
        hostingUrl: url,
        headlessUrl: `${url}/headless`,
        clock,
        get state() {
            return state;
        },
        requests: () => log.slice(),
        reset,
        close: () => new Promise((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
        }),
    };
}

;// CONCATENATED MODULE: external "node:child_process"
const external_node_child_process_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");
;// CONCATENATED MODULE: ./emulator/launcher-watch.ts
/**
 * Stops the emulator when the npm (or npx) process that launched it goes away.
 *
 * `npm run emulator` starts `npm → sh → node`. Killing npm does not reliably reach node: npm
 * forwards SIGTERM to the shell only, and SIGHUP or SIGKILL not at all, so the server would
 * keep its port after the command that started it is gone. When npm started us (it sets
 * `npm_lifecycle_event`), we watch our parent and its parent, and stop as soon as either exits.
 */


/** The parent pid of `pid`, or null when it cannot be read (Windows, or the process is gone). */
function parentOf(pid) {
    if (process.platform === 'win32')
        return null;
    try {
        // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
        const stat = (0,external_node_fs_namespaceObject.readFileSync)(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (Number.isInteger(ppid) && ppid > 0)
            return ppid;
    }
    catch {
        // no /proc (macOS): ask ps below
    }
    try {
        const ppid = Number((0,external_node_child_process_namespaceObject.execFileSync)('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
        return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
    }
    catch {
        return null;
    }
}
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (e) {
        // EPERM: it exists but belongs to someone else (a reused pid would be that too; rare enough).
        return e.code === 'EPERM';
    }
}
/** The processes whose exit should stop us: our parent and, when it is a shell npm ran, npm itself. */
function launchers(env = process.env) {
    if (!env.npm_lifecycle_event)
        return [];
    const pids = [process.ppid];
    const grand = parentOf(process.ppid);
    // pid 1 (or a subreaper) as grandparent means npm is gone already or was never there.
    if (grand !== null && grand > 1)
        pids.push(grand);
    return pids;
}
/** Polls every `intervalMs` (timer unref'd, so it never keeps the process alive on its own). */
function stopWithLauncher(stop, intervalMs = 300) {
    const watched = launchers();
    if (watched.length === 0)
        return;
    const timer = setInterval(() => {
        if (watched.some((pid) => !alive(pid) || process.ppid !== watched[0])) {
            clearInterval(timer);
            stop();
        }
    }, intervalMs);
    timer.unref();
}

;// CONCATENATED MODULE: ./emulator/cli.ts
/**
 * `npm run emulator -- [--port N] [--host H] [--seed FILE] [--faults SPEC] [--latency MS]
 * [--build-seconds S] [--max-upload-mb N] [--rate-limit N]`. First line on stdout:
 * `emulator listening on http://HOST:PORT`. Stops on SIGINT/SIGTERM/SIGHUP, and when the npm
 * process that launched it exits (see launcher-watch.ts).
 */



function num(name, value) {
    if (value === undefined)
        return undefined;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) {
        console.error(`emulator: --${name} must be a number ≥ 0, got "${value}"`);
        process.exit(2);
    }
    return n;
}
async function main() {
    let values;
    try {
        ({ values } = (0,external_node_util_namespaceObject.parseArgs)({
            options: {
                port: { type: 'string' },
                host: { type: 'string' },
                seed: { type: 'string' },
                faults: { type: 'string' },
                latency: { type: 'string' },
                'build-seconds': { type: 'string' },
                'max-upload-mb': { type: 'string' },
                'rate-limit': { type: 'string' },
            },
            strict: true,
        }));
    }
    catch (e) {
        console.error(`emulator: ${e.message}`);
        process.exit(2);
    }
    const emulator = await startEmulator({
        port: num('port', values.port) ?? 4010,
        host: values.host ?? '127.0.0.1',
        seed: values.seed,
        faults: values.faults,
        latencyMs: num('latency', values.latency),
        buildSeconds: num('build-seconds', values['build-seconds']),
        maxUploadMb: num('max-upload-mb', values['max-upload-mb']),
        rateLimitPerSecond: num('rate-limit', values['rate-limit']),
    });
    // Handlers first: whoever reads the listening line may signal us at once.
    let stopping = false;
    const stop = () => {
        if (stopping)
            return;
        stopping = true;
        // A client that never lets go of its connection must not keep the port open.
        setTimeout(() => process.exit(0), 3_000).unref();
        void emulator.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.once('SIGHUP', stop);
    stopWithLauncher(stop);
    console.log(`emulator listening on ${emulator.url}`);
    console.log(`hosting API: ${emulator.hostingUrl}   headless API: ${emulator.headlessUrl}`);
    // A seed file brings its own credentials, which are not ours to print.
    if (values.seed === undefined) {
        console.log('credentials of the default seed: demo-user / demo-password (account "demo")');
    }
}
main().catch((e) => {
    console.error(`emulator: ${e.message}`);
    process.exit(1);
});

