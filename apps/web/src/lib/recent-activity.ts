import {
  DEFAULT_PAGE_SIZE,
  DELETED_NAME_MARKER,
  MAX_ROWS_PER_PAGE,
  MIN_ROWS_PER_PAGE,
  RECENT_LIST_LIMIT,
} from '@conversa/contracts/constants';

export const RECENT_ACTIVITY_STORAGE_KEY = 'conversa.recentActivity';
export const RECENT_STORYFILES_STORAGE_KEY = 'conversa.recentStoryfiles';
export const PAGE_SIZE_STORAGE_KEY = 'conversa.pageSize';
export const LIST_VIEW_STORAGE_KEY = 'conversa.listView';

/** A recent-activity entry, stored under its name (spec §3). */
export type RecentActivity = {
  url: string;
  /** Epoch milliseconds. */
  addedOn: number;
  chatLogQuery?: string;
  storyfileId?: string;
};
export type NamedRecentActivity = RecentActivity & { name: string };
export type RecentStoryfile = { id: string; addedOn: number };

export const LIST_VIEWS = ['grid', 'list'] as const;
export type ListView = (typeof LIST_VIEWS)[number];
export const DEFAULT_LIST_VIEW: ListView = 'grid';

type Dated = { addedOn: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

// Storage is shared with older versions and the user's devtools: anything malformed is dropped
// rather than trusted.
function readMap<T extends Dated>(
  storage: Storage,
  key: string,
  isEntry: (value: Record<string, unknown>) => boolean,
): Record<string, T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(key) ?? '{}');
  } catch {
    return {};
  }
  if (!isRecord(parsed)) {
    return {};
  }
  const entries = Object.entries(parsed).filter(
    (entry): entry is [string, T] =>
      isRecord(entry[1]) && Number.isFinite(entry[1].addedOn) && isEntry(entry[1]),
  );
  return Object.fromEntries(entries);
}

// Newest first; on equal times the later-written key wins, so re-adding promotes an entry.
function sortNewestFirst<T extends Dated>(map: Record<string, T>): [string, T][] {
  return Object.entries(map)
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => b.entry[1].addedOn - a.entry[1].addedOn || b.order - a.order)
    .map(({ entry }) => entry);
}

function writeNewest<T extends Dated>(storage: Storage, key: string, map: Record<string, T>): void {
  const kept = sortNewestFirst(map).slice(0, RECENT_LIST_LIMIT);
  storage.setItem(key, JSON.stringify(Object.fromEntries(kept.reverse())));
}

function isRecentActivity(value: Record<string, unknown>): boolean {
  return (
    typeof value.url === 'string' &&
    isOptionalString(value.chatLogQuery) &&
    isOptionalString(value.storyfileId)
  );
}

function isDeleted(name: string): boolean {
  return name.includes(DELETED_NAME_MARKER);
}

/** Recent activity, newest first, at most RECENT_LIST_LIMIT entries. */
export function getRecentActivity(storage: Storage): NamedRecentActivity[] {
  return sortNewestFirst(
    readMap<RecentActivity>(storage, RECENT_ACTIVITY_STORAGE_KEY, isRecentActivity),
  )
    .slice(0, RECENT_LIST_LIMIT)
    .map(([name, activity]) => ({ ...activity, name }));
}

/**
 * Records an activity under its name, replacing an entry of the same name and keeping the 5
 * newest. Returns false, storing nothing, for a name containing ' - Deleted'.
 */
export function addRecentActivity(
  storage: Storage,
  name: string,
  activity: Omit<RecentActivity, 'addedOn'>,
  now: number = Date.now(),
): boolean {
  if (isDeleted(name)) {
    return false;
  }
  const map = readMap<RecentActivity>(storage, RECENT_ACTIVITY_STORAGE_KEY, isRecentActivity);
  delete map[name];
  map[name] = { ...activity, addedOn: now };
  writeNewest(storage, RECENT_ACTIVITY_STORAGE_KEY, map);
  return true;
}

/** Recent storyfiles, newest first, at most RECENT_LIST_LIMIT entries. */
export function getRecentStoryfiles(storage: Storage): RecentStoryfile[] {
  return sortNewestFirst(readMap<Dated>(storage, RECENT_STORYFILES_STORAGE_KEY, () => true))
    .slice(0, RECENT_LIST_LIMIT)
    .map(([id, { addedOn }]) => ({ id, addedOn }));
}

/**
 * Records a visited storyfile under its id, keeping the 5 newest. Returns false, storing nothing,
 * when the storyfile's name contains ' - Deleted'.
 */
export function addRecentStoryfile(
  storage: Storage,
  storyfile: { id: string; name: string },
  now: number = Date.now(),
): boolean {
  if (isDeleted(storyfile.name)) {
    return false;
  }
  const map = readMap<Dated>(storage, RECENT_STORYFILES_STORAGE_KEY, () => true);
  delete map[storyfile.id];
  map[storyfile.id] = { addedOn: now };
  writeNewest(storage, RECENT_STORYFILES_STORAGE_KEY, map);
  return true;
}

/** The stored page size if it is a valid rows-per-page value, else the default of 30. */
export function getPageSize(storage: Storage): number {
  const stored = Number(storage.getItem(PAGE_SIZE_STORAGE_KEY) ?? Number.NaN);
  return Number.isInteger(stored) && stored >= MIN_ROWS_PER_PAGE && stored <= MAX_ROWS_PER_PAGE
    ? stored
    : DEFAULT_PAGE_SIZE;
}

export function setPageSize(storage: Storage, pageSize: number): void {
  storage.setItem(PAGE_SIZE_STORAGE_KEY, String(pageSize));
}

/** The stored list view, or grid when nothing valid is stored. */
export function getListView(storage: Storage): ListView {
  const stored = storage.getItem(LIST_VIEW_STORAGE_KEY);
  return LIST_VIEWS.find((view) => view === stored) ?? DEFAULT_LIST_VIEW;
}

export function setListView(storage: Storage, view: ListView): void {
  storage.setItem(LIST_VIEW_STORAGE_KEY, view);
}
