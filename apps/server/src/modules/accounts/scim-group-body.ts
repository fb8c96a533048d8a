import { SCIM_GROUP_SCHEMA, teamNameSchema } from '@conversa/contracts';
import {
  assertResourceSchemas,
  readPatchOperations,
  readText,
  scimBadRequest,
  ScimError,
} from './scim-protocol.ts';

// Reads what a SCIM identity provider asks of a group (RFC 7643 Group, RFC 7644 PatchOp, in Okta's
// and Entra ID's shapes) into one GroupChange; a body it cannot read answers the SCIM error.

function readDisplayName(value: unknown): string {
  const parsed = teamNameSchema.safeParse(typeof value === 'string' ? value : '');
  if (!parsed.success) {
    throw scimBadRequest(
      'invalidValue',
      '"displayName" must be a team name of 1 to 200 characters.',
    );
  }
  return parsed.data;
}

/** Member ids of a `members` value: [{ "value": "<user id>" }, ...]. */
function readMemberIds(value: unknown): string[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  return list.map((member) => {
    const id = (member as { value?: unknown } | null)?.value;
    if (typeof id !== 'string') {
      throw scimBadRequest('invalidValue', 'Each member needs a "value": the id of a User.');
    }
    return id;
  });
}

export interface GroupChange {
  name?: string;
  externalId?: string | null;
  /** The whole member list (PUT, replace of members). */
  members?: string[];
  add: string[];
  remove: string[];
  removeAll?: boolean;
}

export function readGroupBody(body: Record<string, unknown>): GroupChange & { name: string } {
  assertResourceSchemas(body, SCIM_GROUP_SCHEMA);
  return {
    name: readDisplayName(body.displayName),
    externalId: readText(body.externalId, 'externalId', 500),
    members: readMemberIds(body.members),
    add: [],
    remove: [],
  };
}

// Okta removes one member with the path `members[value eq "<id>"]`.
const MEMBER_PATH = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

export function readGroupPatch(body: Record<string, unknown>): GroupChange {
  const change: GroupChange = { add: [], remove: [] };
  for (const { op, path, value } of readPatchOperations(body)) {
    const attribute = path?.toLowerCase();
    const memberMatch = path ? MEMBER_PATH.exec(path) : null;
    if (memberMatch) {
      if (op !== 'remove') {
        throw scimBadRequest('invalidPath', 'Add members with the path "members".');
      }
      change.remove.push(memberMatch[1]!);
    } else if (attribute === 'members') {
      if (op === 'add') {
        change.add.push(...readMemberIds(value));
      } else if (op === 'remove') {
        // Entra ID names the members in the value; no value removes them all (RFC 7644 §3.5.2.2).
        if (value === undefined) {
          change.removeAll = true;
        } else {
          change.remove.push(...readMemberIds(value));
        }
      } else {
        change.members = readMemberIds(value);
        change.add = [];
        change.remove = [];
      }
    } else if (attribute === 'displayname') {
      if (op === 'remove') {
        throw new ScimError(400, 'mutability', '"displayName" is required and cannot be removed.');
      }
      change.name = readDisplayName(value);
    } else if (attribute === 'externalid') {
      change.externalId = op === 'remove' ? null : readText(value, 'externalId', 500);
    } else if (attribute === undefined) {
      // Okta: {"op": "replace", "value": {"id": "...", "displayName": "..."}}.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw scimBadRequest('invalidValue', `An "${op}" without a path needs an object value.`);
      }
      const fields = value as Record<string, unknown>;
      if ('displayName' in fields) {
        change.name = readDisplayName(fields.displayName);
      }
      if ('externalId' in fields) {
        change.externalId = readText(fields.externalId, 'externalId', 500);
      }
      if ('members' in fields) {
        if (op === 'add') {
          change.add.push(...readMemberIds(fields.members));
        } else {
          change.members = readMemberIds(fields.members);
        }
      }
    } else {
      throw scimBadRequest('invalidPath', `A Group has no attribute "${path}" to change.`);
    }
  }
  return change;
}
