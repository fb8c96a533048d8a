import {
  getVisibleMenuItems,
  type AppRoute,
  type CurrentUser,
  type MenuGroup,
  type MenuSection,
} from '@conversa/contracts';
import {
  BookOpenText,
  Building2,
  ChevronDown,
  Clapperboard,
  ExternalLink,
  GraduationCap,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MessagesSquare,
  Smartphone,
  TicketPercent,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useBrand } from '@/components/brand';
import { cn } from '@/components/ui/cn';

type MenuEntry =
  { kind: 'item'; item: AppRoute } | { kind: 'group'; group: MenuGroup; items: AppRoute[] };

const SECTIONS: readonly MenuSection[] = ['MAIN', 'ADMIN'];

const ITEM_ICONS: Partial<Record<string, LucideIcon>> = {
  '/dashboard': LayoutDashboard,
  '/storyfiles': Clapperboard,
};
const GROUP_ICONS: Record<MenuGroup, LucideIcon> = {
  'Script Library': BookOpenText,
  Training: MessagesSquare,
  Learning: GraduationCap,
  Account: Building2,
  'Mobile App': Smartphone,
  'Promo Codes': TicketPercent,
};

/** Groups consecutive entries of the same menu group, keeping the order of the route table. */
function groupEntries(items: readonly AppRoute[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const item of items) {
    const last = entries.at(-1);
    if (item.group === null) {
      entries.push({ kind: 'item', item });
    } else if (last?.kind === 'group' && last.group === item.group) {
      last.items.push(item);
    } else {
      entries.push({ kind: 'group', group: item.group, items: [item] });
    }
  }
  return entries;
}

const LINK_CLASS =
  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:bg-slate-800 hover:text-white aria-[current=page]:bg-brand-600 aria-[current=page]:text-white';

function MenuLink({ item, isNested }: { item: AppRoute; isNested: boolean }) {
  const Icon = ITEM_ICONS[item.path];
  return (
    <NavLink to={item.path} end className={cn(LINK_CLASS, isNested && 'py-1.5 pl-10')}>
      {Icon === undefined ? null : <Icon className="size-4 shrink-0" aria-hidden="true" />}
      {item.label}
    </NavLink>
  );
}

function MenuGroupEntry({
  group,
  items,
  pathname,
}: {
  group: MenuGroup;
  items: AppRoute[];
  pathname: string;
}) {
  const listId = useId();
  const hasActiveItem = items.some(
    (item) => pathname === item.path || pathname.startsWith(`${item.path}/`),
  );
  const [toggled, setToggled] = useState<boolean | null>(null);
  // Open while one of its screens is shown, until the user closes it.
  const isOpen = toggled ?? hasActiveItem;
  const Icon = GROUP_ICONS[group];
  return (
    <li>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setToggled(!isOpen)}
        className={cn(
          LINK_CLASS,
          'w-full text-left',
          hasActiveItem && !isOpen && 'bg-slate-800 text-white',
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span className="flex-1">{group}</span>
        <ChevronDown
          className={cn('size-4 shrink-0 transition-transform', isOpen && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <ul id={listId} hidden={!isOpen} className="mt-1 space-y-0.5">
        {items.map((item) => (
          <li key={item.path}>
            <MenuLink item={item} isNested />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The left menu (spec §2 Layout, §6 menu gating): the entries of the route table the user may
 * see, under MAIN and ADMIN, and the Help Center button.
 */
export function SideMenu({ user, pathname }: { user: CurrentUser; pathname: string }) {
  const visible = getVisibleMenuItems(user);
  const idPrefix = useId();
  const brand = useBrand();
  return (
    <nav aria-label="Main menu" className="flex min-h-0 flex-1 flex-col">
      <Link
        to="/dashboard"
        className="mx-3 mt-4 mb-2 flex items-center rounded-lg px-3 py-2 text-lg font-bold tracking-tight text-white"
      >
        {brand.isDefault ? (
          <>
            Conversa<span className="ml-1 font-medium text-brand-300">Studio</span>
          </>
        ) : (
          brand.name
        )}
      </Link>
      <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-3 py-3">
        {SECTIONS.map((section) => {
          const entries = groupEntries(visible.filter((item) => item.section === section));
          if (entries.length === 0) {
            return null;
          }
          const headingId = `${idPrefix}-${section}`;
          return (
            <div key={section}>
              <h2
                id={headingId}
                className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-400"
              >
                {section}
              </h2>
              <ul aria-labelledby={headingId} className="space-y-0.5">
                {entries.map((entry) =>
                  entry.kind === 'item' ? (
                    <li key={entry.item.path}>
                      <MenuLink item={entry.item} isNested={false} />
                    </li>
                  ) : (
                    <MenuGroupEntry
                      key={entry.group}
                      group={entry.group}
                      items={entry.items}
                      pathname={pathname}
                    />
                  ),
                )}
              </ul>
            </div>
          );
        })}
      </div>
      <div className="border-t border-slate-800 px-3 py-3">
        <a
          href={brand.helpCenterUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={LINK_CLASS}
        >
          <LifeBuoy className="size-4 shrink-0" aria-hidden="true" />
          <span className="flex-1">Help Center</span>
          <ExternalLink className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </nav>
  );
}
