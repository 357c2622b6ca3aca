// `npm run bench`: runs every benchmark script in this folder and prints its figures.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort();
if (scripts.length === 0) console.log('No benchmarks yet.');
for (const script of scripts) {
  console.log(`\n== ${script}`);
  const mod = await import(path.join(here, script));
  await mod.run();
}
