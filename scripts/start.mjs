// `npm start`: build whatever is missing or stale, then serve the console in this process.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Newest modification time under a path: a file's own, or the newest of a folder's files. */
function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale(output, inputs) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return inputs.some((dir) => newestMtime(path.join(root, dir)) > built);
}

// tsc -b is incremental: a no-op when the server and contract are up to date.
execFileSync(bin('tsc'), ['-b', 'packages/contract/tsconfig.build.json', 'server/tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});

const webIndex = path.join(root, 'web', 'dist', 'index.html');
if (isStale(webIndex, ['web/src', 'web/index.html', 'packages/contract/src'])) {
  console.log('Building the web app…');
  execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
}

await import(path.join(root, 'server', 'dist', 'main.js'));
