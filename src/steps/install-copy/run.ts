/** The install copy step: resolve both installs (name or uuid) and ask for the copy. */
import type { Client } from '../../api/client.js';
import type { Install } from '../../api/types.js';
import type { CopyInputs } from './inputs.js';
import { isUuid } from '../../inputs/parsers.js';
import type { StepContext } from '../../step-kit/step.js';
import { repeatAmbiguous } from '../../step-kit/repeat-ambiguous.js';
import { StepError } from '../../step-kit/step-error.js';

/** Walks every page of /installs once and finds both installs, by uuid or by name. */
async function resolveInstalls(
  client: Client,
  wanted: readonly string[],
  signal: AbortSignal,
): Promise<Map<string, Install>> {
  const found = new Map<string, Install>();
  for await (const install of client.iterateInstalls({ limit: 100 }, { signal })) {
    for (const w of wanted) {
      if ((isUuid(w) && install.id === w.toLowerCase()) || install.name === w) found.set(w, install);
    }
    if (found.size === wanted.length) break;
  }
  return found;
}

/** An id the service chose may reach an output (and a workflow's script) only in this form. */
const SAFE_ID = /^[A-Za-z0-9._~-]{1,200}$/;

function describe(install: Install): string {
  return `${install.name} (${install.environment ?? 'no environment'}, ${install.id})`;
}

export async function installCopy(ctx: StepContext, c: CopyInputs): Promise<void> {
  const found = await resolveInstalls(ctx.client, [c.from, c.to], ctx.signal);
  const missing = [c.from, c.to].filter((w) => !found.has(w));
  if (missing.length > 0) {
    throw new StepError(
      `install ${missing.map((m) => `"${m}"`).join(' and ')} not found among the installs this API user can see; check copy-from/copy-to (install name or uuid) and the API user's access`,
    );
  }
  const source = found.get(c.from)!;
  const destination = found.get(c.to)!;
  if (source.id === destination.id) {
    throw new StepError(`copy-from and copy-to both name install ${describe(source)}; give two different installs`);
  }
  const what = [
    c.includeFiles ? 'files' : '',
    c.includeDatabase ? (c.dbTables.length ? `database tables ${c.dbTables.join(', ')}` : 'database') : '',
  ]
    .filter(Boolean)
    .join(' and ');
  if (ctx.inputs.dryRun) {
    ctx.log.info(`would copy ${what} of ${describe(source)} over ${describe(destination)}`);
    return;
  }
  const accepted = await repeatAmbiguous(ctx, {
    what: `install copy ${source.name} → ${destination.name}`,
    attempt: () =>
      ctx.client.createInstallCopy(
        {
          source_environment_id: source.id,
          destination_environment_id: destination.id,
          ...(c.notificationEmails.length ? { notification_emails: [...c.notificationEmails] } : {}),
          custom_options: {
            include_files: c.includeFiles,
            include_db: c.includeDatabase,
            ...(c.dbTables.length ? { db_tables: [...c.dbTables] } : {}),
          },
        },
        { signal: ctx.signal },
      ),
  });
  // The API answers 202 and offers no route to follow the copy: say plainly that it is not done.
  // Its body is not shown by the spec: an id is named only when one came back, in a safe form.
  const id = accepted.id !== undefined && SAFE_ID.test(accepted.id) ? accepted.id : undefined;
  if (accepted.id !== undefined && id === undefined) {
    ctx.log.warning(
      'output "install-copy-id" left empty: the service answered an id with characters other than letters, digits and ._~-, so it is not passed on to the workflow',
    );
  }
  const under = id ? ` (id ${id})` : '';
  ctx.log.info(
    `install copy accepted${under}: the copy runs on the platform; ${what} of ${describe(source)} over ${describe(destination)}. It is not finished yet: a later step that needs the copied data must wait for it`,
  );
  ctx.record.did(`install copy ${source.name} → ${destination.name} accepted (it runs on the platform)`);
  ctx.record.detail('install copy', 'copy', `accepted: the copy runs on the platform${under}`);
  ctx.outputs.set('install-copy', 'accepted');
  ctx.outputs.set('install-copy-id', id ?? '');
}
