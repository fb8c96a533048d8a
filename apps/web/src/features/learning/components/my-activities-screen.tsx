import { Lock } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type {
  AskBody,
  askMyActivityContract,
  ExchangeFeedback,
  MyActivity,
  MyActivityStoryfile,
} from '@conversa/contracts';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatUsMediumDateTime } from '@/lib/format';
import { useMyActivityStoryfile } from '../api/get-my-activity-storyfile';
import {
  useAskMyActivity,
  useMyActivities,
  useMyActivity,
  useRateMyActivityAnswer,
} from '../api/my-activities';
import { ProgressBar, StateBadge } from './progress-bar';
import { Transcript } from './transcript';

export type MyActivityAskResult = z.infer<typeof askMyActivityContract.response>;

/**
 * What the studio's conversation player needs to hold a student's conversation: the storyfile it
 * plays, and an ask that goes through the student's own endpoint (logged with the activity and the
 * student; the progress bar moves with each answer). The route hands it to the player, since one
 * feature never imports another.
 */
export interface ActivityPlayerSlot {
  storyfile: MyActivityStoryfile;
  ask: (input: AskBody) => Promise<MyActivityAskResult>;
  /** Session storage key, so a reload resumes the conversation (and its story). */
  resumeKey: string;
  /** The activity's id, for the student's spoken questions (its speech2text and recognizer choice). */
  activityId: string;
  /** The student's thumbs on an answer, kept with the attempt's exchange (once per exchange). */
  rate: (exchangeId: string, feedback: ExchangeFeedback) => Promise<unknown>;
}

export type RenderActivityPlayer = (slot: ActivityPlayerSlot) => ReactNode;

const formatDate = (iso: string | null) => (iso === null ? null : formatUsMediumDateTime(iso));

function Dates({ activity }: { activity: MyActivity }) {
  const parts = [
    activity.openAt === null ? null : `Opens ${formatDate(activity.openAt)}`,
    activity.dueAt === null ? null : `Due ${formatDate(activity.dueAt)}`,
    activity.closeAt === null ? null : `Closes ${formatDate(activity.closeAt)}`,
  ].filter(Boolean);
  return parts.length === 0 ? null : <p className="text-xs text-slate-600">{parts.join(' · ')}</p>;
}

/** The player's frame while there is nothing to play: loading, or not startable. */
function PlayerFrame({ children }: { children: ReactNode }) {
  return (
    <div className="grid aspect-video w-full place-items-center rounded-xl bg-slate-100 p-6 text-center text-sm text-slate-700">
      {children}
    </div>
  );
}

