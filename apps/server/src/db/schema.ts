import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
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
import type {
  AvatarResourceType,
  CompletionRule,
  ChatChannel,
  ChatDecision,
  ClipKind,
  ConfidenceClass,
  ExchangeFeedback,
  FallbackReason,
  InputMode,
  LoggedCandidate,
  ReviewActionKind,
  ReviewState,
  FeedbackKind,
  InkCompileMessage,
  InkStoryStats,
  MediaFiles,
  GrantableScope,
  NamespaceAttributes,
  Scope,
  StoryfileStatus,
  UploadKind,
  UploadPhase,
} from '@conversa/contracts';

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
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set when a platform admin deletes the account: name and email are anonymised, content stays. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Set when the SCIM of the account's only organization deprovisions it (no platform admin,
     * no other membership): the account is refused until an organization takes it in again.
     */
    deprovisionedAt: timestamp('deprovisioned_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

export const namespaces = pgTable('namespaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull().unique(),
  attributes: jsonb('attributes').$type<NamespaceAttributes>().notNull().default({}),
  /** Scope a whitelisted person joins with (SSO_WHITELIST); the owner chooses it. */
  defaultScope: text('default_scope').$type<GrantableScope>().notNull().default('read:ns'),
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
    /** A suspended membership grants nothing until reactivated; the row (and its role) stays. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
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
  /** A `prompt=none` check from the landing page's hidden frame: its callback never shows a page. */
  isSilent: boolean('is_silent').notNull().default(false),
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

// --- Storyfiles and the script library -----------------------------------------------------
// A storyfile's checklist, a script's content and a namespace's question library each hold their
// own rows: text can be edited per storyfile or script without touching the library. Copies keep
// `source_*_id` links to the library rows they came from, which is what lets a script be applied
// again without duplicating questions (deduplicated by source id and by `text_key`, the
// normalised question text).

const authorship = {
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
};

/** Soft delete: the row stays, renamed `<name> - Deleted`; restore puts `name_before_delete` back. */
const softDelete = {
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
};

export const storyfiles = pgTable(
  'storyfiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('en-US'),
    status: text('status').$type<StoryfileStatus>().notNull().default('draft'),
    avatarUrl: text('avatar_url'),
    nameBeforeDelete: text('name_before_delete'),
    ...softDelete,
    ...authorship,
    ...timestamps,
  },
  (table) => [
    // Names are unique per namespace whatever their case; deleted rows carry the marker suffix.
    uniqueIndex('storyfiles_namespace_name_key').on(table.namespaceId, sql`lower(${table.name})`),
    index('storyfiles_namespace_updated_idx').on(table.namespaceId, table.updatedAt.desc()),
    index('storyfiles_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('storyfiles_description_trgm_idx').using('gin', table.description.op('gin_trgm_ops')),
    check(
      'storyfiles_status_check',
      sql`${table.status} in ('draft', 'recording', 'ready', 'published')`,
    ),
  ],
);

export const topics = pgTable(
  'topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nameBeforeDelete: text('name_before_delete'),
    ...softDelete,
    ...authorship,
    ...timestamps,
  },
  (table) => [
    uniqueIndex('topics_namespace_name_key').on(table.namespaceId, sql`lower(${table.name})`),
    index('topics_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Copied from the topic so lists filter by namespace without a join.
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    alternates: text('alternates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull(),
    ...softDelete,
    ...authorship,
    ...timestamps,
  },
  (table) => [
    index('questions_topic_position_idx').on(table.topicId, table.position),
    index('questions_namespace_idx').on(table.namespaceId),
    index('questions_text_trgm_idx').using('gin', table.text.op('gin_trgm_ops')),
    // conversa_alternates_text: an immutable array_to_string, created by the search migration.
    index('questions_alternates_trgm_idx').using(
      'gin',
      sql`conversa_alternates_text(${table.alternates}) gin_trgm_ops`,
    ),
    uniqueIndex('questions_topic_text_key')
      .on(table.topicId, table.textKey)
      .where(sql`${table.deletedAt} is null`),
  ],
);

export const storyfileTopics = pgTable(
  'storyfile_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    sourceTopicId: uuid('source_topic_id').references(() => topics.id, { onDelete: 'set null' }),
    ...authorship,
    ...timestamps,
  },
  (table) => [
    index('storyfile_topics_storyfile_position_idx').on(table.storyfileId, table.position),
    uniqueIndex('storyfile_topics_storyfile_name_key').on(
      table.storyfileId,
      sql`lower(${table.name})`,
    ),
  ],
);

export const storyfileQuestions = pgTable(
  'storyfile_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Copied from the topic: counts, dedupe and search work per storyfile without a join.
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    storyfileTopicId: uuid('storyfile_topic_id')
      .notNull()
      .references(() => storyfileTopics.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    alternates: text('alternates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull(),
    sourceQuestionId: uuid('source_question_id').references(() => questions.id, {
      onDelete: 'set null',
    }),
    /** Set by the recording module when an answer clip exists for the question. */
    answerRecordedAt: timestamp('answer_recorded_at', { withTimezone: true }),
    /** Set when a reviewer queued a visitor's question to record (training, "add to record queue"). */
    queuedToRecordAt: timestamp('queued_to_record_at', { withTimezone: true }),
    ...authorship,
    ...timestamps,
  },
  (table) => [
    // A storyfile never asks the same question twice: matching needs one answer per question.
    uniqueIndex('storyfile_questions_storyfile_text_key').on(table.storyfileId, table.textKey),
    uniqueIndex('storyfile_questions_storyfile_source_key')
      .on(table.storyfileId, table.sourceQuestionId)
      .where(sql`${table.sourceQuestionId} is not null`),
    index('storyfile_questions_topic_position_idx').on(table.storyfileTopicId, table.position),
    index('storyfile_questions_text_trgm_idx').using('gin', table.text.op('gin_trgm_ops')),
    // The words of the question and its alternates (conversa_question_words, created by the
    // migration): a custom category's usage finds the questions with a phrase's words here.
    index('storyfile_questions_words_idx').using(
      'gin',
      sql`conversa_question_words(${table.text}, ${table.alternates})`,
    ),
  ],
);

/** The special clips of a storyfile: one row per kind, created with the storyfile. */
export const storyfileClips = pgTable(
  'storyfile_clips',
  {
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ClipKind>().notNull(),
    prompt: text('prompt').notNull().default(''),
    /** Set by the recording module when the clip is recorded. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.storyfileId, table.kind] }),
    check(
      'storyfile_clips_kind_check',
      sql`${table.kind} in ('idle', 'intro', 'cannotAnswer', 'pleaseRepeat')`,
    ),
  ],
);

/** Conversation starters: questions of the storyfile suggested to visitors, in order. */
export const storyfileStarters = pgTable(
  'storyfile_starters',
  {
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    storyfileQuestionId: uuid('storyfile_question_id')
      .notNull()
      .references(() => storyfileQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.storyfileId, table.storyfileQuestionId] }),
    index('storyfile_starters_question_idx').on(table.storyfileQuestionId),
  ],
);

/** Scripts of a namespace, and the shipped templates (no namespace, identified by `slug`). */
export const scripts = pgTable(
  'scripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id').references(() => namespaces.id, { onDelete: 'cascade' }),
    slug: text('slug').unique(),
    /** Hash of the shipped content last seeded; the seed rewrites a template when it changes. */
    contentHash: text('content_hash'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('en-US'),
    nameBeforeDelete: text('name_before_delete'),
    ...softDelete,
    ...authorship,
    ...timestamps,
  },
  (table) => [
    uniqueIndex('scripts_namespace_name_key').on(table.namespaceId, sql`lower(${table.name})`),
    index('scripts_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    check(
      'scripts_shipped_or_namespaced_check',
      sql`(${table.namespaceId} is null) = (${table.slug} is not null)`,
    ),
  ],
);

export const scriptTopics = pgTable(
  'script_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scriptId: uuid('script_id')
      .notNull()
      .references(() => scripts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    sourceTopicId: uuid('source_topic_id').references(() => topics.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('script_topics_script_position_idx').on(table.scriptId, table.position),
    uniqueIndex('script_topics_script_name_key').on(table.scriptId, sql`lower(${table.name})`),
  ],
);

export const scriptQuestions = pgTable(
  'script_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scriptId: uuid('script_id')
      .notNull()
      .references(() => scripts.id, { onDelete: 'cascade' }),
    scriptTopicId: uuid('script_topic_id')
      .notNull()
      .references(() => scriptTopics.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    alternates: text('alternates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull(),
    sourceQuestionId: uuid('source_question_id').references(() => questions.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('script_questions_topic_position_idx').on(table.scriptTopicId, table.position),
    uniqueIndex('script_questions_script_text_key').on(table.scriptId, table.textKey),
    index('script_questions_text_trgm_idx').using('gin', table.text.op('gin_trgm_ops')),
  ],
);

// --- Uploads and media ----------------------------------------------------------------------
// An upload row is created when a tus upload is created and follows it to the end; a media asset
// row is the commit point of processing: files in the media store without a row are invisible
// (never served, swept later), so a crash mid-job never leaves a half-written asset behind.

/** Every tus upload, from creation to processed (or failed, cancelled, expired). */
export const uploads = pgTable(
  'uploads',
  {
    /** The tus id: the last path segment of the upload URL before any `+` (spec §7). */
    id: text('id').primaryKey(),
    /** The full tus id the data store knows (differs from `id` only for stores that add `+...`). */
    tusId: text('tus_id').notNull(),
    kind: text('kind').$type<UploadKind>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    storyfileId: uuid('storyfile_id').references(() => storyfiles.id, { onDelete: 'cascade' }),
    storyfileQuestionId: uuid('storyfile_question_id').references(() => storyfileQuestions.id, {
      onDelete: 'cascade',
    }),
    clipKind: text('clip_kind').$type<ClipKind>(),
    resourceType: text('resource_type').$type<AvatarResourceType>(),
    resourceId: text('resource_id'),
    filename: text('filename'),
    filetype: text('filetype'),
    /** Null while the client defers the length. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    phase: text('phase').$type<UploadPhase>().notNull().default('uploading'),
    error: text('error'),
    /** When the last byte arrived. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** When processing ended (ready or failed). */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('uploads_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('uploads_storyfile_idx').on(table.storyfileId),
    index('uploads_phase_created_idx').on(table.phase, table.createdAt),
    check('uploads_kind_check', sql`${table.kind} in ('answer', 'clip', 'avatar')`),
    check(
      'uploads_phase_check',
      sql`${table.phase} in ('uploading', 'processing', 'ready', 'failed', 'cancelled')`,
    ),
    check(
      'uploads_target_check',
      sql`case ${table.kind}
        when 'answer' then ${table.storyfileId} is not null and ${table.storyfileQuestionId} is not null
        when 'clip' then ${table.storyfileId} is not null and ${table.clipKind} is not null
        else ${table.resourceType} is not null and ${table.resourceId} is not null end`,
    ),
  ],
);

/** One stored file of an asset: its name in the asset's folder, type and size. */
export interface MediaAssetFile {
  name: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * A processed answer or clip video: the answer of one question, or one clip of a storyfile.
 * Replacing a video inserts a new row and deletes the old one in the same transaction.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Unique: a job that runs twice finds the asset of its first run and stops there. */
    uploadId: text('upload_id')
      .notNull()
      .unique()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    storyfileQuestionId: uuid('storyfile_question_id').references(() => storyfileQuestions.id, {
      onDelete: 'cascade',
    }),
    clipKind: text('clip_kind').$type<ClipKind>(),
    /** Folder of the asset's files in the media store, e.g. `videos/<upload id>`. */
    storagePrefix: text('storage_prefix').notNull(),
    /** Every fixed role (video, poster, audio) and the optional ones made (captions). */
    files: jsonb('files').$type<MediaFiles<MediaAssetFile>>().notNull(),
    durationMs: integer('duration_ms').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('media_assets_storyfile_idx').on(table.storyfileId),
    uniqueIndex('media_assets_question_key')
      .on(table.storyfileQuestionId)
      .where(sql`${table.storyfileQuestionId} is not null`),
    uniqueIndex('media_assets_clip_key')
      .on(table.storyfileId, table.clipKind)
      .where(sql`${table.clipKind} is not null`),
    check(
      'media_assets_target_check',
      sql`(${table.storyfileQuestionId} is null) <> (${table.clipKind} is null)`,
    ),
  ],
);

/** The current avatar of a resource (spec §3 Avatar); the image lives in the media store. */
export const avatars = pgTable(
  'avatars',
  {
    resourceType: text('resource_type').$type<AvatarResourceType>().notNull(),
    /** The user's iam for user avatars, the resource's id otherwise. */
    resourceId: text('resource_id').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadId: text('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.resourceType, table.resourceId] })],
);

// --- Conversations, chat logs and publishing ---------------------------------------------------

/** Matching settings of a storyfile; no row means the defaults. */
export const storyfileMatchingSettings = pgTable('storyfile_matching_settings', {
  storyfileId: uuid('storyfile_id')
    .primaryKey()
    .references(() => storyfiles.id, { onDelete: 'cascade' }),
  /** Out-of-scope threshold 0–1; null means the matcher's DEFAULT_THRESHOLD. */
  threshold: doublePrecision('threshold'),
  ...timestamps,
});

/** One conversation with a storyfile: a visitor's (or author's) run of questions. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ChatChannel>().notNull(),
    /** `user:<id>` for signed-in callers, `visitor:<cookie id>` for the public player. */
    visitorKey: text('visitor_key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    /** Free-form state for scripted (ink) flows to drive later. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('conversations_storyfile_started_idx').on(table.storyfileId, table.startedAt),
    index('conversations_started_idx').on(table.startedAt),
    check(
      'conversations_channel_check',
      sql`${table.channel} in ('studio', 'share', 'embed', 'api')`,
    ),
  ],
);

/** Every exchange: what was asked and what the storyfile answered. */
export const chatLogEntries = pgTable(
  'chat_log_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    // Copied from the conversation so list filters and per-storyfile counts need no join.
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ChatChannel>().notNull(),
    questionText: text('question_text').notNull(),
    inputMode: text('input_mode').$type<InputMode>().notNull(),
    decision: text('decision').$type<ChatDecision>().notNull(),
    fallbackReason: text('fallback_reason').$type<FallbackReason>(),
    answerQuestionId: uuid('answer_question_id').references(() => storyfileQuestions.id, {
      onDelete: 'set null',
    }),
    /** The answered question's text when asked, kept when the question changes or goes. */
    answerQuestionText: text('answer_question_text'),
    /** On a `not-recorded` fallback, the unrecorded question that matched: what to record next. */
    matchedQuestionId: uuid('matched_question_id').references(() => storyfileQuestions.id, {
      onDelete: 'set null',
    }),
    /** Its text when asked, kept when the question changes or goes. */
    matchedQuestionText: text('matched_question_text'),
    score: doublePrecision('score'),
    confidence: text('confidence').$type<ConfidenceClass>(),
    /** The question as the matcher normalises it: ignores, clusters and previews key on it. */
    normalizedText: text('normalized_text').notNull().default(''),
    /** The matcher's best 3 candidates when asked (answer and score), best first. */
    topCandidates: jsonb('top_candidates').$type<LoggedCandidate[]>().notNull().default([]),
    /** Score of the best candidate minus the second's; null with fewer than two. */
    topMargin: doublePrecision('top_margin'),
    /** Review state in Response quality (`training` module). */
    reviewState: text('review_state').$type<ReviewState>().notNull().default('new'),
    /** The review action that last changed `reviewState` (null while new). */
    reviewActionId: uuid('review_action_id'),
    /** The asker's rating of the answer: once per exchange. */
    feedback: text('feedback').$type<ExchangeFeedback>(),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    /** With a published ink story: `choice` (the story took a choice) or `free` (the matcher answered). */
    inkTurn: text('ink_turn').$type<'choice' | 'free'>(),
    /** The story choice taken, its text when asked. */
    inkChoiceText: text('ink_choice_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('chat_log_entries_ink_turn_check', sql`${table.inkTurn} in ('choice', 'free')`),
    index('chat_log_entries_storyfile_review_created_idx').on(
      table.storyfileId,
      table.reviewState,
      table.createdAt.desc(),
    ),
    index('chat_log_entries_storyfile_normalized_idx').on(table.storyfileId, table.normalizedText),
    check(
      'chat_log_entries_review_state_check',
      sql`${table.reviewState} in ('new', 'resolved', 'ignored', 'queued')`,
    ),
    check('chat_log_entries_feedback_check', sql`${table.feedback} in ('up', 'down')`),
    // The inbox's and chat logs' newest-first pages per storyfile, and their counts: the filter
    // columns trail the order so a count (and a filtered page's scan) reads the index alone.
    index('chat_log_entries_storyfile_created_idx').on(
      table.storyfileId,
      // NULLS FIRST is what `order by … desc` means: the index serves the order as written.
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.decision,
      table.reviewState,
      table.feedback,
      table.confidence,
      table.channel,
      table.topMargin,
    ),
    // Training inbox (issue 14): sort by score without reading every row; §5 search of the
    // question and answer texts through trigrams instead of scanning 100,000 rows.
    index('chat_log_entries_storyfile_score_idx').on(table.storyfileId, table.score),
    // Fallbacks, the inbox's main filter, are a tenth of the rows or fewer.
    index('chat_log_entries_storyfile_fallback_idx')
      .on(
        table.storyfileId,
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
        table.reviewState,
        table.confidence,
        table.feedback,
        table.topMargin,
      )
      .where(sql`${table.decision} = 'fallback'`),
    // Ratings are rare (a few in a hundred): filtering on them reads this small index, not all rows.
    index('chat_log_entries_storyfile_rated_idx')
      .on(
        table.storyfileId,
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
        table.feedback,
        table.reviewState,
      )
      .where(sql`${table.feedback} is not null`),
    index('chat_log_entries_question_trgm_idx').using('gin', table.questionText.op('gin_trgm_ops')),
    index('chat_log_entries_answer_trgm_idx').using(
      'gin',
      sql`coalesce(${table.answerQuestionText}, ${table.matchedQuestionText}, '') gin_trgm_ops`,
    ),
    // The words of the normalised question: a custom category's usage finds the exchanges
    // with a phrase's words here.
    index('chat_log_entries_words_idx').using(
      'gin',
      sql`string_to_array(${table.normalizedText}, ' ')`,
    ),
    index('chat_log_entries_created_idx').on(table.createdAt.desc()),
    index('chat_log_entries_conversation_created_idx').on(table.conversationId, table.createdAt),
    index('chat_log_entries_decision_created_idx').on(table.decision, table.createdAt.desc()),
    index('chat_log_entries_confidence_created_idx').on(table.confidence, table.createdAt.desc()),
    index('chat_log_entries_channel_created_idx').on(table.channel, table.createdAt.desc()),
    check(
      'chat_log_entries_channel_check',
      sql`${table.channel} in ('studio', 'share', 'embed', 'api')`,
    ),
    check('chat_log_entries_input_mode_check', sql`${table.inputMode} in ('typed', 'spoken')`),
    check('chat_log_entries_decision_check', sql`${table.decision} in ('answered', 'fallback')`),
    check(
      'chat_log_entries_fallback_reason_check',
      sql`${table.fallbackReason} in ('empty', 'unintelligible', 'off-topic', 'not-recorded')`,
    ),
  ],
);

/** Publication of a storyfile; the slug survives unpublishing so shared links come back. */
export const storyfilePublications = pgTable('storyfile_publications', {
  storyfileId: uuid('storyfile_id')
    .primaryKey()
    .references(() => storyfiles.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull().unique(),
  isPublished: boolean('is_published').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * The public player's per-visitor ask limit, shared by every replica: one row per visitor key, a
 * one-minute window that starts at the key's first ask (as @fastify/rate-limit counts), counted by
 * one atomic upsert. Rows of windows past are deleted by maintenance.
 */
export const publicAskCounters = pgTable(
  'public_ask_counters',
  {
    /** Storyfile slug, client address and visitor cookie, as one key. */
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('public_ask_counters_window_idx').on(table.windowStart)],
);

// --- Training (response quality) ---------------------------------------------------------------

/**
 * One reviewer's action in Response quality, kept for undo and as provenance: which chat-log rows
 * it came from, who and when, and exactly what it changed in the script.
 */
export const trainingActions = pgTable(
  'training_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReviewActionKind>().notNull(),
    /** `correct`: the answer chosen; `record`: the question created. */
    questionId: uuid('question_id').references(() => storyfileQuestions.id, {
      onDelete: 'set null',
    }),
    /** Question text at the time (kept when the question changes or goes). */
    questionText: text('question_text'),
    /** `record`: the question was created by this action (undo deletes it while unrecorded). */
    isQuestionCreated: boolean('is_question_created').notNull().default(false),
    /** Chat-log rows the reviewer acted on. */
    entryIds: uuid('entry_ids').array().notNull(),
    /** Rows the new matcher answered as decided and that closed by themselves. */
    autoClosedEntryIds: uuid('auto_closed_entry_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Alternates this action added to `questionId` (undo removes those still there). */
    addedAlternates: text('added_alternates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Duplicate phrasings dropped from competing answers (undo puts them back). */
    removedAlternates: jsonb('removed_alternates')
      .$type<{ questionId: string; text: string }[]>()
      .notNull()
      .default([]),
    /** `ignore`: the normalised texts ignored. */
    normalizedTexts: text('normalized_texts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('training_actions_storyfile_created_idx').on(table.storyfileId, table.createdAt.desc()),
    check(
      'training_actions_kind_check',
      sql`${table.kind} in ('correct', 'record', 'out-of-scope', 'ignore')`,
    ),
  ],
);

/** Questions ignored per storyfile, by the matcher's normalised text: asked again, still ignored. */
export const trainingIgnores = pgTable(
  'training_ignores',
  {
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    normalizedText: text('normalized_text').notNull(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => trainingActions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storyfileId, table.normalizedText] })],
);

/**
 * Custom categories: interchangeable words or phrases the matcher folds on both sides. Per
 * namespace (`storyfileId` null), or an addition for one storyfile of that namespace.
 */
export const customCategories = pgTable(
  'custom_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    storyfileId: uuid('storyfile_id').references(() => storyfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phrases: text('phrases').array().notNull(),
    /** The phrases as the matcher normalises them: usage counts match on these. */
    normalizedPhrases: text('normalized_phrases').array().notNull(),
    ...authorship,
    ...timestamps,
  },
  (table) => [
    index('custom_categories_namespace_idx').on(table.namespaceId, table.storyfileId),
    uniqueIndex('custom_categories_namespace_name_key')
      .on(table.namespaceId, sql`lower(${table.name})`)
      .where(sql`${table.storyfileId} is null`),
    uniqueIndex('custom_categories_storyfile_name_key')
      .on(table.storyfileId, sql`lower(${table.name})`)
      .where(sql`${table.storyfileId} is not null`),
  ],
);

/**
 * Custom words of a namespace: names, places and jargon the speech recognizer mishears. Each
 * "heard as" form is a replacement rule applied to spoken transcripts before matching.
 */
export const customWords = pgTable(
  'custom_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    displayForm: text('display_form'),
    heardAs: text('heard_as')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...authorship,
    ...timestamps,
  },
  (table) => [
    uniqueIndex('custom_words_namespace_term_key').on(table.namespaceId, sql`lower(${table.term})`),
  ],
);

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

// --- Ink stories ---------------------------------------------------------------------------------

/** Every saved version of a storyfile's ink story: the source and what the server compiled. */
export const inkStoryVersions = pgTable(
  'ink_story_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per storyfile. */
    number: integer('number').notNull(),
    source: text('source').notNull(),
    /** inkjs's JSON, compiled by the server; null when the source has errors. */
    compiledJson: text('compiled_json'),
    messages: jsonb('messages').$type<InkCompileMessage[]>().notNull(),
    errorCount: integer('error_count').notNull(),
    warningCount: integer('warning_count').notNull(),
    stats: jsonb('stats').$type<InkStoryStats>().notNull(),
    restoredFromNumber: integer('restored_from_number'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ink_story_versions_storyfile_number_key').on(table.storyfileId, table.number),
    check(
      'ink_story_versions_compiled_check',
      sql`(${table.compiledJson} is null) = (${table.errorCount} > 0)`,
    ),
  ],
);

/** The published version of a storyfile's ink story; no row (or a null version) runs none. */
export const inkStories = pgTable('ink_stories', {
  storyfileId: uuid('storyfile_id')
    .primaryKey()
    .references(() => storyfiles.id, { onDelete: 'cascade' }),
  publishedVersionId: uuid('published_version_id').references(() => inkStoryVersions.id, {
    onDelete: 'set null',
  }),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

// --- Mobile App curation -------------------------------------------------------------------------
// Admins choose which published storyfiles the consumer app lists; publishing stays the gate (the
// catalogue joins storyfile_publications.is_published on every read).

/** A storyfile's place in the app: the "in the app" switch and the popular list's hide. */
export const mobileAppStoryfiles = pgTable(
  'mobile_app_storyfiles',
  {
    storyfileId: uuid('storyfile_id')
      .primaryKey()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    inApp: boolean('in_app').notNull().default(false),
    popularHidden: boolean('popular_hidden').notNull().default(false),
    ...timestamps,
  },
  (table) => [index('mobile_app_storyfiles_in_app_idx').on(table.inApp)],
);

/** The featured list: one row per storyfile, in `position` order, shown between optional dates. */
export const mobileAppFeatured = pgTable(
  'mobile_app_featured',
  {
    storyfileId: uuid('storyfile_id')
      .primaryKey()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** First and last day (UTC) the app shows the entry; null is open-ended. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    ...timestamps,
  },
  (table) => [
    index('mobile_app_featured_position_idx').on(table.position),
    check(
      'mobile_app_featured_dates_check',
      sql`${table.startsOn} is null or ${table.endsOn} is null or ${table.startsOn} <= ${table.endsOn}`,
    ),
  ],
);

// --- Promo codes and free trials -----------------------------------------------------------------
// A code opens a free trial: redeeming it creates an account and an organization (its owner the
// person) in one transaction. `redemption_count` is the use counter a conditional update spends,
// so two people racing for a code's last use cannot both win.

/** A promo code: what it grants (the trial group, a length and limits) and how often it may be used. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored as typed; unique whatever its case, and matched without case. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    trialDays: integer('trial_days').notNull(),
    /** Null: no limit. */
    storyfileLimit: integer('storyfile_limit'),
    recordedAnswerLimit: integer('recorded_answer_limit'),
    /** Null: any number of redemptions. */
    maxRedemptions: integer('max_redemptions'),
    /** Redemptions that hold a use (revoking one gives its use back). */
    redemptionCount: integer('redemption_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('promo_codes_code_lower_key').on(sql`lower(${table.code})`),
    check('promo_codes_trial_days_check', sql`${table.trialDays} between 1 and 3650`),
    check(
      'promo_codes_uses_check',
      sql`${table.redemptionCount} >= 0 and (${table.maxRedemptions} is null or ${table.redemptionCount} <= ${table.maxRedemptions})`,
    ),
  ],
);

/**
 * One redemption of a code: the client organization it created, its owner and the trial's state.
 * The limits are copied from the code, so editing a code never changes a running trial. Status
 * `trial` reads as expired once `trial_ends_at` has passed.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    /** One redemption per organization. */
    namespaceId: uuid('namespace_id')
      .notNull()
      .unique()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The email it was redeemed with, lower-cased: one redemption of a code per person. */
    email: text('email').notNull(),
    status: text('status').$type<'trial' | 'converted' | 'revoked'>().notNull().default('trial'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
    storyfileLimit: integer('storyfile_limit'),
    recordedAnswerLimit: integer('recorded_answer_limit'),
    /** SHA-256 of the verification link's token; null once verified. */
    verificationTokenHash: text('verification_token_hash'),
    /** The link itself, kept only when no mail server sent it, for admins to pass on. */
    verificationLink: text('verification_link'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('promo_redemptions_code_email_key').on(table.promoCodeId, table.email),
    index('promo_redemptions_user_idx').on(table.userId),
    uniqueIndex('promo_redemptions_token_key').on(table.verificationTokenHash),
    check(
      'promo_redemptions_status_check',
      sql`${table.status} in ('trial', 'converted', 'revoked')`,
    ),
  ],
);

// --- learning (issue 18): activities, their assignees, attempts, xAPI outbox ---

/** An activity an owner assigns: storyfiles to converse with, dates and a completion rule. */
export const learningActivities = pgTable(
  'learning_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    openAt: timestamp('open_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    closeAt: timestamp('close_at', { withTimezone: true }),
    /** `CompletionRule` of the contracts, validated by its zod schema before every write. */
    rule: jsonb('rule').$type<CompletionRule>().notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('learning_activities_namespace_created_idx').on(
      table.namespaceId,
      table.createdAt.desc(),
    ),
    check(
      'learning_activities_dates_check',
      sql`(${table.openAt} is null or ${table.dueAt} is null or ${table.openAt} <= ${table.dueAt})
        and (${table.dueAt} is null or ${table.closeAt} is null or ${table.dueAt} <= ${table.closeAt})
        and (${table.openAt} is null or ${table.closeAt} is null or ${table.openAt} <= ${table.closeAt})`,
    ),
  ],
);

export const learningActivityStoryfiles = pgTable(
  'learning_activity_storyfiles',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => learningActivities.id, { onDelete: 'cascade' }),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.activityId, table.storyfileId] })],
);

/** Whom an activity is assigned to: one student (user) or one team (a class), never both. */
export const learningAssignments = pgTable(
  'learning_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => learningActivities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
  },
  (table) => [
    check(
      'learning_assignments_one_target_check',
      sql`num_nonnulls(${table.userId}, ${table.teamId}) = 1`,
    ),
    uniqueIndex('learning_assignments_user_key')
      .on(table.activityId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('learning_assignments_team_key')
      .on(table.activityId, table.teamId)
      .where(sql`${table.teamId} is not null`),
    index('learning_assignments_user_idx').on(table.userId),
    index('learning_assignments_team_idx').on(table.teamId),
  ],
);

/**
 * Links a conversation to the activity and student it was held for: the conversations table stays
 * as it is, and progress reads exchanges through this one row per conversation.
 */
export const learningAttempts = pgTable(
  'learning_attempts',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => learningActivities.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('learning_attempts_activity_student_idx').on(table.activityId, table.studentId),
    index('learning_attempts_student_idx').on(table.studentId),
  ],
);

/**
 * xAPI statements for the Learning Record Store (XAPI_ENDPOINT). A row is written in the
 * transaction of what it reports (the exchange, or the rule edit that completed a student), so
 * nothing committed goes unsent. Rows are never deleted: `sent_at` marks what the LRS took,
 * `refused_at` what it refused for good (with its answer in `last_error`); the rest wait until
 * `next_attempt_at` (a backoff after a failure, or a sender's lease while one sends it). The id is
 * derived from what the statement reports, so a statement is queued once ("completed": once per
 * student and activity).
 */
export const learningXapiOutbox = pgTable(
  'learning_xapi_outbox',
  {
    id: uuid('id').primaryKey(),
    statement: jsonb('statement').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('learning_xapi_outbox_waiting_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.sentAt} is null and ${table.refusedAt} is null`),
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

// --- Popular score: visitor ids linked to studio sessions (issue 19) ---

/**
 * A public player's visitor cookie seen together with a signed-in studio session in one browser:
 * that visitor is this studio user, so the popular score can leave a team member's anonymous
 * visits out (mobile-app's popular.service.ts). Written by the publishing module's visitor-links.ts.
 */
export const visitorLinks = pgTable(
  'visitor_links',
  {
    visitorId: uuid('visitor_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.visitorId, table.userId] }),
    index('visitor_links_user_idx').on(table.userId),
  ],
);

// --- learning (issue 18): progress summary, one row per student and activity ---

/**
 * What a student did in an activity, kept with each exchange (in its transaction) so progress
 * reads one row instead of the chat log. Nothing here depends on the completion rule: it holds the
 * time of each question, of each first different answer, of each topic's first answer and of each
 * minute reached, and progress under any rule picks the Nth of them on read (so editing a rule
 * still recomputes at once).
 */
export const learningProgress = pgTable(
  'learning_progress',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => learningActivities.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionsAsked: integer('questions_asked').notNull().default(0),
    /** When each question was asked, in order (the first MAX_RULE_COUNT: no rule asks more). */
    questionTimes: timestamp('question_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The different answers heard, and when each was first heard (same order). */
    answerIds: uuid('answer_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    answerTimes: timestamp('answer_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Storyfile topic id → when an answer of that topic was first heard. */
    topics: jsonb('topics').$type<Record<string, string>>().notNull().default({}),
    /** Minutes in conversation: each conversation's span (its start to its last exchange), summed. */
    seconds: doublePrecision('seconds').notNull().default(0),
    /** Element k: the exchange at which the minutes reached k (up to MAX_RULE_MINUTES). */
    minuteTimes: timestamp('minute_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    firstAt: timestamp('first_at', { withTimezone: true }),
    lastAt: timestamp('last_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.activityId, table.studentId] })],
);
