import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Work folders (staging of outputs, downloaded sources) are named `<prefix><host>-<pid>-<random>`,
 * so a sweep on the same host can tell whether the process that made one still lives: kill -9
 * leaves them behind, and nothing else would ever remove them.
 */
const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/** Prefixes of the work folders processing makes in the OS temporary folder. */
export const TEMP_WORK_PREFIXES = ['conversa-source-', 'conversa-media-'] as const;

export function makeWorkFolder(parent: string, prefix: string): Promise<string> {
  return mkdtemp(path.join(parent, `${prefix}${HOST_TAG}-${process.pid}-`));
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** 'alive' or 'dead' for a folder of this host; 'unknown' for another host's or an older name. */
export function getFolderOwner(name: string, prefix: string): 'alive' | 'dead' | 'unknown' {
  const match = new RegExp(`^${prefix}([0-9a-f]{8})-(\\d+)-`).exec(name);
  if (!match || match[1] !== HOST_TAG) {
    return 'unknown';
  }
  return isProcessAlive(Number(match[2])) ? 'alive' : 'dead';
}

/**
 * Removes the work folders under `parent` whose process is gone (this host), and those whose
 * owner cannot be told (another host sharing the folder, an older name) once older than
 * `unknownOlderThan`. A live process's folder is never touched. Returns how many went.
 */
export async function removeDeadWorkFolders(
  parent: string,
  prefix: string,
  unknownOlderThan: Date,
): Promise<number> {
  const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(prefix)) {
      continue;
    }
    const owner = getFolderOwner(entry.name, prefix);
    const folder = path.join(parent, entry.name);
    if (owner === 'alive') {
      continue;
    }
    if (owner === 'unknown') {
      const info = await stat(folder).catch(() => null);
      if (!info || info.mtime >= unknownOlderThan) {
        continue;
      }
    }
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** The OS temporary folder's work folders of dead processes (and unknown ones after a day). */
export async function removeDeadTempWorkFolders(now = Date.now()): Promise<number> {
  let removed = 0;
  for (const prefix of TEMP_WORK_PREFIXES) {
    removed += await removeDeadWorkFolders(tmpdir(), prefix, new Date(now - 24 * 3600 * 1000));
  }
  return removed;
}
