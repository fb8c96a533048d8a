// The publishing module's public entry: what other modules and the assembly may use.
export { deletePastVisitorCounters, STORYFILE_ASK_COUNTER_PREFIX } from './publishing.service.ts';
export { installVisitorLinking } from './visitor-links.ts';
export { isPublicationLive } from './publication-state.ts';
