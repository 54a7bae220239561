/**
 * The install copy step end to end: installs by name and by uuid, each option as the emulator
 * recorded the copy it was asked for (`copy-database: false` lost on the way would overwrite the
 * destination's database, production often, with the source's), and an unknown install. The
 * input rules (nothing to copy, tables without their database) are test/unit/inputs.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { errorsOf } from '../helpers/annotations.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, mutations, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';
import { shown } from '../support/markdown-text.js';

const emulator = useEmulator();

const installId = (name: string) => emulator.state.installs.find((i) => i.name === name)!.id;
const copyInputs = (more: Record<string, string>) => ({ ...CREDENTIALS, 'api-url': emulator.hostingUrl, ...more });

describe.each(NODES)('install copy on $label', ({ node }) => {
  it.each([
    {
      by: 'names, with db tables and notification emails',
      inputs: () => ({
        'copy-from': 'demostg',
        'copy-to': 'demoprod',
        'copy-db-tables': 'wp_posts, wp_postmeta\nwp_options',
        'notification-emails': 'ops@example.com\ndev@example.com',
      }),
      copied: () => ({
        source_environment_id: installId('demostg'),
        destination_environment_id: installId('demoprod'),
        include_files: true,
        include_db: true,
        db_tables: ['wp_posts', 'wp_postmeta', 'wp_options'],
        notification_emails: ['ops@example.com', 'dev@example.com'],
        requested_by: 'demo-user',
      }),
    },
    {
      by: 'uuids (one in upper case), files left out',
      inputs: () => ({
        'copy-from': installId('demoprod'),
        'copy-to': installId('demostg').toUpperCase(),
        'copy-files': 'false',
      }),
      copied: () => ({
        source_environment_id: installId('demoprod'),
        destination_environment_id: installId('demostg'),
        include_files: false,
        include_db: true,
        db_tables: [],
        notification_emails: [],
      }),
    },
    {
      by: 'names, the database left out',
      inputs: () => ({ 'copy-from': 'demostg', 'copy-to': 'demoprod', 'copy-database': 'false' }),
      copied: () => ({ include_files: true, include_db: false, db_tables: [] }),
    },
  ])('copies by $by', async ({ inputs, copied }) => {
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, inputs: copyInputs(inputs()) });

    expect(r.code, r.stdout).toBe(0);
    expect(emulator.state.installCopies).toHaveLength(1);
    expect(emulator.state.installCopies[0]).toMatchObject(copied());
    // One POST: the copy itself, with nothing repeated behind it.
    expect(mutations(emulator)).toHaveLength(1);
    const copyId = emulator.state.installCopies[0]!.id;
    expect(r.outputs).toEqual({ 'install-copy': 'accepted', 'install-copy-id': copyId, status: 'success' });
    // Accepted is not finished: the log and the summary say the copy runs on the platform.
    expect(shown(r.summary)).toMatch(/\| install copy \| ✅ success \|/);
    expect(shown(r.summary)).toContain(`accepted: the copy runs on the platform (id ${copyId})`);
    expect(r.stdout).toContain('It is not finished yet');
  });

  it('names an unknown install and copies nothing', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: copyInputs({ 'copy-from': 'demostg', 'copy-to': 'nosuchone' }),
    });

    expect(r.code).not.toBe(0);
    expect(r.outputs).toEqual({ status: 'failure' });
    const error = errorsOf(r.stdout);
    expect(error).toContain('install copy failed');
    expect(error).toContain('install "nosuchone" not found');
    expect(error).not.toContain('"demostg" not found');
    expect(emulator.state.installCopies).toEqual([]);
    expect(mutations(emulator)).toEqual([]);
  });
});
