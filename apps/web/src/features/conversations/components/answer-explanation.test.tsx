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
  clarification: null,
  suggestions: [],
  topics: [],
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

  // Issue 32, item 13.
  it('marks an unrecorded closest question of a below-threshold reply as Not recorded', () => {
    renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'fallback', reason: 'off-topic' },
          questionText: null,
          score: 0.04,
          confidence: 'off-topic',
          candidates: [candidate('q-5', 'Why did you sell the farm?', 0.04, 'off-topic', false)],
        }}
      />,
    );
    expect(screen.getByText(/Far from every recorded question/)).toBeInTheDocument();
    const closest = screen.getByText(/Closest question:/);
    expect(within(closest).getByRole('link', { name: 'Why did you sell the farm?' })).toBeVisible();
    expect(closest).toHaveTextContent('Not recorded');
  });

  it('does not tell an off-topic question sharing no words to be added as an alternate', () => {
    renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'fallback', reason: 'off-topic' },
          questionText: null,
          score: 0.13,
          confidence: 'low',
          candidates: [
            { ...candidate('q-2', 'What did you do growing up?', 0.13, 'low'), matchedTerms: [] },
          ],
        }}
      />,
    );
    expect(screen.queryByText(/Add this wording as an alternate/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Under the threshold, and it shares no words with the closest question: most likely off-topic, so the cannot-answer clip is the right reply.',
      ),
    ).toBeInTheDocument();
  });

  // Issue 44: a paraphrase that fell back, its intended question ranked first by meaning.
  const fellBack = (scoring: AskResponse['scoring'], nextScore: number): AskResponse => ({
    ...answered,
    decision: { kind: 'fallback', reason: 'off-topic' },
    questionText: null,
    score: 0.15,
    confidence: 'low',
    ...(scoring ? { scoring } : {}),
    candidates: [
      { ...candidate('q-1', 'Where did you grow up?', 0.15, 'low'), matchedTerms: [] },
      { ...candidate('q-2', 'What was your first job?', nextScore, 'off-topic'), matchedTerms: [] },
    ],
  });

  it('tells the author to add a paraphrase close by meaning as an alternate or correct the match (issue 44)', () => {
    renderWithProviders(<AnswerExplanation storyfileId="s-1" result={fellBack('meaning', 0.06)} />);
    expect(
      screen.getByText(
        'Under the threshold, but close in meaning to the closest question, which ranks well ahead of the others: if it is what was meant, add this wording as an alternate or correct the match.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/most likely off-topic/)).not.toBeInTheDocument();
    expect(screen.getByText('Words and meaning')).toBeInTheDocument();
  });

  it('calls it off-topic when meaning finds every question about as far (issue 44)', () => {
    renderWithProviders(<AnswerExplanation storyfileId="s-1" result={fellBack('meaning', 0.14)} />);
    expect(
      screen.getByText(
        'Under the threshold, and it shares no words with the closest question: most likely off-topic, so the cannot-answer clip is the right reply.',
      ),
    ).toBeInTheDocument();
  });

  it('says the score is by words alone while meaning is prepared (issue 44, item 4)', () => {
    renderWithProviders(
      <AnswerExplanation storyfileId="s-1" result={fellBack('words-preparing', 0.06)} />,
    );
    expect(screen.getByText('Words alone, while meaning is prepared')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Scored by words alone: the meaning of the script is still being prepared after the last edit. Ask again in a few seconds before judging this score.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/most likely off-topic/)).not.toBeInTheDocument();
  });

  it('says meaning is still being prepared when words alone found nothing to compare, or the question was misheard (issue 44, item 4)', () => {
    const preparing =
      'Scored by words alone: the meaning of the script is still being prepared after the last edit. Ask again in a few seconds before judging this score.';
    const { unmount } = renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'fallback', reason: 'off-topic' },
          questionText: null,
          score: null,
          confidence: null,
          scoring: 'words-preparing',
          candidates: [],
        }}
      />,
    );
    expect(screen.getByText('Nothing to compare')).toBeInTheDocument();
    expect(screen.getByText(preparing)).toBeInTheDocument();
    unmount();

    renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'fallback', reason: 'not-confident' },
          questionText: null,
          score: 0.14,
          confidence: 'low',
          scoring: 'words-preparing',
          candidates: [candidate('q-2', 'What did you do growing up?', 0.14, 'low')],
        }}
      />,
    );
    // Once, beside the misheard advice.
    expect(screen.getAllByText(preparing)).toHaveLength(1);
  });

  it('says the preparing once when the confidence line carries it', () => {
    renderWithProviders(
      <AnswerExplanation storyfileId="s-1" result={fellBack('words-preparing', 0.06)} />,
    );
    expect(screen.getAllByText(/still being prepared/)).toHaveLength(1);
  });

  // Issue 42, item 2: a misheard reading is the recognizer's mistake, not a way visitors ask.
  it('never suggests a misheard spoken reading as an alternate, but a custom word', () => {
    renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'fallback', reason: 'not-confident' },
          questionText: null,
          score: 0.14,
          confidence: 'low',
          candidates: [candidate('q-2', 'What did you do growing up?', 0.14, 'low')],
        }}
      />,
    );
    expect(screen.getByText('Please repeat (not heard clearly)')).toBeInTheDocument();
    expect(screen.queryByText(/Add this wording as an alternate/)).not.toBeInTheDocument();
    expect(
      screen.getByText(/add a custom word \(heard as these words → the word meant\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Custom words' })).toHaveAttribute(
      'href',
      '/training/custom_words',
    );
  });

  it('still suggests an alternate for a low match that shares words with its question', () => {
    renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'fallback', reason: 'off-topic' },
          questionText: null,
          score: 0.14,
          confidence: 'low',
          candidates: [candidate('q-2', 'What did you do growing up?', 0.14, 'low')],
        }}
      />,
    );
    expect(screen.getByText(/Add this wording as an alternate/)).toBeInTheDocument();
  });

  it('names the story choice taken instead of "Score —" and "Nothing to compare"', () => {
    renderWithProviders(
      <AnswerExplanation
        storyfileId="s-1"
        result={{
          ...answered,
          decision: { kind: 'story' },
          questionText: null,
          score: null,
          confidence: null,
          candidates: [],
          story: {
            versionNumber: 1,
            turn: 'choice',
            choiceText: 'Tell me about the farm',
            lines: [{ text: 'We had forty cows.', media: null }],
            choices: [],
            hasEnded: false,
            notice: null,
          },
        }}
      />,
    );
    expect(screen.getByText('Story choice')).toBeInTheDocument();
    expect(screen.getByText('Choice taken')).toBeInTheDocument();
    expect(
      screen.getByText('“Tell me about the farm”: the story, not the matcher, picked the reply.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('—', { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByText('Nothing to compare')).not.toBeInTheDocument();
  });
});
