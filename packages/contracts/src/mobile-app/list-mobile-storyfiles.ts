import { defineContract } from '../contract.ts';
import { ADMIN, TAGS } from './admin.ts';
import { listMobileStoryfilesQuerySchema, mobileStoryfilePageSchema } from './mobile-app.ts';

export const listMobileStoryfilesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/mobile-app/storyfiles',
  summary: 'Every published storyfile with its "in the app" switch (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  query: listMobileStoryfilesQuerySchema,
  response: mobileStoryfilePageSchema,
});
