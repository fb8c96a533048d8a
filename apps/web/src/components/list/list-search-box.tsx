import * as Popover from '@radix-ui/react-popover';
import { ChevronDown, Search } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import {
  buildSearchPayload,
  canSearch,
  isSearchBoxDisabled,
  SEARCH_OPTIONS_EVENT_DELAY_MS,
  shouldClearSearchText,
  type SearchOption,
  type SearchPayloadEntry,
} from '@/lib/search-box';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { useListQuery } from './use-list-query';
import { formatCount } from '@/lib/format';

export type ListSearchBoxProps = {
  /** The list's search fields; empty until they have loaded, which keeps the box disabled. */
  options: readonly SearchOption[];
  /** Accessible name of the text box, e.g. `Search storyfiles`. */
  label: string;
  placeholder?: string;
  onSearch?: (payload: SearchPayloadEntry[]) => void;
  /** The ticked field ids, delivered 500 ms after the last change (spec §4). */
  onSearchOptionsChange?: (fieldIds: string[]) => void;
};

function getDefaultSelection(options: readonly SearchOption[], fromAddress: string[]): string[] {
  const enabled = options.filter((option) => !option.isDisabled);
  const kept = enabled.filter((option) => fromAddress.includes(option.value));
  return (kept.length > 0 ? kept : enabled.filter((option) => option.isActive)).map(
    (option) => option.value,
  );
}

function getFieldCountText(count: number): string {
  return count === 0 ? 'no fields' : formatCount(count, 'field');
}

/** What the field dropdown's button says: how many fields the text is searched in. */
function getSearchFieldsText(count: number): string {
  return `Search in ${getFieldCountText(count)}`;
}

/**
 * The list search box of spec §2/§4: a dropdown of checkable search fields, a text box and a
 * Search button. The text and the ticked fields live in the address (search, searchOptions) and a
 * search goes back to page 1.
 */
export function ListSearchBox({
  options,
  label,
  placeholder = 'Search',
  onSearch,
  onSearchOptionsChange,
}: ListSearchBoxProps) {
  const { pathname } = useLocation();
  const [query, updateQuery] = useListQuery();
  const [text, setText] = useState(query.search);
  const [touchedSelection, setTouchedSelection] = useState<string[] | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [trackedPath, setTrackedPath] = useState(pathname);
  const anchorRef = useRef<HTMLDivElement>(null);
  const isOpenedFromInput = useRef(false);
  const optionsTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Adjusting state during render (not in an effect) keeps the old text from flashing.
  if (trackedPath !== pathname) {
    setTrackedPath(pathname);
    if (shouldClearSearchText([trackedPath], pathname)) {
      setText('');
    }
  }

  useEffect(() => () => clearTimeout(optionsTimer.current), []);

  const isDisabled = isSearchBoxDisabled(options, pathname);
  const selection = touchedSelection ?? getDefaultSelection(options, query.searchOptions);
  const isSearchEnabled = !isDisabled && canSearch(selection, text);

  function runSearch(searchText: string) {
    const payload = buildSearchPayload(selection, searchText);
    updateQuery({ search: searchText.trim(), searchOptions: selection, page: 1 });
    setIsOpen(false);
    onSearch?.(payload);
  }

  function toggleOption(value: string, isChecked: boolean) {
    const next = isChecked
      ? [...selection, value].filter((id, index, ids) => ids.indexOf(id) === index)
      : selection.filter((id) => id !== value);
    setTouchedSelection(next);
    clearTimeout(optionsTimer.current);
    optionsTimer.current = setTimeout(
      () => onSearchOptionsChange?.(next),
      SEARCH_OPTIONS_EVENT_DELAY_MS,
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (text.trim() === '' || isSearchEnabled) {
        runSearch(text);
      }
    }
  }

  const selectedLabels = options
    .filter((option) => selection.includes(option.value))
    .map((option) => option.label);

  return (
    <div
      role="search"
      aria-label={label}
      className="flex w-full min-w-0 max-w-xl items-center gap-2"
    >
      <Popover.Root open={isOpen && !isDisabled} onOpenChange={setIsOpen}>
        <Popover.Anchor asChild>
          <div
            ref={anchorRef}
            className={cn(
              'flex h-10 min-w-0 flex-1 items-center rounded-lg border border-slate-300 bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200',
              isDisabled && 'cursor-not-allowed bg-slate-100',
            )}
          >
            <Popover.Trigger
              disabled={isDisabled}
              aria-label={
                selectedLabels.length === 0
                  ? getSearchFieldsText(0)
                  : `${getSearchFieldsText(selectedLabels.length)}: ${selectedLabels.join(', ')}`
              }
              onPointerDown={() => {
                isOpenedFromInput.current = false;
              }}
              className="flex h-full shrink-0 items-center gap-1 rounded-l-lg border-r border-slate-200 px-3 text-sm text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
            >
              <Search className="size-4" aria-hidden="true" />
              {/* The count alone ("2") said nothing; on phones the words "Search in" give way. */}
              <span aria-hidden="true" className="whitespace-nowrap">
                <span className="max-sm:sr-only">Search in </span>
                {getFieldCountText(selection.length)}
              </span>
              <ChevronDown className="size-4" aria-hidden="true" />
            </Popover.Trigger>
            <input
              type="search"
              aria-label={label}
              placeholder={placeholder}
              value={text}
              disabled={isDisabled}
              onChange={(event) => {
                setText(event.target.value);
                if (event.target.value === '') {
                  runSearch('');
                }
              }}
              onClick={() => {
                isOpenedFromInput.current = true;
                setIsOpen(true);
              }}
              onKeyDown={onKeyDown}
              className="h-full w-0 min-w-0 flex-1 rounded-r-lg bg-transparent px-3 text-sm outline-none placeholder:text-slate-400 disabled:cursor-not-allowed"
            />
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            onOpenAutoFocus={(event) => {
              // Opened by clicking the text box: keep typing there.
              if (isOpenedFromInput.current) {
                event.preventDefault();
              }
            }}
            onInteractOutside={(event) => {
              if (anchorRef.current?.contains(event.target as Node)) {
                event.preventDefault();
              }
            }}
            className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
          >
            <fieldset>
              <legend className="mb-2 text-xs font-semibold text-slate-500 uppercase">
                Search in
              </legend>
              <ul className="space-y-1">
                {options.map((option) => (
                  <li key={option.value}>
                    <label
                      className={cn(
                        'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                        option.isDisabled
                          ? 'cursor-not-allowed text-slate-400'
                          : 'cursor-pointer text-slate-800 hover:bg-slate-50',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-600"
                        checked={selection.includes(option.value)}
                        disabled={option.isDisabled}
                        onChange={(event) => toggleOption(option.value, event.target.checked)}
                      />
                      {option.label}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <Button
        variant="primary"
        disabled={!isSearchEnabled}
        onClick={() => runSearch(text)}
        icon={<Search className="size-4" aria-hidden="true" />}
      >
        Search
      </Button>
    </div>
  );
}
