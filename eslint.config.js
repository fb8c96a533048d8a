import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { ownTablesRule } from './scripts/lint/own-tables-rule.mjs';
import { oneContractPerFileRule } from './scripts/lint/one-contract-per-file-rule.mjs';
import { apiFileResourceRule } from './scripts/lint/api-file-resource-rule.mjs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The studio's own ESLint rules (scripts/lint/), one plugin object used by every block below.
const studioPlugin = {
  rules: {
    'own-tables': ownTablesRule,
    'one-contract-per-file': oneContractPerFileRule,
    'api-file-resource': apiFileResourceRule,
  },
};

const webFeaturesDir = 'apps/web/src/features';
const webFeatures = existsSync(webFeaturesDir) ? readdirSync(webFeaturesDir) : [];
const webEntitiesDir = 'apps/web/src/entities';
const webEntities = existsSync(webEntitiesDir) ? readdirSync(webEntitiesDir) : [];

// Contract name → its folder of packages/contracts/src (its resource), for the api-file rule.
const contractsDir = path.join(import.meta.dirname, 'packages/contracts/src');
const contractFolders = Object.fromEntries(
  existsSync(contractsDir)
    ? readdirSync(contractsDir, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && /(?<!\.test)\.ts$/.test(entry.name))
        .flatMap((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const folder = path.relative(contractsDir, entry.parentPath).split(path.sep)[0];
          return folder
            ? [...readFileSync(file, 'utf8').matchAll(/export const (\w+Contract)\b/g)].map(
                ([, name]) => [name, folder],
              )
            : [];
        })
    : [],
);

const serverSrc = './apps/server/src';
const serverModulesDir = path.join(import.meta.dirname, 'apps/server/src/modules');
const serverModules = existsSync(serverModulesDir)
  ? readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
