import {
  FEEDBACK_DIALOG_TITLES,
  FEEDBACK_EMAIL_INVALID_MESSAGE,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGE_REQUIRED_MESSAGE,
  FEEDBACK_PAGE_URL_MAX_LENGTH,
  FEEDBACK_SENT_MESSAGE,
  type FeedbackKind,
  isValidEmail,
} from '@conversa/contracts';
import { ExternalLink } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatNumber } from '@/lib/format';
import { useCreateFeedback } from '../api/create-feedback';
import { useFeedbackConfig } from '../api/get-feedback-config';

const DESCRIPTIONS: Record<FeedbackKind, string> = {
  feedback: 'Tell us what works well and what could be better.',
  bug: 'Tell us what happened and what you expected instead. The address of this page is sent with your report.',
};

const FIELD_CLASS =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 aria-[invalid=true]:border-red-500';

function getPageUrl(): string {
  return window.location.href.slice(0, FEEDBACK_PAGE_URL_MAX_LENGTH);
}

/** The external form's address with the kind and the page, so one form can serve both dialogs. */
export function buildExternalFormUrl(formUrl: string, kind: FeedbackKind, pageUrl: string): string {
  const url = new URL(formUrl);
  url.searchParams.set('kind', kind);
  url.searchParams.set('page', pageUrl);
  return url.href;
}

function FeedbackForm({ kind, onDone }: { kind: FeedbackKind; onDone: () => void }) {
  const { showToast } = useToast();
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ message?: string; email?: string }>({});
  const mutation = useCreateFeedback({
    onSuccess: () => {
      showToast({ kind: 'success', message: FEEDBACK_SENT_MESSAGE });
      onDone();
    },
  });
  const messageId = useId();
  const emailId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      ...(message.trim() === '' ? { message: FEEDBACK_MESSAGE_REQUIRED_MESSAGE } : {}),
      ...(email.trim() !== '' && !isValidEmail(email.trim())
        ? { email: FEEDBACK_EMAIL_INVALID_MESSAGE }
        : {}),
    };
    setErrors(next);
    if (Object.keys(next).length === 0) {
      mutation.mutate({ kind, message, pageUrl: getPageUrl(), email: email.trim() || undefined });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {mutation.isError ? <Alert kind="error">{mutation.error.message}</Alert> : null}
      <div>
        <label htmlFor={messageId} className="text-sm font-medium text-slate-800">
          {kind === 'bug' ? 'What went wrong?' : 'Your feedback'}
        </label>
        <textarea
          // The dialog opens to write a message: start there, not on the close button.
          data-autofocus
          id={messageId}
          rows={6}
          value={message}
          maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={errors.message !== undefined}
          aria-describedby={`${messageId}-hint`}
          className={FIELD_CLASS}
        />
        <p id={`${messageId}-hint`} className="mt-1 flex justify-between text-xs text-slate-500">
          <span className="font-medium text-red-700">{errors.message}</span>
          <span>
            {formatNumber(message.length)} / {formatNumber(FEEDBACK_MESSAGE_MAX_LENGTH)}
          </span>
        </p>
      </div>
      <div>
        <label htmlFor={emailId} className="text-sm font-medium text-slate-800">
          Email for a reply <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email !== undefined}
          aria-describedby={errors.email === undefined ? undefined : `${emailId}-error`}
          placeholder="you@example.com"
          className={FIELD_CLASS}
        />
        {errors.email === undefined ? null : (
          <p id={`${emailId}-error`} className="mt-1 text-xs font-medium text-red-700">
            {errors.email}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="cancel" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isLoading={mutation.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}

function ExternalForm({ kind, formUrl }: { kind: FeedbackKind; formUrl: string }) {
  const src = buildExternalFormUrl(formUrl, kind, getPageUrl());
  return (
    <div className="space-y-3">
      <iframe
        title={`${FEEDBACK_DIALOG_TITLES[kind]} form`}
        src={src}
        className="h-[65vh] w-full rounded-lg border border-slate-200"
      />
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        Open the form in a new tab
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
    </div>
  );
}

/**
 * The Give Feedback / Report a Bug dialog (spec §2): the studio's own form, stored on the server,
 * or the external form configured with FEEDBACK_FORM_URL embedded in the dialog.
 */
export function FeedbackDialog({
  kind,
  isOpen,
  onOpenChange,
}: {
  kind: FeedbackKind;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const config = useFeedbackConfig({ enabled: isOpen });
  const formUrl = config.data?.formUrl ?? null;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={FEEDBACK_DIALOG_TITLES[kind]}
      description={DESCRIPTIONS[kind]}
      size={formUrl === null ? 'md' : 'lg'}
    >
      {config.isPending ? (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner className="size-6" />
        </div>
      ) : formUrl === null ? (
        <FeedbackForm kind={kind} onDone={() => onOpenChange(false)} />
      ) : (
        <ExternalForm kind={kind} formUrl={formUrl} />
      )}
    </Modal>
  );
}
