// The users module's public entry: what other modules, identity and the assembly may use.
export { ensurePlatformAdmin, type AdminBootstrap } from './bootstrap-admin.ts';
export { displayNameSql, formatDisplayName } from './display-name.ts';
export { hashPassword } from './passwords.ts';
export { anonymizeUser, insertUser, updateUser, type UserChanges } from './user-records.ts';
export {
  checkPassword,
  createUser,
  deletePastSignInFailures,
  findUserByEmail,
  findUserById,
  LOCKOUT_MINUTES,
  MAX_FAILED_LOGINS,
  recordSignIn,
  setPassword,
  updateUserName,
  type User,
} from './users.service.ts';
