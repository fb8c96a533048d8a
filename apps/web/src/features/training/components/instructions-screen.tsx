import { findRoute, hasRoleInNamespace, type CurrentUser } from '@conversa/contracts';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useTrainingOverview } from '../api/get-training-overview';
import { buildChecklist } from '../utils/instructions';
import { StoryfilePicker, useStoryfileOptions } from '@/entities/storyfile';
import { Section } from '@/components/section';
import { RecordNextList } from './record-next-list';

const INSTRUCTIONS_PATH = '/training/instructions';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /training/instructions: the training guide for the selected storyfile, written from its own
 * numbers as a checklist of next steps, each linking to the screen that does it, and what to
 * record next. `user` decides whether its actions are offered.
 */
export function InstructionsScreen({ user }: { user?: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('storyfileId');
  const storyfileId = requested && UUID.test(requested) ? requested : undefined;
  const overview = useTrainingOverview(storyfileId);
  const storyfiles = useStoryfileOptions();
  const storyfile = storyfiles.data?.items.find((option) => option.id === storyfileId);
  const canEdit =
    user !== undefined &&
    storyfile !== undefined &&
    hasRoleInNamespace(user, storyfile.namespaceId, 'edit:ns');
  const title = findRoute(INSTRUCTIONS_PATH)?.label ?? 'Instructions';
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description="How to make a storyfile answer better: record what is missing, review what visitors asked, and check the threshold. Pick a storyfile to see its next steps."
      />
      <StoryfilePicker
        storyfileId={storyfileId}
        onChange={(next) =>
          setParams((current) => {
            const updated = new URLSearchParams(current);
            if (next) {
              updated.set('storyfileId', next);
            } else {
              updated.delete('storyfileId');
            }
            return updated;
          })
        }
      />
      {storyfileId === undefined ? (
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>Record an answer for every question of the script, and the four clips.</li>
          <li>Ask it questions in its Interact tab, as a visitor would, then publish it.</li>
          <li>
            In Response quality, correct the questions that fell back or got the wrong answer; each
            correction teaches the storyfile that phrasing.
          </li>
          <li>Watch the answered rate rise in the chat logs, and repeat.</li>
        </ol>
      ) : overview.isPending ? (
        <Spinner label="Loading the storyfile’s numbers" />
      ) : overview.error ? (
        <Alert kind="error">{overview.error.message}</Alert>
      ) : (
        <ol className="space-y-2" aria-label="Next steps">
          {buildChecklist(overview.data).map((step) => (
            <li
              key={step.id}
              className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              {step.isDone ? (
                <CheckCircle2
                  className="mt-0.5 size-5 text-green-600"
                  role="img"
                  aria-label="Done"
                />
              ) : (
                <Circle className="mt-0.5 size-5 text-slate-400" role="img" aria-label="To do" />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{step.title}</p>
                <p className="text-sm text-slate-600">{step.detail}</p>
              </div>
              <Link
                to={step.href}
                className="text-sm font-semibold text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
              >
                {step.linkLabel}
              </Link>
            </li>
          ))}
        </ol>
      )}
      {storyfileId === undefined ? null : (
        <Section
          title="Record next"
          description="Unrecorded questions of the script that visitors asked for, most visitors first."
        >
          <RecordNextList storyfileId={storyfileId} canEdit={canEdit} />
        </Section>
      )}
    </div>
  );
}
