import { useId } from 'react';
import {
  STORYFILE_RECOGNIZER_LABELS,
  STORYFILE_RECOGNIZERS,
  type StoryfileRecognizer,
} from '@conversa/contracts';
import { useToast } from '@/components/ui/toast';
import { useSpeechRecognizer, useUpdateSpeechRecognizer } from '../api/speech';
import { SETTINGS_CARD_CLASS } from './settings-card';

const RECOGNIZER_HINTS: Record<StoryfileRecognizer, string> = {
  studio:
    'Visitors can ask aloud in every browser. Their recordings are recognized on the studio and deleted at once; only the words reach the chat log.',
  browser:
    "Chrome, Edge and Safari's own speech service (Chrome sends the voice to its vendor's servers). Browsers without one, such as Firefox, still use the studio's.",
};

/**
 * The storyfile's recognizer of spoken questions, used by every player of it (Interact, the
 * public page, the embed, students' activities and the training test bench).
 */
export function SpeechSettingsSection({
  storyfileId,
  isEditable,
}: {
  storyfileId: string;
  isEditable: boolean;
}) {
  const recognizer = useSpeechRecognizer(storyfileId);
  const update = useUpdateSpeechRecognizer(storyfileId);
  const { showToast } = useToast();
  const headingId = useId();
  return (
    // A card like its neighbours, Publishing and Matching (issue 44).
    <section aria-labelledby={headingId} className={SETTINGS_CARD_CLASS}>
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Spoken questions
      </h2>
      <fieldset
        className="space-y-2"
        disabled={!isEditable || recognizer === undefined || update.isPending}
      >
        <legend className="text-sm font-medium text-slate-800">Recognizer</legend>
        {STORYFILE_RECOGNIZERS.map((option) => (
          <label key={option} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`recognizer-${storyfileId}`}
              value={option}
              checked={(recognizer ?? 'studio') === option}
              onChange={() =>
                update.mutate(option, {
                  onSuccess: () =>
                    showToast({
                      kind: 'success',
                      message: `Spoken questions: ${STORYFILE_RECOGNIZER_LABELS[option]}.`,
                    }),
                  onError: (error) => showToast({ kind: 'error', message: error.message }),
                })
              }
              className="mt-1 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="block font-medium">{STORYFILE_RECOGNIZER_LABELS[option]}</span>
              <span className="block text-xs text-slate-600">{RECOGNIZER_HINTS[option]}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
