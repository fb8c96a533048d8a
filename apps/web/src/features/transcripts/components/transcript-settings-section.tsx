import { useId } from 'react';
import { useToast } from '@/components/ui/toast';
import { useTranscriptSettings, useUpdateTranscriptSettings } from '../api/transcript-settings';

/**
 * The storyfile's choice of what visitors read of its answers (issue 52): only the words an author
 * saved or approved (default), or also the recognizer's drafts, labelled automatic.
 */
export function TranscriptSettingsSection({
  storyfileId,
  isEditable,
}: {
  storyfileId: string;
  isEditable: boolean;
}) {
  const settings = useTranscriptSettings(storyfileId);
  const update = useUpdateTranscriptSettings(storyfileId);
  const { showToast } = useToast();
  const headingId = useId();
  const hintId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Captions and transcript
      </h2>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={settings.data?.publishDrafts ?? false}
          disabled={!isEditable || settings.data === undefined || update.isPending}
          aria-describedby={hintId}
          onChange={(event) =>
            update.mutate(
              { publishDrafts: event.target.checked },
              {
                onSuccess: (saved) =>
                  showToast({
                    kind: 'success',
                    message: saved.publishDrafts
                      ? 'Visitors now see drafts not reviewed yet, labelled automatic.'
                      : 'Visitors now see only reviewed words.',
                  }),
                onError: (error) => showToast({ kind: 'error', message: error.message }),
              },
            )
          }
          className="mt-1 accent-brand-600"
        />
        <span className="min-w-0">
          <span className="block font-medium">Show drafts not reviewed yet to visitors</span>
          <span id={hintId} className="block text-xs text-slate-600">
            Off: captions and the transcript page show an answer&apos;s words once you approve or
            save them. On: the recognizer&apos;s drafts show too, labelled automatic.
          </span>
        </span>
      </label>
    </section>
  );
}
