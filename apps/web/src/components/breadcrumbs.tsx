import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buildBreadcrumbs, type Breadcrumb, type BreadcrumbOverride } from '@/lib/breadcrumbs';

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
  const crumbs = buildBreadcrumbs(pathname, overrides);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.segment}`} className="flex min-w-0 items-center gap-1.5">
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
