import { defineContract } from '../contract.ts';
import { currentUserSchema } from './current-user.ts';

export const getMeContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/auth/me',
  summary: 'The signed-in user with their namespaces, scopes and attributes (spec §3 Current user)',
  tags: ['auth'],
  permission: { kind: 'loggedIn' },
  // Students too: the shell reads who is signed in, and its footer sends feedback.
  isOpenToStudents: true,
  response: currentUserSchema,
});
