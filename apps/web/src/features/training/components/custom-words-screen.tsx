import { type CurrentUser } from '@conversa/contracts';
import type { SearchOption } from '@/lib/search-box';
import { useCustomWords, useDeleteCustomWord } from '../api/words';
import { NewWord } from './new-word';
import { SuggestedWords } from './suggested-words';
import { TestBench } from './test-bench';
import { ChosenStoryfileTools, VocabularyScreen } from './vocabulary-screen';
import { WordList } from './word-item';

const PATH = '/training/custom_words';
const SEARCH_OPTIONS: SearchOption[] = [
  { value: 'term', label: 'Term', isActive: true, isDisabled: false },
  { value: 'heardAs', label: 'Heard as', isActive: true, isDisabled: false },
];
/** The storyfile part: suggested words and the test bench for the chosen storyfile. */
function StoryfileTools({ user }: { user: CurrentUser }) {
  return (
    <ChosenStoryfileTools
      user={user}
      emptyText="Choose a storyfile to see suggested words and to try phrases on the test bench."
    >
      {(storyfileId) => (
        <>
          <section aria-labelledby="suggested-words-heading" className="space-y-2">
            <h2 id="suggested-words-heading" className="text-lg font-semibold text-slate-900">
              Suggested words
            </h2>
            <p className="text-sm text-slate-600">
              Names and rare words of this storyfile&apos;s questions and of its videos&apos;
              captions, and words of spoken questions that matched nothing. Spoken questions hand
              the custom words to the browser&apos;s recognizer as hints, where the browser supports
              it.
            </p>
            <SuggestedWords user={user} storyfileId={storyfileId} />
          </section>
          <TestBench storyfileId={storyfileId} />
        </>
      )}
    </ChosenStoryfileTools>
  );
}

/**
 * /training/custom_words: names, places and jargon the recognizer mishears, with "heard as"
 * rules applied to spoken questions before matching, and the test bench.
 */
export function CustomWordsScreen({ user }: { user: CurrentUser }) {
  const remove = useDeleteCustomWord();
  return (
    <VocabularyScreen
      user={user}
      path={PATH}
      fallbackTitle="Custom Words"
      description='Names, places and jargon the speech recognizer mishears. Each "heard as" form is replaced by the word in spoken questions before they are matched ("mill walkie" → "Milwaukee").'
      noun={{ one: 'word', many: 'words' }}
      searchOptions={SEARCH_OPTIONS}
      useList={useCustomWords}
      newItem={{
        heading: 'New word',
        render: (namespaceId) => <NewWord namespaceId={namespaceId} />,
      }}
      emptyText="No words yet. Add the names and places your storyfiles talk about."
      noMatchText="No word matches this search."
      renderItems={(words, canEdit, onDelete) => (
        <WordList words={words} canEdit={canEdit} onDelete={onDelete} />
      )}
      remove={remove}
      deleteTitle="Delete this word?"
      describeDeletion={(word) =>
        `Spoken questions stop replacing the "heard as" forms of "${word?.term ?? ''}".`
      }
    >
      <StoryfileTools user={user} />
    </VocabularyScreen>
  );
}
