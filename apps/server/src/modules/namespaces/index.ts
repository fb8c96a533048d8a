// The namespaces module's public entry.
export {
  addMembership,
  createNamespace,
  deleteNamespace,
  insertNamespace,
  parseAttributeList,
  removeMemberships,
  updateMembership,
  updateNamespace,
  upsertMembership,
  type Namespace,
} from './namespaces.service.ts';
export { ensureDefaultNamespace, type DefaultNamespace } from './default-namespace.ts';
export { grantScope, listUsers, type UserListRow } from './grants.ts';
