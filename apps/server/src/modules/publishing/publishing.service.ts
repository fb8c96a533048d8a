import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  SHARE_SLUG_LENGTH,
  STORYFILE_NOT_AVAILABLE_MESSAGE,
  STORYFILE_RATE_LIMIT_MESSAGE,
  VISITOR_RATE_LIMIT_MESSAGE,
  buildSharePath,
  type PublicAskResponse,
  type Publication,
  type PublicStoryfile,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import {
  chatLogEntries,
  publicAskCounters,
  storyfilePublications,
  storyfileQuestions,
  storyfileStarters,
  storyfiles,
} from '../../db/schema.ts';
import { AppError, notFound, tooManyRequests } from '../../http/errors.ts';
import { countAsk } from '../../http/metrics.ts';
import { findPublishedInkVersion } from '../ink/index.ts';
import {
  askStoryfile,
  signStoryfileClips,
  type AskInput,
  type ConversationEngine,
} from '../conversations/index.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 10 base62 characters from the CSPRNG; bytes ≥ 248 are dropped so every character is uniform. */
export function createShareSlug(): string {
  let slug = '';
  while (slug.length < SHARE_SLUG_LENGTH) {
    for (const byte of randomBytes(SHARE_SLUG_LENGTH * 2)) {
      if (byte < 248 && slug.length < SHARE_SLUG_LENGTH) {
        slug += BASE62[byte % 62];
      }
    }
  }
  return slug;
}

type PublicationRow = typeof storyfilePublications.$inferSelect;

function presentPublication(storyfileId: string, row: PublicationRow | undefined): Publication {
  return {
    storyfileId,
    isPublished: row?.isPublished ?? false,
    slug: row?.slug ?? null,
    sharePath: row ? buildSharePath(row.slug) : null,
    publishedAt: row?.isPublished && row.publishedAt ? row.publishedAt.toISOString() : null,
  };
}

export async function getPublication(db: Database, storyfileId: string): Promise<Publication> {
  const [row] = await db
    .select()
    .from(storyfilePublications)
    .where(eq(storyfilePublications.storyfileId, storyfileId));
  return presentPublication(storyfileId, row);
}

/** Publishes a storyfile; its slug is created once and kept, so links shared earlier work again. */
export async function publishStoryfile(
  db: Database,
  storyfileId: string,
  userId: string,
): Promise<Publication> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(storyfilePublications)
        .values({
          storyfileId,
          slug: createShareSlug(),
          publishedAt: sql`now()`,
          publishedBy: userId,
        })
        .onConflictDoUpdate({
          target: storyfilePublications.storyfileId,
          set: {
            isPublished: true,
            publishedAt: sql`now()`,
            publishedBy: userId,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return presentPublication(storyfileId, row);
    } catch (error) {
      // A slug collision (about 1 in 10^17 per pair) only needs another draw.
      const isSlugTaken =
        (error as { code?: string; constraint?: string }).code === '23505' ||
        (error as { cause?: { code?: string } }).cause?.code === '23505';
      if (!isSlugTaken || attempt >= 3) {
        throw error;
      }
    }
  }
}

export async function unpublishStoryfile(db: Database, storyfileId: string): Promise<Publication> {
  const [row] = await db
    .update(storyfilePublications)
    .set({ isPublished: false, updatedAt: sql`now()` })
    .where(eq(storyfilePublications.storyfileId, storyfileId))
    .returning();
  return presentPublication(storyfileId, row);
}

/** The live, published storyfile of a slug; anything else answers the friendly 404. */
export async function findPublishedStoryfile(db: Database, slug: string) {
  const [row] = await db
    .select({
      id: storyfiles.id,
      name: storyfiles.name,
      description: storyfiles.description,
      language: storyfiles.language,
    })
    .from(storyfilePublications)
    .innerJoin(storyfiles, eq(storyfiles.id, storyfilePublications.storyfileId))
    .where(
      and(
        eq(storyfilePublications.slug, slug),
        eq(storyfilePublications.isPublished, true),
        isNull(storyfiles.deletedAt),
      ),
    );
  if (!row) {
    throw notFound(STORYFILE_NOT_AVAILABLE_MESSAGE);
  }
  return row;
}

/** What the public player loads for a slug: name, starters, idle and intro clips signed for the visitor. */
export async function getPublicStoryfile(
  engine: ConversationEngine,
  slug: string,
  visitorKey: string,
): Promise<PublicStoryfile> {
  const storyfile = await findPublishedStoryfile(engine.db, slug);
  const [starters, clips] = await Promise.all([
    engine.db
      .select({ questionId: storyfileQuestions.id, text: storyfileQuestions.text })
      .from(storyfileStarters)
      .innerJoin(
        storyfileQuestions,
        eq(storyfileQuestions.id, storyfileStarters.storyfileQuestionId),
      )
      .where(eq(storyfileStarters.storyfileId, storyfile.id))
      .orderBy(asc(storyfileStarters.position)),
    signStoryfileClips(engine, storyfile.id, ['idle', 'intro'], visitorKey),
  ]);
  const story = await findPublishedInkVersion(engine.db, storyfile.id);
  return {
    slug,
    name: storyfile.name,
    description: storyfile.description,
    language: storyfile.language,
    starters,
    clips,
    hasStory: story !== null,
  };
}

