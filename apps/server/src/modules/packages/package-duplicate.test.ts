import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryfileDetail } from '@conversa/contracts';
import {
  askAll,
  expectInkNamesOwnQuestion,
  expectVideosPlay,
  inkOf,
  scriptOf,
  transcriptsOf,
} from '../../../test/package-compare.fixtures.ts';
import { startPackageSource } from '../../../test/package.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';

// Issue 31, storyfile packages: a duplicate goes through the package's path within one studio,
// media, transcripts and ink story and all.

let source: TestStudio;
let owner: ApiClient;
let storyfileId: string;
let videoBytes: Buffer;

beforeAll(async () => {
  ({ source, owner, storyfileId, videoBytes } = await startPackageSource());
}, 180_000);

afterAll(async () => {
  await source?.stop();
});

describe('storyfile packages (issue 31)', () => {
  it('duplicates a storyfile through the same path, media and all', async () => {
    const before = await owner.expectStatus<StoryfileDetail>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}`,
    );
    const copy = await owner.expectStatus<StoryfileDetail>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/duplicate`,
      {},
    );
    expect(copy.name).toBe('Grandpa Tom (copy)');
    expect(copy.id).not.toBe(storyfileId);
    expect(scriptOf(copy)).toEqual(scriptOf(before));
    expect(await inkOf(owner, copy.id)).toEqual(await inkOf(owner, storyfileId));
    await expectInkNamesOwnQuestion(owner, copy.id);
    await expectVideosPlay(source, owner, copy.id, 10, videoBytes);
    expect(await transcriptsOf(source, copy.id)).toEqual(await transcriptsOf(source, storyfileId));
    expect((await transcriptsOf(source, copy.id)).map(({ status }) => status)).toContain('edited');
    expect(await askAll(owner, copy.id)).toEqual(await askAll(owner, storyfileId));
    const named = await owner.expectStatus<StoryfileDetail>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/duplicate`,
      { name: 'Grandpa Tom, variant' },
    );
    expect(named.name).toBe('Grandpa Tom, variant');
    const taken = await owner.call<{ message: string }>(
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/duplicate`,
      { name: 'Grandpa Tom, variant' },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      'A storyfile named "Grandpa Tom, variant" already exists in this namespace.',
    );
    // A name at the 120-character limit is shortened so " (copy)" fits and the copy stays savable.
    const longName = 'Grandpa Tom remembers the farm, '.padEnd(120, 'x');
    const long = await owner.expectStatus<StoryfileDetail>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/duplicate`,
      { name: longName },
    );
    const longCopy = await owner.expectStatus<StoryfileDetail>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${long.id}/duplicate`,
      {},
    );
    expect(longCopy.name).toBe(`${longName.slice(0, 120 - ' (copy)'.length)} (copy)`);
    expect(longCopy.name).toHaveLength(120);
  }, 240_000);
});
