import { inArray } from 'drizzle-orm';
import { pickInkClipTag, type ClipKind } from '@conversa/contracts';
import {
  continueInkTurn,
  listInkPlaces,
  loadInkStory,
  tryLoadInkState,
  type InkChoiceOption,
  type InkLine,
  type InkTurnOutput,
} from '@conversa/contracts/ink/run-ink';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import type { MatchableChoice } from './choice-matching.ts';
import { findPublishedInkVersion } from './ink.service.ts';
import { readPublishedInkVersion } from './published-story-cache.ts';

/** A turn as the conversation's story log keeps it. */
export interface SavedInkTurn {
  turn: number;
  kind: 'start' | 'choice' | 'free' | 'restart' | 'error';
  choiceText: string | null;
  path: string | null;
  at: string;
  /** Why a restart or error happened. */
  note: string | null;
}

/**
 * What a conversation keeps of its ink story (`conversations.state.ink`), saved after every
 * turn: the ink state JSON with the story version it belongs to, the open choices and a log.
 */
export interface SavedInkState {
  versionId: string;
  versionNumber: number;
  inkState: string;
  choices: { index: number; text: string }[];
  hasEnded: boolean;
  currentPath: string | null;
  turns: SavedInkTurn[];
}

/** Turns kept in the story log (the oldest go first); the chat log keeps every exchange. */
const MAX_SAVED_TURNS = 200;

export function isSavedInkState(value: unknown): value is SavedInkState {
  const saved = value as Partial<SavedInkState> | null | undefined;
  return (
    typeof saved === 'object' &&
    saved !== null &&
    typeof saved.versionId === 'string' &&
    typeof saved.inkState === 'string' &&
    Array.isArray(saved.turns)
  );
}

/**
 * Where the story stands, as `knot` or `knot.stitch`: ink's own pointer while it runs, else the
 * knot of the open choices (ink's pointer is empty while it waits at a choice); null at the end
 * and in the story's top-level flow, outside any knot.
 */
export function findStoryPlace(story: {
  state: { currentPathString: string | null };
  currentChoices: readonly { sourcePath: string }[];
}): string | null {
  const path = story.state.currentPathString ?? story.currentChoices[0]?.sourcePath ?? null;
  if (!path) {
    return null;
  }
  // Drop ink's inner containers (`0`, `c-0`, `g-1`, `s-2`…) after the knot and stitch names.
  const names: string[] = [];
  for (const segment of path.split('.')) {
    if (/^\d+$/.test(segment) || /^[a-z]-\d+$/.test(segment)) {
      break;
    }
    names.push(segment);
  }
  // Only inner containers ("0.12", the story's top-level flow): no knot to name, and the raw path
  // read as one (issue 44).
  return names.length > 0 ? names.join('.') : null;
}

export interface InkLineClip {
  text: string;
  clip: { kind: 'answer'; questionId: string } | { kind: 'clip'; clip: ClipKind } | null;
}

function toLineClips(lines: readonly InkLine[]): InkLineClip[] {
  return lines.map((line) => {
    const tag = pickInkClipTag(line.tags);
    return {
      text: line.text,
      clip:
        tag?.kind === 'answer'
          ? { kind: 'answer', questionId: tag.questionId }
          : tag?.kind === 'clip'
            ? { kind: 'clip', clip: tag.clip }
            : null,
    };
  });
}

export interface InkSession {
  versionNumber: number;
  /** The lines the story opened with when it (re)started during this ask. */
  opening: InkLineClip[];
  /** Set when a saved place no longer fit the published version and the story restarted. */
  notice: string | null;
  getChoices(): InkChoiceOption[];
  /** The open choices with the phrasings of the answers each leads to, for matching. */
  getMatchableChoices(db: Database): Promise<MatchableChoice[]>;
  /** Takes a choice; a runtime error leaves the story where it was and is in `errors`. */
  choose(index: number): { choiceText: string; lines: InkLineClip[]; errors: string[] };
  /** Records a turn that did not move the story (a free question). */
  recordFreeTurn(): void;
  toSaved(): SavedInkState;
}

/** A saved state whose story has ended: a new Start begins a new conversation. */
export function hasInkStoryEnded(saved: unknown): boolean {
  return isSavedInkState(saved) && saved.hasEnded;
}

/**
 * The conversation's story, ready for one turn: resumed from its saved state, or started (at
 * `startPath`, a knot or stitch, when given: refused with a 400 when the story has none such). A
 * state saved under an older version is checked against the published one first; if it no longer
 * fits, the story restarts and the log says so. Null when the storyfile has no published story.
 */
