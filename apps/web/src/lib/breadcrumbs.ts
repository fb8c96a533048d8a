import { DASHBOARD_WELCOME_HEADING } from '@conversa/contracts/constants';

export type Breadcrumb = {
  /** Raw path segment the crumb comes from. */
  segment: string;
  label: string;
  /** Empty for disabled crumbs. */
  link: string;
  /** Rendered as a link; false for the last crumb and for disabled ones. */
  isLink: boolean;
  isDisabled: boolean;
};

/** Caller-supplied replacements for a raw segment, e.g. a storyfile id -> its name. */
export type BreadcrumbOverride = { label?: string; link?: string };

const DISABLED_SEGMENTS = new Set(['account', 'analytics', 'training']);

/** Formats a raw segment: underscores to spaces, StoryFile/StoryLine camel case, words capitalised. */
export function formatCrumbLabel(segment: string): string {
  return segment
    .replaceAll('_', ' ')
    .replace(/toryfile/gi, 'toryFile')
    .replace(/toryline/gi, 'toryLine')
    .replace(
      /(^|\s)(\S)/g,
      (_match, space: string, letter: string) => space + letter.toUpperCase(),
    );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Builds the crumbs of a pathname (spec §2 Breadcrumbs). Segments in square brackets are dropped
 * first, so neither labels nor links contain them. A crumb's link is `/` plus the raw segments up
 * to and including its own, unless an override gives it a link. An override label is shown as
 * given; other labels go through formatCrumbLabel, and a first `dashboard` crumb shows the welcome
 * heading.
 */
export function buildBreadcrumbs(
  pathname: string,
  overrides: Readonly<Record<string, BreadcrumbOverride>> = {},
): Breadcrumb[] {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter((segment) => segment !== '' && !/^\[.*\]$/.test(segment));

  return segments.map((segment, index) => {
    const override = Object.hasOwn(overrides, segment) ? overrides[segment] : undefined;
    const isDisabled = DISABLED_SEGMENTS.has(segment.toLowerCase());
    const isLast = index === segments.length - 1;
    const label =
      override?.label ??
      (index === 0 && segment === 'dashboard'
        ? DASHBOARD_WELCOME_HEADING
        : formatCrumbLabel(decodeSegment(segment)));
    const link = isDisabled ? '' : (override?.link ?? `/${segments.slice(0, index + 1).join('/')}`);
    return { segment, label, link, isLink: !isLast && !isDisabled, isDisabled };
  });
}
