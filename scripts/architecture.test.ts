import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The walls of ARCHITECTURE.md, proven against the repository's own ESLint configuration: each
// fixture is linted as if it were a file at that path, so alias imports (`@/…`) must resolve for
// the rule to see them. Type information is not needed by the walls, so it is switched off for
// these virtual files.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function findWallBreaches(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  const fatal = result!.messages.filter((message) => message.fatal);
  expect(fatal, 'the fixture must parse').toEqual([]);
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

const libraryFile = 'apps/web/src/features/library/components/wall-fixture.tsx';

describe('features never import each other', () => {
  it.each([
    [
      'an alias import',
      "import { StoryfilesScreen } from '@/features/storyfiles/components/storyfiles-screen';",
    ],
    [
      'a relative import',
      "import { StoryfilesScreen } from '../../storyfiles/components/storyfiles-screen';",
    ],
  ])('refuses %s of another feature', async (_, importLine) => {
    const breaches = await findWallBreaches(
      libraryFile,
      `${importLine}\nexport const used = StoryfilesScreen;\n`,
    );
    expect(breaches).toHaveLength(1);
  });

  it('lets a feature import its own files and the shared layers below it', async () => {
    const breaches = await findWallBreaches(
      libraryFile,
      [
        "import { Button } from '@/components/ui/button';",
        "import { formatCount } from '@/lib/format';",
        "import { ScriptBuilderScreen } from '@/features/library/components/script-builder-screen';",
        'export const used = [Button, formatCount, ScriptBuilderScreen];',
        '',
      ].join('\n'),
    );
    expect(breaches).toEqual([]);
  });

  it('refuses the app layer inside a feature, and features inside shared components', async () => {
    expect(
      await findWallBreaches(
        libraryFile,
        "import { router } from '@/app/router';\nexport const used = router;\n",
      ),
    ).toHaveLength(1);
    expect(
      await findWallBreaches(
        'apps/web/src/components/wall-fixture.tsx',
        "import { StoryfilesScreen } from '@/features/storyfiles/components/storyfiles-screen';\nexport const used = StoryfilesScreen;\n",
      ),
    ).toHaveLength(1);
  });
});

describe('entities sit between the features and the shared layers', () => {
  const entityFile = 'apps/web/src/entities/storyfile/wall-fixture.tsx';

  it('lets a feature import an entity, and an entity the shared layers', async () => {
    expect(
      await findWallBreaches(
        libraryFile,
        "import { StoryfilePicker } from '@/entities/storyfile';\nexport const used = StoryfilePicker;\n",
      ),
    ).toEqual([]);
    expect(
      await findWallBreaches(
        entityFile,
        "import { callContract } from '@/lib/api-client';\nexport const used = callContract;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a feature or the app inside an entity, and an entity inside shared components', async () => {
    expect(
      await findWallBreaches(
        entityFile,
        "import { StoryfilesScreen } from '@/features/storyfiles/components/storyfiles-screen';\nexport const used = StoryfilesScreen;\n",
      ),
    ).toHaveLength(1);
    expect(
      await findWallBreaches(
        entityFile,
        "import { router } from '@/app/router';\nexport const used = router;\n",
      ),
    ).toHaveLength(1);
    expect(
      await findWallBreaches(
        'apps/web/src/components/wall-fixture.tsx',
        "import { StoryfilePicker } from '@/entities/storyfile';\nexport const used = StoryfilePicker;\n",
      ),
    ).toHaveLength(1);
  });
});

describe("the ask's stages are called by its runner alone", () => {
  const stageFile = 'apps/server/src/modules/conversations/ask/stages/wall-fixture.ts';
  const useMatch =
    "import { matchQuestion } from './match.ts';\nexport const used = matchQuestion;\n";

  it('lets the runner (ask/ask.ts) call the stages', async () => {
    expect(
      await findWallBreaches(
        'apps/server/src/modules/conversations/ask/ask.ts',
        "import { matchQuestion } from './stages/match.ts';\nexport const used = matchQuestion;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a stage that calls another stage or the runner', async () => {
    expect(await findWallBreaches(stageFile, useMatch)).toHaveLength(1);
    expect(
      await findWallBreaches(
        stageFile,
        "import { askStoryfile } from '../ask.ts';\nexport const used = askStoryfile;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses a stage called from elsewhere in the module', async () => {
    expect(
      await findWallBreaches(
        'apps/server/src/modules/conversations/wall-fixture.ts',
        "import { matchQuestion } from './ask/stages/match.ts';\nexport const used = matchQuestion;\n",
      ),
    ).toHaveLength(1);
  });
});
