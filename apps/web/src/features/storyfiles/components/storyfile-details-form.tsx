import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  roleRequiredMessage,
  STORYFILE_STATUS_LABELS,
  STORYFILE_WORK_STATUSES,
  type StoryfileDetail,
  type StoryfileWorkStatus,
  type UpdateStoryfileBody,
} from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharacterCount } from '@/components/ui/character-count';
import { useToast } from '@/components/ui/toast';
import { type useUpdateStoryfile } from '../api/update-storyfile';
import { useNameAvailability } from '../hooks/use-name-availability';
import { describeSaveBlocker } from '../utils/blockers';
import { Field, INPUT_CLASS } from './field';
import { NameFeedback } from './name-feedback';

const LANGUAGES = [
  'en-US',
  'en-GB',
  'es-ES',
  'es-MX',
  'fr-FR',
  'de-DE',
  'it-IT',
  'pt-BR',
  'ja-JP',
  'zh-CN',
];

type Draft = {
  name: string;
  description: string;
  language: string;
  /** Null while published: that state belongs to the Publishing card, not to Details. */
  status: StoryfileWorkStatus | null;
};

function toDraft(storyfile: StoryfileDetail): Draft {
  return {
    name: storyfile.name,
    description: storyfile.description,
    language: storyfile.language,
    status: storyfile.status === 'published' ? null : storyfile.status,
  };
}

function listChanges(draft: Draft, storyfile: StoryfileDetail): UpdateStoryfileBody {
  const changes: UpdateStoryfileBody = {};
  for (const key of ['name', 'description', 'language'] as const) {
    if (draft[key].trim() !== storyfile[key]) {
      changes[key] = draft[key].trim();
    }
  }
  if (draft.status !== null && draft.status !== storyfile.status) {
    changes.status = draft.status;
  }
  return changes;
}

export function StoryfileDetailsForm({
  storyfile,
  isEditable,
  update,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  update: ReturnType<typeof useUpdateStoryfile>;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(storyfile));
  const [savedVersion, setSavedVersion] = useState(storyfile.updatedAt);
  const { showToast } = useToast();
  const ids = {
    name: useId(),
    feedback: useId(),
    nameCount: useId(),
    description: useId(),
    descriptionCount: useId(),
    blocker: useId(),
    language: useId(),
    languages: useId(),
    status: useId(),
  };
  const availability = useNameAvailability({
    name: draft.name,
    namespaceId: storyfile.namespaceId,
    excludeId: storyfile.id,
    unchangedName: storyfile.name,
  });

  // Another tab or a teammate may have changed the storyfile: show the server's version.
  if (savedVersion !== storyfile.updatedAt) {
    setSavedVersion(storyfile.updatedAt);
    setDraft(toDraft(storyfile));
  }

  // A refusal is about what was sent: once the person changes the field, its banner goes (issue 44:
  // "language" stayed in error after it was fixed).
  function changeDraft(next: Draft) {
    setDraft(next);
    if (update.error) {
      update.reset();
    }
  }

  const changes = listChanges(draft, storyfile);
  const hasChanges = Object.keys(changes).length > 0;
  const blocker = describeSaveBlocker({ name: draft.name, hasChanges, availability });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blocker !== null) {
      return;
    }
    update.mutate(changes, {
      onSuccess: () => showToast({ kind: 'success', message: 'Saved the storyfile settings.' }),
    });
  }

  const isDisabled = !isEditable;
  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      noValidate
    >
      <h2 className="text-base font-semibold text-slate-900">Details</h2>
      {isEditable ? null : (
        <p className="text-sm text-slate-600">
          {roleRequiredMessage('edit:ns')} to change these settings.
        </p>
      )}
      <Field id={ids.name} label="Name">
        <input
          id={ids.name}
          value={draft.name}
          disabled={isDisabled}
          maxLength={NAME_MAX_LENGTH}
          onChange={(event) => changeDraft({ ...draft, name: event.target.value })}
          aria-invalid={availability.state === 'taken'}
          aria-describedby={`${ids.feedback} ${ids.nameCount}`}
          className={INPUT_CLASS}
        />
        <CharacterCount id={ids.nameCount} length={draft.name.length} max={NAME_MAX_LENGTH} />
        <NameFeedback id={ids.feedback} availability={availability} />
      </Field>
      <Field id={ids.description} label="Description">
        <textarea
          id={ids.description}
          rows={3}
          value={draft.description}
          disabled={isDisabled}
          maxLength={DESCRIPTION_MAX_LENGTH}
          onChange={(event) => changeDraft({ ...draft, description: event.target.value })}
          aria-describedby={ids.descriptionCount}
          className={INPUT_CLASS}
        />
        <CharacterCount
          id={ids.descriptionCount}
          length={draft.description.length}
          max={DESCRIPTION_MAX_LENGTH}
        />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={ids.language} label="Language" hint="A language tag such as en-US.">
          <input
            id={ids.language}
            list={ids.languages}
            value={draft.language}
            disabled={isDisabled}
            onChange={(event) => changeDraft({ ...draft, language: event.target.value })}
            className={INPUT_CLASS}
          />
          <datalist id={ids.languages}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} />
            ))}
          </datalist>
        </Field>
        {draft.status === null ? (
          <Field
            id={ids.status}
            label="Status"
            hint="Published. Unpublish it on the Publishing card above to change its status."
          >
            <input
              id={ids.status}
              value={STORYFILE_STATUS_LABELS.published}
              readOnly
              disabled
              className={INPUT_CLASS}
            />
          </Field>
        ) : (
          <Field
            id={ids.status}
            label="Status"
            hint="Where the work stands. Publishing happens on the Publishing card above."
          >
            <select
              id={ids.status}
              value={draft.status}
              disabled={isDisabled}
              onChange={(event) =>
                changeDraft({ ...draft, status: event.target.value as StoryfileWorkStatus })
              }
              className={INPUT_CLASS}
            >
              {STORYFILE_WORK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STORYFILE_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>
      {update.error ? <Alert kind="error">{update.error.message}</Alert> : null}
      {isEditable ? (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <p id={ids.blocker} className="mr-auto text-sm text-slate-600">
            {blocker}
          </p>
          <Button
            variant="cancel"
            disabled={!hasChanges}
            onClick={() => changeDraft(toDraft(storyfile))}
          >
            Discard changes
          </Button>
          <Button
            type="submit"
            variant="primary"
            isLoading={update.isPending}
            disabled={blocker !== null}
            aria-describedby={ids.blocker}
          >
            Save settings
          </Button>
        </div>
      ) : null}
    </form>
  );
}
