import { describe, expect, it } from 'vitest';
import type {
  CurrentUser,
  CurrentUserNamespace,
  NamespaceAttribute,
  Scope,
} from '../auth/current-user.ts';
import {
  canAccessStoryfile,
  checkRequirement,
  FEATURE_NOT_ENABLED_MESSAGE,
  getBaseProductAccessGroup,
  getProductAccessGroups,
  getScopeDisplayName,
  getScopeFromDisplayName,
  hasAttribute,
  hasRole,
  hasRoleInNamespace,
  LOGIN_REQUIRED_MESSAGE,
  NAMESPACE_ROLES,
  type Requirement,
  roleRequiredMessage,
  satisfiesScope,
} from './rules.ts';

function buildNamespace(overrides: Partial<CurrentUserNamespace> = {}): CurrentUserNamespace {
  return {
    id: 'ns-1',
    label: 'Acme',
    attributes: {},
    userNamespaces: [{ scope: 'read:ns' }],
    storyfileNamespaces: [],
    ...overrides,
  };
}

function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    isAdmin: false,
    isLoggedIn: true,
    iam: 'iam-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    namespaces: [],
    ...overrides,
  };
}

function buildUserWithScope(scope: Scope, namespace: Partial<CurrentUserNamespace> = {}) {
  return buildUser({
    namespaces: [buildNamespace({ userNamespaces: [{ scope }], ...namespace })],
  });
}

describe('namespace roles', () => {
  it.each([
    ['ReadNs', 'read:ns'],
    ['EditNs', 'edit:ns'],
    ['OwnerNs', 'owner:ns'],
    ['SuperAdmin', 'super_admin'],
  ] as const)('%s is %s', (name, scope) => {
    expect(NAMESPACE_ROLES[name]).toBe(scope);
  });
});

describe('display names', () => {
  it.each([
    ['super_admin', 'Super Admin'],
    ['owner:ns', 'Admin'],
    ['edit:ns', 'Content Creator'],
    ['read:ns', 'Viewer'],
    ['restricted:ns', 'Restricted User'],
    ['non_conversa_user', 'Non-Conversa User'],
  ] as const)('%s is shown as %s', (scope, displayName) => {
    expect(getScopeDisplayName(scope)).toBe(displayName);
  });

  it.each([
    ['Super Admin', 'owner:ns'],
    ['Admin', 'owner:ns'],
    ['Content Creator', 'edit:ns'],
    ['Viewer', 'read:ns'],
    ['Restricted User', 'restricted:ns'],
    ['Non-Conversa User', 'read:ns'],
    ['viewer', undefined],
    ['constructor', undefined],
    ['', undefined],
  ])('%j converts back to %s', (displayName, scope) => {
    expect(getScopeFromDisplayName(displayName)).toBe(scope);
  });
});

describe('roleRequiredMessage', () => {
  it.each([
    ['edit:ns', 'You need to be at least "Content Creator"'],
    ['owner:ns', 'You need to be at least "Admin"'],
    ['read:ns', 'You need to be at least "Viewer"'],
    ['super_admin', 'You need to be at least "Super Admin"'],
  ] as const)('%s -> %s', (scope, message) => {
    expect(roleRequiredMessage(scope)).toBe(message);
  });
});

describe('product-access groups', () => {
  it.each([
    ['owner:ns', 'conversa'],
    ['edit:ns', 'conversa'],
    ['read:ns', 'conversa'],
    ['super_admin', 'super_admin'],
    ['restricted:ns', undefined],
    ['non_conversa_user', undefined],
  ] as const)('base group of %s is %s', (scope, group) => {
    expect(getBaseProductAccessGroup(scope)).toBe(group);
  });

  it.each([
    { scopes: [], isAdmin: false, isTrialEnabled: false, groups: [] },
    { scopes: ['read:ns'], isAdmin: false, isTrialEnabled: false, groups: ['conversa'] },
    {
      scopes: ['owner:ns', 'edit:ns'],
      isAdmin: false,
      isTrialEnabled: false,
      groups: ['conversa'],
    },
    {
      scopes: ['edit:ns'],
      isAdmin: false,
      isTrialEnabled: true,
      groups: ['conversa', 'conversa-studio-free-trial'],
    },
    { scopes: ['restricted:ns'], isAdmin: false, isTrialEnabled: false, groups: [] },
    { scopes: ['non_conversa_user'], isAdmin: false, isTrialEnabled: false, groups: [] },
    {
      scopes: ['non_conversa_user'],
      isAdmin: false,
      isTrialEnabled: true,
      groups: ['conversa-studio-free-trial'],
    },
    { scopes: ['super_admin'], isAdmin: false, isTrialEnabled: false, groups: [] },
    { scopes: ['super_admin'], isAdmin: true, isTrialEnabled: false, groups: ['super_admin'] },
    {
      scopes: ['read:ns'],
      isAdmin: true,
      isTrialEnabled: true,
      groups: ['super_admin', 'conversa', 'conversa-studio-free-trial'],
    },
  ] as const)(
    'scopes $scopes, admin $isAdmin, trial $isTrialEnabled -> $groups',
    ({ scopes, isAdmin, isTrialEnabled, groups }) => {
      expect(getProductAccessGroups({ scopes, isAdmin, isTrialEnabled })).toEqual(groups);
    },
  );
});

