// `npm run bench`: runs every benchmark script in this folder and prints its figures; words after it
// (`npm run bench -- engine`) run only the scripts whose names hold one of them.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => process.argv.length <= 2 || process.argv.slice(2).some((word) => f.includes(word)))
  .sort();
if (scripts.length === 0) console.log('No benchmarks yet.');
for (const script of scripts) {
  console.log(`\n== ${script}`);
  const mod = await import(path.join(here, script));
  await mod.run();
}
