// `npm start`: install what is missing, build, then run the studio on embedded defaults
// (PostgreSQL, identity provider, media under ./data). Migrations run as the server starts.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { buildAll, ensureDebianPackages, ensureDependencies, repoRoot } from './setup.mjs';

ensureDependencies();
// As root, the embedded PostgreSQL's own OS user may need traverse-only ACL entries to reach its
// files (a clone under /root); the studio grants them with setfacl.
// Spoken questions: Debian's pocketsphinx and its US English model (the studio's own recognizer),
// espeak-ng for the pronunciation of a storyfile's words the dictionary lacks.
if (existsSync('/usr/bin/apt-get')) {
  ensureDebianPackages([
    { name: 'acl', binary: '/usr/bin/setfacl', onlyForRoot: true },
    { name: 'pocketsphinx', binary: '/usr/bin/pocketsphinx_continuous', onlyForRoot: true },
    {
      name: 'pocketsphinx-en-us',
      binary: '/usr/share/pocketsphinx/model/en-us/en-us/mdef',
      onlyForRoot: true,
    },
    { name: 'espeak-ng', binary: '/usr/bin/espeak-ng', onlyForRoot: true },
  ]);
}
buildAll();

// In this process, so Ctrl-C reaches the server once and its graceful shutdown runs.
process.chdir(repoRoot);
await import(pathToFileURL(path.join(repoRoot, 'apps/server/dist/main.js')).href);
