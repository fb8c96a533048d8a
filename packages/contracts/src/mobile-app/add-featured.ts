import { defineContract } from '../contract.ts';
import { ADMIN, TAGS } from './admin.ts';
import { addFeaturedBodySchema, featuredEntrySchema } from './mobile-app.ts';

export const addFeaturedContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/mobile-app/featured',
  summary: 'Features a storyfile that is in the app, at the end of the list (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  body: addFeaturedBodySchema,
  response: featuredEntrySchema,
  successStatus: 201,
  errors: [404, 409],
});
