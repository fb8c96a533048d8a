import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { scripts } from '../library.tables.ts';
import { writeScriptContent } from '../script-content.ts';
import type { ShippedTemplate } from './shipped-template.ts';

const SEED_LOCK_KEY = 72_110_432;

function hashTemplate(template: ShippedTemplate): string {
  return createHash('sha256').update(JSON.stringify(template)).digest('hex');
}

/**
 * Makes the shipped templates in the database match the code, on every start. Idempotent: a
 * template whose content hash is unchanged is left alone, so ids stay stable. The templates are
 * content that evolves with releases (a reworded question is a code change, not a migration),
 * and they are read-only, so rewriting one never loses anybody's work. A transaction-level
 * advisory lock lets replicas start together.
 */
export async function seedShippedTemplates(
  db: Database,
  templates: readonly ShippedTemplate[],
): Promise<{ inserted: number; updated: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    let inserted = 0;
    let updated = 0;
    for (const template of templates) {
      const contentHash = hashTemplate(template);
      const [existing] = await tx
        .select({ id: scripts.id, contentHash: scripts.contentHash })
        .from(scripts)
        .where(eq(scripts.slug, template.slug));
      if (existing?.contentHash === contentHash) {
        continue;
      }
      const values = {
        name: template.name,
        description: template.description,
        language: template.language,
        contentHash,
      };
      let scriptId: string;
      if (existing) {
        await tx
          .update(scripts)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(scripts.id, existing.id));
        scriptId = existing.id;
        updated += 1;
      } else {
        const [row] = await tx
          .insert(scripts)
          .values({ ...values, slug: template.slug, namespaceId: null })
          .returning({ id: scripts.id });
        scriptId = row!.id;
        inserted += 1;
      }
      await writeScriptContent(
        tx,
        scriptId,
        template.topics.map((topic) => ({
          name: topic.name,
          questions: topic.questions.map((question) => ({
            text: question.text,
            alternates: question.alternates ?? [],
          })),
        })),
      );
    }
    return { inserted, updated };
  });
}
