import { sql } from 'drizzle-orm';
import type { AuditEvent, CurrentUser } from '@conversa/contracts';
import { auditEvents } from './accounts.tables.ts';
import {
  buildPageLimit,
  buildIlikeContains,
  joinConditions,
  runListQueries,
  toIsoTimestamp,
  uuidArray,
  type Executor,
  type ListPage,
} from './list-helpers.ts';
import { getOwnedOrganizationIds } from './access.ts';

export interface AuditEntry {
  organization: { id: string; label: string } | null;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one audit event in the caller's transaction, so a change and its record commit together. */
export async function recordAuditEvent(
  tx: Executor,
  // A SCIM token acts as no person: `iam` null, `email` naming the token.
  actor: { iam: string | null; email: string } | null,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditEvents).values({
    namespaceId: entry.organization?.id ?? null,
    namespaceLabel: entry.organization?.label ?? null,
    actorId: actor?.iam ?? null,
    actorEmail: actor?.email ?? 'system',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

type AuditRow = {
  id: string;
  namespace_id: string | null;
  namespace_label: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date | string;
};

export async function listAuditEvents(
  db: Executor,
  user: CurrentUser,
  query: {
    organizationId?: string | undefined;
    action?: string | undefined;
    search?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<ListPage<AuditEvent>> {
  const owned = getOwnedOrganizationIds(user);
  const conditions = [
    owned === 'all' ? undefined : sql`namespace_id = any(${uuidArray(owned)})`,
    query.organizationId ? sql`namespace_id = ${query.organizationId}` : undefined,
    query.action
      ? sql`(action = ${query.action} or action like ${`${query.action.replace(/[\\%_]/g, '\\$&')}.%`})`
      : undefined,
    query.search
      ? sql`(actor_email ilike ${buildIlikeContains(query.search)} or target_label ilike ${buildIlikeContains(query.search)})`
      : undefined,
  ];
  const where = joinConditions(conditions);
  return runListQueries<AuditRow, AuditEvent>(
    db,
    {
      count: sql`select count(*)::int as total from ${auditEvents} where ${where}`,
      page: sql`select id, namespace_id, namespace_label, actor_email, action, target_type,
          target_label, before, after, created_at
        from ${auditEvents} where ${where}
        order by created_at desc, id desc ${buildPageLimit(query)}`,
    },
    query,
    (row) => ({
      id: row.id,
      organizationId: row.namespace_id,
      organizationLabel: row.namespace_label,
      actorEmail: row.actor_email,
      action: row.action,
      targetType: row.target_type,
      targetLabel: row.target_label,
      before: row.before,
      after: row.after,
      createdAt: toIsoTimestamp(row.created_at),
    }),
  );
}
