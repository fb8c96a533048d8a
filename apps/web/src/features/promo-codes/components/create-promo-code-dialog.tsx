import {
  DEFAULT_TRIAL_DAYS,
  DEFAULT_TRIAL_RECORDED_ANSWER_LIMIT,
  DEFAULT_TRIAL_STORYFILE_LIMIT,
  MAX_TRIAL_DAYS,
  PROMO_TRIAL_GROUP,
  type PromoCode,
} from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SaveWarning } from '@/components/ui/save-warning';
import { describePromoExpiryWarnings } from '@/lib/save-warnings';
import { messageOf } from '@/lib/api-client';
import { useCreatePromoCode } from '../api/promo-codes';
import { INPUT_CLASS, parseLimit } from './fields';

function Field({
  label,
  hint,
  children,
  id,
}: {
  label: string;
  hint?: string;
  children: React.ReactNode;
  id: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** New promo code: a given or generated code, what it grants and how often it may be used. */
export function CreatePromoCodeDialog({
  isOpen,
  onOpenChange,
  onCreated,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreated: (code: PromoCode) => void;
}) {
  const create = useCreatePromoCode();
  const ids = {
    code: useId(),
    description: useId(),
    days: useId(),
    storyfiles: useId(),
    answers: useId(),
    max: useId(),
    expires: useId(),
  };
  const [code, setCode] = useState('');
  const [description, setDescription] = useState('');
  const [trialDays, setTrialDays] = useState(String(DEFAULT_TRIAL_DAYS));
  const [storyfileLimit, setStoryfileLimit] = useState(String(DEFAULT_TRIAL_STORYFILE_LIMIT));
  const [answerLimit, setAnswerLimit] = useState(String(DEFAULT_TRIAL_RECORDED_ANSWER_LIMIT));
  const [maxRedemptions, setMaxRedemptions] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  // An expiry already past, asked about before saving; null while nothing waits on it.
  const [warnings, setWarnings] = useState<string[] | null>(null);

  const close = (open: boolean) => {
    if (!open) {
      create.reset();
    }
    onOpenChange(open);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = describePromoExpiryWarnings(expiresOn, new Date());
    if (found.length > 0) {
      setWarnings(found);
      return;
    }
    submit();
  };
  const submit = () => {
    setWarnings(null);
    create.mutate(
      {
        code: code.trim(),
        description,
        trialDays: Number(trialDays),
        storyfileLimit: parseLimit(storyfileLimit),
        recordedAnswerLimit: parseLimit(answerLimit),
        maxRedemptions: parseLimit(maxRedemptions),
        // The code works through the whole chosen day (UTC).
        expiresAt: expiresOn ? new Date(`${expiresOn}T23:59:59.999Z`).toISOString() : null,
      },
      {
        onSuccess: (created) => {
          setCode('');
          setDescription('');
          onCreated(created);
        },
      },
    );
  };
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={close}
      title="New promo code"
      description={`A code grants the ${PROMO_TRIAL_GROUP} group for a trial of some days, within the limits you set.`}
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field
          id={ids.code}
          label="Code"
          hint="Letters, digits, - and _ (4 to 40). Leave it empty to generate one."
        >
          <input
            id={ids.code}
            className={INPUT_CLASS}
            value={code}
            maxLength={40}
            autoComplete="off"
            aria-describedby={`${ids.code}-hint`}
            onChange={(event) => setCode(event.target.value)}
          />
        </Field>
        <Field id={ids.description} label="Note for admins (optional)">
          <input
            id={ids.description}
            className={INPUT_CLASS}
            value={description}
            maxLength={500}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={ids.days} label="Trial length (days)">
            <input
              id={ids.days}
              type="number"
              min={1}
              max={MAX_TRIAL_DAYS}
              required
              className={INPUT_CLASS}
              value={trialDays}
              onChange={(event) => setTrialDays(event.target.value)}
            />
          </Field>
          <Field id={ids.max} label="Maximum redemptions" hint="Empty: no maximum.">
            <input
              id={ids.max}
              type="number"
              min={1}
              className={INPUT_CLASS}
              value={maxRedemptions}
              aria-describedby={`${ids.max}-hint`}
              onChange={(event) => setMaxRedemptions(event.target.value)}
            />
          </Field>
          <Field id={ids.storyfiles} label="Storyfile limit" hint="Empty: no limit.">
            <input
              id={ids.storyfiles}
              type="number"
              min={0}
              className={INPUT_CLASS}
              value={storyfileLimit}
              aria-describedby={`${ids.storyfiles}-hint`}
              onChange={(event) => setStoryfileLimit(event.target.value)}
            />
          </Field>
          <Field
            id={ids.answers}
            label="Recorded answer limit"
            hint="StoryFile's public trial: 33."
          >
            <input
              id={ids.answers}
              type="number"
              min={0}
              className={INPUT_CLASS}
              value={answerLimit}
              aria-describedby={`${ids.answers}-hint`}
              onChange={(event) => setAnswerLimit(event.target.value)}
            />
          </Field>
          <Field id={ids.expires} label="Expires after (optional)">
            <input
              id={ids.expires}
              type="date"
              className={INPUT_CLASS}
              value={expiresOn}
              onChange={(event) => setExpiresOn(event.target.value)}
            />
          </Field>
        </div>
        {create.error ? (
          <Alert kind="error">
            {messageOf(create.error, 'An error occurred while pushing data.')}
          </Alert>
        ) : null}
        {warnings === null ? (
          <div className="flex justify-end gap-2">
            <Button variant="cancel" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={create.isPending}>
              Create code
            </Button>
          </div>
        ) : (
          <SaveWarning
            warnings={warnings}
            confirmText="Create anyway"
            isPending={create.isPending}
            onConfirm={submit}
            onCancel={() => setWarnings(null)}
          />
        )}
      </form>
    </Modal>
  );
}
