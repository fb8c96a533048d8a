import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE,
  SHARE_SLUG_LENGTH,
  STORYFILE_NOT_AVAILABLE_MESSAGE,
  STORYFILE_RATE_LIMIT_MESSAGE,
  VISITOR_RATE_LIMIT_MESSAGE,
  buildSharePath,
  toPublicAskDecision,
  type PublicAskResponse,
  type Publication,
  type PublicStoryfile,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { windowSecondsLeftSql } from '../../db/window-counter.ts';
import { publicAskCounters, storyfilePublications } from './publishing.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { setPublicationLive } from '../storyfiles/index.ts';
import { AppError, conflict, notFound, tooManyRequests } from '../../http/errors.ts';
import {
  askStoryfile,
  canContinueConversation,
  loadPlayerStoryfile,
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
      const row = await db.transaction(async (tx) => {
        const [published] = await tx
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
        await setPublicationLive(tx, storyfileId, true);
        return published;
      });
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
  const row = await db.transaction(async (tx) => {
    const [unpublished] = await tx
      .update(storyfilePublications)
      .set({ isPublished: false, updatedAt: sql`now()` })
      .where(eq(storyfilePublications.storyfileId, storyfileId))
      .returning();
    await setPublicationLive(tx, storyfileId, false);
    return unpublished;
  });
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
  const { starters, clips, hasStory } = await loadPlayerStoryfile(engine, storyfile.id, visitorKey);
  return {
    slug,
    name: storyfile.name,
    description: storyfile.description,
    language: storyfile.language,
    starters,
    clips,
    hasStory,
  };
}

/** Each public ask counter's window, from its first ask. */
const ONE_MINUTE = sql.raw(`interval '1 minute'`);

/** A storyfile's own counter of public asks in `public_ask_counters` is keyed by this and its id. */
export const STORYFILE_ASK_COUNTER_PREFIX = 'storyfile|';

/**
 * The counters one visitor's public ask (or spoken question, `kind`) of a storyfile counts in:
 * the client address's and, when a visitor cookie came with it, the cookie's. The cookie is the
 * visitor's to choose (a new one each ask costs nothing), so it never stands alone (issue 43):
 * one address gets PUBLIC_ASKS_PER_VISITOR_PER_MINUTE however many cookies it sends, and so can
 * never use up the storyfile's allowance (PUBLIC_ASK_LIMIT_PER_MINUTE) for everyone else.
 */
export function visitorLimitKeys(
  kind: 'public-ask' | 'public-speech',
  input: { slug: string; clientAddress: string; visitorCookie: string | undefined },
): string[] {
  return [
    `${kind}|${input.slug}|address|${input.clientAddress}`,
    ...(input.visitorCookie ? [`${kind}|${input.slug}|cookie|${input.visitorCookie}`] : []),
  ];
}

/**
 * Admits one public ask in a single statement: finds the published storyfile by its slug, counts
 * the ask in each of the visitor's counters (`visitorLimitKeys`: the client address's and the
 * visitor cookie's) and, when every one is within PUBLIC_ASKS_PER_VISITOR_PER_MINUTE, for the
 * storyfile (PUBLIC_ASK_LIMIT_PER_MINUTE, all visitors together). The counters are rows every
 * replica shares, each a one-minute window from its first ask, counted by an atomic upsert (in
 * key order, so two asks never wait on each other's rows crosswise), so two processes never each
 * allow a limit. One round trip and no scan: counting the storyfile's last minute in the chat log
 * read every ask of that minute on every ask (4,000 rows at a class's pace). Answers the
 * storyfile's id; 404 when it is not published, 429 past a limit.
 */
