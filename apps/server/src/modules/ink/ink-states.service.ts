import { eq, sql, type SQL } from 'drizzle-orm';
import {
  INK_STATE_NOT_FOUND_MESSAGE,
  type InkStateCompatibility,
  type InkStateDetail,
  type InkStatePage,
  type InkStateRow,
  type InkStateTurn,
  type listInkStatesQuerySchema,
} from '@conversa/contracts';
import {
  listInkVariables,
  listInkVisitCounts,
  loadInkStory,
  readInkSaveVersion,
  tryLoadInkState,
} from '@conversa/contracts/ink/run-ink';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { inkStories, inkStoryVersions } from './ink.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { notFound } from '../../http/errors.ts';
import { buildPageLimit, joinConditions, runListQueries } from '../lists/index.ts';
import { isSavedInkState, type SavedInkState } from './ink-conversation.ts';
import { findPublishedInkVersion } from './ink.service.ts';
import type { InkConversationSource } from './ink-conversations.ts';

type InkStatesQuery = z.output<typeof listInkStatesQuerySchema>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** How the saved version compares with the published one, in SQL (filterable, pageable). */
const COMPATIBILITY = sql`(case
  when st.published_version_id is null then 'unpublished'
  when st.published_version_id::text = c.state->'ink'->>'versionId' then 'compatible'
  else 'outdated' end)`;

/** The saved states with their storyfile and its story; `c` is conversations' view of them. */
function fromSavedStates(source: InkConversationSource): SQL {
  return sql`from ${source.savedInkConversations} c
  join ${storyfiles} s on s.id = c.storyfile_id
  left join ${inkStories} st on st.storyfile_id = c.storyfile_id
  left join ${inkStoryVersions} pv on pv.id = st.published_version_id`;
}

/** Row columns, read from the saved state without fetching its (possibly large) ink JSON. */
const ROW_COLUMNS = sql`c.id as conversation_id, c.storyfile_id, s.name as storyfile_name,
  c.channel, c.started_at, c.last_at,
  coalesce(c.state->'ink'->'turns'->-1->>'turn', '0') as turns,
  c.state->'ink'->>'currentPath' as current_path,
  coalesce(c.state->'ink'->>'hasEnded', 'false') as has_ended,
  substring(c.state->'ink'->>'inkState' from '"inkSaveVersion":\\s*(\\d+)') as ink_save_version,
  coalesce(c.state->'ink'->>'versionNumber', '0') as story_version_number,
  pv.number as published_version_number,
  ${COMPATIBILITY} as compatibility`;

interface StateRowSql extends Record<string, unknown> {
  conversation_id: string;
  storyfile_id: string;
  storyfile_name: string;
  channel: InkStateRow['channel'];
  started_at: Date | string;
  last_at: Date | string;
  turns: string;
  current_path: string | null;
  has_ended: string;
  ink_save_version: string | null;
  story_version_number: string;
  published_version_number: number | null;
  compatibility: InkStateCompatibility;
}

/** A whole number read from the state's text, or 0 for anything else (hand-edited states). */
function toCount(text: string | null): number {
  return text !== null && /^\d+$/.test(text) ? Number(text) : 0;
}

function presentRow(row: StateRowSql): InkStateRow {
  return {
    conversationId: row.conversation_id,
    storyfileId: row.storyfile_id,
    storyfileName: row.storyfile_name,
    channel: row.channel,
    startedAt: new Date(row.started_at).toISOString(),
    lastAt: new Date(row.last_at).toISOString(),
    turns: toCount(row.turns),
    currentPath: row.current_path,
    hasEnded: row.has_ended === 'true',
    inkSaveVersion: row.ink_save_version === null ? null : toCount(row.ink_save_version),
    storyVersionNumber: toCount(row.story_version_number),
    publishedVersionNumber: row.published_version_number,
    compatibility: row.compatibility,
  };
}

function toInstant(day: string, isEnd: boolean): Date {
  if (!DAY_PATTERN.test(day)) {
    return new Date(day);
  }
  const instant = new Date(`${day}T00:00:00Z`);
  if (isEnd) {
    instant.setUTCDate(instant.getUTCDate() + 1);
  }
  return instant;
}

/**
 * One page of conversations that have an ink state (View Inky States), most recently active
 * first; platform admins only (the contract's permission), so every namespace is listed.
 */
export async function listInkStates(
  db: Database,
  source: InkConversationSource,
  query: InkStatesQuery,
): Promise<InkStatePage> {
  const from = fromSavedStates(source);
  const conditions: (SQL | undefined)[] = [sql`c.state ? 'ink'`];
  if (query.storyfileId) {
    conditions.push(sql`c.storyfile_id = ${query.storyfileId}`);
  }
  if (query.from) {
    conditions.push(sql`c.last_at >= ${toInstant(query.from, false).toISOString()}::timestamptz`);
  }
  if (query.to) {
    // A day as `to` includes the whole day; an instant is inclusive.
    conditions.push(
      DAY_PATTERN.test(query.to)
        ? sql`c.last_at < ${toInstant(query.to, true).toISOString()}::timestamptz`
        : sql`c.last_at <= ${toInstant(query.to, false).toISOString()}::timestamptz`,
    );
  }
  if (query.compatibility) {
    conditions.push(sql`${COMPATIBILITY} = ${query.compatibility}`);
  }
  const where = joinConditions(conditions);
  return runListQueries<StateRowSql, InkStateRow>(
    db,
    {
      count: sql`select count(*)::int as total ${from} where ${where}`,
      page: sql`select ${ROW_COLUMNS} ${from} where ${where}
        order by c.last_at desc, c.id desc ${buildPageLimit(query)}`,
    },
    query,
    presentRow,
  );
}

