import type { FastifyInstance } from 'fastify';
import {
  addTeamMemberContract,
  checkOrganizationNameContract,
  createInvitationsContract,
  createOrganizationContract,
  createTeamContract,
  deleteOrganizationContract,
  deleteTeamContract,
  deleteUserAccountContract,
  getRoleCatalogueContract,
  listAuditEventsContract,
  listInvitationsContract,
  listMembersContract,
  listOrganizationsContract,
  listTeamsContract,
  removeMemberContract,
  removeTeamMemberContract,
  setPlatformAdminContract,
  resendInvitationContract,
  revokeInvitationContract,
  updateMemberContract,
  updateOrganizationContract,
  updateTeamContract,
  addWhitelistEntryContract,
  deleteWhitelistEntryContract,
  listWhitelistContract,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import { listAuditEvents } from './audit.service.ts';
import {
  createInvitations,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  type InvitationSettings,
} from './invitations.service.ts';
import { listMembers } from './members.query.ts';
import { removeMember, updateMember } from './members.service.ts';
import {
  createOrganization,
  deleteOrganization,
  isOrganizationNameUnique,
  listOrganizations,
  updateOrganization,
} from './organizations.service.ts';
import type { OrganizationStoryfiles } from './organization-storyfiles.ts';
import { setPlatformAdmin } from './platform-admins.service.ts';
import { getRoleCatalogue } from './roles.service.ts';
import type { SignInRevoker } from './sessions.ts';
import { deleteUserAccount } from './user-accounts.service.ts';
import { addWhitelistEntry, deleteWhitelistEntry, listWhitelist } from './whitelist.service.ts';
import {
  createTeam,
  deleteTeam,
  listTeams,
  setTeamMembership,
  updateTeam,
} from './teams.service.ts';

/** Account administration: organizations, members, invitations, teams, roles, audit. */
export function registerAccountRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    invitations: Omit<InvitationSettings, 'log'>;
    revoker: SignInRevoker;
    /** Storyfile counts of organizations (storyfiles' `organizationStoryfiles`). */
    storyfiles: OrganizationStoryfiles;
  },
): void {
  const { db, revoker, storyfiles } = options;
  const settings: InvitationSettings = { ...options.invitations, log: app.log };

  registerContract(app, listOrganizationsContract, async (request) => ({
    items: await listOrganizations(db, storyfiles, request.currentUser),
  }));
  registerContract(app, createOrganizationContract, (request) =>
    createOrganization(db, storyfiles, request.currentUser, request.body),
  );
  registerContract(app, updateOrganizationContract, (request) =>
    updateOrganization(db, storyfiles, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deleteOrganizationContract, (request) =>
    deleteOrganization(db, storyfiles, request.currentUser, request.params.id),
  );
  registerContract(app, checkOrganizationNameContract, async (request) => ({
    unique: await isOrganizationNameUnique(db, request.query),
  }));

  registerContract(app, listMembersContract, (request) =>
    listMembers(db, request.currentUser, request.query),
  );
  registerContract(app, updateMemberContract, (request) =>
    updateMember(
      db,
      revoker,
      request.currentUser,
      request.params.id,
      request.params.userId,
      request.body,
    ),
  );
  registerContract(app, removeMemberContract, (request) =>
    removeMember(db, revoker, request.currentUser, request.params.id, request.params.userId),
  );
  registerContract(app, deleteUserAccountContract, (request) =>
    deleteUserAccount(db, revoker, request.currentUser, request.params.userId),
  );

  registerContract(app, setPlatformAdminContract, (request) =>
    setPlatformAdmin(db, request.currentUser, request.params.userId, request.body.isAdmin),
  );

  registerContract(app, createInvitationsContract, (request) =>
    createInvitations(db, settings, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, listInvitationsContract, async (request) => ({
    items: await listInvitations(db, request.currentUser, request.query),
  }));
  registerContract(app, resendInvitationContract, (request) =>
    resendInvitation(db, settings, request.currentUser, request.params.id),
  );
  registerContract(app, revokeInvitationContract, (request) =>
    revokeInvitation(db, request.currentUser, request.params.id),
  );

  registerContract(app, listTeamsContract, async (request) => ({
    items: await listTeams(db, request.currentUser, request.query),
  }));
  registerContract(app, createTeamContract, (request) =>
    createTeam(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, updateTeamContract, (request) =>
    updateTeam(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deleteTeamContract, (request) =>
    deleteTeam(db, request.currentUser, request.params.id),
  );
  registerContract(app, addTeamMemberContract, (request) =>
    setTeamMembership(db, request.currentUser, request.params.id, request.params.userId, true),
  );
  registerContract(app, removeTeamMemberContract, (request) =>
    setTeamMembership(db, request.currentUser, request.params.id, request.params.userId, false),
  );

  registerContract(app, getRoleCatalogueContract, async (request) => ({
    items: await getRoleCatalogue(db, request.currentUser),
  }));
  registerContract(app, listAuditEventsContract, (request) =>
    listAuditEvents(db, request.currentUser, request.query),
  );

  registerContract(app, listWhitelistContract, (request) =>
    listWhitelist(db, request.currentUser, request.params.id),
  );
  registerContract(app, addWhitelistEntryContract, (request) =>
    addWhitelistEntry(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deleteWhitelistEntryContract, (request) =>
    deleteWhitelistEntry(db, request.currentUser, request.params.id, request.params.entryId),
  );
}
