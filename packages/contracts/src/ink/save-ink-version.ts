import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { INK_SOURCE_MAX_BYTES, inkVersionSchema, saveInkVersionBodySchema } from './ink-story.ts';

export const saveInkVersionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/ink-story/versions',
  summary:
    'Saves an ink source as a new version: the server compiles it with inkjs and stores the source with the compiled JSON, or with the errors',
  tags: ['ink'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: saveInkVersionBodySchema,
  response: inkVersionSchema,
  successStatus: 201,
  // Room for a 1 MB source escaped as JSON; the schema then counts the source's own bytes.
  bodyLimit: 8 * INK_SOURCE_MAX_BYTES,
});
