import { History } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { formatUsDateTime } from '@/lib/format';
import {
  addRecentActivity,
  getRecentActivity,
  RECENT_ACTIVITY_STORAGE_KEY,
  type NamedRecentActivity,
  type RecentActivity,
} from '@/lib/recent-activity';

const RECENT_ACTIVITY_EVENT = 'conversa:recent-activity';

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_ACTIVITY_STORAGE_KEY) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(RECENT_ACTIVITY_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(RECENT_ACTIVITY_EVENT, listener);
  };
}

// useSyncExternalStore needs the same snapshot for unchanged storage, so the parsed list is
// cached by the raw stored text.
let cachedRaw: string | null | undefined;
let cachedList: NamedRecentActivity[] = [];
function getSnapshot(): NamedRecentActivity[] {
  const raw = localStorage.getItem(RECENT_ACTIVITY_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedList = getRecentActivity(localStorage);
  }
  return cachedList;
}

/**
 * Records a visit in the recent activity (spec §3, §5): the 5 newest entries are kept, and a name
 * containing ` - Deleted` is never added. Returns whether it was recorded.
 */
export function recordRecentActivity(
  name: string,
  activity: Omit<RecentActivity, 'addedOn'>,
): boolean {
  const isAdded = addRecentActivity(localStorage, name, activity);
  if (isAdded) {
    window.dispatchEvent(new Event(RECENT_ACTIVITY_EVENT));
  }
  return isAdded;
}

/** The recent activity, newest first, updated when this or another tab records a visit. */
export function useRecentActivity(): {
  entries: NamedRecentActivity[];
  record: typeof recordRecentActivity;
} {
  const entries = useSyncExternalStore(subscribe, getSnapshot);
  return { entries, record: recordRecentActivity };
}

/** The recent activity as a list of links with their US date and time, or an empty state. */
export function RecentActivityList({ timeZone }: { timeZone?: string }) {
  const { entries } = useRecentActivity();
  if (entries.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
        <History className="size-8 text-slate-400" aria-hidden="true" />
        <p className="mt-3 font-medium text-slate-800">No recent activity yet</p>
        <p className="mt-1 max-w-sm text-sm text-slate-600">
          The storyfiles, scripts and chat logs you open will be listed here, the five newest first.
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="Recent activity" className="divide-y divide-slate-100">
      {entries.map((entry) => (
        <li key={entry.name} className="flex items-center justify-between gap-4 py-3">
          <Link
            to={entry.url}
            className="truncate font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            {entry.name}
          </Link>
          <time
            dateTime={new Date(entry.addedOn).toISOString()}
            className="shrink-0 text-sm text-slate-500"
          >
            {formatUsDateTime(entry.addedOn, timeZone)}
          </time>
        </li>
      ))}
    </ul>
  );
}
