import {
  AUTOMATIC_TRANSCRIPT_LABEL as AUTOMATIC_LABEL,
  IN_REVIEW_TEXT,
  NO_SPEECH_TEXT,
  type PublicTranscript,
} from '@conversa/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PublicTranscriptScreen } from './public-transcript-screen';

function serve(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json(body, { status }))),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('the transcript page (issue 41, item 4)', () => {
  it('reads every recorded question with what was said, under its topic, without any video', async () => {
    const transcript: PublicTranscript = {
      slug: 'rose',
      name: 'Rose',
      language: 'en-US',
      introduction: 'Hello, I am Rose. Ask me about the farm.',
      isIntroductionAutomatic: false,
      entries: [
        {
          questionId: 'q1',
          topic: 'Childhood',
          question: 'Where did you grow up?',
          text: 'On a farm in Iowa.',
          words: 'reviewed',
        },
        {
          questionId: 'q2',
          topic: 'Childhood',
          question: 'Did you have pets?',
          text: '',
          words: 'in-review',
        },
        {
          questionId: 'q4',
          topic: 'Childhood',
          question: 'Can you whistle?',
          text: '',
          words: 'no-speech',
        },
        {
          questionId: 'q5',
          topic: 'Childhood',
          question: 'Did you go to school?',
          text: 'I walk to the school house.',
          words: 'automatic',
        },
        {
          questionId: 'q3',
          topic: 'Work',
          question: 'What was your first job?',
          text: 'I taught school.',
          words: 'reviewed',
        },
      ],
    };
    serve(200, transcript);
    renderWithProviders(<PublicTranscriptScreen slug="rose" />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rose: transcript' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '← Talk with Rose' })).toHaveAttribute(
      'href',
      '/s/rose',
    );
    expect(screen.getByText('Hello, I am Rose. Ask me about the farm.')).toBeVisible();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Introduction', 'Childhood', 'Work']);
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual([
      'Where did you grow up?',
      'Did you have pets?',
      'Can you whistle?',
      'Did you go to school?',
      'What was your first job?',
    ]);
    expect(screen.getByText('On a farm in Iowa.')).toBeVisible();
    // Issue 54, item 3: a finished draft without words is no speech, not words still coming.
    expect(screen.queryByText('The words of this answer are still being written.')).toBeNull();
    expect(screen.getByText(NO_SPEECH_TEXT)).toBeVisible();
    expect(screen.getByText(IN_REVIEW_TEXT)).toBeVisible();
    // Issue 52: a draft shown because the storyfile publishes drafts says it is automatic.
    expect(screen.getByText('I walk to the school house.')).toBeVisible();
    expect(screen.getAllByText(AUTOMATIC_LABEL)).toHaveLength(1);
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('main')).toHaveAttribute('lang', 'en-US');
  });

  it('says a storyfile that is not published is not available', async () => {
    serve(404, { statusCode: 404, error: 'NOT_FOUND', message: 'Not found.' });
    renderWithProviders(<PublicTranscriptScreen slug="gone" />);
    expect(await screen.findByRole('heading', { name: 'Not available' })).toBeVisible();
  });
});
