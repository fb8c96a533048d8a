import { type StoryfileDetail } from '@conversa/contracts';
import type { Mic } from 'lucide-react';
import { type KeyboardEvent } from 'react';
import { cn } from '@/components/ui/cn';
import { formatCount } from '@/lib/format';
import { STORYFILE_TABS, type StoryfileTab } from '../utils/tabs';

export function LaterTab({
  icon: Icon,
  title,
  text,
  storyfile,
}: {
  icon: typeof Mic;
  title: string;
  text: string;
  storyfile: StoryfileDetail;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
      <Icon className="size-10 text-brand-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-xl text-sm text-slate-600">{text}</p>
      <p className="mt-4 text-sm font-medium text-slate-800">
        {storyfile.answeredCount.toLocaleString('en-US')} of{' '}
        {formatCount(storyfile.questionCount, 'question')} have a recorded answer.
      </p>
    </div>
  );
}

export function Tabs({
  current,
  onSelect,
}: {
  current: StoryfileTab;
  onSelect: (tab: StoryfileTab) => void;
}) {
  // Arrow keys move between tabs (WAI-ARIA tabs pattern); the address follows the selection.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = STORYFILE_TABS.findIndex((tab) => tab.value === current);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) {
      return;
    }
    event.preventDefault();
    const next = STORYFILE_TABS[(index + step + STORYFILE_TABS.length) % STORYFILE_TABS.length];
    if (next !== undefined) {
      onSelect(next.value);
      document.getElementById(`storyfile-tab-${next.value}`)?.focus();
    }
  }
  return (
    <div
      role="tablist"
      aria-label="Storyfile sections"
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-x-1 border-b border-slate-200"
    >
      {STORYFILE_TABS.map((tab) => {
        const isSelected = tab.value === current;
        return (
          <button
            key={tab.value}
            id={`storyfile-tab-${tab.value}`}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls="storyfile-tab-panel"
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.value)}
            className={cn(
              // A label never breaks inside ("Scrip t" at 390 px, issue 32): narrower padding on
              // a phone keeps the four on one line.
              '-mb-px border-b-2 px-2.5 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4',
              isSelected
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
