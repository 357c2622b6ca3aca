// `npm run dev`: TypeScript watch for the server, node --watch to restart it, Vite with hot reload.
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

execFileSync(bin('tsc'), ['-b', 'packages/contract/tsconfig.build.json', 'server/tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
const children = [
  spawn(
    bin('tsc'),
    ['-b', '-w', '--preserveWatchOutput', 'packages/contract/tsconfig.build.json', 'server/tsconfig.build.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
  spawn(process.execPath, ['--watch', 'server/dist/main.js'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
