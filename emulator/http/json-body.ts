/** Reads a JSON request body within a size limit; every way it can be wrong is a 4xx, never a crash. */
import type { IncomingMessage } from 'node:http';
import { badRequest, EmulatorError, invalid, tooLarge } from './errors.js';

export async function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Leaving the loop ends the request stream (its iterator destroys it on return), so what
      // the client still sends is not read; the answer goes out all the same (tested).
      if (size > limit) throw tooLarge(`Request body exceeds ${limit} bytes`);
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof EmulatorError) throw err;
    // The client hung up before its Content-Length was sent: a bad request, not an emulator fault.
    throw badRequest('Request body cut off: the connection closed before the whole body arrived');
  }
  return Buffer.concat(chunks);
}

/**
 * Parses the body as a JSON object and rejects top-level fields the route does not name.
 * An empty body reads as `{}` (a create with no fields then fails on its required ones).
 */
export async function readJsonObject(
  req: IncomingMessage,
  limit: number,
  allowed: readonly string[],
  resource: string,
): Promise<Record<string, unknown>> {
  const raw = await readRaw(req, limit);
  if (raw.length === 0) return {};
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw badRequest(`Content-Type must be application/json, got "${type || 'none'}"`);
  }
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch (e) {
    throw badRequest(`Malformed JSON body: ${(e as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The request body must be a JSON object');
  }
  const obj = value as Record<string, unknown>;
  const unknown = Object.keys(obj).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown field${unknown.length > 1 ? 's' : ''} in request body: ${unknown.join(', ')}`,
      unknown.map((f) => invalid(resource, f, `"${f}" is not a field of this request`, 'unknown_field')),
    );
  }
  return obj;
}
