// ESLint rule `studio/api-file-resource`: a web API file (apps/web/src/features/<f>/api/*.ts)
// serves one resource. Every contract it calls comes from one folder of packages/contracts
// (`storyfiles/`, `accounts/`, …), so a file holds one call, or the small family of calls on one
// resource (a list, its create, update and delete), with their query keys and invalidation; a
// call on another resource goes in a file of its own. `contractFolders` maps each contract's
// exported name (`listTeamsContract`) to its folder.

/** @type {import('eslint').Rule.RuleModule} */
export const apiFileResourceRule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A web API file calls the contracts of one resource only.' },
    schema: [
      {
        type: 'object',
        properties: {
          contractFolders: { type: 'object', additionalProperties: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      manyResources:
        'This API file calls contracts of {{count}} resources ({{folders}}): one file serves one resource (ARCHITECTURE.md, "The web"); move the calls on {{others}} to a file of their own.',
    },
  },
  create(context) {
    const folders = context.options[0]?.contractFolders ?? {};
    /** folder → the first import specifier naming one of its contracts */
    const seen = new Map();
    return {
      ImportDeclaration(node) {
        if (
          node.importKind === 'type' ||
          !String(node.source.value).startsWith('@conversa/contracts')
        ) {
          return;
        }
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') {
            continue;
          }
          const name =
            specifier.imported.type === 'Identifier'
              ? specifier.imported.name
              : specifier.imported.value;
          const folder = Object.hasOwn(folders, name) ? folders[name] : undefined;
          if (folder !== undefined && !seen.has(folder)) {
            seen.set(folder, specifier);
          }
        }
      },
      'Program:exit'() {
        if (seen.size < 2) {
          return;
        }
        const [first, ...others] = [...seen.keys()];
        context.report({
          node: seen.get(others[0]),
          messageId: 'manyResources',
          data: {
            count: String(seen.size),
            folders: [first, ...others].join(', '),
            others: others.join(', '),
          },
        });
      },
    };
  },
};
