import { MAX_ROWS_PER_PAGE, MIN_ROWS_PER_PAGE } from '@conversa/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatNumber } from '@/lib/format';
import {
  isNextPageDisabled,
  isPreviousPageDisabled,
  validateGoToPage,
  validateRowsPerPage,
} from '@/lib/paging';
import { Button } from '../ui/button';

export type PagingBarProps = {
  /** One-based. */
  page: number;
  pageCount: number;
  pageSize: number;
  /**
   * Moves to a page. `replace` is set when the bar itself moves an address past the last page
   * (`?page=50` of a one-page list) to the last page: that replaces the history entry, so Back
   * does not land on the page that does not exist again.
   */
  onPageChange: (page: number, options?: { replace: boolean }) => void;
  onPageSizeChange: (pageSize: number) => void;
};

const INPUT_CLASS =
  'h-8 w-16 rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm aria-[invalid=true]:border-red-500';

/**
 * The paging bar of spec §2/§4/§5: rows per page (1 to 100) and go-to-page inputs with the spec's
 * messages, and previous/next buttons disabled on the first and last page.
 */
export function PagingBar({
  page,
  pageCount,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: PagingBarProps) {
  const [rowsText, setRowsText] = useState(String(pageSize));
  const [goToText, setGoToText] = useState('');
  const [message, setMessage] = useState<{ field: 'rows' | 'page'; text: string } | null>(null);
  const [shownPageSize, setShownPageSize] = useState(pageSize);
  const [shownPage, setShownPage] = useState(page);
  const rowsId = useId();
  const goToId = useId();
  const messageId = useId();

  // Another list (or tab) may change the shared page size; a message about the old size is stale.
  if (shownPageSize !== pageSize) {
    setShownPageSize(pageSize);
    setRowsText(String(pageSize));
    if (message?.field === 'rows') {
      setMessage(null);
    }
  }
  // Once the list is on another page (Next, Previous, Go, the address), a go-to-page message
  // about the earlier attempt no longer holds: it stayed on screen after a successful Next.
  if (shownPage !== page) {
    setShownPage(page);
    if (message?.field === 'page') {
      setMessage(null);
      setGoToText('');
    }
  }

  // A page past the end (an old link, a hand-edited address, rows deleted elsewhere) goes to the
  // last page; the bar never reads "Page 50 of 1" meanwhile.
  const isPastEnd = pageCount >= 1 && page > pageCount;
  useEffect(() => {
    if (isPastEnd) {
      onPageChange(pageCount, { replace: true });
    }
  }, [isPastEnd, pageCount, onPageChange]);
  const shownPageNumber = isPastEnd ? pageCount : page;

  function submitRows(event: FormEvent) {
    event.preventDefault();
    const result = validateRowsPerPage(rowsText);
    if (!result.isValid) {
      setMessage({ field: 'rows', text: result.message });
      return;
    }
    setMessage(null);
    onPageSizeChange(result.value);
  }

  function submitGoTo(event: FormEvent) {
    event.preventDefault();
    const result = validateGoToPage(goToText, pageCount);
    if (!result.isValid) {
      setMessage({ field: 'page', text: result.message });
      return;
    }
    setMessage(null);
    setGoToText('');
    onPageChange(result.value);
  }

  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm text-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-4">
        {/* noValidate: the spec's own message, not the browser's bubble, answers an out-of-range value. */}
        <form noValidate onSubmit={submitRows} className="flex items-center gap-2">
          <label htmlFor={rowsId}>Rows per page</label>
          <input
            id={rowsId}
            type="number"
            inputMode="numeric"
            min={MIN_ROWS_PER_PAGE}
            max={MAX_ROWS_PER_PAGE}
            value={rowsText}
            onChange={(event) => setRowsText(event.target.value)}
            onBlur={submitRows}
            aria-invalid={message?.field === 'rows'}
            aria-describedby={message?.field === 'rows' ? messageId : undefined}
            className={INPUT_CLASS}
          />
        </form>
        <div className="flex flex-wrap items-center gap-3">
          <span className="whitespace-nowrap">
            Page {formatNumber(shownPageNumber)} of {formatNumber(pageCount)}
          </span>
          <form noValidate onSubmit={submitGoTo} className="flex items-center gap-2">
            <label htmlFor={goToId} className="whitespace-nowrap">
              Go to page
            </label>
            <input
              id={goToId}
              type="number"
              inputMode="numeric"
              value={goToText}
              onChange={(event) => setGoToText(event.target.value)}
              aria-invalid={message?.field === 'page'}
              aria-describedby={message?.field === 'page' ? messageId : undefined}
              className={INPUT_CLASS}
            />
            <Button type="submit" size="sm">
              Go
            </Button>
          </form>
          <nav aria-label="Pages" className="flex items-center gap-1">
            <Button
              size="sm"
              disabled={isPreviousPageDisabled(shownPageNumber)}
              onClick={() => onPageChange(shownPageNumber - 1)}
              icon={<ChevronLeft className="size-4" aria-hidden="true" />}
            >
              Previous
            </Button>
            <Button
              size="sm"
              idText="Next"
              disabled={isNextPageDisabled(shownPageNumber, pageCount)}
              onClick={() => onPageChange(shownPageNumber + 1)}
            >
              Next
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </nav>
        </div>
      </div>
      {message === null ? null : (
        <p id={messageId} role="alert" className="text-sm font-medium text-red-700">
          {message.text}
        </p>
      )}
    </div>
  );
}