function StoryfilePlayer({
  activityId,
  storyfileId,
  renderPlayer,
}: {
  activityId: string;
  storyfileId: string;
  renderPlayer: RenderActivityPlayer;
}) {
  const storyfile = useMyActivityStoryfile(activityId, storyfileId);
  const ask = useAskMyActivity(activityId);
  const rate = useRateMyActivityAnswer(activityId);
  if (storyfile.isPending) {
    return (
      <PlayerFrame>
        <Spinner label="Loading the conversation" className="size-6" />
      </PlayerFrame>
    );
  }
  if (storyfile.isError) {
    return (
      <div className="space-y-3">
        <Alert kind="error">{storyfile.error.message}</Alert>
        <Button size="sm" onClick={() => void storyfile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return renderPlayer({
    storyfile: storyfile.data,
    ask: (input) => ask({ ...input, storyfileId }),
    resumeKey: `conversa-conversation:learning:${activityId}:${storyfileId}`,
    activityId,
    rate,
  });
}

/** One activity: the conversation with its storyfile, and beside it what to do and how far along. */
function ActivityPlayer({
  activityId,
  renderPlayer,
}: {
  activityId: string;
  renderPlayer: RenderActivityPlayer;
}) {
  const page = useMyActivity(activityId);
  const rate = useRateMyActivityAnswer(activityId);
  const [storyfileId, setStoryfileId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isLoaded = page.isSuccess;
  // Opening an activity moves focus to it: the next step (Start) is right after its heading.
  useEffect(() => {
    if (isLoaded) {
      headingRef.current?.focus();
    }
  }, [isLoaded]);

  if (page.isPending) {
    return <Spinner label="Opening the activity" />;
  }
  if (page.isError) {
    return <Alert kind="error">{page.error.message}</Alert>;
  }
  const { activity, transcript } = page.data;
  const chosenStoryfile = storyfileId ?? activity.storyfiles[0]?.id ?? null;

  return (
    <section
      aria-labelledby="activity-title"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2
          ref={headingRef}
          tabIndex={-1}
          id="activity-title"
          className="min-w-0 flex-1 text-lg font-semibold break-words text-slate-900 focus:outline-none"
        >
          {activity.title}
        </h2>
        <StateBadge state={activity.progress.state} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        {/* First in reading order (a narrow screen reads what to do first); beside the player on a wide one. */}
        <div className="min-w-0 space-y-3 lg:order-last lg:col-span-2">
          <Dates activity={activity} />
          {activity.instructions === '' ? null : (
            <div className="space-y-1">
              <h3 className="text-sm font-semibold text-slate-900">Instructions</h3>
              <p className="text-sm whitespace-pre-line break-words text-slate-800">
                {activity.instructions}
              </p>
            </div>
          )}
          <div className="space-y-1">
            <p className="text-sm text-slate-800">To complete: {activity.ruleSummary.join(', ')}</p>
            <ProgressBar progress={activity.progress} label="Your progress" />
          </div>
        </div>
        <div className="min-w-0 space-y-3 lg:col-span-3">
          {activity.isStartable && activity.storyfiles.length > 1 ? (
            <label className="block max-w-md text-sm font-medium text-slate-800">
              Talk to
              <select
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                value={chosenStoryfile ?? ''}
                onChange={(event) => setStoryfileId(event.target.value)}
              >
                {activity.storyfiles.map((storyfile) => (
                  <option key={storyfile.id} value={storyfile.id}>
                    {storyfile.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {!activity.isStartable ? (
            <>
              <Alert kind="warning">{activity.notStartableReason}</Alert>
              <PlayerFrame>
                <span className="flex flex-col items-center gap-2">
                  <Lock className="size-8 text-slate-500" aria-hidden="true" />
                  The conversation cannot be started now.
                </span>
              </PlayerFrame>
            </>
          ) : chosenStoryfile === null ? (
            <Alert kind="warning">This activity has no storyfile to talk to.</Alert>
          ) : (
            // A new storyfile is a new conversation: the player starts afresh.
            <StoryfilePlayer
              key={chosenStoryfile}
              activityId={activity.id}
              storyfileId={chosenStoryfile}
              renderPlayer={renderPlayer}
            />
          )}
        </div>
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Your attempts</h3>
        <Transcript entries={transcript} rate={rate} />
      </div>
    </section>
  );
}

/**
 * /learning/my_activities: all a student sees of the studio. `renderPlayer` is the studio's
 * conversation player, handed in by the route.
 */
export function MyActivitiesScreen({ renderPlayer }: { renderPlayer: RenderActivityPlayer }) {
  const activities = useMyActivities();
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('activity');
  return (
    <div className="space-y-6">
      <PageHeader title="My Activities" description="Conversations your teacher assigned to you." />
      {activities.isPending ? <Spinner label="Loading your activities" /> : null}
      {activities.isError ? <Alert kind="error">{activities.error.message}</Alert> : null}
      {activities.data?.items.length === 0 ? (
        <p className="text-sm text-slate-600">No activities are assigned to you yet.</p>
      ) : null}
      <ul className="space-y-3">
        {activities.data?.items.map((activity) => (
          <li
            key={activity.id}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
              <p className="text-sm font-semibold break-words text-slate-900">{activity.title}</p>
              <Dates activity={activity} />
            </div>
            <StateBadge state={activity.progress.state} />
            <ProgressBar progress={activity.progress} label={`Progress in ${activity.title}`} />
            <Button
              size="sm"
              variant={openId === activity.id ? 'default' : 'primary'}
              aria-current={openId === activity.id ? 'true' : undefined}
              onClick={() => setSearchParams({ activity: activity.id })}
            >
              {activity.isStartable ? 'Open' : 'Read'}
            </Button>
          </li>
        ))}
      </ul>
      {openId === null ? null : (
        <ActivityPlayer key={openId} activityId={openId} renderPlayer={renderPlayer} />
      )}
    </div>
  );
}
