// The platform runs `npm run build` after an upload; this one just copies the static page.
import { cpSync, mkdirSync } from 'node:fs';

mkdirSync('out', { recursive: true });
cpSync('src', 'out', { recursive: true });
console.log('built out/');
