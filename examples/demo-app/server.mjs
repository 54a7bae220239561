import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const page = readFileSync(new URL('./out/index.html', import.meta.url));
createServer((_req, res) => res.end(page)).listen(process.env.PORT ?? 3000);
