// The publishing module's public entry: what other modules and the assembly may use.
export {
  admitPublicAsk,
  deletePastVisitorCounters,
  findPublishedStoryfile,
  STORYFILE_ASK_COUNTER_PREFIX,
  visitorLimitKeys,
} from './publishing.service.ts';
export { VISITOR_COOKIE } from './visitor-cookie.ts';
export { installVisitorLinking } from './visitor-links.ts';
export { isPublicationLive } from './publication-state.ts';
