import { defineContract } from '../contract.ts';
import { ADMIN, TAGS } from './admin.ts';
import {
  mobileStoryfileParamsSchema,
  popularEntrySchema,
  setPopularHiddenBodySchema,
} from './mobile-app.ts';

export const setPopularHiddenContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/mobile-app/popular/:id/hidden',
  summary: 'Hides a storyfile from the popular list or shows it again; audited (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  params: mobileStoryfileParamsSchema,
  body: setPopularHiddenBodySchema,
  response: popularEntrySchema,
});
