import type { AskResponse } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AnswerExplanation } from './answer-explanation';

const candidate = (
  questionId: string,
  questionText: string,
  score: number,
  confidence: AskResponse['candidates'][number]['confidence'],
  isRecorded = true,
) => ({
  questionId,
  questionText,
  topicId: 't-1',
  topicName: 'Childhood',
  score,
  confidence,
  isRecorded,
  matchedPhrasing: questionText,
  matchedTerms: ['grow', 'up'],
});

const answered: AskResponse = {
  conversationId: 'c-1',
  exchangeId: 'e-1',
  channel: 'studio',
  decision: { kind: 'answer', questionId: 'q-1' },
  media: null,
  message: null,
  questionText: 'Where did you grow up?',
  score: 0.62,
  confidence: 'paraphrase',
  threshold: 0.18,
  candidates: [
    candidate('q-1', 'Where did you grow up?', 0.62, 'paraphrase'),
    candidate('q-2', 'What did you do growing up?', 0.14, 'low'),
    candidate('q-3', 'Who raised you?', 0.05, 'off-topic'),
  ],
};

describe('AnswerExplanation', () => {
  it('invites a question before the first answer', () => {
    renderWithProviders(<AnswerExplanation storyfileId="s-1" result={null} />);
    expect(screen.getByText(/Ask a question to see which answer/)).toBeInTheDocument();
  });

  it('explains an answer: decision, score against the threshold, class, phrasing and terms', () => {
    renderWithProviders(<AnswerExplanation storyfileId="s-1" result={answered} />);
    expect(screen.getByText('Answered')).toBeInTheDocument();
    expect(screen.getByText('0.62')).toBeInTheDocument();
    expect(screen.getByText('(threshold 0.18)')).toBeInTheDocument();
    expect(screen.getAllByText('Paraphrase')[0]).toBeInTheDocument();
    expect(screen.getByText(/close enough to a script question or alternate/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Where did you grow up?' })).toHaveAttribute(
      'href',
      '/storyfiles/s-1#question-q-1',
    );
    const terms = screen.getByRole('list', { name: 'Matched terms' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['grow', 'up']);
  });

  it('ranks the next candidates with score and class, each linked to its question', () => {
    renderWithProviders(<AnswerExplanation storyfileId="s-1" result={answered} />);
    const next = screen.getByRole('heading', { name: 'Next candidates' }).parentElement!;
    const items = within(next).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('2.');
    expect(items[0]).toHaveTextContent('0.14');
    expect(items[0]).toHaveTextContent('Low');
    expect(within(items[1]!).getByRole('link', { name: 'Who raised you?' })).toHaveAttribute(
      'href',
      '/storyfiles/s-1#question-q-3',
    );
    expect(items[1]).toHaveTextContent('Off-topic');
  });

  it('explains an off-topic fallback with the closest question', () => {
    renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'fallback', reason: 'off-topic' },
          questionText: null,
          score: null,
          confidence: null,
          candidates: [candidate('q-3', 'Who raised you?', 0.05, 'off-topic')],
        }}
      />,
    );
    expect(screen.getByText('Cannot answer (below the threshold)')).toBeInTheDocument();
    expect(screen.getByText('Closest phrasing')).toBeInTheDocument();
    expect(screen.getByText(/Far from every recorded question/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Who raised you?' })).toHaveAttribute(
      'href',
      '/storyfiles/s-1#question-q-3',
    );
  });

  it('says there is nothing to compare for empty input', () => {
    renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'fallback', reason: 'empty' },
          questionText: null,
          score: null,
          confidence: null,
          candidates: [],
        }}
      />,
    );
    expect(screen.getByText('Please repeat (nothing to match)')).toBeInTheDocument();
    expect(screen.getByText('Nothing to compare')).toBeInTheDocument();
  });

  it('names the matched question when the best match is not recorded', () => {
    renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'fallback', reason: 'not-recorded', questionId: 'q-4' },
          questionText: null,
          score: null,
          confidence: null,
          candidates: [
            {
              ...candidate('q-4', 'Why did you sell the farm?', 0.62, 'paraphrase', false),
              matchedTerms: ['sell', 'farm'],
            },
            candidate('q-3', 'Who raised you?', 0.05, 'off-topic'),
          ],
        }}
      />,
    );
    expect(screen.getByText('Cannot answer (best match not recorded)')).toBeInTheDocument();
    expect(screen.getByText('Matched question')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Why did you sell the farm?' })).toHaveAttribute(
      'href',
      '/storyfiles/s-1#question-q-4',
    );
    expect(screen.getByText('Not recorded')).toBeInTheDocument();
    expect(screen.getByText('Matched phrasing')).toBeInTheDocument();
    const terms = screen.getByRole('list', { name: 'Matched terms' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['sell', 'farm']);
    expect(screen.queryByText(/Closest question/)).not.toBeInTheDocument();
  });
});
