import { defineContract } from '../contract.ts';
import { brandSchema } from './brand.ts';

export const getBrandContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/brand',
  summary:
    'The brand of the address the page was loaded from (BRANDS_FILE, by host name): name, logo, colour, landing text, support, help and sign-in provider',
  tags: ['brands'],
  permission: { kind: 'public' },
  response: brandSchema,
});
