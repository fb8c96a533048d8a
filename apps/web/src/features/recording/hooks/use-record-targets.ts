import type { StoryfileDetail } from '@conversa/contracts';
import { useMemo, useState } from 'react';
import { buildTargetEntries } from '../utils/target-entries';
import {
  findAdjacentKey,
  findInitialKey,
  findNextUnrecordedKey,
  listRecordTargets,
  resolveCurrentKey,
  type RecordTargetItem,
} from '../utils/targets';
import type { TargetUploadState } from '../utils/upload-state';

/**
 * The storyfile's questions and clips in recording order, which one is on show, and the takes
 * kept in this visit. A target is done once it is recorded, kept, or on its way up; a failed
 * upload needs a take again. `requestedKey` (a link's `question=<id>`) is shown first when the
 * script holds it.
 */
export function useRecordTargets(
  storyfile: StoryfileDetail,
  getUploadState: ((key: string) => TargetUploadState | undefined) | undefined,
  requestedKey?: string,
) {
  const items = useMemo(() => listRecordTargets(storyfile), [storyfile]);
  const [keptKeys, setKeptKeys] = useState<ReadonlySet<string>>(() => new Set());
  const entries = buildTargetEntries(items, { getUploadState, keptKeys });
  const doneKeys = new Set(entries.filter((entry) => entry.isDone).map((entry) => entry.item.key));
  const needsTake = (item: RecordTargetItem) => !doneKeys.has(item.key);

  const [selectedKey, setSelectedKey] = useState<string | null>(() =>
    items.some((item) => item.key === requestedKey)
      ? requestedKey!
      : findInitialKey(items, needsTake),
  );
  const currentKey = resolveCurrentKey(items, selectedKey, needsTake);

  /**
   * Records that the take of `key` was kept and moves on to the next target still needing one.
   * Answers false when none is left.
   */
  function markKept(key: string): boolean {
    const nextKept = new Set(keptKeys).add(key);
    setKeptKeys(nextKept);
    const next = findNextUnrecordedKey(
      items,
      key,
      (item) => needsTake(item) && !nextKept.has(item.key),
    );
    if (next === undefined) {
      return false;
    }
    setSelectedKey(next);
    return true;
  }

  return {
    entries,
    questionCount: items.filter((item) => item.target.kind === 'question').length,
    currentKey,
    currentEntry: entries.find((entry) => entry.item.key === currentKey),
    previousKey: findAdjacentKey(items, currentKey, -1),
    nextKey: findAdjacentKey(items, currentKey, 1),
    select: setSelectedKey,
    markKept,
  };
}

export type RecordTargets = ReturnType<typeof useRecordTargets>;
