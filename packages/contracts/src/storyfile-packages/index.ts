export * from './storyfile-package.ts';
export * from './start-storyfile-export.ts';
export * from './get-storyfile-package-job.ts';
export * from './preview-storyfile-import.ts';
export * from './start-storyfile-import.ts';
export * from './duplicate-storyfile.ts';
