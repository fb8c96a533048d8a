import { describe, expect, it } from 'vitest';
import type { CurrentUser, NamespaceAttribute } from '../auth/current-user.ts';
import {
  canAccessStoryfile,
  checkRequirement,
  FEATURE_NOT_ENABLED_MESSAGE,
  hasAttribute,
  LOGIN_REQUIRED_MESSAGE,
  type Requirement,
} from './rules.ts';
import { buildNamespace, buildUser, buildUserWithScope } from './rules.fixtures.ts';

// A storyfile's access, a namespace's attributes, and checkRequirement (a route's declared
// permission) over them.

describe('canAccessStoryfile', () => {
  const user = buildUser({
    namespaces: [
      buildNamespace({
        id: 'reader',
        userNamespaces: [{ scope: 'read:ns' }],
        storyfileNamespaces: [{ storyfileId: 'sf-read' }],
      }),
      buildNamespace({
        id: 'editor',
        userNamespaces: [{ scope: 'edit:ns' }],
        storyfileNamespaces: [{ storyfileId: 'sf-edit' }],
      }),
      buildNamespace({
        id: 'unlabelled',
        label: '',
        userNamespaces: [{ scope: 'owner:ns' }],
        storyfileNamespaces: [{ storyfileId: 'sf-hidden' }],
      }),
    ],
  });

  it.each([
    { storyfileId: 'sf-read', required: undefined, isAdmin: false, ok: true },
    { storyfileId: 'sf-read', required: 'edit:ns', isAdmin: false, ok: false },
    { storyfileId: 'sf-edit', required: 'edit:ns', isAdmin: false, ok: true },
    { storyfileId: 'sf-edit', required: 'owner:ns', isAdmin: false, ok: false },
    { storyfileId: 'sf-hidden', required: undefined, isAdmin: false, ok: false },
    { storyfileId: 'sf-other', required: undefined, isAdmin: false, ok: false },
    { storyfileId: 'sf-other', required: 'owner:ns', isAdmin: true, ok: true },
  ] as const)('$storyfileId, $required, admin $isAdmin -> $ok', (row) => {
    expect(
      canAccessStoryfile({ ...user, isAdmin: row.isAdmin }, row.storyfileId, row.required),
    ).toBe(row.ok);
  });
});

describe('hasAttribute', () => {
  it.each([
    {
      attributes: { LEARNING_MODULE: true },
      isAdmin: false,
      attribute: 'LEARNING_MODULE',
      ok: true,
    },
    {
      attributes: { LEARNING_MODULE: false },
      isAdmin: false,
      attribute: 'LEARNING_MODULE',
      ok: false,
    },
    {
      attributes: { SSO_WHITELIST: true },
      isAdmin: false,
      attribute: 'LEARNING_MODULE',
      ok: false,
    },
    { attributes: {}, isAdmin: false, attribute: 'SSO_WHITELIST', ok: false },
    { attributes: {}, isAdmin: true, attribute: 'SSO_WHITELIST', ok: true },
  ] as const)('$attributes, admin $isAdmin, $attribute -> $ok', (row) => {
    const user = buildUser({
      isAdmin: row.isAdmin,
      namespaces: [buildNamespace({ id: 'plain' }), buildNamespace({ attributes: row.attributes })],
    });
    expect(hasAttribute(user, row.attribute as NamespaceAttribute)).toBe(row.ok);
  });
});

describe('checkRequirement', () => {
  const owner = buildUserWithScope('owner:ns', { storyfileNamespaces: [{ storyfileId: 'sf-1' }] });
  const ownerWithLearning = buildUserWithScope('owner:ns', {
    attributes: { LEARNING_MODULE: true },
  });
  const viewerWithLearning = buildUserWithScope('read:ns', {
    attributes: { LEARNING_MODULE: true },
  });
  const admin = buildUser({ isAdmin: true });
  const loggedOut = buildUser({ isLoggedIn: false, isAdmin: true });
  const denied = (status: 401 | 403, message: string) => ({ ok: false, status, message });

  it.each<{
    name: string;
    user: CurrentUser | null;
    requirement: Requirement;
    storyfileId?: string;
    result: ReturnType<typeof checkRequirement>;
  }>([
    {
      name: 'public without user',
      user: null,
      requirement: { kind: 'public' },
      result: { ok: true },
    },
    {
      name: 'loggedIn without user',
      user: null,
      requirement: { kind: 'loggedIn' },
      result: denied(401, LOGIN_REQUIRED_MESSAGE),
    },
    {
      name: 'logged-out admin',
      user: loggedOut,
      requirement: { kind: 'admin' },
      result: denied(401, LOGIN_REQUIRED_MESSAGE),
    },
    {
      name: 'loggedIn with user',
      user: owner,
      requirement: { kind: 'loggedIn' },
      result: { ok: true },
    },
    {
      name: 'role met',
      user: owner,
      requirement: { kind: 'role', scope: 'edit:ns' },
      result: { ok: true },
    },
    {
      name: 'role missed',
      user: viewerWithLearning,
      requirement: { kind: 'role', scope: 'edit:ns' },
      result: denied(403, 'You need to be at least "Content Creator"'),
    },
    {
      name: 'attribute and role met',
      user: ownerWithLearning,
      requirement: { kind: 'attribute', attribute: 'LEARNING_MODULE', scope: 'owner:ns' },
      result: { ok: true },
    },
    {
      name: 'attribute met, role missed',
      user: viewerWithLearning,
      requirement: { kind: 'attribute', attribute: 'LEARNING_MODULE', scope: 'owner:ns' },
      result: denied(403, 'You need to be at least "Admin"'),
    },
    {
      name: 'role met, attribute missed',
      user: owner,
      requirement: { kind: 'attribute', attribute: 'LEARNING_MODULE', scope: 'owner:ns' },
      result: denied(403, FEATURE_NOT_ENABLED_MESSAGE),
    },
    {
      name: 'attribute without scope',
      user: viewerWithLearning,
      requirement: { kind: 'attribute', attribute: 'LEARNING_MODULE' },
      result: { ok: true },
    },
    { name: 'admin', user: admin, requirement: { kind: 'admin' }, result: { ok: true } },
    {
      name: 'owner is not admin',
      user: owner,
      requirement: { kind: 'admin' },
      result: denied(403, 'You need to be at least "Super Admin"'),
    },
    {
      name: 'storyfile in namespace',
      user: owner,
      requirement: { kind: 'storyfile', scope: 'edit:ns' },
      storyfileId: 'sf-1',
      result: { ok: true },
    },
    {
      name: 'storyfile elsewhere',
      user: owner,
      requirement: { kind: 'storyfile', scope: 'read:ns' },
      storyfileId: 'sf-2',
      result: denied(403, 'You need to be at least "Viewer"'),
    },
    {
      name: 'storyfile requirement without id fails closed',
      user: owner,
      requirement: { kind: 'storyfile', scope: 'read:ns' },
      result: denied(403, 'You need to be at least "Viewer"'),
    },
  ])('$name', ({ user, requirement, storyfileId, result }) => {
    const context = storyfileId === undefined ? {} : { storyfileId };
    expect(checkRequirement(user, requirement, context)).toEqual(result);
  });
});
