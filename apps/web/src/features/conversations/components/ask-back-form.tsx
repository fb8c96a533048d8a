import type { AskBackSettings, MatchingSettings } from '@conversa/contracts';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatScore } from '@/lib/format';
import { useAskBackPreview, useSetAskBack } from '../api/ask-back';
import { SettingSlider } from './setting-slider';

/** A lead's weight as words where there is one: "twice", else "1.5 ×". */
const WEIGHT_WORDS: Readonly<Record<number, string>> = { 1: 'once', 2: 'twice', 3: 'three times' };

function formatWeight(weight: number): string {
  return WEIGHT_WORDS[weight] ?? `${weight} ×`;
}

/** A share 0–1 as a whole percentage ("12%"); "—" where there was nothing to count. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/**
 * What a point gives on the storyfile's own questions: its near-miss questions (each asked with its
 * own answer left out) and the built-in off-topic ones, played or asked back.
 */
export function AskBackPreview({ askBack }: { askBack: AskBackSettings }) {
  const { preview } = askBack;
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm text-slate-700 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
      <dt className="font-medium">Questions this script does not answer, on its subject</dt>
      <dd>
        {formatShare(preview.nearMissPlayed)} would get a wrong answer played,{' '}
        {formatShare(preview.nearMissOffered)} asked back
      </dd>
      <dt className="font-medium">Off-topic questions</dt>
      <dd>
        {formatShare(preview.offTopicPlayed)} played, {formatShare(preview.offTopicOffered)} asked
        back
      </dd>
      <dt className="font-medium">Scores</dt>
      <dd>
        plays from {formatScore(askBack.playAt)}
        {askBack.leadWeight > 0
          ? ` (its score plus ${formatWeight(askBack.leadWeight)} its lead over the next answer)`
          : ' with a clear lead'}
        , asks back from {formatScore(askBack.offerAt)}, with the next answers from{' '}
        {formatScore(askBack.offerBesideAt)}
      </dd>
    </dl>
  );
}

/**
 * Issue 50: where the storyfile plays an answer and where it asks the visitor "Did you mean…?".
 * The author moves the share of wrong answers risked and sees, before saving, what it gives on the
 * script's own questions.
 */
export function AskBackForm({
  storyfileId,
  settings,
  isEditable,
}: {
  storyfileId: string;
  settings: MatchingSettings;
  isEditable: boolean;
}) {
  const { askBack } = settings;
  const update = useSetAskBack(storyfileId);
  const { showToast } = useToast();
  const [draft, setDraft] = useState(() => Math.round(askBack.effectivePlayRisk * 100));
  const [savedValue, setSavedValue] = useState(askBack.effectivePlayRisk);
  const previewId = useId();
  // Another tab or a teammate may have saved: show the server's value.
  if (savedValue !== askBack.effectivePlayRisk) {
    setSavedValue(askBack.effectivePlayRisk);
    setDraft(Math.round(askBack.effectivePlayRisk * 100));
  }
  const draftShare = draft / 100;
  const hasChanges = draftShare !== askBack.effectivePlayRisk;
  const deferredShare = useDeferredValue(draftShare);
  // Dragging the slider asks for the value it settles on, not for each one it passes (nor, while
  // the deferred value lags, for the saved one).
  const preview = useAskBackPreview(
    storyfileId,
    hasChanges && deferredShare !== askBack.effectivePlayRisk ? deferredShare : undefined,
  );
  const shown = hasChanges ? preview.data : askBack;

  function save(playRisk: number | null) {
    update.mutate(playRisk, {
      onSuccess: (saved) =>
        showToast({
          kind: 'success',
          message:
            saved.askBack.playRisk === null
              ? `Restored the default share of wrong answers risked (${formatShare(saved.askBack.defaultPlayRisk)}).`
              : `Saved the share of wrong answers risked (${formatShare(saved.askBack.effectivePlayRisk)}).`,
        }),
      onError: (error) => showToast({ kind: 'error', message: error.message }),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hasChanges) {
      save(draftShare);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3 border-t border-slate-200 pt-4" noValidate>
      <SettingSlider
        label="Wrong answers risked"
        hint={
          <>
            When the best match is not clearly right, the storyfile asks “Did you mean…?” with up to
            three answers instead of playing it. Lower: asks back more and plays fewer wrong
            answers. Higher: plays more, some of them wrong. Whatever the share, no more than{' '}
            {formatShare(askBack.maxOffTopicPlayed)} of the off-topic questions are played. The
            default ({formatShare(askBack.defaultPlayRisk)}) is measured on this script’s own
            questions and follows it as questions change.
          </>
        }
        range={{ min: 0, max: 50, step: 1 }}
        value={draft}
        valueText={`${draft}%`}
        isDisabled={!isEditable}
        describedBy={previewId}
        onChange={(text) => setDraft(Number(text))}
      >
        <span className="text-sm text-slate-700 tabular-nums">{draft}%</span>
        {hasChanges ? null : (
          <span className="text-sm text-slate-600">
            {askBack.playRisk === null
              ? 'Using the default share.'
              : `Custom; the default is ${formatShare(askBack.defaultPlayRisk)}.`}
          </span>
        )}
      </SettingSlider>
      <section
        id={previewId}
        aria-live="polite"
        aria-label={hasChanges ? 'What this share changes' : 'What this share gives now'}
        className="rounded-lg bg-slate-50 p-3"
      >
        {hasChanges && preview.isPending ? (
          <p className="text-sm text-slate-600">
            <Spinner className="mr-2 size-3" label="Working out the preview" /> Asking this script’s
            own questions…
          </p>
        ) : hasChanges && preview.isError ? (
          <Alert kind="error">{preview.error.message}</Alert>
        ) : shown ? (
          <AskBackPreview askBack={shown} />
        ) : null}
      </section>
      {isEditable ? (
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            variant="primary"
            disabled={!hasChanges}
            isLoading={update.isPending}
          >
            Save share
          </Button>
          <Button
            disabled={askBack.playRisk === null || update.isPending}
            onClick={() => save(null)}
          >
            Restore default share
          </Button>
        </div>
      ) : null}
    </form>
  );
}
