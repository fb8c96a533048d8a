// The ink module's public entry: what other modules and the assembly may use.
export { findPublishedInkVersion, listInkQuestions } from './ink.service.ts';
