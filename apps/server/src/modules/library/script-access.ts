import { eq } from 'drizzle-orm';
import {
  SCRIPT_NOT_FOUND_MESSAGE,
  SHIPPED_SCRIPT_READ_ONLY_MESSAGE,
  type CurrentUser,
  type Scope,
} from '@conversa/contracts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { assertNamespaceRole, markUpdated, type Executor } from '../lists/index.ts';
import { scripts } from './library.tables.ts';

// Finding a script the caller may read or change, and marking it changed.

export type ScriptRecord = typeof scripts.$inferSelect;

/**
 * Loads a script and checks the user's scope in its namespace (404 without any). Shipped
 * templates can be read by everyone and changed by no one.
 */
export async function findScriptFor(
  db: Executor,
  user: CurrentUser,
  scriptId: string,
  required: Scope,
  options: { lock?: boolean } = {},
): Promise<ScriptRecord> {
  const query = db.select().from(scripts).where(eq(scripts.id, scriptId));
  const [script] = options.lock ? await query.for('update') : await query;
  if (!script) {
    throw notFound(SCRIPT_NOT_FOUND_MESSAGE);
  }
  if (script.namespaceId === null) {
    if (required !== 'read:ns') {
      throw forbidden(SHIPPED_SCRIPT_READ_ONLY_MESSAGE);
    }
    return script;
  }
  assertNamespaceRole(user, script.namespaceId, required, SCRIPT_NOT_FOUND_MESSAGE);
  return script;
}

export async function findLiveScriptFor(
  tx: Executor,
  user: CurrentUser,
  scriptId: string,
): Promise<ScriptRecord> {
  const script = await findScriptFor(tx, user, scriptId, 'edit:ns', { lock: true });
  if (script.deletedAt !== null) {
    throw conflict(`The script "${script.name}" is deleted; restore it before changing it.`);
  }
  return script;
}

export async function touchScript(tx: Executor, scriptId: string, userId: string): Promise<void> {
  await tx.update(scripts).set(markUpdated(userId)).where(eq(scripts.id, scriptId));
}
