import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VisitorLogNote } from './visitor-log-note';

// Issue 50: what visitors asked, unlabelled, changes how a storyfile matches once 100 distinct
// questions are in its chat log; Matching settings say whether it does yet, and from how many.
describe('what visitors ask, in Matching settings', () => {
  it('counts the questions still to come before the matcher learns from them', () => {
    render(<VisitorLogNote log={{ asked: 1, inForce: 0, takenAt: null, minimum: 100 }} />);
    expect(screen.getByRole('heading', { name: 'What visitors ask' })).toBeVisible();
    expect(
      screen.getByText(/Visitors have asked 1 different question\. From 100 questions on/),
    ).toBeVisible();
  });

  it('says how many questions it learns from, and since when', () => {
    render(
      <VisitorLogNote
        log={{ asked: 1_613, inForce: 1_613, takenAt: '2026-11-27T12:00:00.000Z', minimum: 100 }}
      />,
    );
    expect(
      screen.getByText(/Learning from 1,613 questions visitors asked \(taken Nov 27, 2026/),
    ).toBeVisible();
  });
});
