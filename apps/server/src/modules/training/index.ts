// The training module's public entry: what other modules and the assembly may use.
export { rateExchange } from './review-items.service.ts';
export { getPublicSpeechHints, getSpeechHints } from './insights.service.ts';
export { ignoredQuestions } from './ignored-questions.ts';
export { storyfileVocabulary } from './storyfile-vocabulary.ts';
export { insertVocabularyCopy, type VocabularyCopy } from './package-copy.ts';
