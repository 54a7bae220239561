/** Writes src/inputs/action-metadata.ts from action.yml (see scripts/action-yml.ts). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readActionYml, renderActionMetadata } from './action-yml.js';

export const METADATA_MODULE = fileURLToPath(new URL('../src/inputs/action-metadata.ts', import.meta.url));

writeFileSync(METADATA_MODULE, renderActionMetadata(readActionYml()));
