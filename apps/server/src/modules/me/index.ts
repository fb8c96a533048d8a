// The me module's public entry: the current user (spec §3) that authentication resolves to.
export {
  addStoryfileNamespaces,
  getCurrentUser,
  getCurrentUserBySession,
  getUserProductAccessGroups,
} from './me.service.ts';
