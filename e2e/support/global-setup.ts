import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { E2E } from './env';

/**
 * Seeds namespaces and one user per role through the operator CLI, against the running studio.
 * The files tests make (test videos, pictures) go into one temporary folder of the run (the
 * workers' os.tmpdir() follows TMPDIR), removed when the run ends.
 */
export default async function globalSetup(): Promise<() => void> {
  const runTemp = mkdtempSync(path.join(tmpdir(), 'conversa-e2e-run-'));
  const systemTemp = tmpdir();
  process.env.TMPDIR = runTemp;
  const teardown = () => {
    rmSync(runTemp, { recursive: true, force: true });
    process.env.TMPDIR = systemTemp;
  };
  // The built CLI's commands, run in this process one after another: the same commands as
  // `node apps/server/dist/cli.js ...`, without starting Node and loading the bundle twenty times.
  const { runCli } = (await import(
    pathToFileURL(path.join(E2E.repoRoot, 'apps/server/dist/cli.js')).href
  )) as { runCli: (argv: string[]) => Promise<number> };
  const cliEnv = {
    DATA_DIR: E2E.dataDir,
    EMBEDDED_POSTGRES_PORT: String(E2E.postgresPort),
    LOG_LEVEL: 'warn',
  };
  const commands: string[][] = [];
  const cli = (...args: string[]) => {
    commands.push(args);
  };
  const { plain, full } = E2E.namespaces;
  const { viewer, editor, owner, ownerWithAttributes } = E2E.users;
  cli('namespace', 'create', plain.label);
  cli('namespace', 'create', full.label, '--attributes', full.attributes);
  cli(
    'user',
    'create',
    viewer.email,
    '--password',
    viewer.password,
    '--first-name',
    'Vic',
    '--last-name',
    'Viewer',
  );
  cli(
    'user',
    'create',
    editor.email,
    '--password',
    editor.password,
    '--first-name',
    'Eda',
    '--last-name',
    'Editor',
  );
  cli(
    'user',
    'create',
    owner.email,
    '--password',
    owner.password,
    '--first-name',
    'Otto',
    '--last-name',
    'Owner',
  );
  cli('user', 'create', ownerWithAttributes.email, '--password', ownerWithAttributes.password);
  cli('user', 'grant', viewer.email, plain.label, 'read:ns');
  cli('user', 'grant', editor.email, plain.label, 'edit:ns');
  cli('user', 'grant', owner.email, plain.label, 'owner:ns');
  cli('user', 'grant', ownerWithAttributes.email, full.label, 'owner:ns');
  const { barEditor, barOwner, uploadsEditor } = E2E.users;
  for (const person of [barEditor, uploadsEditor]) {
    cli('user', 'create', person.email, '--password', person.password);
    cli('user', 'grant', person.email, plain.label, 'edit:ns');
  }
  cli('user', 'create', barOwner.email, '--password', barOwner.password);
  cli('user', 'grant', barOwner.email, full.label, 'owner:ns');
  const { medtronicMember } = E2E.users;
  cli('user', 'create', medtronicMember.email, '--password', medtronicMember.password);
  cli('user', 'grant', medtronicMember.email, plain.label, 'read:ns');
  const { learningOnly } = E2E.namespaces;
  const { ownerWithLearning } = E2E.users;
  cli('namespace', 'create', learningOnly.label, '--attributes', learningOnly.attributes);
  cli('user', 'create', ownerWithLearning.email, '--password', ownerWithLearning.password);
  cli('user', 'grant', ownerWithLearning.email, learningOnly.label, 'owner:ns');
  const savedEnv = Object.fromEntries(Object.keys(cliEnv).map((name) => [name, process.env[name]]));
  Object.assign(process.env, cliEnv);
  // What the commands print is kept, and shown only when one fails (as a child's piped output was).
  const printed: string[] = [];
  const log = console.log;
  console.log = (...parts: unknown[]) => printed.push(parts.map(String).join(' '));
  try {
    for (const args of commands) {
      const status = await runCli(args);
      if (status !== 0) {
        throw new Error(`cli ${args.join(' ')} exited ${status}:\n${printed.join('\n')}`);
      }
    }
  } finally {
    console.log = log;
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) {
        delete process.env[name];
      } else {
        process.env[name] = value;
      }
    }
  }
  return teardown;
}
