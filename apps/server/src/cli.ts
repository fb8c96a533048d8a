import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from './config/env.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './db/client.ts';
import { AppError } from './http/errors.ts';
import {
  createNamespace,
  grantScope,
  listUsers,
  parseAttributeList,
} from './modules/namespaces/index.ts';
import { createUser } from './modules/users/index.ts';

/**
 * The operator CLI. It calls the same services as the API against the same database; with the
 * embedded default it joins the PostgreSQL a running server started, or starts it for itself.
 */
async function withDatabase<T>(action: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPort: config.embeddedPostgresPort,
    connectTimeoutMs: config.databaseConnectTimeoutSeconds * 1000,
    statementTimeoutMs: config.databaseStatementTimeoutSeconds * 1000,
  });
  try {
    await migrateDatabase(handle);
    return await action(handle);
  } finally {
    await handle.close();
  }
}

export function buildCli(): Command {
  const program = new Command('cli')
    .description('Conversa Studio operator commands (npm run cli -- <command>)')
    .showHelpAfterError()
    .exitOverride();

  const namespace = program.command('namespace').description('manage namespaces');
  namespace
    .command('create')
    .argument('<label>', 'namespace label')
    .option(
      '--attributes <list>',
      'comma-separated attribute flags, e.g. LEARNING_MODULE,SSO_WHITELIST',
    )
    .description('create a namespace')
    .action(async (label: string, options: { attributes?: string }) => {
      const attributes = parseAttributeList(options.attributes);
      const created = await withDatabase(({ db }) => createNamespace(db, { label, attributes }));
      const flags = Object.keys(attributes);
      console.log(
        `Created namespace "${created.label}"${flags.length ? ` with ${flags.join(', ')}` : ''}.`,
      );
    });

  const user = program.command('user').description('manage users');
  user
    .command('create')
    .argument('<email>', 'email address (the sign-in name)')
    .requiredOption('--password <pw>', 'initial password (at least 8 characters)')
    .option('--first-name <name>', 'first name')
    .option('--last-name <name>', 'last name')
    .option('--admin', 'make the user a platform admin', false)
    .description('create a user who can sign in with email and password')
    .action(
      async (
        email: string,
        options: { password: string; firstName?: string; lastName?: string; admin: boolean },
      ) => {
        const created = await withDatabase(({ db }) =>
          createUser(db, {
            email,
            password: options.password,
            isAdmin: options.admin,
            ...(options.firstName ? { firstName: options.firstName } : {}),
            ...(options.lastName ? { lastName: options.lastName } : {}),
          }),
        );
        console.log(`Created user ${created.email}${created.isAdmin ? ' (platform admin)' : ''}.`);
      },
    );
  user
    .command('grant')
    .argument('<email>', 'the user')
    .argument('<namespace-label>', 'the namespace')
    .argument('<scope>', 'owner:ns, edit:ns, read:ns or restricted:ns')
    .description("set a user's scope in a namespace")
    .action(async (email: string, namespaceLabel: string, scope: string) => {
      await withDatabase(({ db }) => grantScope(db, { email, namespaceLabel, scope }));
      console.log(`Granted ${scope} on "${namespaceLabel}" to ${email}.`);
    });
  user
    .command('list')
    .description('list users with their namespaces and scopes')
    .action(async () => {
      const rows = await withDatabase(({ db }) => listUsers(db));
      if (rows.length === 0) {
        console.log('No users yet.');
        return;
      }
      for (const row of rows) {
        const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
        const grants = row.grants.map((grant) => `${grant.namespace}=${grant.scope}`).join(', ');
        console.log(
          [row.email, name || '-', row.isAdmin ? 'admin' : '-', grants || '-'].join('\t'),
        );
      }
    });
  return program;
}

export async function runCli(argv: string[]): Promise<number> {
  const program = buildCli();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode;
    }
    if (error instanceof AppError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2));
}
