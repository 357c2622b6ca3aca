// Starts the built console for the browser tests on a data directory wiped at every run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.join(here, `.data-${process.env.PORT ?? 'default'}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import(path.join(here, '..', 'server', 'dist', 'main.js'));
