export * from './publication.ts';
export * from './publish-storyfile-contract.ts';
export * from './unpublish-storyfile.ts';
export * from './get-storyfile-publication.ts';
export * from './get-public-storyfile.ts';
export * from './ask-public-storyfile.ts';
