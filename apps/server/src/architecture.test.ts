import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The server's walls live in the root eslint.config.js; these cases lint small sources as if they
// sat at the given paths, so removing or loosening a wall fails here, not only in review.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const WALL_RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: `${repoRoot}eslint.config.js`,
    overrideConfig: [
      // The probes are not on disk, so the TypeScript project cannot type them; the wall needs
      // only the import resolver.
      { files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked },
      // A probe whose import does not resolve would pass every wall; make that an error too.
      { files: ['**/*.ts'], rules: { 'import-x/no-unresolved': 'error' } },
    ],
  });
});

async function lintProbe(filePath: string, imports: string) {
  const [result] = await eslint.lintText(`${imports}\n`, {
    filePath: `${repoRoot}apps/server/src/${filePath}`,
  });
  return result!.messages.map((message) => ({
    ruleId: message.ruleId,
    message: message.message,
  }));
}

describe('server walls', () => {
  it.each([
    [
      'http/ importing a module',
      'http/wall-probe.ts',
      "export { findUpload } from '../modules/uploads/index.ts';",
    ],
    [
      "a module importing another module's routes",
      'modules/media/wall-probe.ts',
      "export { registerUploadRoutes } from '../uploads/uploads.routes.ts';",
    ],
    [
      "a module importing another module's internal file",
      'modules/media/wall-probe.ts',
      "export { findUpload } from '../uploads/upload-rows.ts';",
    ],
    [
      "a module's test importing another module's internal file",
      'modules/media/wall-probe.test.ts',
      "export { findUpload } from '../uploads/upload-rows.ts';",
    ],
    [
      "a module's public entry handing out its routes",
      'modules/uploads/index.ts',
      "export { registerUploadRoutes } from './uploads.routes.ts';",
    ],
    [
      "identity importing a module's internal file",
      'identity/wall-probe.ts',
      "export { findUserById } from '../modules/users/users.service.ts';",
    ],
    [
      'a module importing the assembly',
      'modules/media/wall-probe.ts',
      "export { buildApp } from '../../assembly/app.ts';",
    ],
    [
      "the assembly importing a module's internal file",
      'assembly/wall-probe.ts',
      "export { findUpload } from '../modules/uploads/upload-rows.ts';",
    ],
    [
      'a tables file importing more of another module than its tables file',
      'modules/media/wall-probe.tables.ts',
      "export { findUpload } from '../uploads/index.ts';",
    ],
    [
      "db/ importing a module's tables file",
      'db/wall-probe.ts',
      "export { users } from '../modules/users/users.tables.ts';",
    ],
  ])('forbids %s', async (_case, filePath, source) => {
    const messages = await lintProbe(filePath, source);
    expect(messages).toEqual([expect.objectContaining({ ruleId: WALL_RULE })]);
  });

  it.each([
    [
      "a module importing another module's public entry",
      'modules/media/wall-probe.ts',
      "export { findUpload } from '../uploads/index.ts';",
    ],
    [
      "a module's test importing its own module's files",
      'modules/uploads/wall-probe.test.ts',
      "export { findUpload } from './upload-rows.ts';\nexport { registerUploadRoutes } from './uploads.routes.ts';",
    ],
    [
      "the assembly mounting a module's routes and using its public entry",
      'assembly/wall-probe.ts',
      "export { registerUploadRoutes } from '../modules/uploads/uploads.routes.ts';\nexport { findUpload } from '../modules/uploads/index.ts';",
    ],
    [
      "identity using a module's public entry",
      'identity/wall-probe.ts',
      "export { findUserById } from '../modules/users/index.ts';",
    ],
    [
      "a tables file naming another module's table in a foreign key",
      'modules/media/wall-probe.tables.ts',
      "export { uploads } from '../uploads/uploads.tables.ts';\nexport { timestamps } from '../../db/columns.ts';",
    ],
    [
      "a module reading another module's table from its tables file",
      'modules/media/wall-probe.ts',
      "export { uploads } from '../uploads/uploads.tables.ts';",
    ],
    [
      "identity and the assembly reading a module's table from its tables file",
      'identity/wall-probe.ts',
      "export { oidcPayloads } from '../modules/auth/auth.tables.ts';",
    ],
  ])('allows %s', async (_case, filePath, source) => {
    // No messages at all: no wall, and the imports resolved (else the walls could not apply).
    expect(await lintProbe(filePath, source)).toEqual([]);
  });
});

// A module writes only its own tables (studio/own-tables, scripts/lint/own-tables-rule.mjs).
describe('a module writes only its own tables', () => {
  const OWN_TABLES_RULE = 'studio/own-tables';
  const probe = 'modules/media/wall-probe.ts';

  it.each([
    [
      'inserting into it with the query builder',
      [
        "import type { Database } from '../../db/client.ts';",
        "import { users } from '../users/users.tables.ts';",
        'export const write = (db: Database) => db.insert(users).values({ email: "a@b.c" });',
      ],
    ],
    [
      'updating it in a SQL template through its symbol',
      [
        "import { sql } from 'drizzle-orm';",
        "import { storyfiles } from '../storyfiles/storyfiles.tables.ts';",
        'export const write = sql`update ${storyfiles} set name = ${"x"}`;',
      ],
    ],
    [
      'deleting from it named bare in SQL',
      [
        "import { sql } from 'drizzle-orm';",
        'export const write = sql`delete from chat_log_entries where id = ${"x"}`;',
      ],
    ],
    [
      'reading it named bare in SQL (no import shows the dependency)',
      [
        "import { sql } from 'drizzle-orm';",
        'export const read = sql`select s.name from storyfiles s where s.id = ${"x"}`;',
      ],
    ],
    [
      'joining it named bare in SQL after a symbol',
      [
        "import { sql } from 'drizzle-orm';",
        "import { storyfiles } from '../storyfiles/storyfiles.tables.ts';",
        'export const read = sql`select 1 from ${storyfiles} s',
        '  join storyfile_publications p on p.storyfile_id = s.id`;',
      ],
    ],
    [
      'reading it named bare in a plain string handed to sql.raw',
      [
        "import { sql } from 'drizzle-orm';",
        'const STATUS = `(select count(*) from storyfile_publications p where p.storyfile_id = s.id)`;',
        'export const read = sql.raw(STATUS);',
      ],
    ],
    [
      'updating it named bare in a string literal',
      [
        "import { sql } from 'drizzle-orm';",
        "export const write = sql.raw('update uploads set phase = 1');",
      ],
    ],
  ])("forbids another module's table: %s", async (_case, lines) => {
    const messages = await lintProbe(probe, lines.join('\n'));
    expect(messages).toEqual([expect.objectContaining({ ruleId: OWN_TABLES_RULE })]);
  });

  it("allows reading another module's table (through its symbol, in SQL too) and writing its own", async () => {
    const source = [
      "import { eq } from 'drizzle-orm';",
      "import type { Database } from '../../db/client.ts';",
      "import { users } from '../users/users.tables.ts';",
      "import { mediaAssets } from './media.tables.ts';",
      'export const read = (db: Database) => db.select().from(users).where(eq(users.id, "x"));',
      'export const write = (db: Database) => db.delete(mediaAssets).where(eq(mediaAssets.id, "x"));',
      "import { sql } from 'drizzle-orm';",
      "import { storyfiles } from '../storyfiles/storyfiles.tables.ts';",
      'export const readInSql = sql`select m.id from media_assets m join ${storyfiles} s on s.id = m.storyfile_id`;',
    ].join('\n');
    expect(await lintProbe(probe, source)).toEqual([]);
  });
});
