import { isValidEmail, SCIM_ENTERPRISE_USER_SCHEMA, SCIM_USER_SCHEMA } from '@conversa/contracts';
import {
  assertResourceSchemas,
  readBoolean,
  readPatchOperations,
  readText,
  scimBadRequest,
  ScimError,
  type PatchOperation,
} from './scim-protocol.ts';

// Reads what a SCIM identity provider asks of a user (RFC 7643 User, RFC 7644 PatchOp, in Okta's
// and Entra ID's shapes) into one UserChange; a body it cannot read answers the SCIM error.

/** What a body (POST or PUT) or a PatchOp asks of a user; undefined leaves an attribute alone. */
export interface UserChange {
  /** The account's email: userName when that is one, else the primary or work email. */
  email?: string;
  /** The provider's userName; kept apart from the email when it is not the email. */
  userName?: string;
  firstName?: string | null;
  lastName?: string | null;
  active?: boolean;
  /** null removes it. */
  externalId?: string | null;
}

const EMAIL_NEEDED =
  'The studio identifies people by email: send an email address as "userName" or as the primary or work address in "emails".';

function readEmail(value: unknown, attribute: string): string {
  const email = readText(value, attribute);
  if (email === null || !isValidEmail(email)) {
    throw scimBadRequest(
      'invalidValue',
      `"${attribute}" must be an email address, such as name@example.com.`,
    );
  }
  return email;
}

/** The address in `emails` a provider marks primary, else its work one, else the first. */
function readEmailsValue(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) {
    return null;
  }
  const entries = value.filter(
    (entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null,
  );
  const chosen =
    entries.find(
      (entry) => entry.primary === true || entry.primary === 'True' || entry.primary === 'true',
    ) ??
    entries.find((entry) => entry.type === 'work') ??
    entries[0];
  return chosen ? readEmail(chosen.value, 'emails.value') : null;
}

/** userName, and the email the account gets from it or from `emails`. */
function readUserName(value: unknown, emails: unknown, change: UserChange): void {
  const userName = readText(value, 'userName');
  if (userName === null) {
    throw scimBadRequest('invalidValue', '"userName" is required.');
  }
  change.userName = userName;
  const email = isValidEmail(userName) ? userName : readEmailsValue(emails);
  if (email === null) {
    throw scimBadRequest('invalidValue', EMAIL_NEEDED);
  }
  change.email = email;
}

function readName(value: unknown, change: UserChange): void {
  if (value === null || value === undefined) {
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw scimBadRequest('invalidValue', '"name" must be an object with givenName and familyName.');
  }
  const name = value as Record<string, unknown>;
  if ('givenName' in name) {
    change.firstName = readText(name.givenName, 'name.givenName', 200);
  }
  if ('familyName' in name) {
    change.lastName = readText(name.familyName, 'name.familyName', 200);
  }
}

/** A whole User body (POST, PUT). Read-only and unknown attributes are ignored (RFC 7644 §3.5.1). */
export function readUserBody(body: Record<string, unknown>): UserChange & { email: string } {
  assertResourceSchemas(body, SCIM_USER_SCHEMA, [SCIM_ENTERPRISE_USER_SCHEMA]);
  const change: UserChange = {};
  readUserName(body.userName, body.emails, change);
  readName(body.name, change);
  if (body.active !== undefined) {
    change.active = readBoolean(body.active, 'active');
  }
  if (body.externalId !== undefined) {
    change.externalId = readText(body.externalId, 'externalId', 500);
  }
  return { ...change, email: change.email! };
}

/** Applies one attribute of a PatchOp (a path, or a key of a path-less value) to the change. */
function applyUserAttribute(
  change: UserChange,
  op: PatchOperation['op'],
  path: string,
  value: unknown,
) {
  // Entra ID writes filters with single or double quotes; attribute names are case-insensitive.
  const attribute = path
    .toLowerCase()
    .replace(`${SCIM_USER_SCHEMA.toLowerCase()}:`, '')
    .replace(/'/g, '"')
    .replace(/\s+/g, ' ');
  switch (attribute) {
    case 'active':
      if (op !== 'remove') {
        change.active = readBoolean(value, 'active');
      }
      return;
    case 'username':
      if (op === 'remove') {
        throw new ScimError(400, 'mutability', '"userName" is required and cannot be removed.');
      }
      change.userName = readText(value, 'userName') ?? '';
      if (change.userName === '') {
        throw scimBadRequest('invalidValue', '"userName" is required.');
      }
      if (isValidEmail(change.userName)) {
        change.email = change.userName;
      }
      return;
    case 'name':
      if (op === 'remove') {
        change.firstName = null;
        change.lastName = null;
      } else {
        readName(value, change);
      }
      return;
    case 'name.givenname':
      change.firstName = op === 'remove' ? null : readText(value, 'name.givenName', 200);
      return;
    case 'name.familyname':
      change.lastName = op === 'remove' ? null : readText(value, 'name.familyName', 200);
      return;
    case 'externalid':
      change.externalId = op === 'remove' ? null : readText(value, 'externalId', 500);
      return;
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value':
      if (op !== 'remove') {
        change.email = readEmail(value, 'emails.value');
      }
      return;
    case 'emails': {
      const email = op === 'remove' ? null : readEmailsValue(value);
      if (email !== null) {
        change.email = email;
      }
      return;
    }
    default:
      // Attributes this studio keeps nothing of (title, department, phone numbers, the
      // enterprise extension, displayName, which it derives) are accepted and ignored, so a
      // provider's routine sync does not fail over them.
      return;
  }
}

export function readUserPatch(body: Record<string, unknown>): UserChange {
  const change: UserChange = {};
  for (const operation of readPatchOperations(body)) {
    if (operation.path !== undefined) {
      applyUserAttribute(change, operation.op, operation.path, operation.value);
      continue;
    }
    // Okta: {"op": "replace", "value": {"active": false}}; a value without a path names attributes.
    if (
      typeof operation.value !== 'object' ||
      operation.value === null ||
      Array.isArray(operation.value)
    ) {
      throw scimBadRequest(
        'invalidValue',
        `An "${operation.op}" without a path needs an object value.`,
      );
    }
    for (const [key, value] of Object.entries(operation.value)) {
      applyUserAttribute(change, operation.op, key, value);
    }
  }
  return change;
}

/** The userName to keep apart from the email: null when it is the email itself. */
export function readStoredUserName(
  userName: string | undefined,
  email: string,
  stored: string | null,
): string | null {
  if (userName === undefined) {
    return stored;
  }
  return userName.toLowerCase() === email.toLowerCase() ? null : userName;
}
