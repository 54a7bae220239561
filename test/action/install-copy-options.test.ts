/**
 * Every boolean input of the install copy, both ways, end to end: what the emulator recorded of
 * the copy it was asked for. `copy-database: false` lost on the way would overwrite the
 * destination's database (production, often) with the source's.
 */
import { describe, expect, it } from 'vitest';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';

const emulator = useEmulator();

interface Row {
  files: 'true' | 'false';
  database: 'true' | 'false';
  tables: string;
  /** What the emulator must hold; null when the inputs are refused before any request. */
  copied: { include_files: boolean; include_db: boolean; db_tables: string[] } | null;
}

const ROWS: Row[] = [
  { files: 'true', database: 'true', tables: '', copied: { include_files: true, include_db: true, db_tables: [] } },
  {
    files: 'true',
    database: 'true',
    tables: 'wp_posts\nwp_users',
    copied: { include_files: true, include_db: true, db_tables: ['wp_posts', 'wp_users'] },
  },
  { files: 'true', database: 'false', tables: '', copied: { include_files: true, include_db: false, db_tables: [] } },
  { files: 'false', database: 'true', tables: '', copied: { include_files: false, include_db: true, db_tables: [] } },
  {
    files: 'false',
    database: 'true',
    tables: 'wp_options',
    copied: { include_files: false, include_db: true, db_tables: ['wp_options'] },
  },
  // Refused: nothing to copy, or tables without their database.
  { files: 'false', database: 'false', tables: '', copied: null },
  { files: 'true', database: 'false', tables: 'wp_posts', copied: null },
];

describe.each(NODES)('install copy options on $label', ({ node }) => {
  it.each(ROWS)(
    'copy-files $files, copy-database $database, copy-db-tables "$tables"',
    async ({ files, database, tables, copied }) => {
      const r = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: {
          ...CREDENTIALS,
          'api-url': emulator.hostingUrl,
          'copy-from': 'demostg',
          'copy-to': 'demoprod',
          'copy-files': files,
          'copy-database': database,
          'copy-db-tables': tables,
        },
      });
      if (copied === null) {
        expect(r.code).not.toBe(0);
        expect(r.stdout).toMatch(/::error::input "copy-(files|db-tables)"/);
        expect(emulator.requests()).toEqual([]);
        expect(emulator.state.installCopies).toEqual([]);
        return;
      }
      expect(r.code, r.stdout).toBe(0);
      expect(emulator.state.installCopies).toHaveLength(1);
      expect(emulator.state.installCopies[0]).toMatchObject(copied);
      // One POST: the copy itself, with nothing repeated behind it.
      expect(emulator.requests().filter((q) => q.method === 'POST')).toHaveLength(1);
    },
  );
});
