// ESLint rule `studio/one-contract-per-file`: a file of packages/contracts defines at most one
// endpoint contract (ARCHITECTURE.md, "Contracts"): `<feature>/<verb-noun>.ts` holds one
// `defineContract(...)` call, with the schemas only it uses; schemas shared by several calls sit in
// a file of their own that defines no contract. Every call after the first is reported, wherever
// it sits (top level, an object, a factory function).

/** @type {import('eslint').Rule.RuleModule} */
export const oneContractPerFileRule = {
  meta: {
    type: 'suggestion',
    docs: {
      description: 'A contracts file defines at most one contract (one call of defineContract).',
    },
    schema: [
      {
        type: 'object',
        properties: {
          // The functions that define a contract (defineContract unless told).
          functions: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      extraContract:
        'This file already defines a contract: put this one in its own file, <feature>/<verb-noun>.ts, and re-export it from the feature\'s index.ts (ARCHITECTURE.md, "Contracts").',
    },
  },
  create(context) {
    const functions = new Set(context.options[0]?.functions ?? ['defineContract']);
    let seen = 0;
    return {
      CallExpression(node) {
        const callee = node.callee;
        const name =
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
              ? callee.property.name
              : undefined;
        if (name === undefined || !functions.has(name)) {
          return;
        }
        seen += 1;
        if (seen > 1) {
          context.report({ node, messageId: 'extraContract' });
        }
      },
    };
  },
};
