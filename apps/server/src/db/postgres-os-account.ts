import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres-error.ts';

/** The OS account PostgreSQL runs as when we are root (it refuses to run as root itself). */
const POSTGRES_OS_USER = 'postgres';

export interface OsAccount {
  uid: number;
  gid: number;
}

function readAccount(name: string): OsAccount | undefined {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    return undefined;
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export function ensurePostgresAccount(): OsAccount {
  const existing = readAccount(POSTGRES_OS_USER);
  if (existing) {
    return existing;
  }
  const created = spawnSync(
    'useradd',
    [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      POSTGRES_OS_USER,
    ],
    { encoding: 'utf8' },
  );
  const account = readAccount(POSTGRES_OS_USER);
  if (created.error || created.status !== 0 || !account) {
    const reason = created.error?.message ?? created.stderr.trim();
    throw new EmbeddedPostgresError(
      `PostgreSQL cannot run as root and the system user "${POSTGRES_OS_USER}" could not be created (${reason}): create it (useradd --system ${POSTGRES_OS_USER}), run the studio as another user, or set DATABASE_URL.`,
    );
  }
  return account;
}

function canTraverse(directory: string, account: OsAccount): boolean {
  return spawnSync('test', ['-x', directory], { uid: account.uid, gid: account.gid }).status === 0;
}

/** `/a/b/c` → `['/', '/a', '/a/b', '/a/b/c']`. */
export function listDirectoryChain(target: string): string[] {
  const chain: string[] = [];
  let current = path.resolve(target);
  for (;;) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) {
      return chain;
    }
    current = parent;
  }
}

/** The one-line refusal when PostgreSQL's OS user cannot reach a directory it needs. */
export function describeUnreachable(options: {
  blocked: string;
  target: string;
  account: string;
  reason: string;
}): string {
  return `The embedded PostgreSQL runs as the system user "${options.account}", which cannot enter ${options.blocked} to reach ${options.target} (${options.reason}). Fix: install the acl package (apt-get install acl) so the studio can grant that user traverse-only access, or run: setfacl -m u:${options.account}:x ${options.blocked} — or set DATA_DIR to a directory under a path others can enter, or DATABASE_URL.`;
}

/**
 * As root, PostgreSQL runs as its own OS user, which must be able to enter every directory above
 * its binaries and its data. A clone under /root (mode 700) or a `mktemp -d` directory does not let
 * it: there we grant that one user traverse-only access (an ACL entry `u:postgres:x`, which lists
 * nothing and opens nothing to anyone else) on the directories that block it, and say so.
 */
export function ensureReachable(
  targets: string[],
  account: OsAccount,
  log: (message: string) => void,
): void {
  for (const target of targets) {
    for (const directory of listDirectoryChain(target)) {
      if (canTraverse(directory, account)) {
        continue;
      }
      const granted = spawnSync('setfacl', ['-m', `u:${account.uid}:x`, directory], {
        encoding: 'utf8',
      });
      if (granted.status === 0 && canTraverse(directory, account)) {
        log(
          `granted the system user "${POSTGRES_OS_USER}" traverse-only access (ACL u:${POSTGRES_OS_USER}:x) to ${directory} so the embedded PostgreSQL can reach ${target}`,
        );
        continue;
      }
      const reason = granted.error
        ? 'setfacl is not installed'
        : granted.status === 0
          ? 'an ACL entry did not open it'
          : `setfacl failed: ${granted.stderr.trim()}`;
      throw new EmbeddedPostgresError(
        describeUnreachable({ blocked: directory, target, account: POSTGRES_OS_USER, reason }),
      );
    }
  }
}
