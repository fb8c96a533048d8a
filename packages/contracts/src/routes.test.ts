import { describe, expect, it } from 'vitest';
import type { CurrentUser, NamespaceAttributes, Scope } from './auth/current-user.ts';
import {
  canSeeMenuItem,
  findRoute,
  getRouteRequirement,
  getVisibleMenuItems,
  isStudentPath,
  MENU_ITEMS,
  ROUTES,
} from './routes.ts';

function buildUser(scope: Scope | null, attributes: NamespaceAttributes = {}, isAdmin = false) {
  const user: CurrentUser = {
    isAdmin,
    isLoggedIn: true,
    iam: 'iam-1',
    firstName: null,
    lastName: null,
    email: 'user@example.com',
    namespaces:
      scope === null
        ? []
        : [
            {
              id: 'ns-1',
              label: 'Acme',
              attributes,
              userNamespaces: [{ scope }],
              storyfileNamespaces: [],
            },
          ],
  };
  return user;
}

const admin = buildUser(null, {}, true);
const owner = buildUser('owner:ns');
const ownerWithLearning = buildUser('owner:ns', { LEARNING_MODULE: true });
const ownerWithWhitelist = buildUser('owner:ns', { SSO_WHITELIST: true });
const editor = buildUser('edit:ns', { LEARNING_MODULE: true, SSO_WHITELIST: true });
const viewer = buildUser('read:ns');
const restricted = buildUser('restricted:ns');

function getMenuItem(path: string) {
  const item = MENU_ITEMS.find((route) => route.path === path);
  if (item === undefined) {
    throw new Error(`no menu item ${path}`);
  }
  return item;
}

describe('route table', () => {
  it.each([
    ['/', 'Home', null],
    ['/_app', 'App', null],
    ['/dashboard', 'Dashboard', 'MAIN'],
    ['/storyfiles', 'StoryFiles', 'MAIN'],
    ['/topics', 'Topics', 'MAIN'],
    ['/topics/templates', 'All Scripts', 'MAIN'],
    ['/topics/builder', 'Script Builder', 'MAIN'],
    ['/training/chat_logs', 'Chat Logs', 'MAIN'],
    ['/training/response_quality', 'Response Quality', 'MAIN'],
    ['/training/view_inky_states', 'View Inky States', 'MAIN'],
    ['/training/custom_categories', 'Custom Categories', 'MAIN'],
    ['/training/custom_words', 'Custom Words', 'MAIN'],
    ['/training/ink_story', 'Ink Story', 'MAIN'],
    ['/training/instructions', 'Instructions', 'MAIN'],
    ['/learning', 'Activities', 'MAIN'],
    ['/learning/students', 'Students', 'MAIN'],
    ['/learning/my_activities', 'My Activities', 'MAIN'],
    ['/account/organizations', 'Organizations', 'ADMIN'],
    ['/account/teams', 'Teams', 'ADMIN'],
    ['/account/roles', 'Roles', 'ADMIN'],
    ['/account/users', 'Users', 'ADMIN'],
    ['/account/whitelist', 'Whitelist', 'ADMIN'],
    ['/account/my_profile', 'My Profile', 'ADMIN'],
    ['/mobile/storyfiles', 'StoryFiles', 'ADMIN'],
    ['/storyfiles/featured', 'Featured', 'ADMIN'],
    ['/storyfiles/popular', 'Popular', 'ADMIN'],
    ['/promo_codes/clients', 'Clients', 'ADMIN'],
  ])('%s is "%s" in section %s', (path, label, section) => {
    expect(findRoute(path)).toMatchObject({ path, label, section });
  });

  it('declares each path once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('leaves / and /_app out of the menu', () => {
    const menuPaths = MENU_ITEMS.map((item) => item.path);
    expect(menuPaths).not.toContain('/');
    expect(menuPaths).not.toContain('/_app');
    expect(menuPaths).toHaveLength(ROUTES.length - 2);
  });
});

describe('getRouteRequirement', () => {
  it.each([
    ['/', { kind: 'public' }],
    ['/dashboard', { kind: 'loggedIn' }],
    ['/unknown', { kind: 'loggedIn' }],
    ['/storyfiles/3f2a', { kind: 'loggedIn' }],
    ['/storyfiles/featured', { kind: 'admin' }],
    ['/storyfiles/featured/3f2a', { kind: 'admin' }],
    ['/topics/builder', { kind: 'role', scope: 'edit:ns' }],
    ['/topics/builder/42', { kind: 'role', scope: 'edit:ns' }],
    ['/topics/builderx', { kind: 'loggedIn' }],
    ['/account/users/42', { kind: 'role', scope: 'owner:ns' }],
    ['/learning', { kind: 'attribute', attribute: 'LEARNING_MODULE', scope: 'owner:ns' }],
    ['/account/whitelist', { kind: 'attribute', attribute: 'SSO_WHITELIST', scope: 'owner:ns' }],
    ['/training/view_inky_states', { kind: 'admin' }],
    ['/promo_codes/clients', { kind: 'admin' }],
  ])('%s needs %j', (pathname, requirement) => {
    expect(getRouteRequirement(pathname)).toEqual(requirement);
  });
});

describe('menu gating (spec §6)', () => {
  // Columns: admin, owner, owner+learning, owner+whitelist, editor (with both attributes), viewer,
  // restricted.
  const USERS = [admin, owner, ownerWithLearning, ownerWithWhitelist, editor, viewer, restricted];
  it.each([
    ['/topics/builder', [true, true, true, true, true, false, false]],
    ['/account/organizations', [true, true, true, true, false, false, false]],
    ['/account/teams', [true, true, true, true, false, false, false]],
    ['/account/roles', [true, true, true, true, false, false, false]],
    ['/account/users', [true, true, true, true, false, false, false]],
    ['/learning', [true, false, true, false, false, false, false]],
    ['/learning/students', [true, false, true, false, false, false, false]],
    ['/account/whitelist', [true, false, false, true, false, false, false]],
    ['/mobile/storyfiles', [true, false, false, false, false, false, false]],
    ['/storyfiles/featured', [true, false, false, false, false, false, false]],
    ['/storyfiles/popular', [true, false, false, false, false, false, false]],
    ['/training/view_inky_states', [true, false, false, false, false, false, false]],
    ['/promo_codes/clients', [true, false, false, false, false, false, false]],
    // A student (restricted only) sees "My Activities" and nothing else (issue 18).
    ['/account/my_profile', [true, true, true, true, true, true, false]],
    ['/dashboard', [true, true, true, true, true, true, false]],
    ['/learning/my_activities', [false, false, false, false, false, false, false]],
  ] as const)('%s', (path, expected) => {
    const item = getMenuItem(path);
    expect(USERS.map((user) => canSeeMenuItem(user, item))).toEqual(expected);
  });

  it('shows a student with the learning module only My Activities', () => {
    const student = buildUser('restricted:ns', { LEARNING_MODULE: true });
    expect(getVisibleMenuItems(student).map((item) => item.path)).toEqual([
      '/learning/my_activities',
    ]);
    expect(getVisibleMenuItems(restricted)).toEqual([]);
    expect(isStudentPath('/learning/my_activities/some-id')).toBe(true);
    expect(isStudentPath('/dashboard')).toBe(false);
  });

  it('shows nothing to a logged-out visitor', () => {
    expect(getVisibleMenuItems(null)).toEqual([]);
  });

  it("shows an admin every entry but the students' own screen", () => {
    expect(getVisibleMenuItems(admin)).toEqual(
      MENU_ITEMS.filter((item) => item.path !== '/learning/my_activities'),
    );
  });
});
