import { describe, expect, it } from 'vitest';
import type { CurrentUser, Scope } from '../auth/current-user.ts';
import { canAccessStoryfile, checkRequirement } from '../permissions/rules.ts';
import { canSeeNamespace, withStoryfileInNamespace } from './storyfile-access.ts';

const NORTH = 'north-id';
const SOUTH = 'south-id';
const STORYFILE = 'storyfile-1';

function userWith(scopes: Record<string, Scope>, isAdmin = false): CurrentUser {
  return {
    isAdmin,
    isLoggedIn: true,
    iam: 'user-1',
    firstName: null,
    lastName: null,
    email: 'someone@example.com',
    namespaces: Object.entries(scopes).map(([id, scope]) => ({
      id,
      label: id,
      attributes: {},
      userNamespaces: [{ scope }],
      storyfileNamespaces: [],
    })),
  };
}

describe('storyfile access (spec §6: a namespace whose scope suffices and which contains it)', () => {
  it.each([
    // held scope in north, required, expected
    ['read:ns', 'read:ns', true],
    ['restricted:ns', 'read:ns', true],
    ['read:ns', 'edit:ns', false],
    ['edit:ns', 'edit:ns', true],
    ['edit:ns', 'owner:ns', false],
    ['owner:ns', 'owner:ns', true],
  ] as const)('%s in the containing namespace, %s required: %s', (held, required, expected) => {
    const user = withStoryfileInNamespace(userWith({ [NORTH]: held }), STORYFILE, NORTH);
    expect(canAccessStoryfile(user, STORYFILE, required)).toBe(expected);
  });

  it('a scope held in another namespace never grants access', () => {
    const user = withStoryfileInNamespace(userWith({ [SOUTH]: 'owner:ns' }), STORYFILE, NORTH);
    expect(canAccessStoryfile(user, STORYFILE, 'read:ns')).toBe(false);
    expect(canSeeNamespace(user, NORTH)).toBe(false);
    expect(
      checkRequirement(user, { kind: 'storyfile', scope: 'read:ns' }, { storyfileId: STORYFILE }),
    ).toEqual({
      ok: false,
      status: 403,
      message: 'You need to be at least "Viewer"',
    });
  });

  it('admins see and access everything', () => {
    const admin = userWith({}, true);
    expect(canSeeNamespace(admin, NORTH)).toBe(true);
    expect(canAccessStoryfile(admin, STORYFILE, 'owner:ns')).toBe(true);
  });

  it('adds the storyfile once, without changing the original user', () => {
    const user = userWith({ [NORTH]: 'read:ns' });
    const once = withStoryfileInNamespace(user, STORYFILE, NORTH);
    const twice = withStoryfileInNamespace(once, STORYFILE, NORTH);
    expect(twice.namespaces[0]!.storyfileNamespaces).toEqual([{ storyfileId: STORYFILE }]);
    expect(user.namespaces[0]!.storyfileNamespaces).toEqual([]);
  });
});
