import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { FeedbackKind, NamespaceAttributes, Scope } from '@conversa/contracts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** scrypt hash in PHC-like form; null for accounts that only sign in through an upstream provider. */
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

export const namespaces = pgTable('namespaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull().unique(),
  attributes: jsonb('attributes').$type<NamespaceAttributes>().notNull().default({}),
  ...timestamps,
});

export const userNamespaces = pgTable(
  'user_namespaces',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<Scope>().notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.namespaceId] }),
    index('user_namespaces_namespace_idx').on(table.namespaceId),
    check(
      'user_namespaces_scope_check',
      sql`${table.scope} in ('owner:ns', 'edit:ns', 'read:ns', 'restricted:ns')`,
    ),
  ],
);

/** Links an account at an issuer (ours or an upstream one) to a local user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('user_identities_user_idx').on(table.userId),
  ],
);

/** Everything the embedded OpenID provider persists (grants, sessions, codes, tokens, interactions). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_payloads_grant_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_user_code_idx').on(table.userCode),
    index('oidc_payloads_expires_idx').on(table.expiresAt),
  ],
);

/**
 * The studio's sign-in sessions (the spec's session token record, kept server-side so the
 * refresh token never reaches JavaScript). The cookie holds a random id; only its hash is stored.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    scope: text('scope'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    /** Name of the upstream provider the user came through (an identity-provider hint), if any. */
    idpHint: text('idp_hint'),
    ...timestamps,
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/** Pending sign-ins: state, nonce and PKCE verifier, valid for one hour (spec §4). */
export const authLoginStates = pgTable('auth_login_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  idpHint: text('idp_hint'),
  returnTo: text('return_to'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Generated secrets shared by every replica (signing keys, cookie keys, client secret). */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-ins in flight at an upstream provider, brokered by the embedded IdP (one hour at most). */
export const idpBrokerStates = pgTable('idp_broker_states', {
  state: text('state').primaryKey(),
  interactionUid: text('interaction_uid').notNull(),
  hint: text('hint').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** Set once the upstream answered and the local account is known. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Give Feedback and Report a Bug submissions from the footer dialogs (spec §2 Layout). */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept when the account goes, so reports outlive their authors. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<FeedbackKind>().notNull(),
    message: text('message').notNull(),
    pageUrl: text('page_url').notNull(),
    /** Reply address the person typed, if any; the account's email is reachable through user_id. */
    replyEmail: text('reply_email'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [
    index('feedback_created_at_idx').on(table.createdAt),
    index('feedback_user_idx').on(table.userId),
    check('feedback_kind_check', sql`${table.kind} in ('feedback', 'bug')`),
  ],
);
