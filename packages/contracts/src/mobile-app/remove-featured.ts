import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ADMIN, TAGS } from './admin.ts';
import { mobileStoryfileParamsSchema } from './mobile-app.ts';

export const removeFeaturedContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/mobile-app/featured/:id',
  summary: 'Takes a storyfile off the featured list (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  params: mobileStoryfileParamsSchema,
  response: z.object({ storyfileId: z.string() }),
});
