import { describe, expect, it } from 'vitest';
import {
  getBaseProductAccessGroup,
  getProductAccessGroups,
  getScopeDisplayName,
  getScopeFromDisplayName,
  NAMESPACE_ROLES,
  roleRequiredMessage,
} from './rules.ts';

// The namespace roles, their display names and messages, and the product-access groups they map to.

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
