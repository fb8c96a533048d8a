export * from './conversation.ts';
export * from './ask-storyfile.ts';