/** An ink runtime value as ink would print it (the state JSON's own encoding). */
function formatInkValue(value: unknown): string {
  if (value === null || value === undefined) {
    return 'null';
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (typeof value === 'string') {
    return value.startsWith('^') ? value.slice(1) : value;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record['^'] === 'string') {
      return record['^'];
    }
    if (typeof record['^->'] === 'string') {
      return `-> ${record['^->']}`;
    }
    if (record.list && typeof record.list === 'object') {
      return Object.keys(record.list).join(', ');
    }
  }
  return JSON.stringify(value);
}

interface ParsedInkState {
  variables: { name: string; value: string; isChanged: boolean }[];
  visitCounts: { path: string; count: number }[];
  turnIndex: number | null;
}

/** A path of the author's names (`knot`, `knot.stitch`), not one of ink's inner containers. */
const AUTHOR_PATH = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)?$/;

/**
 * Variables, visit counts and turn index. With the compiled story the state was saved under,
 * every variable (changed or not) and every knot and stitch; without it, what the state JSON
 * holds: only changed variables, and the visits of named knots and stitches (unreadable parts
 * are empty).
 */
function parseInkState(stateJson: string, compiledJson: string | null): ParsedInkState {
  let parsed: Record<string, unknown> = {};
  try {
    const value = JSON.parse(stateJson) as unknown;
    if (value && typeof value === 'object') {
      parsed = value as Record<string, unknown>;
    }
  } catch {
    // An unreadable state lists nothing; its raw text is still shown.
  }
  const turnIndex = typeof parsed.turnIdx === 'number' ? parsed.turnIdx : null;
  if (compiledJson !== null) {
    try {
      const { story } = loadInkStory(compiledJson);
      story.state.LoadJson(stateJson);
      return {
        variables: listInkVariables(story),
        visitCounts: listInkVisitCounts(story),
        turnIndex,
      };
    } catch {
      // A state the story cannot load is read from its JSON below.
    }
  }
  const asRecord = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const variables = Object.entries(asRecord(parsed.variablesState))
    .map(([name, value]) => ({ name, value: formatInkValue(value), isChanged: true }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const visitCounts = Object.entries(asRecord(parsed.visitCounts))
    .filter(
      (entry): entry is [string, number] =>
        typeof entry[1] === 'number' && AUTHOR_PATH.test(entry[0]),
    )
    .map(([path, count]) => ({ path, count }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return { variables, visitCounts, turnIndex };
}

type ExchangeRow = NonNullable<InkStateTurn['exchange']>;

/**
 * The story's turns with the exchange each one logged. Every choice, free or error turn logged
 * one exchange with an `ink_turn`, in the same order; the story log keeps only its newest turns,
 * so the two are aligned from the end.
 */
function joinTranscript(saved: SavedInkState, exchanges: ExchangeRow[]): InkStateTurn[] {
  const logged = saved.turns.filter((turn) => turn.kind !== 'start' && turn.kind !== 'restart');
  const offset = exchanges.length - logged.length;
  const exchangeByTurn = new Map<number, ExchangeRow>();
  logged.forEach((turn, index) => {
    const exchange = exchanges[offset + index];
    if (exchange) {
      exchangeByTurn.set(turn.turn, exchange);
    }
  });
  return saved.turns.map((turn) => ({
    turn: turn.turn,
    kind: turn.kind,
    choiceText: turn.choiceText,
    path: turn.path,
    at: new Date(turn.at).toISOString(),
    note: turn.note,
    exchange: exchangeByTurn.get(turn.turn) ?? null,
  }));
}

/** One conversation's ink state in full, for View Inky States' detail (platform admins). */
export async function getInkState(
  db: Database,
  source: InkConversationSource,
  conversationId: string,
): Promise<InkStateDetail> {
  const result = await db.execute<StateRowSql & { ink: unknown }>(sql`
    select ${ROW_COLUMNS}, c.state->'ink' as ink ${fromSavedStates(source)}
    where c.id = ${conversationId} and c.state ? 'ink'`);
  const row = result.rows[0];
  if (!row || !isSavedInkState(row.ink)) {
    throw notFound(INK_STATE_NOT_FOUND_MESSAGE);
  }
  const saved = row.ink;
  const [[version], exchanges, published] = await Promise.all([
    db
      .select({ compiledJson: inkStoryVersions.compiledJson })
      .from(inkStoryVersions)
      .where(eq(inkStoryVersions.id, saved.versionId)),
    source.listInkExchanges(db, conversationId),
    findPublishedInkVersion(db, row.storyfile_id),
  ]);
  let fitsPublished: InkStateDetail['fitsPublished'] = null;
  if (published) {
    const check =
      published.id === saved.versionId
        ? ({ isCompatible: true } as const)
        : tryLoadInkState(loadInkStory(published.compiledJson), saved.inkState);
    fitsPublished = check.isCompatible
      ? { fits: true, reason: null }
      : { fits: false, reason: check.reason };
  }
  return {
    ...presentRow(row),
    inkSaveVersion: readInkSaveVersion(saved.inkState),
    ...parseInkState(saved.inkState, version?.compiledJson ?? null),
    transcript: joinTranscript(saved, exchanges),
    stateJson: saved.inkState,
    compiledJson: version?.compiledJson ?? null,
    fitsPublished,
  };
}
