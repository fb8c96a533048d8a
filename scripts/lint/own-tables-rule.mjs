// ESLint rule `studio/own-tables`: a server module writes only the tables it owns (the ones in its
// own `<module>.tables.ts`). Another module's table may be read (imported from its tables file),
// never inserted into, updated or deleted from: the owner exports a function for that. Seen in the
// query builder (`db.insert(table)`, `.update(table)`, `.delete(table)`) and in SQL templates
// (`sql\`insert into ${table} …\``, `update ${table}`, `delete from ${table}`, or the table named
// bare: `update chat_log_entries`). A SQL template that reads another module's table names it by
// its symbol (`from ${storyfiles} s`), so the read is an import: naming it bare (`from storyfiles s`,
// `join visitor_links v`) is reported too, in a SQL template or in any plain string or template
// literal (SQL kept in a string for `sql.raw`).
import path from 'node:path';

const MODULE_FILE = /[\\/]apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/;
const TABLES_IMPORT = /^(?:\.\.\/)+(?:modules\/)?([\w-]+)\/([\w-]+)\.tables\.ts$/;
const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const SQL_WRITE_BEFORE = /(?:insert\s+into|update|delete\s+from)\s*$/i;
const SQL_BARE_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi;
// A table read: `from x` or `join x` (not the `from` of `delete from`, a write).
const SQL_BARE_READ = /(?<!\bdelete\s+)\b(?:from|join)\s+"?([a-z_]+)"?/gi;

/** @type {import('eslint').Rule.RuleModule} */
export const ownTablesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A server module writes only the tables of its own tables file.' },
    schema: [
      {
        type: 'object',
        properties: {
          // SQL table name → owning module, for tables a SQL string names bare.
          owners: { type: 'object', additionalProperties: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      foreignWrite:
        "Module '{{module}}' writes '{{table}}', a table of module '{{owner}}': call a function the owner exports instead (ARCHITECTURE.md, \"Tables\").",
      foreignBareRead:
        "Module '{{module}}' names '{{table}}', a table of module '{{owner}}', bare in SQL: read it through its symbol from the owner's tables file (`from ${table} t`), or an interface the assembly hands in where that import would run back up (ARCHITECTURE.md, \"Tables\").",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const match = MODULE_FILE.exec(filename);
    if (!match) {
      return {};
    }
    const module = match[1];
    const owners = context.options[0]?.owners ?? {};
    /** Local name → owning module, for tables imported from another module's tables file. */
    const foreign = new Map();

    function check(node, identifier) {
      if (identifier?.type !== 'Identifier') {
        return;
      }
      const owner = foreign.get(identifier.name);
      if (owner) {
        context.report({
          node,
          messageId: 'foreignWrite',
          data: { module, table: identifier.name, owner },
        });
      }
    }

    /**
     * SQL text naming another module's table bare, in a SQL template or in any string or template
     * literal (SQL kept in a plain string for `sql.raw` is SQL all the same).
     */
    function checkBareNames(node, text) {
      for (const [pattern, messageId] of [
        [SQL_BARE_WRITE, 'foreignWrite'],
        [SQL_BARE_READ, 'foreignBareRead'],
      ]) {
        for (const [, table] of text.matchAll(pattern)) {
          const owner = owners[table.toLowerCase()];
          if (owner && owner !== module) {
            context.report({ node, messageId, data: { module, table, owner } });
          }
        }
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
      TemplateLiteral(node) {
        for (const quasi of node.quasis) {
          checkBareNames(quasi, quasi.value.cooked ?? quasi.value.raw);
        }
      },
      Literal(node) {
        if (typeof node.value === 'string') {
          checkBareNames(node, node.value);
        }
      },
      TaggedTemplateExpression(node) {
        const { quasis, expressions } = node.quasi;
        expressions.forEach((expression, index) => {
          if (SQL_WRITE_BEFORE.test(quasis[index].value.cooked ?? quasis[index].value.raw)) {
            check(expression, expression);
          }
        });
      },
    };
  },
};
