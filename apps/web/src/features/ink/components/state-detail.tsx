import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CHAT_CHANNEL_LABELS, type InkStateDetail } from '@conversa/contracts';

import { Section } from '@/components/section';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatUsDateTime } from '@/lib/format';
import { useInkState } from '../api/ink-states';
import { StoryPlayerPane } from './story-player-pane';

import { CompatibilityBadge } from './states-table';
import { CONTROL } from './ink-classes';

export function StateDetail({ detail }: { detail: InkStateDetail }) {
  const { showToast } = useToast();
  const [variableSearch, setVariableSearch] = useState('');
  const [isChangedOnly, setIsChangedOnly] = useState(false);
  const [isPlayerOpen, setIsPlayerOpen] = useState(false);
  const changedCount = detail.variables.filter((variable) => variable.isChanged).length;
  const variables = detail.variables.filter(
    (variable) =>
      (!isChangedOnly || variable.isChanged) &&
      variable.name.toLowerCase().includes(variableSearch.trim().toLowerCase()),
  );
  const replayScript = useMemo(
    () => ({ startPath: null, startStateJson: detail.stateJson, choices: [] }),
    [detail.stateJson],
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(detail.stateJson);
      showToast({ kind: 'success', message: 'State JSON copied.' });
    } catch {
      showToast({
        kind: 'error',
        message: 'Could not copy: select the JSON and copy it yourself.',
      });
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {detail.storyfileName} · {CHAT_CHANNEL_LABELS[detail.channel]} · turn index{' '}
        {detail.turnIndex ?? '—'} · story v{detail.storyVersionNumber} ·{' '}
        <CompatibilityBadge value={detail.compatibility} />
        {detail.fitsPublished === null
          ? null
          : detail.fitsPublished.fits
            ? ' The state fits the published story.'
            : ` It no longer fits the published story (${detail.fitsPublished.reason ?? 'unknown reason'}): the story restarts on its next turn.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          disabled={detail.compiledJson === null}
          onClick={() => setIsPlayerOpen(true)}
        >
          Open in player
        </Button>
        <Link
          className="inline-flex h-9 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          to={`/training/ink_story?storyfileId=${detail.storyfileId}&forkConversationId=${detail.conversationId}`}
        >
          Fork into editor
        </Link>
      </div>
      {detail.compiledJson === null ? (
        <p className="text-sm text-amber-800">
          The story version this state was saved under is gone: it cannot be replayed.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Section level="panel" title="Variables">
          <p className="mb-2 text-sm text-slate-600">
            {detail.variables.length} variables, {changedCount} changed from their starting values.
          </p>
          <label className="block text-sm text-slate-700">
            Search variables
            <input
              type="search"
              className={CONTROL}
              value={variableSearch}
              onChange={(event) => setVariableSearch(event.target.value)}
            />
          </label>
          <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={isChangedOnly}
              onChange={(event) => setIsChangedOnly(event.target.checked)}
            />
            Changed only
          </label>
          {variables.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {detail.variables.length === 0
                ? 'The story declares no variables.'
                : 'No variable matches.'}
            </p>
          ) : (
            <dl
              aria-label="Variables"
              className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm"
            >
              {variables.map((variable) => (
                <div key={variable.name} className="contents">
                  <dt className="font-mono wrap-anywhere text-slate-700">{variable.name}</dt>
                  <dd className="wrap-anywhere">
                    {variable.isChanged ? (
                      <span className="mr-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
                        changed
                      </span>
                    ) : null}
                    {variable.value}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </Section>
        <Section level="panel" title="Visit counts">
          {detail.visitCounts.length === 0 ? (
            <p className="text-sm text-slate-600">The story has no knots.</p>
          ) : (
            <ul className="text-sm">
              {detail.visitCounts.map((visit) => (
                <li key={visit.path} className="flex justify-between gap-3">
                  <span className="font-mono wrap-anywhere">{visit.path}</span>
                  <span className="tabular-nums">{visit.count}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <Section level="panel" title="Transcript">
        <ol className="flex flex-col gap-2 text-sm">
          {detail.transcript.map((turn) => (
            <li key={turn.turn} className="rounded-lg border border-slate-200 px-3 py-2">
              <p className="text-xs text-slate-500">
                Turn {turn.turn} · {turn.kind} · {formatUsDateTime(turn.at)}
                {turn.path ? ` · ${turn.path}` : ''}
              </p>
              {turn.exchange ? (
                <p className="wrap-anywhere">
                  <span className="text-slate-500">Asked: </span>
                  {turn.exchange.questionText}
                </p>
              ) : null}
              {turn.choiceText ? (
                <p className="wrap-anywhere">
                  <span className="text-slate-500">Story choice: </span>
                  {turn.choiceText}
                </p>
              ) : null}
              {turn.exchange?.answerQuestionText ? (
                <p className="wrap-anywhere">
                  <span className="text-slate-500">Answered: </span>
                  {turn.exchange.answerQuestionText}
                </p>
              ) : null}
              {turn.note ? <p className="text-amber-800">{turn.note}</p> : null}
            </li>
          ))}
        </ol>
      </Section>
      <Section level="panel" title="State JSON">
        <Button size="sm" variant="default" onClick={() => void copy()}>
          Copy state JSON
        </Button>
        <pre
          tabIndex={0}
          aria-label="Raw state JSON"
          className="mt-2 max-h-64 overflow-auto rounded-lg bg-slate-900 p-3 text-xs break-all whitespace-pre-wrap text-slate-100"
        >
          {detail.stateJson}
        </pre>
      </Section>
      <Modal
        isOpen={isPlayerOpen}
        onOpenChange={setIsPlayerOpen}
        title="Replay of this conversation's state"
        description="Read-only: the story as the visitor left it. Fork it into the editor to play on."
        size="lg"
      >
        <StoryPlayerPane
          compiledJson={detail.compiledJson}
          outline={[]}
          variableNames={detail.variables.map((variable) => variable.name)}
          questions={[]}
          initialScript={replayScript}
          isReadOnly
        />
      </Modal>
    </div>
  );
}

export function StatePanel({
  conversationId,
  closeHref,
}: {
  conversationId: string;
  closeHref: string;
}) {
  const state = useInkState(conversationId);
  return (
    <section
      aria-label="Ink state"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Ink state</h2>
        <Link to={closeHref} className="text-sm font-semibold text-brand-700 hover:underline">
          Close
        </Link>
      </div>
      {state.isPending ? (
        <Spinner label="Loading the state" />
      ) : state.isError ? (
        <Alert kind="error">{state.error.message}</Alert>
      ) : (
        <StateDetail detail={state.data} />
      )}
    </section>
  );
}
