import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CurrentUser,
  type duplicateScriptBodySchema,
  type ScriptDetail,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { assertNamespaceExists, assertNamespaceRole, pickCopyName } from '../lists/index.ts';
import { scripts } from './library.tables.ts';
import { findScriptFor } from './script-access.ts';
import { writeScriptContent } from './script-content.ts';
import { copyScriptContent, getScriptDetail } from './script-detail.ts';
import { rethrowScriptNameTaken } from './scripts.service.ts';

/**
 * Copies a script or shipped template into a namespace where the user can edit. Library links
 * survive only within the same namespace; the copy's name is the one given or `<name> (copy)`.
 */
export async function duplicateScript(
  db: Database,
  user: CurrentUser,
  sourceId: string,
  body: z.infer<typeof duplicateScriptBodySchema>,
): Promise<ScriptDetail> {
  const source = await findScriptFor(db, user, sourceId, 'read:ns');
  if (source.deletedAt !== null) {
    throw conflict(`The script "${source.name}" is deleted; restore it before copying it.`);
  }
  assertNamespaceRole(user, body.namespaceId, 'edit:ns');
  await assertNamespaceExists(db, body.namespaceId);
  const content = await getScriptDetail(db, sourceId);
  const isSameNamespace = source.namespaceId === body.namespaceId;
  let name = body.name ?? '';
  const id = await db
    .transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`scripts:${body.namespaceId}`}))`,
      );
      name = body.name ?? (await pickCopyName(tx, 'scripts', body.namespaceId, source.name));
      const [row] = await tx
        .insert(scripts)
        .values({
          namespaceId: body.namespaceId,
          name,
          description: source.description,
          language: source.language,
          createdBy: user.iam,
          updatedBy: user.iam,
        })
        .returning({ id: scripts.id });
      await writeScriptContent(tx, row!.id, copyScriptContent(content.topics, isSameNamespace));
      return row!.id;
    })
    .catch((error: unknown) => rethrowScriptNameTaken(error, name));
  return getScriptDetail(db, id);
}
