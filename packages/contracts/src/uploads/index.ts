export * from './upload-metadata.ts';
export * from './get-upload-status.ts';
export * from './list-uploads.ts';
export * from './retry-upload-processing.ts';
