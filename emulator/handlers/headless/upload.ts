/**
 * The code upload: one multipart file part `repository` holding a zip, streamed to a temp file,
 * inspected, and deleted. It answers the spec's `no_build` Operation (documented answers: 200
 * `{}`); either way the build starts, and polling `.../operations/no_build` follows it. The build
 * fails, as a real one would, when the archive has no package.json at its root.
 */
import { rm } from 'node:fs/promises';
import { playsDocumented } from '../../config/answers.js';
import { lengthRequired, notFound } from '../../http/errors.js';
import { buildFailure, startOperation } from '../../store/operations.js';
import type { Handler } from '../context.js';
import { environmentOfPath } from './access.js';
import { receiveSingleFile } from './multipart.js';
import { environmentName } from './names.js';
import { initialOperationView } from './operations.js';
import { listZipEntries } from './zip-inspect.js';

export const UPLOAD_FIELD = 'repository';

export const uploadEnvironment: Handler = async (ctx) => {
  // Servers behind some proxies refuse a body of unknown length; this mode lets clients test their fallback.
  if (ctx.options.requireContentLength && ctx.req.headers['content-length'] === undefined) {
    throw lengthRequired(
      'Length Required: this server takes uploads only with a Content-Length header; send the archive with its size (not chunked)',
    );
  }
  const env = environmentOfPath(ctx);
  const file = await receiveSingleFile(ctx.req, { field: UPLOAD_FIELD, maxBytes: ctx.options.maxUploadBytes });
  let entries: string[];
  try {
    entries = await listZipEntries(file.path);
  } finally {
    await rm(file.path, { force: true });
  }
  // The environment may have been deleted while the bytes were arriving.
  if (!ctx.state.environments.includes(env)) throw notFound(`environment "${environmentName(env)}"`);

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
  return { status: 200, body: playsDocumented(ctx.options) ? {} : initialOperationView(op) };
};
