import { ChevronRight } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { cn } from './ui/cn';
import { buildBreadcrumbs, type Breadcrumb, type BreadcrumbOverride } from '@/lib/breadcrumbs';

// Screens that know better names for raw segments (a storyfile id -> its name) put them here; the
// top bar renders the breadcrumbs without knowing which screen is open.
let screenOverrides: Readonly<Record<string, BreadcrumbOverride>> = {};
const overrideListeners = new Set<() => void>();

function subscribeOverrides(listener: () => void): () => void {
  overrideListeners.add(listener);
  return () => overrideListeners.delete(listener);
}

function setScreenOverride(segment: string, override: BreadcrumbOverride | undefined): void {
  const next = { ...screenOverrides };
  if (override === undefined) {
    delete next[segment];
  } else {
    next[segment] = override;
  }
  screenOverrides = next;
  overrideListeners.forEach((listener) => listener());
}

/** Shows `label` instead of a raw path segment in the breadcrumbs while the caller is mounted. */
export function useBreadcrumbLabel(segment: string, label: string | undefined): void {
  useEffect(() => {
    if (label === undefined) {
      return undefined;
    }
    setScreenOverride(segment, { label });
    return () => setScreenOverride(segment, undefined);
  }, [segment, label]);
}

function CrumbContent({ crumb, isLast }: { crumb: Breadcrumb; isLast: boolean }) {
  if (crumb.isLink) {
    return (
      <Link
        to={crumb.link}
        className="rounded font-medium text-slate-600 hover:text-brand-700 hover:underline"
      >
        {crumb.label}
      </Link>
    );
  }
  if (isLast) {
    return (
      <span aria-current="page" className="font-semibold text-slate-900">
        {crumb.label}
      </span>
    );
  }
  // A disabled crumb (account, analytics, training) has an empty link: shown, not followable.
  return (
    <span aria-disabled={crumb.isDisabled || undefined} className="text-slate-500">
      {crumb.label}
    </span>
  );
}

/**
 * The crumbs of a pathname (spec §2 Breadcrumbs): earlier crumbs are links, the last one is plain
 * text, and account, analytics and training crumbs are shown disabled.
 */
export function Breadcrumbs({
  pathname,
  overrides,
}: {
  pathname: string;
  overrides?: Readonly<Record<string, BreadcrumbOverride>>;
}) {
  const fromScreens = useSyncExternalStore(subscribeOverrides, () => screenOverrides);
  const crumbs = buildBreadcrumbs(pathname, { ...fromScreens, ...overrides });
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {crumbs.map((crumb, index) => (
          <li
            key={`${index}-${crumb.segment}`}
            // Earlier crumbs are short section names: only the last (a storyfile's name) gives
            // way, or a long name squeezed the StoryFiles link to nothing.
            className={cn(
              'flex items-center gap-1.5',
              index === crumbs.length - 1 ? 'min-w-0' : 'shrink-0',
            )}
          >
            {index === 0 ? null : (
              <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            )}
            <span className="truncate">
              <CrumbContent crumb={crumb} isLast={index === crumbs.length - 1} />
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
