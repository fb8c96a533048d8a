// Writes docs/storyfile-package.schema.json from the manifest's zod schema:
// `npm run -w apps/server packages:schema`. package-export.test.ts checks the committed file
// equals it.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildManifestJsonSchema } from './manifest.ts';

const target = path.resolve(
  import.meta.dirname,
  '../../../../../docs/storyfile-package.schema.json',
);
await writeFile(target, `${JSON.stringify(buildManifestJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
