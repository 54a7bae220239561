/**
 * The request log behind `GET /__emulator/requests`: a ring buffer of the latest requests, so a
 * long-running emulator (or a client hammering it) cannot grow it without bound. Paths are cut
 * to a fixed length for the same reason.
 */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  /** Set when a fault was injected instead of handling the request. */
  fault?: string;
  /**
   * How a request with a body framed it: `content-length` (its size said up front) or `chunked`
   * (Transfer-Encoding, size not known when it started). Absent for a request without a body.
   */
  framing?: 'content-length' | 'chunked';
}

export const MAX_LOGGED_PATH = 512;

/** How a request's headers frame its body, if it has one (Node refuses a request that sends both). */
export function framingOf(headers: {
  'transfer-encoding'?: string;
  'content-length'?: string;
}): RequestLogEntry['framing'] {
  if (headers['transfer-encoding'] !== undefined) return 'chunked';
  if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return 'content-length';
  return undefined;
}

/**
 * A copy of `cut` that does not share memory with the string it was cut from. V8 makes a slice
 * of a long string a view into it: a 512-character cut of a 15 KB path kept the whole 15 KB
 * alive, and a full ring held 15 MB instead of half a megabyte. Through UTF-16 and back is exact
 * for every JavaScript string, lone surrogates included.
 */
function detached(cut: string): string {
  return Buffer.from(cut, 'utf16le').toString('utf16le');
}

export class RequestLog {
  private readonly ring: (RequestLogEntry | undefined)[];
  private next = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('request log capacity must be an integer ≥ 1');
    this.ring = new Array<RequestLogEntry | undefined>(capacity);
  }

  /** Records a request; the entry is returned so its status can be filled in when the answer is sent. */
  add(method: string, path: string, framing?: RequestLogEntry['framing']): RequestLogEntry {
    const entry: RequestLogEntry = {
      method: method.slice(0, 16),
      path: path.length > MAX_LOGGED_PATH ? detached(path.slice(0, MAX_LOGGED_PATH)) : path,
      status: 0,
      ...(framing ? { framing } : {}),
    };
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
    return entry;
  }

  /** Oldest first. */
  entries(): RequestLogEntry[] {
    const start = (this.next - this.size + this.capacity) % this.capacity;
    const out: RequestLogEntry[] = [];
    for (let i = 0; i < this.size; i++) out.push(this.ring[(start + i) % this.capacity]!);
    return out;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
    this.size = 0;
  }
}
