import { CLIP_KIND_LABELS, type CoverageWindow, type TrainingOverview } from '@conversa/contracts';
import { formatCount, formatNumber } from '@/lib/format';
import { roundShares } from '@/lib/shares';

export interface ChecklistStep {
  id: string;
  isDone: boolean;
  title: string;
  detail: string;
  linkLabel: string;
  href: string;
}

function formatShare(share: number | null | undefined): string {
  return share === null || share === undefined ? '—' : `${share}%`;
}

export function describeWindow(window: CoverageWindow): string {
  if (window.asked === 0) {
    return `no questions in the last ${window.days} days`;
  }
  // Largest remainder rounding, so the shares add up to 100% (issue 32: not "38% … 63%").
  const [answered, fellBack] = roundShares([window.answered, window.fellBack], window.asked);
  return `${formatShare(answered)} answered, ${formatShare(fellBack)} fell back (${formatCount(window.asked, 'question')}, last ${window.days} days)`;
}

/** The training guide's next steps, from the storyfile's own numbers, each with the screen that does it. */
export function buildChecklist(overview: TrainingOverview): ChecklistStep[] {
  const id = overview.storyfileId;
  const storyfile = `/storyfiles/${id}`;
  const clips = overview.missingClips.map((kind) => CLIP_KIND_LABELS[kind]);
  return [
    {
      id: 'record-answers',
      isDone: overview.unrecordedCount === 0,
      title:
        overview.unrecordedCount === 0
          ? 'Every question has a recorded answer'
          : `Record answers for ${formatCount(overview.unrecordedCount, 'question')}`,
      detail:
        overview.queuedToRecordCount > 0
          ? `${formatNumber(overview.queuedToRecordCount)} of them came from visitors (marked "To record").`
          : 'A question without a video plays the cannot-answer clip when it is the best match.',
      linkLabel: 'Open the recorder',
      href: `${storyfile}?tab=record`,
    },
    {
      id: 'record-clips',
      isDone: clips.length === 0,
      title:
        clips.length === 0
          ? 'All four clips are recorded'
          : `Record the missing clips: ${clips.join(', ')}`,
      detail:
        'The idle loop, the intro, "cannot answer" and "please repeat" play between and instead of answers.',
      linkLabel: 'Record clips',
      href: `${storyfile}?tab=record`,
    },
    {
      id: 'review',
      isDone: overview.openReviewCount === 0,
      title:
        overview.openReviewCount === 0
          ? 'No questions wait for review'
          : // Groups are formed a moment after the questions arrive: "in 0 groups" read as a fault.
            `Review ${formatCount(overview.openReviewCount, 'open question')}${overview.openGroupCount > 0 ? ` in ${formatCount(overview.openGroupCount, 'group')}` : ''}`,
      detail:
        'Correct the matches that went wrong, queue new questions to record, or ignore what is noise.',
      linkLabel: 'Open Response quality',
      href: `/training/response_quality?storyfileId=${id}`,
    },
    {
      id: 'coverage',
      isDone: overview.last7Days.asked > 0 && overview.last7Days.fellBack === 0,
      title: `Coverage: ${describeWindow(overview.last7Days)}`,
      detail: `Over 30 days: ${describeWindow(overview.last30Days)}.`,
      linkLabel: 'Read the chat logs',
      href: `/training/chat_logs?storyfileId=${id}`,
    },
    {
      id: 'threshold',
      isDone: true,
      title: `Out-of-scope threshold ${overview.threshold.toFixed(2)} (${overview.isThresholdAutomatic ? 'automatic' : 'set by hand'})`,
      detail:
        'Below it a question gets the cannot-answer clip. Raise it if wrong answers play, lower it if good questions fall back.',
      linkLabel: 'Matching settings',
      href: `${storyfile}?tab=settings`,
    },
  ];
}
