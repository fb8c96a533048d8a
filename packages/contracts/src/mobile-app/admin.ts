import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  addFeaturedBodySchema,
  featuredEntrySchema,
  featuredListSchema,
  listMobileStoryfilesQuerySchema,
  mobileStoryfilePageSchema,
  mobileStoryfileParamsSchema,
  mobileStoryfileSchema,
  pagingQuerySchema,
  popularEntrySchema,
  popularPageSchema,
  reorderFeaturedBodySchema,
  setInAppBodySchema,
  setPopularHiddenBodySchema,
  updateFeaturedBodySchema,
} from './mobile-app.ts';

// Mobile App curation (spec §2, §6: platform admins only).
const ADMIN = { kind: 'admin' } as const;
const TAGS = ['mobile-app'];

export const listMobileStoryfilesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/mobile-app/storyfiles',
  summary: 'Every published storyfile with its "in the app" switch (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  query: listMobileStoryfilesQuerySchema,
  response: mobileStoryfilePageSchema,
});

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

export const listFeaturedContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/mobile-app/featured',
  summary: 'The featured storyfiles in their order, with dates (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  response: featuredListSchema,
});

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

export const removeFeaturedContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/mobile-app/featured/:id',
  summary: 'Takes a storyfile off the featured list (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  params: mobileStoryfileParamsSchema,
  response: z.object({ storyfileId: z.string() }),
});

export const reorderFeaturedContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/mobile-app/featured-order',
  summary: 'Puts the featured storyfiles in a new order: every entry once (platform admins)',
  tags: TAGS,
  permission: ADMIN,
  body: reorderFeaturedBodySchema,
  response: featuredListSchema,
});

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
