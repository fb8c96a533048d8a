// Issue 52, item 2: only reviewed words reach visitors. A recognizer's draft (real pocketsphinx on
// espeak-ng speech, through tus and the in-process worker) stays out of every visitor's captions
// and the transcript page until an author approves or saves it, or the storyfile publishes drafts,
// and then it says it is automatic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STORYFILE_NOT_FOUND_MESSAGE,
  type AskResponse,
  type Publication,
  type PublicAskResponse,
  type PublicTranscript,
  type StoryfileTranscripts,
  type Transcript,
  type TranscriptSettings,
  TRANSCRIPT_STALE_MESSAGE,
} from '@conversa/contracts';
import {
  seedTranscribedStoryfile,
  transcriptPathOf,
  DRAFT_HANG_MS,
  DRAFT_TEST_TIMEOUT_MS,
  waitForTranscript as waitForStoryfileTranscript,
} from '../../../test/transcript.fixtures.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { ApiClient, buildMember, buildNamespace } from '../../../test/storyfile.fixtures.ts';

const SPOKEN_QUESTION = 'Where did you grow up?';

let studio: TestStudio;
let owner: ApiClient;
let viewer: ApiClient;
let visitor: ApiClient;
let storyfileId: string;
let slug: string;
let spokenVideoId: string;
let toneVideoId: string;

const publicTranscript = () =>
  visitor.expectStatus<PublicTranscript>(
    200,
    'GET',
    `/v1/conversa/public/storyfiles/${slug}/transcript`,
  );
const spokenEntry = async () =>
  (await publicTranscript()).entries.find((entry) => entry.question === SPOKEN_QUESTION)!;
const askPublicly = () =>
  visitor.expectStatus<PublicAskResponse>(
    200,
    'POST',
    `/v1/conversa/public/storyfiles/${slug}/ask`,
    { text: SPOKEN_QUESTION, channel: 'share' },
  );
const askInStudio = () =>
  owner.expectStatus<AskResponse>(200, 'POST', `/v1/conversa/storyfiles/${storyfileId}/ask`, {
    text: SPOKEN_QUESTION,
  });
const setPublishDrafts = (publishDrafts: boolean) =>
  owner.expectStatus<TranscriptSettings>(
    200,
    'PUT',
    `/v1/conversa/storyfiles/${storyfileId}/transcript-settings`,
    { publishDrafts },
  );

const transcriptPath = (videoId: string) => transcriptPathOf(storyfileId, videoId);
const waitForTranscript = (videoId: string, timeoutMs = DRAFT_HANG_MS) =>
  waitForStoryfileTranscript(owner, storyfileId, videoId, timeoutMs);

