import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/dist/db/client.js';
import { istDay } from '@app/contract';
import { seedBook } from './positions.bench.mjs';
import { load, signIn, startConsole, describeLoad } from './console-process.mjs';
const DAY_MS = 86_400_000;
const dir = '/tmp/prof/db';
const route = process.argv[2];
const who = process.argv[3] ?? 'trader';
if (!fs.existsSync(path.join(dir, 'console.db'))) {
  fs.mkdirSync(dir, { recursive: true });
  const database = openDatabase({ sqliteFile: path.join(dir, 'console.db') });
  await seedBook(database);
  await database.close();
}
const env = { DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '' };
if (process.env.PROF) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=/tmp/prof/cpu`;
const server = await startConsole(env);
try {
  const h = await signIn(server.url, who, 'bench-password');
  const window = `from=${istDay(Date.now() - 89 * DAY_MS)}&to=${istDay(Date.now())}`;
  const url = `${server.url}/api${route.replace('WINDOW', window)}`;
  const r = await fetch(url, { headers: h });
  console.log('status', r.status, 'bytes', (await r.text()).length);
  await load(url, h, { connections: 2, seconds: 2 });
  console.log(describeLoad(await load(url, h, { connections: 10, seconds: 5 })));
} finally {
  await server.stop();
}
