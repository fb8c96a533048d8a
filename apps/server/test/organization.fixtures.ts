import type { CurrentUser, GrantableScope } from '@conversa/contracts';
import { createNamespace, grantScope } from '../src/modules/namespaces/index.ts';
import { createUser } from '../src/modules/users/index.ts';
import { signInAs, TEST_PASSWORD, type ApiClient } from './storyfile.fixtures.ts';
import type { TestStudio } from './studio.ts';

// Organizations with members, for the accounts module's tests (modules/accounts/*.test.ts).

export const ADMIN_ROLE = 'You need to be at least "Admin"';
export const SUPER_ADMIN_ROLE = 'You need to be at least "Super Admin"';

let counter = 0;

/** An organization with the given members (label -> scope), each a fresh account. */
export async function buildOrganization(
  studio: TestStudio,
  members: Record<string, GrantableScope>,
) {
  counter += 1;
  const n = counter;
  const label = `Org ${n}`;
  const { db } = studio.database;
  const organization = await createNamespace(db, { label });
  const ids: Record<string, string> = {};
  for (const [name, scope] of Object.entries(members)) {
    const email = `${name}-${n}@acme.test`;
    const user = await createUser(db, { email, password: TEST_PASSWORD });
    await grantScope(db, { email, namespaceLabel: label, scope });
    ids[name] = user.id;
  }
  const email = (name: string) => `${name}-${n}@acme.test`;
  return {
    id: organization.id,
    label,
    ids,
    email,
    signIn: (name: string) => signInAs(studio, email(name)),
  };
}

export type Organization = Awaited<ReturnType<typeof buildOrganization>>;

/** The signed-in person as the console sees them. */
export async function me(client: ApiClient): Promise<CurrentUser> {
  return (await client.get<CurrentUser>('/v1/conversa/auth/me')).body;
}
