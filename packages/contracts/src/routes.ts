import type { CurrentUser } from './auth/current-user.ts';
import { checkRequirement, isRestrictedOnly, type Requirement } from './permissions/rules.ts';

export type MenuSection = 'MAIN' | 'ADMIN';
export type MenuGroup =
  'Script Library' | 'Training' | 'Learning' | 'Account' | 'Mobile App' | 'Promo Codes';

export type AppRoute = {
  readonly path: string;
  readonly label: string;
  /** Left-menu section; null for routes that are not menu entries. */
  readonly section: MenuSection | null;
  /** Menu heading the entry sits under; null for a top-level entry. */
  readonly group: MenuGroup | null;
  readonly requirement: Requirement;
  /** A students' screen: the only kind a student (restricted role only) sees (issue 18). */
  readonly isForStudents?: boolean;
};

const LOGGED_IN = { kind: 'loggedIn' } as const;
const ADMIN = { kind: 'admin' } as const;
const EDIT = { kind: 'role', scope: 'edit:ns' } as const;
const OWNER = { kind: 'role', scope: 'owner:ns' } as const;
const LEARNING = { kind: 'attribute', attribute: 'LEARNING_MODULE', scope: 'owner:ns' } as const;
const WHITELIST = { kind: 'attribute', attribute: 'SSO_WHITELIST', scope: 'owner:ns' } as const;

/**
 * Every route of spec §2, read by the web menu, the web route guards and the server. Screens whose
 * role is "not shown" in the spec only need a login.
 */
export const ROUTES = [
  { path: '/', label: 'Home', section: null, group: null, requirement: { kind: 'public' } },
  // Layout wrapper of every logged-in screen; never a menu entry.
  { path: '/_app', label: 'App', section: null, group: null, requirement: LOGGED_IN },
  { path: '/dashboard', label: 'Dashboard', section: 'MAIN', group: null, requirement: LOGGED_IN },
  {
    path: '/storyfiles',
    label: 'StoryFiles',
    section: 'MAIN',
    group: null,
    requirement: LOGGED_IN,
  },
  {
    path: '/topics',
    label: 'Topics',
    section: 'MAIN',
    group: 'Script Library',
    requirement: LOGGED_IN,
  },
  {
    path: '/topics/templates',
    label: 'All Scripts',
    section: 'MAIN',
    group: 'Script Library',
    requirement: LOGGED_IN,
  },
  {
    path: '/topics/builder',
    label: 'Script Builder',
    section: 'MAIN',
    group: 'Script Library',
    requirement: EDIT,
  },
  {
    path: '/training/chat_logs',
    label: 'Chat Logs',
    section: 'MAIN',
    group: 'Training',
    requirement: LOGGED_IN,
  },
  {
    path: '/training/response_quality',
    label: 'Response Quality',
    section: 'MAIN',
    group: 'Training',
    requirement: LOGGED_IN,
  },
  {
    path: '/training/view_inky_states',
    label: 'View Inky States',
    section: 'MAIN',
    group: 'Training',
    requirement: ADMIN,
  },
  {
    path: '/training/custom_categories',
    label: 'Custom Categories',
    section: 'MAIN',
    group: 'Training',
    requirement: LOGGED_IN,
  },
  {
    path: '/training/custom_words',
    label: 'Custom Words',
    section: 'MAIN',
    group: 'Training',
    requirement: LOGGED_IN,
  },
  {
    path: '/training/ink_story',
    label: 'Ink Story',
    section: 'MAIN',
    group: 'Training',
    requirement: LOGGED_IN,
  },
  {
    path: '/training/instructions',
    label: 'Instructions',
    section: 'MAIN',
    group: 'Training',
    requirement: LOGGED_IN,
  },
  {
    path: '/learning',
    label: 'Activities',
    section: 'MAIN',
    group: 'Learning',
    requirement: LEARNING,
  },
  {
    path: '/learning/students',
    label: 'Students',
    section: 'MAIN',
    group: 'Learning',
    requirement: LEARNING,
  },
  {
    path: '/learning/my_activities',
    label: 'My Activities',
    section: 'MAIN',
    group: 'Learning',
    requirement: { kind: 'attribute', attribute: 'LEARNING_MODULE' },
    isForStudents: true,
  },
  {
    path: '/account/organizations',
    label: 'Organizations',
    section: 'ADMIN',
    group: 'Account',
    requirement: OWNER,
  },
  {
    path: '/account/teams',
    label: 'Teams',
    section: 'ADMIN',
    group: 'Account',
    requirement: OWNER,
  },
  {
    path: '/account/roles',
    label: 'Roles',
    section: 'ADMIN',
    group: 'Account',
    requirement: OWNER,
  },
  {
    path: '/account/users',
    label: 'Users',
    section: 'ADMIN',
    group: 'Account',
    requirement: OWNER,
  },
  {
    path: '/account/whitelist',
    label: 'Whitelist',
    section: 'ADMIN',
    group: 'Account',
    requirement: WHITELIST,
  },
  {
    path: '/account/my_profile',
    label: 'My Profile',
    section: 'ADMIN',
    group: 'Account',
    requirement: LOGGED_IN,
  },
  // The spec puts the Mobile App list at /storyfiles too, which is already the main list; it gets
  // its own path so the two screens (and their guards) stay distinct.
  {
    path: '/mobile/storyfiles',
    label: 'StoryFiles',
    section: 'ADMIN',
    group: 'Mobile App',
    requirement: ADMIN,
  },
  {
    path: '/storyfiles/featured',
    label: 'Featured',
    section: 'ADMIN',
    group: 'Mobile App',
    requirement: ADMIN,
  },
  {
    path: '/storyfiles/popular',
    label: 'Popular',
    section: 'ADMIN',
    group: 'Mobile App',
    requirement: ADMIN,
  },
  {
    path: '/promo_codes/clients',
    label: 'Clients',
    section: 'ADMIN',
    group: 'Promo Codes',
    requirement: ADMIN,
  },
] as const satisfies readonly AppRoute[];

