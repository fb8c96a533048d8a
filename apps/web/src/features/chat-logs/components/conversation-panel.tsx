import * as Dialog from '@radix-ui/react-dialog';
import {
  CHAT_CHANNEL_LABELS,
  CONVERSATION_NOT_FOUND_MESSAGE,
  INPUT_MODE_LABELS,
  type ConversationEntry,
} from '@conversa/contracts';
import { Bot, Keyboard, Mic, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AnswerRating } from '@/components/answer-rating';
import { cn } from '@/components/ui/cn';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDialogFocus } from '@/components/ui/dialog-focus';
import { ApiError } from '@/lib/api-client';
import { formatNumber, formatScore, formatUsDateTime } from '@/lib/format';
import { useConversation } from '../api/get-conversation';
import { CONVERSATION_ADDRESS_INVALID_MESSAGE, isConversationId } from '../utils/chat-log-filters';
import { describeConfidence, describeOutcome } from '../utils/labels';
import { ClarificationNote, DecisionBadge, InkTurnNote } from './chat-log-table';

function ExchangeItem({
  entry,
  index,
  timeZone,
  isOpened,
}: {
  entry: ConversationEntry;
  index: number;
  timeZone?: string;
  /** The exchange whose row opened the panel: marked, and the panel's first focus. */
  isOpened: boolean;
}) {
  const ModeIcon = entry.inputMode === 'spoken' ? Mic : Keyboard;
  const question = entry.questionText === '' ? '(nothing heard)' : entry.questionText;
  const itemRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (isOpened) {
      // Focus alone scrolls only as far as needed; the exchange belongs in the middle of the panel.
      itemRef.current?.scrollIntoView({ block: 'center' });
    }
  }, [isOpened]);
  return (
    <li
      ref={itemRef}
      aria-label={`Exchange ${index + 1}: ${question}`}
      aria-current={isOpened ? 'true' : undefined}
      tabIndex={isOpened ? -1 : undefined}
      {...(isOpened ? { 'data-autofocus': '' } : {})}
      className={cn(
        'scroll-mt-24 space-y-2',
        isOpened &&
          '-mx-3 rounded-2xl bg-amber-50 px-3 py-3 ring-2 ring-amber-300 focus:outline-none focus-visible:ring-brand-500',
      )}
    >
      {isOpened ? (
        <p className="text-xs font-semibold text-amber-900">The exchange you opened</p>
      ) : null}
      <div className="ml-8 rounded-2xl rounded-tr-sm bg-brand-600 px-4 py-3 text-white shadow-sm">
        <p className="font-medium wrap-anywhere">{question}</p>
        <p className="mt-1 flex items-center gap-1.5 text-xs text-brand-100">
          <ModeIcon className="size-3" aria-hidden="true" />
          {INPUT_MODE_LABELS[entry.inputMode]} ·{' '}
          <time dateTime={entry.createdAt}>{formatUsDateTime(entry.createdAt, timeZone)}</time>
        </p>
      </div>
      <div className="mr-8 rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Bot className="size-4 text-slate-400" aria-hidden="true" />
          <DecisionBadge entry={entry} />
          <span className="text-xs text-slate-500">
            Score {formatScore(entry.score)}
            {entry.confidence === null ? null : ` · ${describeConfidence(entry)}`}
          </span>
          <AnswerRating feedback={entry.feedback} />
        </div>
        <p className="mt-2 text-sm wrap-anywhere text-slate-800">
          <span className="text-slate-500">
            {entry.decision === 'answered' ? 'Matched question: ' : 'Reason: '}
          </span>
          {describeOutcome(entry)}
        </p>
        <InkTurnNote entry={entry} />
        <ClarificationNote entry={entry} />
        {entry.media === null ? (
          entry.decision === 'answered' ? (
            <p className="mt-2 text-xs text-slate-500 italic">
              This answer&apos;s video is no longer recorded.
            </p>
          ) : null
        ) : (
          <video
            controls
            preload="metadata"
            playsInline
            src={entry.media.url}
            poster={entry.media.posterUrl}
            aria-label={`Answer to “${question}”`}
            className="mt-3 aspect-video w-full rounded-lg bg-slate-900"
          >
            {entry.media.captionsUrl === null ? null : (
              <track kind="captions" label="Captions" src={entry.media.captionsUrl} default />
            )}
          </video>
        )}
      </div>
    </li>
  );
}