export async function openInkSession(
  db: Database,
  storyfileId: string,
  saved: unknown,
  {
    now = new Date(),
    startPath,
    publishedVersionId,
  }: {
    now?: Date;
    startPath?: string | undefined;
    /**
     * The published version as this ask read it (with the matcher's stamp): its compiled story
     * comes from the per-version cache. Without it the published version is read here.
     */
    publishedVersionId?: string | undefined;
  } = {},
): Promise<InkSession | null> {
  const published =
    publishedVersionId === undefined
      ? await findPublishedInkVersion(db, storyfileId)
      : await readPublishedInkVersion(db, storyfileId, publishedVersionId);
  if (!published) {
    return null;
  }
  const previous = isSavedInkState(saved) && startPath === undefined ? saved : null;
  const turns: SavedInkTurn[] = previous ? [...previous.turns] : [];
  let loaded = loadInkStory(published.compiledJson);
  let opening: InkLineClip[] = [];
  let notice: string | null = null;
  let hasEnded = previous?.hasEnded ?? false;
  const log = (entry: Omit<SavedInkTurn, 'turn' | 'at' | 'path'>) => {
    turns.push({
      ...entry,
      turn: (turns.at(-1)?.turn ?? 0) + 1,
      at: now.toISOString(),
      path: findStoryPlace(loaded.story),
    });
  };
  const start = () => {
    const output: InkTurnOutput = continueInkTurn(loaded);
    opening = toLineClips(output.lines);
    hasEnded = output.hasEnded;
    return output;
  };

  if (startPath !== undefined) {
    if (!listInkPlaces(loaded.story).includes(startPath)) {
      throw badRequest(`There is no knot or stitch "${startPath}" in the published story.`);
    }
    loaded.story.ChoosePathString(startPath);
    start();
    log({ kind: 'start', choiceText: null, note: `Started at "${startPath}".` });
  } else if (!previous) {
    start();
    log({ kind: 'start', choiceText: null, note: null });
  } else {
    const fit = tryLoadInkState(loaded, previous.inkState);
    if (!fit.isCompatible) {
      notice =
        previous.versionId === published.id
          ? `The saved story state could not be read (${fit.reason}): the story restarted.`
          : `The story changed from version ${previous.versionNumber} to ${published.number} and this conversation's place no longer fits (${fit.reason}): the story restarted.`;
      loaded = loadInkStory(published.compiledJson);
      start();
      log({ kind: 'restart', choiceText: null, note: notice });
    }
  }

  const session: InkSession = {
    versionNumber: published.number,
    opening,
    notice,
    getChoices: () =>
      loaded.story.currentChoices.map(({ index, text, tags }) => ({
        index,
        text,
        tags: tags ?? [],
      })),
    async getMatchableChoices(database) {
      // Peek down each branch (on a copy of the state) for the answers it plays.
      const stateJson = loaded.story.state.ToJson();
      const questionIds = new Map<number, string[]>();
      for (const choice of loaded.story.currentChoices) {
        const ids: string[] = [];
        const collect = (tags: readonly string[]) => {
          const tag = pickInkClipTag(tags);
          if (tag?.kind === 'answer') {
            ids.push(tag.questionId);
          }
        };
        collect(choice.tags ?? []);
        try {
          const peek = loadInkStory(published.compiledJson);
          peek.story.state.LoadJson(stateJson);
          peek.story.ChooseChoiceIndex(choice.index);
          for (const line of continueInkTurn(peek).lines) {
            collect(line.tags);
          }
        } catch {
          // A branch that fails to run is still taken by its own words.
        }
        questionIds.set(choice.index, ids);
      }
      const allIds = [...new Set([...questionIds.values()].flat())].filter((id) =>
        /^[0-9a-f-]{36}$/i.test(id),
      );
      const rows = allIds.length
        ? await database
            .select({
              id: storyfileQuestions.id,
              text: storyfileQuestions.text,
              alternates: storyfileQuestions.alternates,
            })
            .from(storyfileQuestions)
            .where(inArray(storyfileQuestions.id, allIds))
        : [];
      const phrasings = new Map(rows.map((row) => [row.id, [row.text, ...row.alternates]]));
      return loaded.story.currentChoices.map((choice) => ({
        index: choice.index,
        text: choice.text,
        alternates: (questionIds.get(choice.index) ?? []).flatMap((id) => phrasings.get(id) ?? []),
      }));
    },
    choose(index) {
      const choice = loaded.story.currentChoices.find((option) => option.index === index);
      if (!choice) {
        return { choiceText: '', lines: [], errors: [`There is no choice ${index} here.`] };
      }
      const before = loaded.story.state.ToJson();
      try {
        loaded.story.ChooseChoiceIndex(index);
        const output = continueInkTurn(loaded);
        if (output.errors.length > 0) {
          loaded.story.state.LoadJson(before);
          log({ kind: 'error', choiceText: choice.text, note: output.errors.join(' ') });
          return { choiceText: choice.text, lines: [], errors: output.errors };
        }
        hasEnded = output.hasEnded;
        log({ kind: 'choice', choiceText: choice.text, note: null });
        return { choiceText: choice.text, lines: toLineClips(output.lines), errors: [] };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        loaded.story.state.LoadJson(before);
        log({ kind: 'error', choiceText: choice.text, note: message });
        return { choiceText: choice.text, lines: [], errors: [message] };
      }
    },
    recordFreeTurn() {
      log({ kind: 'free', choiceText: null, note: null });
    },
    toSaved: () => ({
      versionId: published.id,
      versionNumber: published.number,
      inkState: loaded.story.state.ToJson(),
      choices: loaded.story.currentChoices.map(({ index, text }) => ({ index, text })),
      hasEnded,
      currentPath: findStoryPlace(loaded.story),
      turns: turns.slice(-MAX_SAVED_TURNS),
    }),
  };
  return session;
}
