export {
  createBrandResolver,
  createHostBrandLookup,
  getBrandHomeUrl,
  listBrandFeedbackFormUrls,
  type BrandResolver,
} from './brand-resolver.ts';
