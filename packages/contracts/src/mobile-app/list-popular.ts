import { defineContract } from '../contract.ts';
import { ADMIN, TAGS } from './admin.ts';
import { pagingQuerySchema, popularPageSchema } from './mobile-app.ts';

export const listPopularContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/mobile-app/popular',
  summary:
    'Storyfiles in the app ranked by visitors of the last 30 days with a 7-day half-life, with the inputs and hidden ones (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  query: pagingQuerySchema,
  response: popularPageSchema,
});
