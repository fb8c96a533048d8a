export * from './transcript.ts';
export * from './captions-file.ts';
export * from './get-video-transcript.ts';
export * from './save-video-transcript.ts';
export * from './regenerate-video-transcript.ts';
export * from './list-storyfile-transcripts.ts';
export * from './get-public-transcript.ts';
