// `npm start`: install what is missing, build, then run the studio on embedded defaults
// (PostgreSQL, identity provider, media under ./data). Migrations run as the server starts.
import { spawn } from 'node:child_process';
import { buildAll, ensureDependencies, repoRoot } from './setup.mjs';

ensureDependencies();
buildAll();

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