/**
 * The live, published storyfile of a slug with its public asks of the last minute, counted from
 * the log (indexed by storyfile and time) so every replica sees the same count; one round trip.
 * Anything but a published storyfile answers the friendly 404.
 */
export async function findPublishedStoryfileForAsk(
  db: Database,
  slug: string,
): Promise<{ id: string; recentPublicAsks: number }> {
  const [row] = await db
    .select({
      id: storyfiles.id,
      recentPublicAsks: sql<number>`(
        select count(*)::int from ${chatLogEntries}
        where ${chatLogEntries.storyfileId} = ${storyfiles.id}
          and ${chatLogEntries.createdAt} >= now() - interval '1 minute'
          and ${chatLogEntries.channel} in ('share', 'embed')
      )`,
    })
    .from(storyfilePublications)
    .innerJoin(storyfiles, eq(storyfiles.id, storyfilePublications.storyfileId))
    .where(
      and(
        eq(storyfilePublications.slug, slug),
        eq(storyfilePublications.isPublished, true),
        isNull(storyfiles.deletedAt),
      ),
    );
  if (!row) {
    throw notFound(STORYFILE_NOT_AVAILABLE_MESSAGE);
  }
  return row;
}

/**
 * Counts one ask of a visitor (key: slug, client address and visitor cookie) and refuses it past
 * PUBLIC_ASKS_PER_VISITOR_PER_MINUTE within the minute since the key's first counted ask. One
 * upsert on a row every replica shares: two processes never each allow the limit.
 */
export async function limitVisitorAsks(db: Database, visitorKey: string): Promise<void> {
  const { key, windowStart, count } = publicAskCounters;
  const isWindowOver = sql`${windowStart} <= now() - interval '1 minute'`;
  const [row] = await db
    .insert(publicAskCounters)
    .values({ key: visitorKey, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: key,
      set: {
        count: sql`case when ${isWindowOver} then 1 else ${count} + 1 end`,
        windowStart: sql`case when ${isWindowOver} then now() else ${windowStart} end`,
      },
    })
    .returning({
      count,
      secondsLeft: sql<number>`ceil(extract(epoch from (${windowStart} + interval '1 minute' - now())))::int`,
    });
  if (row && row.count > PUBLIC_ASKS_PER_VISITOR_PER_MINUTE) {
    throw tooManyRequests(VISITOR_RATE_LIMIT_MESSAGE, Math.max(1, row.secondsLeft));
  }
}

/** Deletes the visitor counters whose minute is over (maintenance). */
export async function deletePastVisitorCounters(db: Database): Promise<void> {
  await db
    .delete(publicAskCounters)
    .where(lt(publicAskCounters.windowStart, sql`now() - interval '1 minute'`));
}

/**
 * A visitor's ask of a published storyfile: the visitor's limit (counted in the database), then
 * the storyfile's public budget of `storyfileLimitPerMinute` asks a minute
 * (PUBLIC_ASK_LIMIT_PER_MINUTE), both checked beside the matcher's load and before anything is
 * written. Visitors get what to play, never the matcher's reasoning or the checklist.
 */
export async function askAsVisitor(
  engine: ConversationEngine,
  input: Omit<AskInput, 'visitorKey' | 'storyfileId'> & {
    storyfile: { id: string; recentPublicAsks: number };
    visitorId: string;
    /** Slug, client address and the visitor cookie as sent: whose asks the visitor limit counts. */
    visitorLimitKey: string;
    storyfileLimitPerMinute: number;
  },
): Promise<PublicAskResponse> {
  const { storyfile, visitorId, visitorLimitKey, storyfileLimitPerMinute, ...ask } = input;
  const admit = (async () => {
    try {
      await limitVisitorAsks(engine.db, visitorLimitKey);
      if (storyfile.recentPublicAsks >= storyfileLimitPerMinute) {
        throw tooManyRequests(STORYFILE_RATE_LIMIT_MESSAGE, 60);
      }
    } catch (error) {
      if (error instanceof AppError && error.status === 429) {
        countAsk('rate_limited', ask.channel);
      }
      throw error;
    }
  })();
  const outcome = await askStoryfile(
    engine,
    { ...ask, storyfileId: storyfile.id, visitorKey: `visitor:${visitorId}` },
    { admit },
  );
  return {
    conversationId: outcome.conversationId,
    exchangeId: outcome.exchangeId,
    // An unrecorded question's id belongs to the checklist, which visitors never see.
    decision:
      outcome.decision.kind === 'fallback'
        ? { kind: 'fallback', reason: outcome.decision.reason }
        : outcome.decision,
    media: outcome.media,
    message: outcome.message,
    story: outcome.story,
  };
}
