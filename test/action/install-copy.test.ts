/** The install copy step end to end: installs by name and by uuid, the copy's options, and an unknown install. */
import { describe, expect, it } from 'vitest';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';
import { shown } from '../support/markdown-text.js';

const emulator = useEmulator();

const installId = (name: string) => emulator.state.installs.find((i) => i.name === name)!.id;
const copyInputs = (more: Record<string, string>) => ({ ...CREDENTIALS, 'api-url': emulator.hostingUrl, ...more });

describe.each(NODES)('install copy on $label', ({ node }) => {
  it('copies by install names, with db tables and notification emails', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: copyInputs({
        'copy-from': 'demostg',
        'copy-to': 'demoprod',
        'copy-db-tables': 'wp_posts, wp_postmeta\nwp_options',
        'notification-emails': 'ops@example.com\ndev@example.com',
      }),
    });

    expect(r.code).toBe(0);
    expect(emulator.state.installCopies).toHaveLength(1);
    expect(emulator.state.installCopies[0]).toMatchObject({
      source_environment_id: installId('demostg'),
      destination_environment_id: installId('demoprod'),
      include_files: true,
      include_db: true,
      db_tables: ['wp_posts', 'wp_postmeta', 'wp_options'],
      notification_emails: ['ops@example.com', 'dev@example.com'],
      requested_by: 'demo-user',
    });
    const copyId = emulator.state.installCopies[0]!.id;
    expect(r.outputs).toEqual({ 'install-copy': 'accepted', 'install-copy-id': copyId, status: 'success' });
    expect(shown(r.summary)).toMatch(/\| install copy \| ✅ success \| [^|]+ \| install copy demostg → demoprod/);
    // Accepted is not finished: the log and the summary say the copy runs on the platform.
    expect(shown(r.summary)).toContain(
      `| install copy: copy | accepted: the copy runs on the platform (id ${copyId}) |`,
    );
    expect(r.stdout).toContain(`install copy accepted (id ${copyId}): the copy runs on the platform`);
    expect(r.stdout).toContain('It is not finished yet');
  });

  it('copies by install uuids, files left out', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: copyInputs({
        'copy-from': installId('demoprod'),
        'copy-to': installId('demostg').toUpperCase(),
        'copy-files': 'false',
      }),
    });

    expect(r.code).toBe(0);
    expect(r.outputs['install-copy']).toBe('accepted');
    expect(emulator.state.installCopies).toHaveLength(1);
    expect(emulator.state.installCopies[0]).toMatchObject({
      source_environment_id: installId('demoprod'),
      destination_environment_id: installId('demostg'),
      include_files: false,
      include_db: true,
      db_tables: [],
      notification_emails: [],
    });
  });

  it('names an unknown install and copies nothing', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: copyInputs({ 'copy-from': 'demostg', 'copy-to': 'nosuchone' }),
    });

    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    expect(r.outputs['install-copy']).toBeUndefined();
    const error = r.stdout.split('\n').find((l) => l.startsWith('::error::'))!;
    expect(error).toContain('install copy failed');
    expect(error).toContain('install "nosuchone" not found');
    expect(error).not.toContain('"demostg" not found');
    expect(emulator.state.installCopies).toEqual([]);
    expect(emulator.requests().filter((q) => q.method !== 'GET')).toEqual([]);
  });
});