beforeAll(async () => {
  studio = await startTestStudio();
  ({
    owner,
    viewer,
    storyfileId,
    spokenVideoId,
    otherVideoId: toneVideoId,
  } = await seedTranscribedStoryfile(studio, {
    namespace: 'reviewers',
    domain: 'review.test',
    questions: [SPOKEN_QUESTION, 'Can you hum a note?'],
    otherVideo: { name: 'tone.mp4', seconds: 3 },
  }));
  visitor = new ApiClient(new TestBrowser(studio.baseUrl));
  const publication = await owner.expectStatus<Publication>(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/publish`,
  );
  slug = publication.slug!;
}, 240_000);

afterAll(async () => {
  await studio?.stop();
});

describe('a draft no author reviewed', { timeout: DRAFT_TEST_TIMEOUT_MS }, () => {
  it('needs review, with the confidence of each word the recognizer heard', async () => {
    const draft = await waitForTranscript(spokenVideoId);
    expect(draft).toMatchObject({ status: 'draft', review: 'needs-review', approvedAt: null });
    expect(draft.words.length).toBeGreaterThan(3);
    for (const word of draft.words) {
      expect(word.confidence).not.toBeNull();
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
    }
    const listed = await viewer.expectStatus<StoryfileTranscripts>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}/transcripts`,
    );
    expect(listed.needsReview).toBe(1);
  });

  it('a clip with no speech has an empty draft: no speech, not still being written', async () => {
    const toneDraft = await waitForTranscript(toneVideoId);
    expect(toneDraft).toMatchObject({ status: 'draft', text: '', cues: [], review: 'no-speech' });
    const entry = (await publicTranscript()).entries.find(
      (item) => item.question === 'Can you hum a note?',
    );
    expect(entry).toMatchObject({ text: '', words: 'no-speech' });
  });

  it('is not in the transcript page, nor in any captions or words a player is given', async () => {
    await waitForTranscript(spokenVideoId);
    expect(await spokenEntry()).toMatchObject({ text: '', words: 'in-review' });
    const asked = await askPublicly();
    expect(asked.decision).toMatchObject({ kind: 'answer' });
    expect(asked.media).toMatchObject({ captionsUrl: null, said: null });
    // The studio's test player plays what a visitor gets.
    expect((await askInStudio()).media).toMatchObject({ captionsUrl: null, said: null });
  });

  it('is shown, labelled automatic, when the storyfile publishes drafts', async () => {
    const draft = await waitForTranscript(spokenVideoId);
    expect(
      await owner.expectStatus<TranscriptSettings>(
        200,
        'GET',
        `/v1/conversa/storyfiles/${storyfileId}/transcript-settings`,
      ),
    ).toEqual({ publishDrafts: false });
    await setPublishDrafts(true);
    try {
      expect(await spokenEntry()).toMatchObject({ text: draft.text, words: 'automatic' });
      const asked = await askPublicly();
      expect(asked.media).toMatchObject({ areCaptionsAutomatic: true, said: draft.text });
      expect(asked.media!.captionsUrl).toMatch(/captions-r1\.vtt\?access_token=/);
    } finally {
      await setPublishDrafts(false);
    }
  });
});

describe('approving a draft', { timeout: DRAFT_TEST_TIMEOUT_MS }, () => {
  it('is refused to a viewer and for words changed since they were read', async () => {
    const draft = await waitForTranscript(spokenVideoId);
    const approvePath = `${transcriptPath(spokenVideoId)}/approve`;
    expect((await viewer.call('POST', approvePath, { revision: draft.revision })).status).toBe(403);
    // Issue 67, item 5: the permission is checked before the body. Another namespace's owner
    // learns nothing (404 as for any unknown storyfile), a viewer is refused (403), and only a
    // caller who may approve is told the body is wrong (400).
    await buildNamespace(studio, 'elsewhere');
    const outsider = await buildMember(studio, 'owner@elsewhere.test', { elsewhere: 'owner:ns' });
    expect(await outsider.call('POST', approvePath)).toMatchObject({
      status: 404,
      body: { message: STORYFILE_NOT_FOUND_MESSAGE },
    });
    expect((await viewer.call('POST', approvePath)).status).toBe(403);
    expect((await owner.call('POST', approvePath)).status).toBe(400);
    const stale = await owner.call('POST', approvePath, { revision: draft.revision + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: TRANSCRIPT_STALE_MESSAGE });
  });

  it('shows its words to visitors as they are, not labelled automatic', async () => {
    const draft = await waitForTranscript(spokenVideoId);
    const approved = await owner.expectStatus<Transcript>(
      200,
      'POST',
      `${transcriptPath(spokenVideoId)}/approve`,
      { revision: draft.revision },
    );
    expect(approved).toMatchObject({
      status: 'draft',
      review: 'reviewed',
      text: draft.text,
      revision: draft.revision,
    });
    expect(approved.approvedAt).not.toBeNull();
    expect(await spokenEntry()).toMatchObject({ text: draft.text, words: 'reviewed' });
    const asked = await askPublicly();
    expect(asked.media).toMatchObject({ areCaptionsAutomatic: false, said: draft.text });
    expect(asked.media!.captionsUrl).not.toBeNull();
    const listed = await owner.expectStatus<StoryfileTranscripts>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}/transcripts`,
    );
    expect(listed.needsReview).toBe(0);
  });

  it('a new draft needs review again', async () => {
    await owner.expectStatus(202, 'POST', `${transcriptPath(spokenVideoId)}/regenerate`);
    const redone = await waitForTranscript(spokenVideoId);
    expect(redone).toMatchObject({ status: 'draft', review: 'needs-review', approvedAt: null });
    expect(await spokenEntry()).toMatchObject({ words: 'in-review', text: '' });
  });
});