function TranscriptBody({
  conversationId,
  exchangeId,
  timeZone,
}: {
  conversationId: string;
  exchangeId: string | null;
  timeZone?: string;
}) {
  const isId = isConversationId(conversationId);
  const conversation = useConversation(isId ? conversationId : null);
  if (!isId) {
    return <Alert kind="error">{CONVERSATION_ADDRESS_INVALID_MESSAGE}</Alert>;
  }
  if (conversation.isPending) {
    return (
      <div aria-busy="true" className="space-y-4">
        <span className="sr-only" role="status">
          Loading the conversation
        </span>
        {Array.from({ length: 2 }, (_, index) => (
          <div key={index} aria-hidden="true" className="animate-pulse space-y-2">
            <div className="ml-8 h-14 rounded-2xl bg-brand-100" />
            <div className="mr-8 h-24 rounded-2xl bg-slate-100" />
          </div>
        ))}
      </div>
    );
  }
  if (conversation.error) {
    // A 4xx names a conversation that is not there for this person; retrying cannot change it.
    const isMissing =
      conversation.error instanceof ApiError &&
      conversation.error.status >= 400 &&
      conversation.error.status < 500;
    return (
      <div className="space-y-3">
        <Alert kind="error">
          {isMissing ? CONVERSATION_NOT_FOUND_MESSAGE : conversation.error.message}
        </Alert>
        {isMissing ? null : <Button onClick={() => void conversation.refetch()}>Try again</Button>}
      </div>
    );
  }
  const transcript = conversation.data;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-4 py-3 text-sm">
        <dt className="text-slate-500">Channel</dt>
        <dd className="text-slate-800">{CHAT_CHANNEL_LABELS[transcript.channel]}</dd>
        <dt className="text-slate-500">Started</dt>
        <dd className="text-slate-800">{formatUsDateTime(transcript.startedAt, timeZone)}</dd>
        <dt className="text-slate-500">Questions</dt>
        <dd className="text-slate-800">{formatNumber(transcript.entries.length)}</dd>
      </dl>
      <ol aria-label="Transcript" className="space-y-5">
        {transcript.entries.map((entry, index) => (
          <ExchangeItem
            key={entry.id}
            entry={entry}
            index={index}
            isOpened={entry.id === exchangeId}
            {...(timeZone === undefined ? {} : { timeZone })}
          />
        ))}
      </ol>
    </div>
  );
}

/**
 * A conversation's transcript in a side panel. Its id lives in the address (`?conversation=`), so
 * a reload keeps it open; Escape or the close button closes it. Opened from a row
 * (`&exchange=`), it shows that exchange, marked and focused, not the conversation's start.
 */
export function ConversationPanel({
  conversationId,
  exchangeId = null,
  storyfileName,
  onClose,
  timeZone,
}: {
  conversationId: string | null;
  exchangeId?: string | null;
  /** From the list row, so the title shows before the transcript arrives. */
  storyfileName?: string;
  onClose: () => void;
  timeZone?: string;
}) {
  const transcript = useConversation(conversationId);
  const name = transcript.data?.storyfileName ?? storyfileName;
  const { bodyRef, onOpenAutoFocus, onCloseAutoFocus } = useDialogFocus(conversationId !== null);
  return (
    <Dialog.Root
      open={conversationId !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 right-0 z-50 w-full max-w-xl overflow-y-auto bg-slate-50 shadow-2xl"
        >
          <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-6 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                Conversation
              </Dialog.Title>
              <p className="truncate text-sm text-slate-600">{name ?? '\u00a0'}</p>
            </div>
            <Dialog.Close
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div ref={bodyRef} className="px-6 py-5">
            {conversationId === null ? null : (
              <TranscriptBody
                conversationId={conversationId}
                exchangeId={exchangeId}
                {...(timeZone === undefined ? {} : { timeZone })}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
