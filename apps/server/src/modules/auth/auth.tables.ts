import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';

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
  /** A `prompt=none` check from the landing page's hidden frame: its callback never shows a page. */
  isSilent: boolean('is_silent').notNull().default(false),
  /**
   * The response type asked of the provider: `code` (its answer comes back as a GET with the code
   * in the query) or `code id_token`, the hybrid flow (a `form_post` POST with the code and an ID
   * token). The callback accepts only the answer this sign-in asked for.
   */
  responseType: text('response_type').$type<'code' | 'code id_token'>().notNull().default('code'),
  /** The brand whose host the sign-in began on (null: the studio's own): the session keeps it. */
  brandId: text('brand_id'),
  /**
   * SHA-256 of the browser's login-binding cookie at the start (login-binding.ts): only the
   * browser that began a sign-in may finish it, so nobody can hand a victim the callback of their
   * own sign-in (login CSRF). Null on sign-ins begun before the binding existed.
   */
  browserBindingHash: text('browser_binding_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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
