import { expect, type Page } from '@playwright/test';
import { WRITE_HEADERS } from './api';
import { makeTestVideo, uploadVideo, waitForProcessed } from './media';

// What the training flows (training.spec.ts, training-categories.spec.ts) share: a four-question
// script, the player's typed ask, and a recorded answer.

export const JOB = 'What was your first job?';
export const SCRIPT = [
  { text: JOB, alternates: ['Where did you work when you were young?'] },
  { text: 'Where were you born?', alternates: ['What is your hometown?'] },
  { text: 'What is your favourite movie?', alternates: ['Which film do you love the most?'] },
  { text: 'Do you have any pets?', alternates: ['Tell me about your dog'] },
];
export type AskReply = {
  decision: { kind: string; questionId?: string };
  media: { url: string } | null;
};

/** Asks in the interact tab and answers the studio's reply to that ask (read as `Reply`). */
export async function ask<Reply = AskReply>(
  page: Page,
  name: string,
  text: string,
): Promise<Reply> {
  const reply = page.waitForResponse(
    (response) => response.url().endsWith('/ask') && response.request().method() === 'POST',
  );
  const box = page.getByLabel(`Ask ${name} a question`);
  await expect(box).toBeEnabled();
  await box.fill(text);
  await box.press('Enter');
  const response = await reply;
  expect(response.ok()).toBe(true);
  return (await response.json()) as Reply;
}

/** Uploads a one-second answer for `questionId`, waits until it plays, and answers its video id. */
export async function recordAnswer(page: Page, storyfileId: string, questionId: string) {
  const uploadId = await uploadVideo(
    page,
    storyfileId,
    { questionId },
    makeTestVideo({ frequency: 660, seconds: 1 }),
  );
  await waitForProcessed(page, uploadId);
  const listed = await page.request.get(`/v1/conversa/storyfiles/${storyfileId}/videos`, {
    headers: WRITE_HEADERS,
  });
  const { videos } = (await listed.json()) as {
    videos: { id: string; questionId: string | null }[];
  };
  return videos.find((video) => video.questionId === questionId)!.id;
}
