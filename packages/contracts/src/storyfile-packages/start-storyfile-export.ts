import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { storyfilePackageJobSchema } from './storyfile-package.ts';

/** Queues an export of the storyfile as one `.zip` package; poll the job for its download. */
export const startStoryfileExportContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/export',
  summary: 'Starts exporting a storyfile as a .zip package (a job; poll it for the download)',
  tags: ['storyfile-packages'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: storyfilePackageJobSchema,
  successStatus: 202,
  errors: [409],
});
