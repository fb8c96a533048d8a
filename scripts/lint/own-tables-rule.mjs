// ESLint rule `studio/own-tables`: a server module writes only the tables it owns (the ones in its
// own `<module>.tables.ts`). Another module's table may be read (imported from its tables file),
// never inserted into, updated or deleted from: the owner exports a function for that. Seen in the
// query builder (`db.insert(table)`, `.update(table)`, `.delete(table)`) and in SQL templates
// (`sql\`insert into ${table} …\``, `update ${table}`, `delete from ${table}`, or the table named
// bare: `update chat_log_entries`). `allow` lists the known debts by name, per module.
import path from 'node:path';

const MODULE_FILE = /[\\/]apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/;
const TABLES_IMPORT = /^(?:\.\.\/)+(?:modules\/)?([\w-]+)\/([\w-]+)\.tables\.ts$/;
const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const SQL_WRITE_BEFORE = /(?:insert\s+into|update|delete\s+from)\s*$/i;
const SQL_BARE_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi;

/** @type {import('eslint').Rule.RuleModule} */
export const ownTablesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A server module writes only the tables of its own tables file.' },
    schema: [
      {
        type: 'object',
        properties: {
          // module → other modules' table symbols it still writes (a known debt, listed by name).
          allow: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
          // SQL table name → owning module, for tables a SQL string names bare.
          owners: { type: 'object', additionalProperties: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      foreignWrite:
        "Module '{{module}}' writes '{{table}}', a table of module '{{owner}}': call a function the owner exports instead (ARCHITECTURE.md, \"Tables\").",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const match = MODULE_FILE.exec(filename);
    if (!match) {
      return {};
    }
    const module = match[1];
    const allowed = new Set(context.options[0]?.allow?.[module] ?? []);
    const owners = context.options[0]?.owners ?? {};
    /** Local name → owning module, for tables imported from another module's tables file. */
    const foreign = new Map();

    function check(node, identifier) {
      if (identifier?.type !== 'Identifier') {
        return;
      }
      const owner = foreign.get(identifier.name);
      if (owner && !allowed.has(identifier.name)) {
        context.report({
          node,
          messageId: 'foreignWrite',
          data: { module, table: identifier.name, owner },
        });
      }
    }

    return {
      ImportDeclaration(node) {
        const source = String(node.source.value).replaceAll(path.sep, '/');
        const imported = TABLES_IMPORT.exec(source);
        if (!imported || imported[1] !== imported[2] || imported[1] === module) {
          return;
        }
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type') {
            foreign.set(specifier.local.name, imported[1]);
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          WRITE_METHODS.has(callee.property.name)
        ) {
          check(node, node.arguments[0]);
        }
      },
      TaggedTemplateExpression(node) {
        const { quasis, expressions } = node.quasi;
        for (const quasi of quasis) {
          for (const [, table] of (quasi.value.cooked ?? quasi.value.raw).matchAll(
            SQL_BARE_WRITE,
          )) {
            const owner = owners[table.toLowerCase()];
            if (owner && owner !== module && !allowed.has(table)) {
              context.report({
                node: quasi,
                messageId: 'foreignWrite',
                data: { module, table, owner },
              });
            }
          }
        }
        expressions.forEach((expression, index) => {
          if (SQL_WRITE_BEFORE.test(quasis[index].value.cooked ?? quasis[index].value.raw)) {
            check(expression, expression);
          }
        });
      },
    };
  },
};
