import { defineContract } from '../contract.ts';
import { ADMIN, TAGS } from './admin.ts';
import {
  mobileStoryfileParamsSchema,
  mobileStoryfileSchema,
  setInAppBodySchema,
} from './mobile-app.ts';

export const setMobileStoryfileInAppContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/mobile-app/storyfiles/:id/in-app',
  summary: 'Puts a published storyfile in the app or takes it out (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  params: mobileStoryfileParamsSchema,
  body: setInAppBodySchema,
  response: mobileStoryfileSchema,
  errors: [409],
});
