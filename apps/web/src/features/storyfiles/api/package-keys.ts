/** Query keys of storyfile packages: export and import jobs, and import previews. */
export const packageKeys = {
  all: ['storyfile-packages'] as const,
  job: (jobId: string) => [...packageKeys.all, 'job', jobId] as const,
  preview: (uploadId: string, namespaceId: string, name: string) =>
    [...packageKeys.all, 'preview', uploadId, namespaceId, name] as const,
};
