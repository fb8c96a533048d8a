export { OrganizationsScreen } from './components/organizations-screen';
export { UsersScreen } from './components/users-screen';
export { TeamsScreen } from './components/teams-screen';
export { RolesScreen } from './components/roles-screen';
export { WhitelistScreen } from './components/whitelist-screen';
