import { defineContract } from '../contract.ts';
import { ADMIN, TAGS } from './admin.ts';
import { featuredListSchema, reorderFeaturedBodySchema } from './mobile-app.ts';

export const reorderFeaturedContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/mobile-app/featured-order',
  summary: 'Puts the featured storyfiles in a new order: every entry once (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  body: reorderFeaturedBodySchema,
  response: featuredListSchema,
});
