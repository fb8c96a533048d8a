// `npm run dev`: the server with file watching plus Vite's dev server (which proxies the API).
import { spawn } from 'node:child_process';
import { ensureDependencies, repoRoot } from './setup.mjs';

ensureDependencies();
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
}
