import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useStudent } from '../api/students';
import { buildTranscriptCsv, downloadText } from '../utils/csv';
import { ProgressBar, StateBadge } from './progress-bar';
import { Transcript } from './transcript';

export function StudentPage({
  organizationId,
  studentId,
}: {
  organizationId: string;
  studentId: string;
}) {
  const page = useStudent(organizationId, studentId);
  if (page.isPending) {
    return <Spinner label="Loading the student" />;
  }
  if (page.isError) {
    return <Alert kind="error">{page.error.message}</Alert>;
  }
  return (
    <section
      aria-labelledby="student-name"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="student-name" className="text-base font-semibold break-all text-slate-900">
        {page.data.student.name}
      </h2>
      {page.data.activities.length === 0 ? (
        <p className="text-sm text-slate-600">No activities are assigned to this student.</p>
      ) : null}
      {page.data.activities.map(({ activity, progress, transcript }) => (
        <article key={activity.id} className="space-y-2 border-t border-slate-100 pt-3">
          <div className="flex flex-wrap items-center gap-3">
            <h3 className="min-w-0 basis-full text-sm font-semibold break-words sm:basis-0 sm:flex-1">
              {activity.title}
            </h3>
            <StateBadge state={progress.state} />
            <ProgressBar progress={progress} label={`Progress in ${activity.title}`} />
            <Button
              size="sm"
              variant="default"
              disabled={transcript.length === 0}
              onClick={() =>
                downloadText(
                  `transcript-${activity.id}-${studentId}.csv`,
                  buildTranscriptCsv(transcript),
                )
              }
            >
              Export transcript
            </Button>
          </div>
          <Transcript entries={transcript} />
        </article>
      ))}
    </section>
  );
}
