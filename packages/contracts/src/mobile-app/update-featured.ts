import { defineContract } from '../contract.ts';
import { ADMIN, TAGS } from './admin.ts';
import {
  featuredEntrySchema,
  mobileStoryfileParamsSchema,
  updateFeaturedBodySchema,
} from './mobile-app.ts';

export const updateFeaturedContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/mobile-app/featured/:id',
  summary: "Sets a featured storyfile's start and end dates (platform admins)",
  tags: TAGS,
  permission: ADMIN,
  params: mobileStoryfileParamsSchema,
  body: updateFeaturedBodySchema,
  response: featuredEntrySchema,
});
