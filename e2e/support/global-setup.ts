import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E } from './env';

/**
 * Seeds namespaces and one user per role through the operator CLI, against the running studio.
 * The files tests make (test videos, pictures) go into one temporary folder of the run (the
 * workers' os.tmpdir() follows TMPDIR), removed when the run ends.
 */
export default function globalSetup(): () => void {
  const runTemp = mkdtempSync(path.join(tmpdir(), 'conversa-e2e-run-'));
  const systemTemp = tmpdir();
  process.env.TMPDIR = runTemp;
  const teardown = () => {
    rmSync(runTemp, { recursive: true, force: true });
    process.env.TMPDIR = systemTemp;
  };
  const env = {
    ...process.env,
    DATA_DIR: E2E.dataDir,
    EMBEDDED_POSTGRES_PORT: String(E2E.postgresPort),
    LOG_LEVEL: 'warn',
  };
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
      cwd: E2E.repoRoot,
      env,
      stdio: 'pipe',
    });
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
  const { medtronicMember } = E2E.users;
  cli('user', 'create', medtronicMember.email, '--password', medtronicMember.password);
  cli('user', 'grant', medtronicMember.email, plain.label, 'read:ns');
  const { learningOnly } = E2E.namespaces;
  const { ownerWithLearning } = E2E.users;
  cli('namespace', 'create', learningOnly.label, '--attributes', learningOnly.attributes);
  cli('user', 'create', ownerWithLearning.email, '--password', ownerWithLearning.password);
  cli('user', 'grant', ownerWithLearning.email, learningOnly.label, 'owner:ns');
  return teardown;
}
