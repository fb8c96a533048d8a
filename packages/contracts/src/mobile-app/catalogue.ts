import { defineContract } from '../contract.ts';
import { cataloguePageSchema, pagingQuerySchema } from './mobile-app.ts';

// The consumer app's catalogue: no account; only published storyfiles that admins put in the app.
// Answers carry an ETag and `Cache-Control: public, max-age=60`; a matching If-None-Match gets 304.
const PUBLIC = { kind: 'public' } as const;
const TAGS = ['mobile-app catalogue'];
const CACHING =
  ' Cached: ETag and Cache-Control max-age=60; send If-None-Match to get 304 Not Modified.';

export const getCatalogueFeaturedContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/catalogue/featured',
  summary: `The featured storyfiles the app shows today, in the admins' order.${CACHING}`,
  tags: TAGS,
  permission: PUBLIC,
  query: pagingQuerySchema,
  response: cataloguePageSchema,
});

export const getCataloguePopularContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/catalogue/popular',
  summary: `The popular storyfiles, most visited (with decay) first; hidden ones left out.${CACHING}`,
  tags: TAGS,
  permission: PUBLIC,
  query: pagingQuerySchema,
  response: cataloguePageSchema,
});

export const getCatalogueStoryfilesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/catalogue/storyfiles',
  summary: `Every storyfile in the app, by name.${CACHING}`,
  tags: TAGS,
  permission: PUBLIC,
  query: pagingQuerySchema,
  response: cataloguePageSchema,
});
