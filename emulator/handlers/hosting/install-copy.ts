/**
 * POST /v1/install_copy. The spec calls source and destination "environment ids": they are
 * install uuids. Checks run body → same install (400) → both exist (404) → same account (400)
 * → the caller may touch both (403), so each documented outcome is reachable. Accepted, it answers
 * 202 `{"id", "status": "pending"}`, or 202 with no body under the documented answers.
 */
import { randomUUID } from 'node:crypto';
import { playsDocumented } from '../../config/answers.js';
import { canAccessInstall } from '../../http/auth.js';
import { assertValid, badRequest, invalid, notAuthorized, notFound, type FieldError } from '../../http/errors.js';
import type { InstallCopyAccepted } from '../../types/hosting.js';
import type { Handler } from '../context.js';
import { principalOf } from './lookup.js';
import { arrayField, booleanField, emailItem, nonEmptyStringItem, objectField, uuidField } from './validate.js';

const OPTIONS = ['include_files', 'include_db', 'db_tables'] as const;

function validate(resource: string, body: Record<string, unknown>): FieldError[] {
  const errors = [
    ...uuidField(resource, 'source_environment_id', body.source_environment_id, true),
    ...uuidField(resource, 'destination_environment_id', body.destination_environment_id, true),
    ...arrayField(resource, 'notification_emails', body.notification_emails, emailItem),
  ];
  const opts = body.custom_options;
  if (opts === undefined) return errors;
  const optErrors = objectField(resource, 'custom_options', opts, OPTIONS);
  if (optErrors.length > 0 || typeof opts !== 'object' || opts === null) return [...errors, ...optErrors];
  const o = opts as Record<string, unknown>;
  errors.push(
    ...booleanField(resource, 'custom_options.include_files', o.include_files),
    ...booleanField(resource, 'custom_options.include_db', o.include_db),
    ...arrayField(resource, 'custom_options.db_tables', o.db_tables, nonEmptyStringItem),
  );
  if (o.include_db === false && o.db_tables !== undefined) {
    errors.push(
      invalid(
        resource,
        'custom_options.db_tables',
        'db_tables cannot be given when include_db is false',
        `${resource}.db_tables.without_db`,
      ),
    );
  }
  return errors;
}

export const createInstallCopy: Handler = (ctx) => {
  const p = principalOf(ctx);
  const body = ctx.body ?? {};
  assertValid('install copy', validate(ctx.name, body));
  const sourceId = (body.source_environment_id as string).toLowerCase();
  const destinationId = (body.destination_environment_id as string).toLowerCase();
  if (sourceId === destinationId) {
    throw badRequest('Invalid install copy: source and destination are the same install', [
      invalid(
        ctx.name,
        'destination_environment_id',
        'destination_environment_id must differ from source_environment_id',
        `${ctx.name}.same_install`,
      ),
    ]);
  }
  const find = (id: string, role: string) => {
    const install = ctx.state.installs.find((i) => i.id === id);
    if (!install) throw notFound(`${role} install "${id}"`);
    return install;
  };
  const source = find(sourceId, 'source');
  const destination = find(destinationId, 'destination');
  if (source.account_id !== destination.account_id) {
    throw badRequest('Invalid install copy: source and destination must belong to the same account', [
      invalid(
        ctx.name,
        'destination_environment_id',
        'destination_environment_id is an install of another account',
        `${ctx.name}.cross_account`,
      ),
    ]);
  }
  for (const [install, role] of [
    [source, 'source'],
    [destination, 'destination'],
  ] as const) {
    if (!canAccessInstall(p, install))
      throw notAuthorized(`You are not authorized to copy with ${role} install "${install.name}"`);
  }

  const opts = (body.custom_options ?? {}) as { include_files?: boolean; include_db?: boolean; db_tables?: string[] };
  const id = randomUUID();
  ctx.state.installCopies.push({
    id,
    source_environment_id: source.id,
    destination_environment_id: destination.id,
    notification_emails: [...((body.notification_emails as string[] | undefined) ?? [])],
    include_files: opts.include_files ?? true,
    include_db: opts.include_db ?? true,
    db_tables: [...(opts.db_tables ?? [])],
    status: 'pending',
    requested_by: p.credential.userId,
    created_at: ctx.clock.iso(),
  });
  const accepted: InstallCopyAccepted = { id, status: 'pending' };
  return playsDocumented(ctx.options) ? { status: 202 } : { status: 202, body: accepted };
};
