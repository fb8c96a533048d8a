export * from './conversation.ts';
export * from './ask-storyfile.ts';
export * from './matching-settings.ts';