describe('satisfiesScope', () => {
  // Rows: held scope; columns: required super_admin, owner, edit, read, restricted, non_conversa.
  const REQUIRED = [
    'super_admin',
    'owner:ns',
    'edit:ns',
    'read:ns',
    'restricted:ns',
    'non_conversa_user',
  ] as const;
  const MATRIX: readonly [Scope, readonly boolean[]][] = [
    ['super_admin', [true, false, false, true, false, false]],
    ['owner:ns', [true, true, true, true, false, false]],
    ['edit:ns', [false, false, true, true, false, false]],
    ['read:ns', [false, false, false, true, false, false]],
    ['restricted:ns', [false, false, false, true, true, false]],
    ['non_conversa_user', [false, false, false, true, false, true]],
  ];
  const cases = MATRIX.flatMap(([held, row]) =>
    REQUIRED.map((required, column) => [held, required, row[column]] as const),
  );

  it.each(cases)('held %s, required %s -> %s', (held, required, expected) => {
    expect(satisfiesScope(held, required)).toBe(expected);
  });
});

describe('hasRole', () => {
  it.each([
    {
      name: 'owner passes edit',
      user: buildUserWithScope('owner:ns'),
      required: 'edit:ns',
      ok: true,
    },
    {
      name: 'edit passes edit',
      user: buildUserWithScope('edit:ns'),
      required: 'edit:ns',
      ok: true,
    },
    {
      name: 'read fails edit',
      user: buildUserWithScope('read:ns'),
      required: 'edit:ns',
      ok: false,
    },
    {
      name: 'edit fails owner',
      user: buildUserWithScope('edit:ns'),
      required: 'owner:ns',
      ok: false,
    },
    {
      name: 'restricted passes read',
      user: buildUserWithScope('restricted:ns'),
      required: 'read:ns',
      ok: true,
    },
    {
      name: 'owner without admin fails super admin',
      user: buildUserWithScope('owner:ns'),
      required: 'super_admin',
      ok: false,
    },
    {
      name: 'super_admin scope without admin fails super admin',
      user: buildUserWithScope('super_admin'),
      required: 'super_admin',
      ok: false,
    },
    {
      name: 'admin passes super admin',
      user: buildUser({ isAdmin: true }),
      required: 'super_admin',
      ok: true,
    },
    {
      name: 'admin without namespaces passes owner',
      user: buildUser({ isAdmin: true }),
      required: 'owner:ns',
      ok: true,
    },
    { name: 'no namespaces fails read', user: buildUser(), required: 'read:ns', ok: false },
    {
      name: 'namespace without label is ignored',
      user: buildUserWithScope('owner:ns', { label: '' }),
      required: 'read:ns',
      ok: false,
    },
    {
      name: 'namespace without user-namespace scope is ignored',
      user: buildUserWithScope('owner:ns', { userNamespaces: [] }),
      required: 'read:ns',
      ok: false,
    },
    {
      name: 'only the first user-namespace entry counts',
      user: buildUserWithScope('read:ns', {
        userNamespaces: [{ scope: 'read:ns' }, { scope: 'owner:ns' }],
      }),
      required: 'owner:ns',
      ok: false,
    },
    {
      name: 'any qualifying namespace is enough',
      user: buildUser({
        namespaces: [
          buildNamespace({ id: 'a', userNamespaces: [{ scope: 'read:ns' }] }),
          buildNamespace({ id: 'b', userNamespaces: [{ scope: 'owner:ns' }] }),
        ],
      }),
      required: 'owner:ns',
      ok: true,
    },
  ] as const)('$name', ({ user, required, ok }) => {
    expect(hasRole(user, required)).toBe(ok);
  });
});

describe('hasRoleInNamespace', () => {
  const user = buildUser({
    namespaces: [
      buildNamespace({ id: 'reader', userNamespaces: [{ scope: 'read:ns' }] }),
      buildNamespace({ id: 'owned', userNamespaces: [{ scope: 'owner:ns' }] }),
      buildNamespace({ id: 'unlabelled', label: '', userNamespaces: [{ scope: 'owner:ns' }] }),
    ],
  });

  it.each([
    { namespaceId: 'owned', required: 'owner:ns', isAdmin: false, ok: true },
    { namespaceId: 'reader', required: 'owner:ns', isAdmin: false, ok: false },
    { namespaceId: 'reader', required: 'read:ns', isAdmin: false, ok: true },
    { namespaceId: 'unlabelled', required: 'read:ns', isAdmin: false, ok: false },
    { namespaceId: 'missing', required: 'read:ns', isAdmin: false, ok: false },
    { namespaceId: 'missing', required: 'owner:ns', isAdmin: true, ok: true },
    { namespaceId: 'owned', required: 'super_admin', isAdmin: false, ok: false },
  ] as const)('$namespaceId, $required, admin $isAdmin -> $ok', (row) => {
    expect(
      hasRoleInNamespace({ ...user, isAdmin: row.isAdmin }, row.namespaceId, row.required),
    ).toBe(row.ok);
  });
});

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
