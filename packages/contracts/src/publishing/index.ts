export * from './publication.ts';
export * from './publish-storyfile.ts';
export * from './public-storyfile.ts';
