import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  CHAT_CHANNEL_LABELS,
  INK_STATE_COMPATIBILITIES,
  INK_STATE_COMPATIBILITY_LABELS,
  type InkStateCompatibility,
  type InkStateDetail,
  type InkStateRow,
  type ListInkStatesQuery,
} from '@conversa/contracts';
import { PagingBar } from '@/components/list/paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { Section } from '@/components/section';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatNumber, formatUsDateTime } from '@/lib/format';
import { useInkState, useInkStates } from '../api/ink-states';
import { StoryPlayerPane } from './story-player-pane';
import { StoryfilePicker } from '@/entities/storyfile';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';

const CONTROL =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-800';
const CELL = 'px-3 py-2 align-top';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readDay(value: string | null): string | undefined {
  return value !== null && DAY.test(value) ? value : undefined;
}

function CompatibilityBadge({ value }: { value: InkStateCompatibility }) {
  const tone =
    value === 'compatible'
      ? 'bg-green-50 text-green-800'
      : value === 'outdated'
        ? 'bg-amber-50 text-amber-900'
        : 'bg-slate-100 text-slate-700';
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
    >
      {INK_STATE_COMPATIBILITY_LABELS[value]}
    </span>
  );
}

function StatesTable({
  items,
  detailHref,
}: {
  items: InkStateRow[];
  detailHref: (id: string) => string;
}) {
  return (
    // The box is positioned, so the header's absolutely placed sr-only label stays inside it
    // rather than widening the page by the table's width.
    <HorizontalScroll
      label="Ink states"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table aria-label="Ink states" className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold whitespace-nowrap text-slate-500 uppercase">
          <tr>
            <th scope="col" className={CELL}>
              Storyfile
            </th>
            <th scope="col" className={CELL}>
              Channel
            </th>
            <th scope="col" className={CELL}>
              Started
            </th>
            <th scope="col" className={CELL}>
              Last activity
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              Turns
            </th>
            <th scope="col" className={CELL}>
              Current knot
            </th>
            <th scope="col" className={CELL}>
              Versions
            </th>
            <th scope="col" className={CELL}>
              Compatibility
            </th>
            <th scope="col" className={CELL}>
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((row) => (
            <tr key={row.conversationId}>
              <td className={`${CELL} max-w-48 min-w-40 wrap-anywhere`}>{row.storyfileName}</td>
              <td className={`${CELL} whitespace-nowrap`}>{CHAT_CHANNEL_LABELS[row.channel]}</td>
              <td className={`${CELL} whitespace-nowrap`}>
                <time dateTime={row.startedAt}>{formatUsDateTime(row.startedAt)}</time>
              </td>
              <td className={`${CELL} whitespace-nowrap`}>
                <time dateTime={row.lastAt}>{formatUsDateTime(row.lastAt)}</time>
              </td>
              <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>
                {formatNumber(row.turns)}
              </td>
              <td className={`${CELL} max-w-48 min-w-48 font-mono text-xs wrap-anywhere`}>
                {row.hasEnded ? 'ended' : (row.currentPath ?? '—')}
              </td>
              <td className={`${CELL} text-xs whitespace-nowrap text-slate-700`}>
                Story v{row.storyVersionNumber}
                {row.publishedVersionNumber === null
                  ? ''
                  : ` (published v${row.publishedVersionNumber})`}
                <br />
                ink save v{row.inkSaveVersion ?? '?'}
              </td>
              <td className={CELL}>
                <CompatibilityBadge value={row.compatibility} />
              </td>
              <td className={CELL}>
                <Link
                  to={detailHref(row.conversationId)}
                  className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                  aria-label="Details"
                >
                  Details
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}

function StateDetail({ detail }: { detail: InkStateDetail }) {
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

function StatePanel({ conversationId, closeHref }: { conversationId: string; closeHref: string }) {
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

/**
 * View Inky States (`/training/view_inky_states`, platform admins): every conversation with an
 * ink state, filtered and paged in the address, and one state in full with a read-only replay.
 */
export function InkStatesScreen() {
  const [params, setParams] = useSearchParams();
  const [listQuery, updateListQuery] = useListQuery();
  const [pageSize, setPageSize] = usePageSize();
  const storyfileId = params.get('storyfileId');
  const from = readDay(params.get('from'));
  const to = readDay(params.get('to'));
  const compatibilityParam = params.get('compatibility');
  const compatibility = INK_STATE_COMPATIBILITIES.find((value) => value === compatibilityParam);
  const conversationId = params.get('conversationId');
  const query: ListInkStatesQuery = {
    page: listQuery.page,
    pageSize,
    ...(storyfileId ? { storyfileId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(compatibility ? { compatibility } : {}),
  };
  const list = useInkStates(query);
  const page = list.data;
  const setFilter = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) {
        next.set(name, value);
      } else {
        next.delete(name);
      }
      next.delete('page');
      return next;
    });
  const hrefWith = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) {
      next.set('conversationId', id);
    } else {
      next.delete('conversationId');
    }
    const text = next.toString();
    return text ? `?${text}` : '?';
  };
  const hasFilters = Boolean(storyfileId || from || to || compatibility);

  let body: ReactNode;
  if (list.isPending) {
    body = <Spinner label="Loading ink states" />;
  } else if (list.isError && !page) {
    body = (
      <div className="space-y-3">
        <Alert kind="error">{list.error.message}</Alert>
        <Button onClick={() => void list.refetch()}>Try again</Button>
      </div>
    );
  } else if (!page || page.total === 0) {
    body = (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
        {hasFilters ? (
          <>
            <p>No conversation with an ink state matches these filters.</p>
            <Button className="mt-3" onClick={() => setParams({})}>
              Clear filters
            </Button>
          </>
        ) : (
          <p>
            No conversation has an ink state yet. Publish a story on the Ink Story screen; each
            conversation with that storyfile then keeps its state here.
          </p>
        )}
      </div>
    );
  } else if (page.items.length === 0) {
    body = (
      <div className="text-sm text-slate-600">
        <p>Page {formatNumber(listQuery.page)} is empty.</p>
        <Button className="mt-2" onClick={() => updateListQuery({ page: page.pageCount })}>
          Go to the last page
        </Button>
      </div>
    );
  } else {
    body = <StatesTable items={page.items} detailHref={hrefWith} />;
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <StoryfilePicker
            storyfileId={storyfileId ?? undefined}
            onChange={(id) => setFilter('storyfileId', id ?? '')}
            emptyLabel="All storyfiles"
            isSearchable
          />
        </div>
        <label className="flex w-full flex-col text-sm text-slate-700 sm:w-40">
          Active from
          <input
            type="date"
            className={CONTROL}
            value={from ?? ''}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </label>
        <label className="flex w-full flex-col text-sm text-slate-700 sm:w-40">
          Active to
          <input
            type="date"
            className={CONTROL}
            value={to ?? ''}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </label>
        <label className="flex w-full flex-col text-sm text-slate-700 sm:w-64">
          Compatibility
          <select
            className={CONTROL}
            value={compatibility ?? ''}
            onChange={(event) => setFilter('compatibility', event.target.value)}
          >
            <option value="">Any</option>
            {INK_STATE_COMPATIBILITIES.map((value) => (
              <option key={value} value={value}>
                {INK_STATE_COMPATIBILITY_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {page
          ? `${formatNumber(page.total)} ${page.total === 1 ? 'conversation' : 'conversations'}`
          : null}
      </p>
      {body}
      {page && page.total > 0 ? (
        <PagingBar
          page={listQuery.page}
          pageCount={page.pageCount}
          pageSize={pageSize}
          onPageChange={(next, options) => updateListQuery({ page: next }, options)}
          onPageSizeChange={(next) => {
            setPageSize(next);
            updateListQuery({ page: 1 });
          }}
        />
      ) : null}
      {conversationId ? (
        <StatePanel conversationId={conversationId} closeHref={hrefWith(null)} />
      ) : null}
    </div>
  );
}
