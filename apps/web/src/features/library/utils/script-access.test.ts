import type { CurrentUser, Scope } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { canEditScript } from './script-access';

function buildUser(scope: Scope | null, isAdmin = false): CurrentUser {
  return {
    isAdmin,
    isLoggedIn: true,
    iam: 'u1',
    firstName: null,
    lastName: null,
    email: 'u1@example.com',
    namespaces:
      scope === null
        ? []
        : [
            {
              id: 'n1',
              label: 'acme',
              attributes: {},
              userNamespaces: [{ scope }],
              storyfileNamespaces: [],
            },
          ],
  };
}

describe('canEditScript', () => {
  it.each([
    ['an editor, own namespace', buildUser('edit:ns'), false, 'n1', true],
    ['an owner, own namespace', buildUser('owner:ns'), false, 'n1', true],
    ['a viewer', buildUser('read:ns'), false, 'n1', false],
    ['a restricted user', buildUser('restricted:ns'), false, 'n1', false],
    ['an editor, another namespace', buildUser('edit:ns'), false, 'n2', false],
    ['an admin, any namespace', buildUser(null, true), false, 'n2', true],
    ['an editor, a shipped template', buildUser('edit:ns'), true, null, false],
    ['an admin, a shipped template', buildUser(null, true), true, null, false],
    ['an admin, a script without a namespace', buildUser(null, true), false, null, false],
  ] as const)('%s -> %s', (_case, user, isShipped, namespaceId, expected) => {
    expect(canEditScript(user, { isShipped, namespaceId })).toBe(expected);
  });
});
