/**
 * Names read from the disk are bytes, and only some byte names make zip entries that unpack to
 * the same file everywhere: valid UTF-8 (the zip says UTF-8; anything else would be stored as
 * it is, or turn into U+FFFD and collide with another name), no control characters (a newline
 * could forge a line of the log, an ESC could drive the terminal), no backslash and no drive
 * prefix (Windows tools read `a\b` as a directory and `C:x` as another drive). A name that
 * fails is left out of the zip, and shown only escaped.
 */

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export type NameCheck = { name: string } | { escaped: string; why: string };

const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const COLON = 0x3a;

const isLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

/** C0 controls, DEL and C1 controls. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const hasControl = (text: string) => {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
};

/** Checks one name of a directory listing (no separators in it). */
export function checkEntryName(raw: Buffer): NameCheck {
  const why = unsafeWhy(raw);
  return why === undefined ? { name: decodeName(raw) } : { escaped: escapeName(raw), why };
}

function unsafeWhy(raw: Buffer): string | undefined {
  if (raw.length === 0) return 'is empty';
  if (raw.length >= 2 && raw[1] === COLON && isLetter(raw[0]!)) return 'starts with a drive prefix';
  let ascii = true;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i]!;
    if (b < 0x20 || b === 0x7f) return 'holds a control character';
    if (b === BACKSLASH) return 'holds a backslash';
    if (b === SLASH) return 'holds a slash';
    if (b > 0x7f) ascii = false;
  }
  if (ascii) return undefined;
  let text: string;
  try {
    text = strictUtf8.decode(raw);
  } catch {
    return 'is not valid UTF-8';
  }
  return hasControl(text) ? 'holds a control character' : undefined;
}

/** The name as text; only for names `unsafeWhy` passed. */
function decodeName(raw: Buffer): string {
  return raw.toString('utf8');
}

/**
 * Characters escaped besides controls: the quote and backslash (so the result sits safely in
 * quotes), the Unicode line and paragraph separators, and the bidirectional overrides, which
 * can make a log line read differently from what it holds.
 */
const ESCAPE_ALSO = /["\\\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeChar(ch: string): string {
  if (SHORT[ch]) return SHORT[ch];
  if (hasControl(ch) || ESCAPE_ALSO.test(ch)) return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return ch;
}

/**
 * Escapes a byte name as the body of a JSON string, except that bytes which are not part of a
 * valid UTF-8 sequence become `\xNN`: printable, one line, and distinct for distinct names.
 */
export function escapeName(raw: Buffer | string): string {
  if (typeof raw === 'string') return [...raw].map(escapeChar).join('');
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const len = sequenceLength(raw, i);
    if (len === 0) {
      out += `\\x${raw[i]!.toString(16).padStart(2, '0')}`;
      i++;
    } else {
      out += escapeChar(raw.toString('utf8', i, i + len));
      i += len;
    }
  }
  return out;
}

/** Length of the valid UTF-8 sequence at `i` (1 to 4), or 0 when the byte there starts none. */
function sequenceLength(b: Buffer, i: number): number {
  const lead = b[i]!;
  if (lead < 0x80) return 1;
  let len: number;
  let min: number;
  if (lead >= 0xc2 && lead <= 0xdf) [len, min] = [2, 0x80];
  else if (lead >= 0xe0 && lead <= 0xef) [len, min] = [3, 0x800];
  else if (lead >= 0xf0 && lead <= 0xf4) [len, min] = [4, 0x10000];
  else return 0;
  if (i + len > b.length) return 0;
  let cp = lead & (0xff >> (len + 1));
  for (let k = 1; k < len; k++) {
    const c = b[i + k]!;
    if ((c & 0xc0) !== 0x80) return 0;
    cp = (cp << 6) | (c & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return len;
}
