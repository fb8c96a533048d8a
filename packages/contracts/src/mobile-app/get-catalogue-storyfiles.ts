import { defineContract } from '../contract.ts';
import { CACHING, PUBLIC, TAGS } from './catalogue.ts';
import { cataloguePageSchema, pagingQuerySchema } from './mobile-app.ts';

export const getCatalogueStoryfilesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/catalogue/storyfiles',
  summary: `Every storyfile in the app, by name.${CACHING}`,
  tags: TAGS,
  permission: PUBLIC,
  query: pagingQuerySchema,
  response: cataloguePageSchema,
});
