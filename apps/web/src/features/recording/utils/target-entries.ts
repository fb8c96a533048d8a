import type { RecordTargetItem } from './targets';
import {
  describeTargetStatus,
  isTargetDone,
  type TargetStatus,
  type TargetUploadState,
} from './upload-state';

/** A target as the list and the teleprompter show it: with its status and whether it is done. */
export interface TargetListEntry {
  item: RecordTargetItem;
  status: TargetStatus;
  isDone: boolean;
}

/**
 * Every target with what is known about it: its live upload (from the uploads feature), a take
 * kept in this visit, or a recording the server has.
 */
export function buildTargetEntries(
  items: readonly RecordTargetItem[],
  {
    getUploadState,
    keptKeys,
  }: {
    getUploadState: ((key: string) => TargetUploadState | undefined) | undefined;
    keptKeys: ReadonlySet<string>;
  },
): TargetListEntry[] {
  return items.map((item) => {
    const facts = {
      uploadState: getUploadState?.(item.key),
      isRecorded: item.isRecorded,
      isKept: keptKeys.has(item.key),
    };
    return { item, status: describeTargetStatus(facts), isDone: isTargetDone(facts) };
  });
}
