import type { SQL } from 'drizzle-orm';

/**
 * What an organization's card and its delete read of the storyfiles module's data (storyfiles
 * provides it as `organizationStoryfiles`, handed in by the assembly: storyfiles sits above
 * accounts, whose trial and audit it uses).
 */
export interface OrganizationStoryfiles {
  /** SQL: the number of live (not deleted) storyfiles of the organization `namespaceId` names. */
  countLive(namespaceId: SQL): SQL;
  /** SQL: true while the organization holds a storyfile, deleted ones included (restorable). */
  holdsAny(namespaceId: string): SQL;
}
