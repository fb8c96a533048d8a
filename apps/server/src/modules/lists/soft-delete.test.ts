// The soft delete and restore that storyfiles, topics, scripts and library questions share, against
// a real PostgreSQL: library topics stand in for every named table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/studio.ts';
import { topics } from '../library/library.tables.ts';
import { insertNamespace } from '../namespaces/index.ts';
import { insertUser } from '../users/index.ts';
import { markDeleted, markRestored, takeDeletedName, takeRestoredName } from './soft-delete.ts';

let database: DatabaseHandle;
let namespaceId: string;
let userId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  namespaceId = (await insertNamespace(database.db, { label: 'Family' })).id;
  userId = (await insertUser(database.db, { email: 'editor@example.com' })).id;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

async function createTopic(name: string): Promise<string> {
  const [row] = await database.db
    .insert(topics)
    .values({ namespaceId, name, createdBy: userId, updatedBy: userId })
    .returning({ id: topics.id });
  return row!.id;
}

async function deleteTopic(id: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [topic] = await tx.select().from(topics).where(eq(topics.id, id)).for('update');
    await tx
      .update(topics)
      .set({ ...(await takeDeletedName(tx, 'topics', topic!)), ...markDeleted(userId) })
      .where(eq(topics.id, id));
  });
}

async function restoreTopic(id: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [topic] = await tx.select().from(topics).where(eq(topics.id, id)).for('update');
    const restored = await takeRestoredName(tx, 'topics', topic!, (name) => `"${name}" is taken.`);
    await tx
      .update(topics)
      .set({ ...restored, ...markRestored(userId) })
      .where(eq(topics.id, id));
  });
}

async function readTopic(id: string) {
  const [topic] = await database.db.select().from(topics).where(eq(topics.id, id));
  return topic!;
}

describe('soft delete and restore', () => {
  it("renames a deleted item '<name> - Deleted', then '(2)' while an earlier deletion holds it", async () => {
    const first = await createTopic('Childhood');
    await deleteTopic(first);
    const second = await createTopic('Childhood');
    await deleteTopic(second);
    expect(await readTopic(first)).toMatchObject({
      name: 'Childhood - Deleted',
      nameBeforeDelete: 'Childhood',
      deletedBy: userId,
    });
    expect((await readTopic(first)).deletedAt).toBeInstanceOf(Date);
    expect(await readTopic(second)).toMatchObject({
      name: 'Childhood - Deleted (2)',
      nameBeforeDelete: 'Childhood',
    });
  });

  it('gives a restored item its old name back and clears the deletion', async () => {
    const id = await createTopic('School years');
    await deleteTopic(id);
    await restoreTopic(id);
    expect(await readTopic(id)).toMatchObject({
      name: 'School years',
      nameBeforeDelete: null,
      deletedAt: null,
      deletedBy: null,
      updatedBy: userId,
    });
  });

  it('refuses a restore with 409 when a live item took the name meanwhile (any case)', async () => {
    const id = await createTopic('Travels');
    await deleteTopic(id);
    await createTopic('TRAVELS');
    await expect(restoreTopic(id)).rejects.toMatchObject({
      status: 409,
      message: '"Travels" is taken.',
    });
    expect(await readTopic(id)).toMatchObject({ name: 'Travels - Deleted' });
  });

  it('restores a row deleted before its old name was kept, from the deleted name', async () => {
    const id = await createTopic('Work - Deleted');
    await database.db
      .update(topics)
      .set({ ...markDeleted(userId), nameBeforeDelete: null })
      .where(eq(topics.id, id));
    await restoreTopic(id);
    expect(await readTopic(id)).toMatchObject({ name: 'Work', deletedAt: null });
  });
});
