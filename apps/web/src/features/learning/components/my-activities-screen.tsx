import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AskMedia, MyActivity } from '@conversa/contracts';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAskMyActivity, useMyActivities, useMyActivity } from '../api/my-activities';
import { ProgressBar, StateBadge } from './progress-bar';
import { Transcript } from './transcript';

const formatDate = (iso: string | null) =>
  iso === null
    ? null
    : new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Dates({ activity }: { activity: MyActivity }) {
  const parts = [
    activity.openAt === null ? null : `Opens ${formatDate(activity.openAt)}`,
    activity.dueAt === null ? null : `Due ${formatDate(activity.dueAt)}`,
    activity.closeAt === null ? null : `Closes ${formatDate(activity.closeAt)}`,
  ].filter(Boolean);
  return parts.length === 0 ? null : <p className="text-xs text-slate-600">{parts.join(' · ')}</p>;
}

/** The conversation with the activity's storyfile: ask, watch the answer, see progress fill. */
function ActivityPlayer({ activityId }: { activityId: string }) {
  const page = useMyActivity(activityId);
  const ask = useAskMyActivity(activityId);
  const [text, setText] = useState('');
  const [storyfileId, setStoryfileId] = useState<string | null>(null);
  const [conversationId, setConversationId] = useState<string | undefined>(undefined);
  const [answer, setAnswer] = useState<{ media: AskMedia | null; message: string | null } | null>(
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  if (page.isPending) {
    return <Spinner label="Opening the activity" />;
  }
  if (page.isError) {
    return <Alert kind="error">{page.error.message}</Alert>;
  }
  const { activity, transcript } = page.data;
  const chosenStoryfile = storyfileId ?? activity.storyfiles[0]?.id ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (chosenStoryfile === null || text.trim() === '') {
      return;
    }
    setProblem(null);
    ask.mutate(
      {
        storyfileId: chosenStoryfile,
        text,
        ...(conversationId === undefined ? {} : { conversationId }),
      },
      {
        onSuccess: (outcome) => {
          setConversationId(outcome.conversationId);
          setAnswer({ media: outcome.media, message: outcome.message });
          setText('');
          inputRef.current?.focus();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <section
      aria-labelledby="activity-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2
          id="activity-title"
          className="min-w-0 flex-1 text-lg font-semibold break-words text-slate-900"
        >
          {activity.title}
        </h2>
        <StateBadge state={activity.progress.state} />
      </div>
      <Dates activity={activity} />
      {activity.instructions === '' ? null : (
        <p className="text-sm whitespace-pre-line break-words text-slate-800">
          {activity.instructions}
        </p>
      )}
      <div className="space-y-1">
        <p className="text-sm text-slate-800">To complete: {activity.ruleSummary.join(', ')}</p>
        <ProgressBar progress={activity.progress} label="Your progress" />
      </div>
      {activity.isStartable ? (
        <>
          {activity.storyfiles.length > 1 ? (
            <label className="block max-w-md text-sm font-medium text-slate-800">
              Talk to
              <select
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                value={chosenStoryfile ?? ''}
                onChange={(event) => {
                  setStoryfileId(event.target.value);
                  setConversationId(undefined);
                }}
              >
                {activity.storyfiles.map((storyfile) => (
                  <option key={storyfile.id} value={storyfile.id}>
                    {storyfile.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className="aspect-video w-full max-w-xl overflow-hidden rounded-lg bg-slate-900">
            {answer?.media ? (
              <video
                key={answer.media.url}
                className="h-full w-full"
                src={answer.media.url}
                poster={answer.media.posterUrl || undefined}
                autoPlay
                controls
                aria-label="Answer"
              />
            ) : (
              <p className="flex h-full items-center justify-center p-4 text-center text-sm text-white">
                {answer?.message ?? 'Ask a question to begin.'}
              </p>
            )}
          </div>
          {problem === null ? null : <Alert kind="error">{problem}</Alert>}
          <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
            <label className="block min-w-64 flex-1 text-sm font-medium text-slate-800">
              Your question
              <input
                ref={inputRef}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                value={text}
                onChange={(event) => setText(event.target.value)}
                maxLength={500}
              />
            </label>
            <Button
              type="submit"
              variant="primary"
              isLoading={ask.isPending}
              disabled={text.trim() === ''}
            >
              Ask
            </Button>
          </form>
        </>
      ) : (
        <Alert kind="warning">{activity.notStartableReason}</Alert>
      )}
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Your questions</h3>
        <Transcript entries={transcript} />
      </div>
    </section>
  );
}

/** /learning/my_activities: all a student sees of the studio. */
export function MyActivitiesScreen() {
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
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold break-words text-slate-900">{activity.title}</p>
              <Dates activity={activity} />
            </div>
            <StateBadge state={activity.progress.state} />
            <ProgressBar progress={activity.progress} label={`Progress in ${activity.title}`} />
            <Button
              size="sm"
              variant={openId === activity.id ? 'default' : 'primary'}
              onClick={() => setSearchParams({ activity: activity.id })}
            >
              {activity.isStartable ? 'Open' : 'Read'}
            </Button>
          </li>
        ))}
      </ul>
      {openId === null ? null : <ActivityPlayer key={openId} activityId={openId} />}
    </div>
  );
}
