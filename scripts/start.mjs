// `npm start`: install what is missing, build, then run the studio on embedded defaults
// (PostgreSQL, identity provider, media under ./data). Migrations run as the server starts.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { buildAll, ensureDependencies, repoRoot } from './setup.mjs';

ensureDependencies();
buildAll();

// In this process, so Ctrl-C reaches the server once and its graceful shutdown runs.
process.chdir(repoRoot);
await import(pathToFileURL(path.join(repoRoot, 'apps/server/dist/main.js')).href);
