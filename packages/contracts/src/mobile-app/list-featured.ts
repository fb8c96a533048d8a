import { defineContract } from '../contract.ts';
import { ADMIN, TAGS } from './admin.ts';
import { featuredListSchema } from './mobile-app.ts';

export const listFeaturedContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/mobile-app/featured',
  summary: 'The featured storyfiles in their order, with dates (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  response: featuredListSchema,
});
