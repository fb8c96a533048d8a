import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CustomCategoriesScreen } from './custom-categories-screen';
import { CustomWordsScreen } from './custom-words-screen';
import { NOTHING_UNDERSTOOD_MESSAGE } from './test-bench';
import {
  benchRequests,
  FakeRecognition,
  mockServer,
  ROSE,
  ROSE_NAME,
  setUpTrainingFakes,
  user,
} from './training-screens.fixtures';

// Issue 14: the test bench, shared with categories, takes a phrase typed or said.

setUpTrainingFakes();

describe('the test bench, shared with categories', () => {
  it('is on Custom categories for the chosen storyfile', async () => {
    mockServer();
    const person = userEvent.setup();
    renderWithProviders(<CustomCategoriesScreen user={user} />, {
      path: '/training/custom_categories',
    });
    expect(
      await screen.findByText(
        'Choose a storyfile to try phrases on the test bench and see which categories fold them.',
      ),
    ).toBeInTheDocument();
    await screen.findByRole('option', { name: ROSE_NAME });
    await person.selectOptions(screen.getByLabelText('Storyfile'), ROSE_NAME);
    const bench = await screen.findByRole('region', { name: 'Test bench' });
    await person.type(within(bench).getByLabelText('Phrase'), 'where is mill walkie');
    await person.click(within(bench).getByRole('button', { name: 'Try it' }));
    const result = await within(bench).findByRole('list', { name: 'Test bench result' });
    expect(result).toHaveTextContent('3. Categories folded: milwaukee → Cities');
    expect(benchRequests()[0]?.url.pathname).toBe(
      `/v1/conversa/storyfiles/${ROSE}/training/test-bench`,
    );
  });

  it('has no microphone where the browser has no speech recognition', async () => {
    mockServer();
    renderWithProviders(<CustomCategoriesScreen user={user} />, {
      path: `/training/custom_categories?storyfileId=${ROSE}`,
    });
    const bench = await screen.findByRole('region', { name: 'Test bench' });
    expect(within(bench).queryByRole('button', { name: 'Say a phrase' })).toBeNull();
  });

  it.each([
    ['Custom categories', CustomCategoriesScreen, '/training/custom_categories'],
    ['Custom words', CustomWordsScreen, '/training/custom_words'],
  ])(
    'on %s, tries a said phrase as spoken, through the recognizer the player uses',
    async (_name, Screen, path) => {
      (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition =
        FakeRecognition;
      mockServer();
      const person = userEvent.setup();
      renderWithProviders(<Screen user={user} />, { path: `${path}?storyfileId=${ROSE}` });
      const bench = await screen.findByRole('region', { name: 'Test bench' });
      // Typed and unticked first, so the said phrase is seen to be tried as spoken anyway.
      await person.click(within(bench).getByLabelText('As if spoken'));
      // The recognizer gets the storyfile's language, once the storyfiles are known.
      await screen.findAllByRole('option', { name: ROSE_NAME });
      await person.click(within(bench).getByRole('button', { name: 'Say a phrase' }));
      const recognition = FakeRecognition.instances[0]!;
      expect(recognition.lang).toBe('en-GB');
      expect(within(bench).getByRole('status')).toHaveTextContent('Listening… say the phrase.');
      expect(within(bench).getByRole('button', { name: 'Stop listening' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      act(() => {
        recognition.onresult?.({ results: [[{ transcript: 'where is mill walkie' }]] });
        recognition.onend?.();
      });
      await waitFor(() => expect(benchRequests()).toHaveLength(1));
      expect(benchRequests()[0]?.body).toEqual({
        text: 'where is mill walkie',
        inputMode: 'spoken',
      });
      expect(within(bench).getByLabelText('Phrase')).toHaveValue('where is mill walkie');
      expect(within(bench).getByLabelText('As if spoken')).toBeChecked();
      const result = await within(bench).findByRole('list', { name: 'Test bench result' });
      expect(result).toHaveTextContent('1. Raw text (spoken): where is mill walkie');
      expect(result).toHaveTextContent(
        '2. After replacement rules: where is Milwaukee (“mill walkie” → “Milwaukee”)',
      );
    },
  );

  it('asks again, without trying anything, when the words were not understood', async () => {
    (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    mockServer();
    const person = userEvent.setup();
    renderWithProviders(<CustomCategoriesScreen user={user} />, {
      path: `/training/custom_categories?storyfileId=${ROSE}`,
    });
    const bench = await screen.findByRole('region', { name: 'Test bench' });
    await person.click(within(bench).getByRole('button', { name: 'Say a phrase' }));
    act(() => {
      FakeRecognition.instances[0]!.onerror?.({ error: 'no-match' });
      FakeRecognition.instances[0]!.onend?.();
    });
    expect(within(bench).getByRole('alert')).toHaveTextContent(NOTHING_UNDERSTOOD_MESSAGE);
    expect(benchRequests()).toHaveLength(0);
    expect(within(bench).getByRole('button', { name: 'Say a phrase' })).toBeEnabled();
  });
});
