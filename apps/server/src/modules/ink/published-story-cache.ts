import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { inkStoryVersions } from './ink.tables.ts';

/** A published version as a conversation runs it. */
export interface PublishedInkVersion {
  id: string;
  number: number;
  compiledJson: string;
}

/** Compiled JSON this process keeps at most (a 100 KB story compiles to about 1 MB). */
const MAX_CACHED_CHARACTERS = 64 * 1024 * 1024;

/**
 * Compiled stories by version id, most recently used last. A version's compiled JSON is written
 * once, when the version is saved, and never changed, so an entry never goes stale: which version
 * is published is read from PostgreSQL on every ask (with the matcher's stamp), and publishing
 * another version on any replica changes that id, so the next ask everywhere reads the new one. An
 * entry of a version nobody asks any more is dropped when the cache is full.
 */
const cache = new Map<string, PublishedInkVersion>();
let cachedCharacters = 0;

function remember(version: PublishedInkVersion): void {
  if (version.compiledJson.length > MAX_CACHED_CHARACTERS) {
    return;
  }
  cache.set(version.id, version);
  cachedCharacters += version.compiledJson.length;
  for (const [id, oldest] of cache) {
    if (cachedCharacters <= MAX_CACHED_CHARACTERS) {
      break;
    }
    cache.delete(id);
    cachedCharacters -= oldest.compiledJson.length;
  }
}

/**
 * The published version `versionId` of a storyfile's story, from this process's cache or read
 * once from PostgreSQL. Null when the version does not exist (any more) or does not compile, or
 * belongs to another storyfile.
 */
export async function readPublishedInkVersion(
  db: Database,
  storyfileId: string,
  versionId: string,
): Promise<PublishedInkVersion | null> {
  const cached = cache.get(versionId);
  if (cached) {
    // Most recently used last: the eviction above takes the first.
    cache.delete(versionId);
    cache.set(versionId, cached);
    return cached;
  }
  const [row] = await db
    .select({
      id: inkStoryVersions.id,
      storyfileId: inkStoryVersions.storyfileId,
      number: inkStoryVersions.number,
      compiledJson: inkStoryVersions.compiledJson,
    })
    .from(inkStoryVersions)
    .where(eq(inkStoryVersions.id, versionId));
  if (!row?.compiledJson || row.storyfileId !== storyfileId) {
    return null;
  }
  const version = { id: row.id, number: row.number, compiledJson: row.compiledJson };
  remember(version);
  return version;
}
