/** The repository's workflows, as the workflow tests read them. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../support/doc-blocks.js';

/** Every workflow of .github/workflows and examples/workflows, relative to the repository root. */
export const workflowFiles = (): string[] =>
  ['.github/workflows', 'examples/workflows'].flatMap((dir) =>
    existsSync(join(ROOT, dir))
      ? readdirSync(join(ROOT, dir))
          .filter((f) => /\.ya?ml$/.test(f))
          .map((f) => `${dir}/${f}`)
      : [],
  );
