import { defineContract } from '../contract.ts';
import { storyfilePackageJobParamsSchema, storyfilePackageJobSchema } from './storyfile-package.ts';

/** An export or import job of the caller: state, progress, the download once done, the error. */
export const getStoryfilePackageJobContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfile-packages/jobs/:jobId',
  summary: 'An export or import job: state, progress and step, its download when done',
  tags: ['storyfile-packages'],
  permission: { kind: 'loggedIn' },
  params: storyfilePackageJobParamsSchema,
  response: storyfilePackageJobSchema,
});
