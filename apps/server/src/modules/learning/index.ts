// The learning module's public entry: what the assembly may use.
export {
  drainXapiOutbox,
  pruneXapiOutbox,
  XAPI_RETRY_INTERVAL_MS,
  type XapiSettings,
} from './xapi.ts';
export { getMyActivityForStoryfile, type LearningContext } from './my-activities.service.ts';
