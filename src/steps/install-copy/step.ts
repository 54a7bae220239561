/** The install copy step's row: copies one install over another when both are named. */
import type { InputReader } from '../../inputs/input-reader.js';
import { INSTALL_RULE, isEmail, isInstallName, isUuid, parseList, quote } from '../../inputs/parsers.js';
import type { SharedInputs } from '../../inputs/types.js';
import type { StepDefinition } from '../../step-kit/step.js';
import type { CopyInputs } from './inputs.js';
import { installCopy } from './run.js';

export const installCopyStep: StepDefinition<'install copy', CopyInputs> = {
  name: 'install copy',
  doing: 'copying the install',
  howToRun: '"copy-from" and "copy-to" for an install copy',
  owns: ['copy-db-tables', 'notification-emails'],
  outputs: ['install-copy', 'install-copy-id'],

  selected(input) {
    const from = input.raw('copy-from');
    const to = input.raw('copy-to');
    if ((from === '') !== (to === '')) {
      const [missing, other] = from === '' ? ['copy-from', 'copy-to'] : ['copy-to', 'copy-from'];
      input.problem(missing, `is empty while "${other}" is set; set both for an install copy, or neither`);
    }
    return from !== '' && to !== '';
  },

  needs: () => ['api-url', 'api-user-id', 'api-password'],

  read(input: InputReader, shared: SharedInputs, selected: boolean): CopyInputs {
    const from = input.raw('copy-from');
    const to = input.raw('copy-to');
    for (const [name, value] of [
      ['copy-from', from],
      ['copy-to', to],
    ] as const) {
      if (value !== '' && !isInstallName(value) && !isUuid(value)) {
        input.problem(name, `${quote(value)} is not an install name (${INSTALL_RULE}) or uuid`);
      }
    }
    if (selected && from.toLowerCase() === to.toLowerCase()) {
      input.problem('copy-to', 'is the same install as "copy-from"; an install cannot be copied onto itself');
    }
    const includeFiles = input.bool('copy-files');
    const includeDatabase = input.bool('copy-database');
    if (selected && !includeFiles && !includeDatabase) {
      input.problem(
        'copy-files',
        'and input "copy-database" are both false, so the install copy would copy nothing; set one to true',
      );
    }
    const dbTables = parseList(input.raw('copy-db-tables'));
    if (dbTables.length > 0 && !includeDatabase) {
      input.problem(
        'copy-db-tables',
        'is set while "copy-database" is false; tables are copied only with the database, so clear one',
      );
    }
    const notificationEmails = parseList(input.raw('notification-emails'));
    const bad = notificationEmails.filter((email) => !isEmail(email));
    if (bad.length > 0) {
      const verb = bad.length > 1 ? 'are not email addresses' : 'is not an email address';
      input.problem(
        'notification-emails',
        `has ${bad.map(quote).join(', ')}, which ${verb}; give one address per line`,
      );
    }
    return {
      hostingUrl: shared.hostingUrl as string,
      from,
      to,
      includeFiles,
      includeDatabase,
      dbTables,
      notificationEmails,
    };
  },

  describe(c) {
    const what: string[] = [];
    if (c.includeFiles) what.push('files');
    if (c.includeDatabase) {
      what.push(c.dbTables.length > 0 ? `database tables ${c.dbTables.join(', ')}` : 'database');
    }
    const notify = c.notificationEmails.length > 0 ? `; notify ${c.notificationEmails.join(', ')}` : '';
    return `install copy ${c.from} → ${c.to} (${what.join(', ')})${notify}`;
  },

  async run(ctx, c) {
    await installCopy(ctx, c);
    return {};
  },
};
