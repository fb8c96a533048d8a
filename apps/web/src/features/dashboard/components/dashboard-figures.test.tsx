import { screen, within } from '@testing-library/react';
import type { DashboardFigures } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ConversationsPerDay, FigureCards, TopFallbackQuestions } from './dashboard-figures';

function buildDays(counts: number[]): DashboardFigures['conversationsPerDay'] {
  return counts.map((count, index) => ({
    date: `2026-11-${String(index + 1).padStart(2, '0')}`,
    count,
  }));
}

const NEW_ACCOUNT: DashboardFigures = {
  storyfileCount: 0,
  answersRecorded: 0,
  conversationsLast7Days: 0,
  fallbackShare: null,
  askedBackShare: null,
  conversationsPerDay: buildDays(Array.from({ length: 30 }, () => 0)),
  topFallbackQuestions: [],
  recentStoryfiles: [],
};

const BUSY: DashboardFigures = {
  ...NEW_ACCOUNT,
  storyfileCount: 3,
  answersRecorded: 1_204,
  conversationsLast7Days: 12,
  fallbackShare: 0.125,
  askedBackShare: 0.25,
  conversationsPerDay: buildDays([...Array.from({ length: 28 }, () => 0), 4, 8]),
  topFallbackQuestions: [{ text: 'what is your favourite color', count: 3 }],
};

describe('FigureCards', () => {
  it('shows the figures with comma thousands and the fallback share in percent', () => {
    renderWithProviders(<FigureCards figures={BUSY} />);
    const figures = screen.getByRole('region', { name: 'Figures' });
    expect(figures).toHaveTextContent('Storyfiles3');
    expect(figures).toHaveTextContent('Answers recorded1,204');
    expect(figures).toHaveTextContent('Conversations12in the last 7 days');
    expect(figures).toHaveTextContent(
      "Questions that fell back12.5%of the last 30 days' questions; 25% more were asked back",
    );
  });

  it('shows a dash for the fallback share of a new account', () => {
    renderWithProviders(<FigureCards figures={NEW_ACCOUNT} />);
    expect(screen.getByRole('region', { name: 'Figures' })).toHaveTextContent(
      'Questions that fell back—no questions in the last 30 days',
    );
  });
});

describe('ConversationsPerDay', () => {
  it('loads the chart and gives screen readers a summary and the numbers', async () => {
    renderWithProviders(<ConversationsPerDay figures={BUSY} />);
    const chart = await screen.findByRole('img', { name: /^Conversations per day\./ });
    expect(chart).toHaveAccessibleName(
      'Conversations per day. 12 conversations from 11/1/2026 to 11/30/2026; the most on 11/30/2026 (8).',
    );
    const table = screen.getByRole('table', { name: 'Conversations per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: '11/30/2026' })).toBeInTheDocument();
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(chart).toHaveTextContent('11/30');
  });

  it('shows a zero state instead of an empty chart', () => {
    renderWithProviders(<ConversationsPerDay figures={NEW_ACCOUNT} />);
    expect(screen.getByText('No conversations in the last 30 days')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('TopFallbackQuestions', () => {
  it('links each question to its own fallbacks in the chat logs', () => {
    renderWithProviders(<TopFallbackQuestions figures={BUSY} />);
    const link = screen.getByRole('link', { name: 'what is your favourite color' });
    expect(link).toHaveAttribute(
      'href',
      '/training/chat_logs?decision=fallback&question=what+is+your+favourite+color',
    );
    expect(
      screen.getByRole('link', { name: 'See every fallback in the chat logs' }),
    ).toHaveAttribute('href', '/training/chat_logs?decision=fallback');
    expect(screen.getByText('3 times')).toBeInTheDocument();
  });

  it('has a zero state for a new account', () => {
    renderWithProviders(<TopFallbackQuestions figures={NEW_ACCOUNT} />);
    expect(screen.getByText('No question fell back')).toBeInTheDocument();
  });
});
