import { defineContract } from '../contract.ts';
import { CACHING, PUBLIC, TAGS } from './catalogue.ts';
import { cataloguePageSchema, pagingQuerySchema } from './mobile-app.ts';

export const getCatalogueFeaturedContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/catalogue/featured',
  summary: `The featured storyfiles the app shows today, in the admins' order.${CACHING}`,
  tags: TAGS,
  permission: PUBLIC,
  query: pagingQuerySchema,
  response: cataloguePageSchema,
});
