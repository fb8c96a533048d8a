import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GrantableScope } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

// --- Accounts: teams, invitations, whitelist, audit ---------------------------------------------

/** A named group of members inside one namespace; its scope is granted to every member. */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Null grants nothing beyond the members' own scopes. */
    scope: text('scope').$type<GrantableScope>(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('teams_namespace_name_key').on(table.namespaceId, sql`lower(${table.name})`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_idx').on(table.userId),
  ],
);

/**
 * An invitation to join a namespace. `expired` is never stored: a pending row past `expires_at`
 * reads as expired. At most one pending row per email and namespace.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The invited person's name as the inviter gave it (a CSV's name column); the join page offers it. */
    name: text('name'),
    scope: text('scope').$type<GrantableScope>().notNull(),
    teamIds: uuid('team_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** SHA-256 of the link's token; the token itself is only in the link. */
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status').$type<'pending' | 'accepted' | 'revoked'>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('invitations_pending_key')
      .on(table.namespaceId, sql`lower(${table.email})`)
      .where(sql`${table.status} = 'pending'`),
    check('invitations_status_check', sql`${table.status} in ('pending', 'accepted', 'revoked')`),
  ],
);

/** Email domains and single addresses admitted through SSO into a namespace with SSO_WHITELIST. */
export const whitelistEntries = pgTable(
  'whitelist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'domain' | 'email'>().notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('whitelist_entries_value_key').on(
      table.namespaceId,
      table.kind,
      sql`lower(${table.value})`,
    ),
    check('whitelist_entries_kind_check', sql`${table.kind} in ('domain', 'email')`),
  ],
);

/** Who changed what in accounts: memberships, roles, teams, invitations, whitelist, attributes. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept (set null) when the namespace goes, so its deletion stays on record. */
    namespaceId: uuid('namespace_id').references(() => namespaces.id, { onDelete: 'set null' }),
    namespaceLabel: text('namespace_label'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_namespace_created_idx').on(table.namespaceId, table.createdAt.desc()),
    index('audit_events_created_idx').on(table.createdAt.desc()),
  ],
);

// --- accounts: SCIM 2.0 provisioning (issue 16) ---

/**
 * A bearer token an organization's owner issued to its identity provider for SCIM. Only the
 * SHA-256 of the token is stored; the token is shown once. Revoked rows stay for the record.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('scim_tokens_namespace_idx').on(table.namespaceId)],
);

/**
 * Failed SCIM authentications per source address (issue 30), shared by every replica: a window of
 * SCIM_FAILED_AUTH_WINDOW_MINUTES from the source's first failure, counted by one atomic upsert
 * (the pattern of publishing's public_ask_counters). Rows of windows past are deleted by
 * maintenance.
 */
export const scimAuthFailures = pgTable(
  'scim_auth_failures',
  {
    /** The client address (request.ip: TRUST_PROXY decides whether forwarding headers count). */
    source: text('source').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('scim_auth_failures_window_idx').on(table.windowStart)],
);

/**
 * What an organization's identity provider calls one of its SCIM resources: its own id
 * (`externalId`) and, for a User, the `userName` it sent when that is not the email address (Entra
 * ID sends user principal names). Per organization: two providers may name one person differently.
 */
export const scimIdentities = pgTable(
  'scim_identities',
  {
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').$type<'User' | 'Group'>().notNull(),
    resourceId: uuid('resource_id').notNull(),
    externalId: text('external_id'),
    userName: text('user_name'),
    /**
     * The name this organization's provider sent (a User). It is what the organization sees of an
     * account that is also someone else's (another membership, a platform admin): linking an
     * account by email reveals nothing of it that the provider did not send.
     */
    givenName: text('given_name'),
    familyName: text('family_name'),
  },
  (table) => [
    primaryKey({ columns: [table.namespaceId, table.resourceType, table.resourceId] }),
    uniqueIndex('scim_identities_user_name_key')
      .on(table.namespaceId, sql`lower(${table.userName})`)
      .where(sql`${table.userName} is not null`),
    check('scim_identities_type_check', sql`${table.resourceType} in ('User', 'Group')`),
  ],
);
