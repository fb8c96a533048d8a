export {
  createBrandResolver,
  listBrandFeedbackFormUrls,
  type BrandResolver,
} from './brand-resolver.ts';
