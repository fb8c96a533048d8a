import { useState, type FormEvent } from 'react';
import { describeSkippedInvitations } from '@conversa/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useInviteStudents } from '../api/invite-students';
import { parseStudentCsv, type InvitedPerson } from '../utils/csv';
import { formatCount } from '@/lib/format';

export function InviteStudents({ organizationId }: { organizationId: string }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // People read from a CSV, shown for a look before they are invited.
  const [fromFile, setFromFile] = useState<InvitedPerson[] | null>(null);
  const [links, setLinks] = useState<{ email: string; link: string }[]>([]);
  const invite = useInviteStudents(organizationId);
  const { showToast } = useToast();

  const send = (people: InvitedPerson[]) => {
    setProblem(null);
    invite.mutate(
      { people, teamIds: [] },
      {
        onSuccess: ({ results, skipped }) => {
          // People already in the organization are left out; the others are invited.
          setProblem(skipped.length > 0 ? describeSkippedInvitations(skipped) : null);
          setText('');
          setFromFile(null);
          setLinks(
            results.flatMap((result) =>
              result.link === null ? [] : [{ email: result.email, link: result.link }],
            ),
          );
          showToast({
            kind: 'success',
            message: `${formatCount(results.length, 'student')} invited.`,
          });
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(
      text
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((email) => ({ email, name: '' })),
    );
  };
  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same file can be chosen again after a fix.
    input.value = '';
    if (file === undefined) {
      return;
    }
    setProblem(null);
    setFromFile(null);
    const parsed = parseStudentCsv(await file.text());
    if (parsed.problems.length > 0 || parsed.people.length === 0) {
      setProblem(parsed.problems.join(' ') || 'The file names no email addresses.');
      return;
    }
    setFromFile(parsed.people);
  };

  return (
    <section
      aria-labelledby="invite-students"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="invite-students" className="text-base font-semibold text-slate-900">
        Invite students
      </h2>
      {problem === null ? null : <Alert kind="error">{problem}</Alert>}
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <label className="block min-w-64 flex-1 text-sm font-medium text-slate-800">
          Email addresses
          <input
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="ada@school.org, grace@school.org"
          />
        </label>
        <Button
          type="submit"
          variant="primary"
          isLoading={invite.isPending && fromFile === null}
          disabled={text.trim() === ''}
        >
          Invite
        </Button>
      </form>
      <label className="block text-sm font-medium text-slate-800">
        Or a CSV file of names and emails
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block text-sm"
          onChange={(event) => void onFile(event.currentTarget)}
        />
      </label>
      {fromFile === null ? null : (
        <div className="space-y-2">
          <table className="w-full text-left text-sm">
            <caption className="pb-1 text-left text-sm text-slate-800">
              {formatCount(fromFile.length, 'person', 'people')} in the file
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Name
                </th>
                <th scope="col" className="py-1 font-medium">
                  Email
                </th>
              </tr>
            </thead>
            <tbody>
              {fromFile.map((person, index) => (
                <tr key={`${index}-${person.email}`} className="border-b border-slate-100">
                  <td className="py-1 pr-3 break-words">
                    {person.name === '' ? (
                      <span className="text-slate-600">(no name)</span>
                    ) : (
                      person.name
                    )}
                  </td>
                  <td className="py-1 break-all">{person.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex gap-2">
            <Button variant="primary" isLoading={invite.isPending} onClick={() => send(fromFile)}>
              Invite {formatCount(fromFile.length, 'student')}
            </Button>
            <Button variant="default" onClick={() => setFromFile(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {links.length === 0 ? null : (
        <div className="space-y-1">
          <p className="text-sm text-slate-800">
            No mail server is set up: send each student their link.
          </p>
          <ul className="space-y-1 text-xs break-all">
            {links.map((entry) => (
              <li key={entry.email}>
                <span className="font-semibold">{entry.email}</span>: <code>{entry.link}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
