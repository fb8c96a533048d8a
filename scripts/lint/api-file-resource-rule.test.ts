import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { apiFileResourceRule } from './api-file-resource-rule.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

const options = [
  {
    contractFolders: {
      listTeamsContract: 'accounts',
      createTeamContract: 'accounts',
      listOrganizationsContract: 'accounts',
      getStoryfileContract: 'storyfiles',
      updateMatchingSettingsContract: 'conversations',
    },
  },
];

ruleTester.run('studio/api-file-resource', apiFileResourceRule, {
  valid: [
    {
      name: 'one call',
      code: "import { getStoryfileContract } from '@conversa/contracts';",
      options,
    },
    {
      name: "the family of calls on one resource (a list, its create), with the contracts' types",
      code: "import { createTeamContract, listTeamsContract, MAX_ROWS_PER_PAGE, type Team } from '@conversa/contracts';",
      options,
    },
    {
      name: "another resource's contract named only as a type",
      code: [
        "import { listTeamsContract } from '@conversa/contracts';",
        "import type { getStoryfileContract } from '@conversa/contracts';",
        "import { type updateMatchingSettingsContract } from '@conversa/contracts';",
      ].join('\n'),
      options,
    },
  ],
  invalid: [
    {
      name: 'calls on two resources in one file',
      code: "import { listOrganizationsContract, getStoryfileContract } from '@conversa/contracts';",
      options,
      errors: [
        {
          messageId: 'manyResources',
          data: {
            count: '2',
            folders: 'accounts, storyfiles',
            others: 'storyfiles',
          },
        },
      ],
    },
    {
      name: 'three resources over several imports, reported once',
      code: [
        "import { listTeamsContract } from '@conversa/contracts';",
        "import { updateMatchingSettingsContract } from '@conversa/contracts';",
        "import { getStoryfileContract } from '@conversa/contracts';",
      ].join('\n'),
      options,
      errors: [
        {
          messageId: 'manyResources',
          line: 2,
          data: {
            count: '3',
            folders: 'accounts, conversations, storyfiles',
            others: 'conversations, storyfiles',
          },
        },
      ],
    },
  ],
});
