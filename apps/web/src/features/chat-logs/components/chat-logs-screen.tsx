import { findRoute } from '@conversa/contracts';
import { FilterX, MessagesSquare, SearchX } from 'lucide-react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ListSearchBox } from '@/components/list/list-search-box';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { recordRecentActivity } from '@/components/recent-activity';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatNumber } from '@/lib/format';
import { describePageCount } from '@/lib/paging';
import type { SearchOption } from '@/lib/search-box';
import { useChatLogs } from '../api/list-chat-logs';
import { useSelectedStoryfileName } from '../hooks/use-selected-storyfile-name';
import { useChatLogFilters } from '../hooks/use-chat-log-filters';
import {
  countActiveFilters,
  serializeChatLogFilters,
  toChatLogRequestQuery,
} from '../utils/chat-log-filters';
import { ChatLogFilterBar, WORDS_FILTER_LABEL } from './chat-log-filter-bar';
import { ChatLogTable, ChatLogTableSkeleton } from './chat-log-table';
import { ConversationPanel } from './conversation-panel';

export const CHAT_LOGS_PATH = '/training/chat_logs';
const RECENT_ACTIVITY_NAME = 'Chat logs';

// The shared search box is disabled on this path (spec §2); the filters do the narrowing.
const SEARCH_OPTIONS: SearchOption[] = [
  { value: 'questionText', label: 'Question', isActive: true, isDisabled: false },
];

/** What the note under the disabled search box says, before the word search it leads to. */
export const CHAT_LOG_SEARCH_NOTE =
  'The search box is off on chat logs. To find words in the questions, use';

function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: typeof MessagesSquare;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <Icon className="size-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-1 max-w-lg text-sm text-slate-600">{children}</div>
      {action === undefined ? null : <div className="mt-5">{action}</div>}
    </div>
  );
}

/**
 * /training/chat_logs: every exchange with the storyfiles of the user's namespaces, newest first,
 * filtered and paged with the state in the address, each opening its conversation's transcript.
 */
export function ChatLogsScreen({ timeZone }: { timeZone?: string } = {}) {
  const { filters, updateFilters, clearFilters, conversationId, exchangeId, setConversationId } =
    useChatLogFilters();
  const wordsRef = useRef<HTMLInputElement>(null);
  const [listQuery, updateListQuery] = useListQuery();
  const [pageSize] = usePageSize();
  const requestQuery = useMemo(
    () => toChatLogRequestQuery(filters, listQuery.page, pageSize),
    [filters, listQuery.page, pageSize],
  );
  const list = useChatLogs(requestQuery);
  const page = list.data;
  const title = findRoute(CHAT_LOGS_PATH)?.label ?? 'Chat Logs';
  const hasFilters = countActiveFilters(filters) > 0;

  const selectedStoryfile = useSelectedStoryfileName(filters.storyfileId);
  const storyfileName = selectedStoryfile.name;
  const chatLogQuery = serializeChatLogFilters(filters);
  const isNameReady = !selectedStoryfile.isPending;
  useEffect(() => {
    if (!isNameReady) {
      return;
    }
    recordRecentActivity(
      storyfileName === undefined
        ? RECENT_ACTIVITY_NAME
        : `${RECENT_ACTIVITY_NAME}: ${storyfileName}`,
      {
        url: chatLogQuery === '' ? CHAT_LOGS_PATH : `${CHAT_LOGS_PATH}?${chatLogQuery}`,
        chatLogQuery,
        ...(filters.storyfileId === undefined ? {} : { storyfileId: filters.storyfileId }),
      },
    );
  }, [chatLogQuery, storyfileName, isNameReady, filters.storyfileId]);

  const openRowStoryfile = page?.items.find(
    (entry) => entry.conversationId === conversationId,
  )?.storyfileName;

  let body: ReactNode;
  if (list.isPending) {
    body = <ChatLogTableSkeleton />;
  } else if (list.error && page === undefined) {
    body = (
      <div className="space-y-3">
        <Alert kind="error">{list.error.message}</Alert>
        <Button onClick={() => void list.refetch()}>Try again</Button>
      </div>
    );
  } else if (page === undefined || page.total === 0) {
    body = hasFilters ? (
      <EmptyState
        icon={FilterX}
        title="No exchanges match these filters"
        action={<Button onClick={clearFilters}>Clear filters</Button>}
      >
        <p>
          Widen the date range or pick other values, or clear the filters to see every exchange.
        </p>
      </EmptyState>
    ) : (
      <EmptyState icon={MessagesSquare} title="No exchanges yet">
        <p>
          Every question asked of your storyfiles lands here with the answer it got: questions you
          ask in a storyfile&apos;s Interact tab, and those visitors ask through its share link or
          an embed on a website.
        </p>
        <p className="mt-2">
          <Link to="/storyfiles" className="font-semibold text-brand-700 hover:underline">
            Open a storyfile to try it out
          </Link>
        </p>
      </EmptyState>
    );
  } else if (page.items.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title={`Page ${formatNumber(listQuery.page)} is empty`}
        action={
          <Button onClick={() => updateListQuery({ page: page.pageCount })}>
            Go to the last page
          </Button>
        }
      >
        <p>{describePageCount(page.pageCount, 'exchanges')}</p>
      </EmptyState>
    );
  } else {
    body = (
      <ChatLogTable
        items={page.items}
        openConversationId={conversationId}
        onOpenConversation={setConversationId}
        {...(timeZone === undefined ? {} : { timeZone })}
      />
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description="Every question asked of your storyfiles, the answer it got and how sure the match was."
      />
      <div className="space-y-1">
        <ListSearchBox options={SEARCH_OPTIONS} label="Search chat logs" />
        {/* The box is off here (spec §2); the word search over the questions is a filter: the
            note leads to it (issue 68 item 8: a disabled box read as no search at all). */}
        <p className="text-xs text-slate-600">
          {CHAT_LOG_SEARCH_NOTE}{' '}
          <button
            type="button"
            onClick={() => wordsRef.current?.focus()}
            className="font-medium text-brand-700 underline hover:text-brand-800"
          >
            {WORDS_FILTER_LABEL}
          </button>{' '}
          below.
        </p>
      </div>
      <ChatLogFilterBar
        filters={filters}
        onChange={updateFilters}
        onClear={clearFilters}
        wordsRef={wordsRef}
      />
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {page === undefined ? null : (
            <>
              {list.isFetching ? <Spinner className="mr-2 size-3" label="Updating" /> : null}
              {formatCount(page.total, 'exchange')}
            </>
          )}
        </p>
      </div>
      {list.error && page !== undefined ? <Alert kind="error">{list.error.message}</Alert> : null}
      {body}
      <ListPagingBar
        list={page}
        page={listQuery.page}
        onPageChange={(next, options) => updateListQuery({ page: next }, options)}
      />
      <ConversationPanel
        conversationId={conversationId}
        exchangeId={exchangeId}
        onClose={() => setConversationId(null)}
        {...(openRowStoryfile === undefined ? {} : { storyfileName: openRowStoryfile })}
        {...(timeZone === undefined ? {} : { timeZone })}
      />
    </div>
  );
}
