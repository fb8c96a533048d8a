export * from './avatar.ts';
export * from './storyfile-video.ts';
export * from './list-storyfile-videos.ts';
export * from './delete-storyfile-video.ts';