export async function admitPublicAsk(
  db: Database,
  input: {
    slug: string;
    visitorLimitKeys: readonly string[];
    storyfileLimitPerMinute: number;
    /** The storyfile's counter (default: its asks'); spoken questions' recordings count apart. */
    storyfileCounterPrefix?: string;
  },
): Promise<string> {
  const keys = [...new Set(input.visitorLimitKeys)].sort();
  // Prepared: the same text on every ask, and its five statements took longer to plan than to run.
  const [row] = await queryPrepared<{
    id: string;
    visitor_count: number | null;
    visitor_seconds_left: number | null;
    storyfile_count: number | null;
    storyfile_seconds_left: number | null;
  }>(
    db,
    'conversa_admit_public_ask',
    sql`
    with published as (
      select ${storyfiles.id} as id
        from ${storyfilePublications}
        join ${storyfiles} on ${storyfiles.id} = ${storyfilePublications.storyfileId}
       where ${storyfilePublications.slug} = ${input.slug}
         and ${storyfilePublications.isPublished}
         and ${storyfiles.deletedAt} is null
    ),
    visitor as (
      insert into public_ask_counters as c (key, window_start, count)
      select keys.key, now(), 1
        from published, unnest(${sql.param(keys)}::text[]) as keys(key)
       order by keys.key
      on conflict (key) do update set
        count = case when c.window_start <= now() - ${ONE_MINUTE} then 1 else c.count + 1 end,
        window_start = case when c.window_start <= now() - ${ONE_MINUTE} then now() else c.window_start end
      returning c.count, ${windowSecondsLeftSql(sql`c.window_start`, ONE_MINUTE)} as seconds_left
    ),
    worst as (
      select max(count) as count,
             max(seconds_left) filter (where count > ${PUBLIC_ASKS_PER_VISITOR_PER_MINUTE}) as seconds_left
        from visitor
    ),
    storyfile as (
      insert into public_ask_counters as c (key, window_start, count)
      select ${input.storyfileCounterPrefix ?? STORYFILE_ASK_COUNTER_PREFIX} || published.id, now(), 1 from published, worst
       where worst.count <= ${PUBLIC_ASKS_PER_VISITOR_PER_MINUTE}
      on conflict (key) do update set
        count = case when c.window_start <= now() - ${ONE_MINUTE} then 1 else c.count + 1 end,
        window_start = case when c.window_start <= now() - ${ONE_MINUTE} then now() else c.window_start end
      returning c.count, ${windowSecondsLeftSql(sql`c.window_start`, ONE_MINUTE)} as seconds_left
    )
    select published.id,
           worst.count as visitor_count, worst.seconds_left as visitor_seconds_left,
           storyfile.count as storyfile_count, storyfile.seconds_left as storyfile_seconds_left
      from published left join worst on true left join storyfile on true`,
  );
  if (!row) {
    throw notFound(STORYFILE_NOT_AVAILABLE_MESSAGE);
  }
  if (row.visitor_count !== null && row.visitor_count > PUBLIC_ASKS_PER_VISITOR_PER_MINUTE) {
    throw tooManyRequests(VISITOR_RATE_LIMIT_MESSAGE, Math.max(1, row.visitor_seconds_left ?? 60));
  }
  if (row.storyfile_count !== null && row.storyfile_count > input.storyfileLimitPerMinute) {
    throw tooManyRequests(
      STORYFILE_RATE_LIMIT_MESSAGE,
      Math.max(1, row.storyfile_seconds_left ?? 60),
    );
  }
  return row.id;
}

/** Deletes the visitor counters whose minute is over (maintenance). */
export async function deletePastVisitorCounters(db: Database): Promise<void> {
  await db
    .delete(publicAskCounters)
    .where(lt(publicAskCounters.windowStart, sql`now() - interval '1 minute'`));
}

/**
 * A visitor's ask of a published storyfile: admitted first (`admitPublicAsk`: the visitor's and
 * the storyfile's limits, counted in the database), before anything is written. Visitors get what
 * to play, never the matcher's reasoning or the checklist.
 */
export async function askAsVisitor(
  engine: ConversationEngine,
  input: Omit<AskInput, 'visitorKey' | 'storyfileId'> & {
    slug: string;
    visitorId: string;
    /** The visitor's counters (`visitorLimitKeys`: client address and visitor cookie as sent). */
    visitorLimitKeys: readonly string[];
    storyfileLimitPerMinute: number;
  },
): Promise<PublicAskResponse> {
  const { slug, visitorId, visitorLimitKeys, storyfileLimitPerMinute, ...ask } = input;
  let storyfileId: string;
  try {
    storyfileId = await admitPublicAsk(engine.db, {
      slug,
      visitorLimitKeys,
      storyfileLimitPerMinute,
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      engine.metrics.countAsk('rate_limited', ask.channel);
    }
    throw error;
  }
  const visitorKey = `visitor:${visitorId}`;
  // Naming a conversation the visitor cannot continue (no visitor cookie, or another visitor's)
  // is refused: starting a new one silently would apply a story choice number to another story.
  if (
    ask.conversationId &&
    !(await canContinueConversation(engine.db, {
      ...ask,
      conversationId: ask.conversationId,
      storyfileId,
      visitorKey,
    }))
  ) {
    throw conflict(PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE);
  }
  const outcome = await askStoryfile(engine, { ...ask, storyfileId, visitorKey });
  return {
    conversationId: outcome.conversationId,
    exchangeId: outcome.exchangeId,
    // The checklist's questions, unrecorded ones among them, are the author's, not the visitor's.
    decision: toPublicAskDecision(outcome.decision),
    media: outcome.media,
    message: outcome.message,
    heardText: outcome.heardText,
    story: outcome.story,
    clarification: outcome.clarification,
    suggestions: outcome.suggestions,
    topics: outcome.topics,
  };
}
