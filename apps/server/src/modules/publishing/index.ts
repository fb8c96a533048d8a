// The publishing module's public entry: what other modules and the assembly may use.
export { deletePastVisitorCounters } from './publishing.service.ts';
