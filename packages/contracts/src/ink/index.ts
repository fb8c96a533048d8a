export * from './tags.ts';
export * from './compile-messages.ts';
export * from './outline.ts';
export * from './ink-story.ts';
export * from './ink-states.ts';
