import { ConfigError, loadConfig } from './config/env.ts';
import { startStudio } from './server.ts';
import { startWorkerProcess } from './assembly/worker-process.ts';
import { closeProcessEmbedders } from './modules/conversations/index.ts';

/** `--role worker` (or `--role=worker`) on the command line overrides STUDIO_ROLE. */
function readRoleArgument(argv: readonly string[]): string | undefined {
  const index = argv.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (index === -1) {
    return undefined;
  }
  const arg = argv[index]!;
  return arg.includes('=') ? arg.slice('--role='.length) : argv[index + 1];
}

async function main(): Promise<void> {
  let config;
  try {
    const role = readRoleArgument(process.argv.slice(2));
    config = loadConfig(role === undefined ? process.env : { ...process.env, STUDIO_ROLE: role });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = (message: string) => console.log(`[studio] ${message}`);
  // Without its database the studio can do nothing: exit non-zero so a supervisor starts it again.
  const onDatabaseFailure = (error: Error) => {
    console.error(`[studio] ${error.message}: exiting`);
    process.exit(1);
  };
  const studio =
    config.role === 'worker'
      ? {
          ...(await startWorkerProcess(config, log, { onDatabaseFailure })),
          admin: undefined,
          defaultNamespace: undefined,
          url: undefined,
        }
      : await startStudio(config, log, { onDatabaseFailure });
  if (studio.admin?.kind === 'generated') {
    console.log(
      [
        '',
        '  A platform admin was created for this studio (shown once):',
        `    email:    ${studio.admin.email}`,
        `    password: ${studio.admin.password}`,
        `  It is also stored in ${studio.admin.file} (mode 600).`,
        '',
      ].join('\n'),
    );
  }
  if (studio.defaultNamespace) {
    console.log(
      `\n  A namespace "${studio.defaultNamespace.label}" was created, owned by ${studio.defaultNamespace.ownerEmail}: sign in and create storyfiles there.\n`,
    );
  }
  if (studio.url) {
    console.log(
      `\n  Conversa Studio is running at ${studio.url}\n  API docs: ${studio.url}/docs\n`,
    );
  }

  let firstSignalAt: number | undefined;
  const shutdown = (signal: string) => {
    if (firstSignalAt !== undefined) {
      // Ctrl-C reaches every process of the group (npm, the shell, us) at once: only a signal
      // that comes later is a person asking again, and then we stop waiting.
      if (Date.now() - firstSignalAt < 1000) {
        return;
      }
      console.error(`[studio] ${signal} again: exiting now`);
      process.exit(1);
    }
    firstSignalAt = Date.now();
    console.log(`[studio] ${signal}: finishing in-flight requests and stopping`);
    studio
      .stop()
      // The sentence model's thread last: one left inside onnxruntime could abort the exit.
      .then(closeProcessEmbedders)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('[studio] shutdown failed', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('[studio] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
