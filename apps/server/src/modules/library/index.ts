// The library module's public entry: what other modules and the assembly may use.
export {
  addTopicsToLibrary,
  formatLibraryTopicFullMessage,
  type AddedToLibrary,
  type TopicForLibrary,
} from './add-to-library.ts';
export { copyScriptContent, readScriptContent } from './script-detail.ts';
export { SHIPPED_PRESETS, type ShippedPreset } from './presets/index.ts';
