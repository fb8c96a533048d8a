import { defineContract } from '../contract.ts';
import { CACHING, PUBLIC, TAGS } from './catalogue.ts';
import { cataloguePageSchema, pagingQuerySchema } from './mobile-app.ts';

export const getCataloguePopularContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/catalogue/popular',
  summary: `The popular storyfiles, most visited (with decay) first; hidden ones left out.${CACHING}`,
  tags: TAGS,
  permission: PUBLIC,
  query: pagingQuerySchema,
  response: cataloguePageSchema,
});
