export * from './conversation.ts';
export * from './chat-outcome.ts';
export * from './ask-storyfile.ts';
export * from './matching-settings.ts';
export * from './get-matching-settings.ts';
export * from './update-matching-settings.ts';
export * from './update-ask-back.ts';
export * from './preview-ask-back.ts';
