// Issue 68, item 8: the ask box cut 3,000 pasted characters to 500 without a word. It still cuts
// (a question is at most MAX_ASK_TEXT_LENGTH characters), and says so where a screen reader hears.
import { MAX_ASK_TEXT_LENGTH } from '@conversa/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { QUESTION_CUT_MESSAGE } from '../utils/player-messages';
import { ConversationPlayer } from './conversation-player';

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the question box', () => {
  it('says a pasted question was cut to 500 characters, and stops saying it once shorter', async () => {
    expect(QUESTION_CUT_MESSAGE).toBe(
      'Your question was cut to 500 characters, the most a question can have.',
    );
    const user = userEvent.setup();
    renderWithProviders(
      <ConversationPlayer
        name="Rose"
        language="en-US"
        clips={{ idle: null, intro: null }}
        starters={[]}
        ask={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    const box = screen.getByLabelText('Ask Rose a question');
    await user.click(box);
    await user.paste('why '.repeat(750));

    expect((box as HTMLInputElement).value).toHaveLength(MAX_ASK_TEXT_LENGTH);
    expect(screen.getByText(QUESTION_CUT_MESSAGE)).toHaveAttribute('role', 'status');
    expect(box).toHaveAccessibleDescription(QUESTION_CUT_MESSAGE);

    await user.type(box, '{Backspace}');
    expect(screen.queryByText(QUESTION_CUT_MESSAGE)).toBeNull();
  });
});
