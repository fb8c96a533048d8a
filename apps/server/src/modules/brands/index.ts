export {
  createBrandResolver,
  createHostBrandLookup,
  listBrandFeedbackFormUrls,
  type BrandResolver,
} from './brand-resolver.ts';