// SQL table name → the module whose tables file declares it (for the own-tables rule).
const tableOwners = Object.fromEntries(
  serverModules.flatMap((module) => {
    const file = path.join(serverModulesDir, module, `${module}.tables.ts`);
    return existsSync(file)
      ? [...readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)].map(([, table]) => [
          table,
          module,
        ])
      : [];
  }),
);
// Glob zones match absolute paths; their exceptions too.
const serverModuleFiles = path.join(serverModulesDir, '**');
const conversationsAsk = `${serverSrc}/modules/conversations/ask`;
const serverModuleEntries = path.join(serverModulesDir, '*', 'index.ts');
const serverModuleRoutes = path.join(serverModulesDir, '*', '*.routes.ts');
// A module's tables (modules/<module>/<module>.tables.ts): what others read of its data.
const serverModuleTables = path.join(serverModulesDir, '*', '*.tables.ts');
const serverEntryPoints = [
  `${serverSrc}/assembly`,
  `${serverSrc}/server.ts`,
  `${serverSrc}/main.ts`,
  `${serverSrc}/cli.ts`,
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      'bench-results/**',
      // Local PostgreSQL clusters and media of test, e2e and bench runs (gitignored): thousands of
      // files that `eslint .` would otherwise walk on every run of a working copy.
      '.data-test/**',
      '.data-bench/**',
      '.data-bench-fuzz/**',
      'e2e/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Resolves imports as TypeScript does, `@/…` aliases of each project's tsconfig included:
      // without it the walls below see only relative imports and miss `@/features/…`.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'all'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-default-export': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; routes (src/app) compose them. Below the features sit
      // the entities (src/entities: what several features share of one resource, e.g. the
      // storyfile picker), and below those the shared pieces (components, hooks, lib).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            ...webEntities.map((entity) => ({
              target: `./apps/web/src/entities/${entity}`,
              from: './apps/web/src/entities',
              except: [`./${entity}`],
              message: 'An entity never imports another; a feature composes them.',
            })),
            {
              target: './apps/web/src/entities',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message:
                'Entities sit below the features: a feature imports an entity, never the other way round.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/hooks', './apps/web/src/lib'],
              from: ['./apps/web/src/entities', './apps/web/src/features', './apps/web/src/app'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      // The server's walls (ARCHITECTURE.md): the assembly and entry points on top, then identity
      // and the modules, which reach each other only through a module's index.ts; http/ (the
      // mechanism), jobs/ (the queue), media/, db/ and config/ below them. Tests of a module may
      // use its own files freely. bench/ measures internals and stays outside.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: [
                `${serverSrc}/http`,
                `${serverSrc}/jobs`,
                `${serverSrc}/media`,
                `${serverSrc}/db`,
                `${serverSrc}/config`,
              ],
              from: [`${serverSrc}/modules`, `${serverSrc}/identity`, ...serverEntryPoints],
              message:
                'http/, jobs/, media/, db/ and config/ sit below the modules and identity; the assembly (src/assembly) wires them together.',
            },
            ...serverModules.map((module) => ({
              target: `${serverSrc}/modules/${module}`,
              from: `${serverSrc}/modules`,
              except: [
                `./${module}`,
                ...serverModules
                  .filter((other) => other !== module)
                  .flatMap((other) => [`./${other}/index.ts`, `./${other}/${other}.tables.ts`]),
              ],
              message:
                'A module reaches another only through its public entry (../<module>/index.ts) and its tables file, never its routes or internal files.',
            })),
            {
              target: `${serverSrc}/modules/*/index.ts`,
              from: serverModuleRoutes,
              message:
                "A module's routes are mounted by the assembly, never exported to other modules.",
            },
            {
              target: [`${serverSrc}/identity`, './apps/server/test'],
              from: serverModuleFiles,
              except: [serverModuleEntries, serverModuleTables],
              message:
                'Reach a module through its public entry (modules/<module>/index.ts) or its tables file.',
            },
            {
              target: serverEntryPoints,
              from: serverModuleFiles,
              except: [serverModuleEntries, serverModuleRoutes, serverModuleTables],
              message:
                "The assembly uses a module's index.ts and tables file, and its *.routes.ts to mount it; nothing else of it.",
            },
            // The ask is a pipeline (ARCHITECTURE.md, "The ask"): its runner, askStoryfile
            // (conversations/ask/ask.ts), calls each stage once, in order, handing on one value;
            // a stage never calls another stage or the runner, and nothing else calls a stage.
            {
              target: `${conversationsAsk}/stages`,
              from: [`${conversationsAsk}/stages`, `${conversationsAsk}/ask.ts`],
              message:
                'A stage of the ask never calls another stage or the runner: askStoryfile (ask/ask.ts) calls each once, in order.',
            },
            {
              target: [
                `${serverSrc}/modules/conversations/*.ts`,
                `${serverSrc}/modules/conversations/scoring`,
                `${conversationsAsk}/ask-values.ts`,
                `${conversationsAsk}/outcome.ts`,
              ],
              from: `${conversationsAsk}/stages`,
              message: "Only askStoryfile (ask/ask.ts) calls the ask's stages.",
            },
            {
              target: [`${serverSrc}/modules`, `${serverSrc}/identity`],
              from: serverEntryPoints,
              message: 'The assembly and entry points use the modules, never the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module writes only the tables of its own tables file (scripts/lint/own-tables-rule.mjs).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { studio: studioPlugin },
    rules: {
      'studio/own-tables': ['error', { owners: tableOwners }],
    },
  },
  {
    // A module's tables file (modules/<module>/<module>.tables.ts) declares the tables that module
    // owns; its foreign keys name other modules' tables, so it may import their tables files, and
    // nothing else of a module (ARCHITECTURE.md, "Tables"). drizzle-kit reads these files alone.
    files: ['apps/server/src/modules/*/*.tables.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: `${serverSrc}/modules/*/*.tables.ts`,
              from: [`${serverSrc}/modules`, `${serverSrc}/identity`, ...serverEntryPoints],
              except: serverModules.map((module) => `./${module}/${module}.tables.ts`),
              message:
                "A tables file imports only db/ and other modules' tables files (its foreign keys).",
            },
          ],
        },
      ],
    },
  },
  {
    // One contract per file (ARCHITECTURE.md, "Contracts"): packages/contracts/src/<feature>/<verb-noun>.ts
    // defines one endpoint; schemas several share sit in a file that defines none.
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { studio: studioPlugin },
    rules: { 'studio/one-contract-per-file': 'error' },
  },
  {
    // A web API file serves one resource: the contracts it calls come from one folder of
    // packages/contracts (scripts/lint/api-file-resource-rule.mjs, ARCHITECTURE.md "The web").
    files: ['apps/web/src/features/*/api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { studio: studioPlugin },
    rules: { 'studio/api-file-resource': ['error', { contractFolders }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
