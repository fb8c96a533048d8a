import { describe, expect, it } from 'vitest';
import type { Scope } from '../auth/current-user.ts';
import { hasRole, hasRoleInNamespace, satisfiesScope } from './rules.ts';
import { buildNamespace, buildUser, buildUserWithScope } from './rules.fixtures.ts';

// Whether a person holds a role: a scope satisfying another, platform-wide and in a namespace.

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
