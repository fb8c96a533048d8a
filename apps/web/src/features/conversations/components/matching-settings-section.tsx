import {
  describeAppliedReview,
  roleRequiredMessage,
  type MatchingSettings,
} from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { PastQuestionMoves } from '@/components/past-question-moves';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useMatchingSettings } from '../api/get-matching-settings';
import { useSetThresholdWithPreview, useThresholdChangePreview } from '../api/threshold-change';
import { formatScore } from '@/lib/format';
import { SETTINGS_CARD_CLASS } from './settings-card';
import { AskBackForm } from './ask-back-form';
import { SentenceModelNote } from './sentence-model-note';
import { VisitorLogNote } from './visitor-log-note';
import { SettingSlider } from './setting-slider';

const NUMBER_CLASS =
  'block h-9 w-24 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 tabular-nums shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-500';

/** A draft threshold as typed: a number from 0 to 1, or null when it is not one. */
export function parseThreshold(text: string): number | null {
  if (text.trim() === '') {
    return null;
  }
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}

/**
 * "What this changes" before a new threshold (null: the automatic one) is saved: the past
 * questions it would move, those that lose their answer first (issue 28), and the buttons that
 * save it or leave everything as it was.
 */
function ThresholdChangeConfirmation({
  storyfileId,
  threshold,
  isSaving,
  onConfirm,
  onCancel,
}: {
  storyfileId: string;
  threshold: number | null;
  isSaving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const preview = useThresholdChangePreview(storyfileId, threshold);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-live="polite"
      className="space-y-2 rounded-lg bg-slate-50 p-3"
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        What this changes
      </h3>
      {preview.isPending ? (
        <p className="text-sm text-slate-600">
          <Spinner className="mr-2 size-3" label="Working out the preview" /> Re-asking past
          questions…
        </p>
      ) : preview.isError ? (
        <Alert kind="error">{preview.error.message}</Alert>
      ) : (
        <PastQuestionMoves preview={preview.data} />
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          disabled={preview.isPending}
          isLoading={isSaving}
          onClick={onConfirm}
        >
          {threshold === null
            ? 'Use the automatic threshold'
            : `Save ${formatScore(threshold)} as the threshold`}
        </Button>
        <Button variant="cancel" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

function ThresholdForm({
  storyfileId,
  settings,
  isEditable,
}: {
  storyfileId: string;
  settings: MatchingSettings;
  isEditable: boolean;
}) {
  const update = useSetThresholdWithPreview(storyfileId);
  const { showToast } = useToast();
  const [draft, setDraftText] = useState(() => String(settings.effectiveThreshold));
  const [savedValue, setSavedValue] = useState(settings.effectiveThreshold);
  /** The threshold whose preview is shown before it is saved (null: automatic); none: undefined. */
  const [pending, setPending] = useState<number | null | undefined>(undefined);
  const ids = { number: useId(), error: useId() };
  // Another tab or a teammate may have saved: show the server's value.
  if (savedValue !== settings.effectiveThreshold) {
    setSavedValue(settings.effectiveThreshold);
    setDraftText(String(settings.effectiveThreshold));
  }
  const value = parseThreshold(draft);
  const isInvalid = value === null;
  const hasChanges = value !== null && value !== settings.effectiveThreshold;

  function setDraft(text: string) {
    setDraftText(text);
    setPending(undefined);
  }

  function save(threshold: number | null) {
    update.mutate(threshold, {
      onSuccess: ({ settings: saved, preview }) => {
        setPending(undefined);
        showToast({
          kind: preview.toFallback > 0 ? 'warning' : 'success',
          message: `${
            saved.threshold === null
              ? `Restored the default threshold (${formatScore(saved.defaultThreshold)}).`
              : `Saved the threshold (${formatScore(saved.effectiveThreshold)}).`
          } ${describeAppliedReview(preview)}`,
        });
      },
      onError: (error) => showToast({ kind: 'error', message: error.message }),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hasChanges) {
      setPending(value);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <SettingSlider
        label="Out-of-scope threshold"
        hint={
          <>
            A question whose best match scores below this gets the cannot-answer clip. Higher: fewer
            wrong answers, more “I can't answer”. Lower: more answers, some of them wrong. The
            default ({formatScore(settings.defaultThreshold)}) is chosen automatically from this
            script and follows it as questions change.
          </>
        }
        range={{ min: 0, max: 1, step: 0.01 }}
        value={value ?? settings.effectiveThreshold}
        valueText={formatScore(value ?? settings.effectiveThreshold)}
        isDisabled={!isEditable}
        onChange={setDraft}
      >
        <label htmlFor={ids.number} className="sr-only">
          Threshold value
        </label>
        <input
          id={ids.number}
          type="number"
          inputMode="decimal"
          min={0}
          max={1}
          step={0.01}
          value={draft}
          disabled={!isEditable}
          aria-invalid={isInvalid}
          aria-describedby={isInvalid ? ids.error : undefined}
          onChange={(event) => setDraft(event.target.value)}
          className={NUMBER_CLASS}
        />
        {/* What is saved, said only while the field holds it: beside an invalid or unsaved value,
            "Using the default." contradicted the field (issue 44). */}
        {isInvalid || hasChanges ? null : (
          <span className="text-sm text-slate-600">
            {settings.threshold === null
              ? 'Using the default.'
              : `Custom; the default is ${formatScore(settings.defaultThreshold)}.`}
          </span>
        )}
      </SettingSlider>
      {isInvalid ? (
        <p id={ids.error} className="text-sm text-red-700">
          The threshold is between 0 and 1.
        </p>
      ) : null}
      {isEditable ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={!hasChanges || pending !== undefined}>
            Save threshold
          </Button>
          <Button
            disabled={settings.threshold === null || pending !== undefined}
            onClick={() => setPending(null)}
          >
            Restore default
          </Button>
        </div>
      ) : null}
      {isEditable && pending !== undefined ? (
        <ThresholdChangeConfirmation
          storyfileId={storyfileId}
          threshold={pending}
          isSaving={update.isPending}
          onConfirm={() => save(pending)}
          onCancel={() => setPending(undefined)}
        />
      ) : null}
    </form>
  );
}

/**
 * Matching settings: the out-of-scope threshold and the share of wrong answers risked (issue 50),
 * which editors tune after testing in the interact tab.
 */
export function MatchingSettingsSection({
  storyfileId,
  isEditable,
  isDeleted = false,
}: {
  storyfileId: string;
  isEditable: boolean;
  isDeleted?: boolean;
}) {
  const settings = useMatchingSettings(storyfileId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={SETTINGS_CARD_CLASS}>
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Matching
      </h2>
      {isEditable ? null : (
        <p className="text-sm text-slate-600">
          {isDeleted
            ? 'Restore the storyfile to change its matching settings.'
            : `${roleRequiredMessage('edit:ns')} to change the matching settings.`}
        </p>
      )}
      {settings.isPending ? (
        <Spinner label="Loading the matching settings" />
      ) : settings.isError ? (
        <Alert kind="error">{settings.error.message}</Alert>
      ) : (
        <>
          <ThresholdForm
            storyfileId={storyfileId}
            settings={settings.data}
            isEditable={isEditable}
          />
          <AskBackForm storyfileId={storyfileId} settings={settings.data} isEditable={isEditable} />
          <SentenceModelNote scoring={settings.data.scoring} />
          <VisitorLogNote log={settings.data.visitorLog} />
        </>
      )}
    </section>
  );
}