export type AppPath = (typeof ROUTES)[number]['path'];

/** The entries of the left menu, in menu order. */
export const MENU_ITEMS: readonly AppRoute[] = ROUTES.filter((route) => route.section !== null);

/** The route declared for exactly this path, if any. */
export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path === pathname);
}

/**
 * The requirement guarding a pathname: its own route's, else that of the longest declared route it
 * lies below (so /account/users/42 needs owner), else login. Only "/" itself is public (spec §2).
 */
export function getRouteRequirement(pathname: string): Requirement {
  const exact = findRoute(pathname);
  if (exact !== undefined) {
    return exact.requirement;
  }
  let best: AppRoute | undefined;
  for (const route of ROUTES) {
    if (route.path !== '/' && pathname.startsWith(`${route.path}/`)) {
      if (best === undefined || route.path.length > best.path.length) {
        best = route;
      }
    }
  }
  return best?.requirement ?? LOGGED_IN;
}

/**
 * Whether the user may see a menu entry (spec §6 menu gating). A student (restricted role only)
 * sees students' screens and nothing else; everyone else, admins included, sees no students'
 * screen (the admin's menu is the one spec §6 lists).
 */
export function canSeeMenuItem(user: CurrentUser | null, item: AppRoute): boolean {
  if (user !== null && isForStudent(user) !== (item.isForStudents === true)) {
    return false;
  }
  return checkRequirement(user, item.requirement).ok;
}

/** Whether the signed-in user is a student, who sees only "My Activities" (issue 18). */
export function isForStudent(user: CurrentUser): boolean {
  return user.isLoggedIn && isRestrictedOnly(user);
}

/** Whether a student may open this path; the shell sends them to their activities otherwise. */
export function isStudentPath(pathname: string): boolean {
  return ROUTES.some(
    (route) =>
      (route as AppRoute).isForStudents === true &&
      (pathname === route.path || pathname.startsWith(`${route.path}/`)),
  );
}

/** Where a student lands. */
export const STUDENT_HOME_PATH = '/learning/my_activities';

/** The menu entries the user may see, in menu order. */
export function getVisibleMenuItems(user: CurrentUser | null): AppRoute[] {
  return MENU_ITEMS.filter((item) => canSeeMenuItem(user, item));
}
