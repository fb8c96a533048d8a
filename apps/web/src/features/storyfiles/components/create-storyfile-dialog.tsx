import {
  DESCRIPTION_MAX_LENGTH,
  formatTrialLimitMessage,
  listNamespacePresets,
  type CurrentUser,
  type StoryfilePresetSlug,
} from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { CharacterCount } from '@/components/ui/character-count';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useCreateStoryfile } from '../api/create-storyfile';
import { useScripts } from '../api/list-scripts';
import { useNameAvailability } from '../hooks/use-name-availability';
import { describeCreateBlocker } from '../utils/blockers';
import { getEditableNamespaces } from '../utils/permissions';
import { DialogSubmitBar } from './dialog-submit-bar';
import { NamespaceField } from './namespace-field';
import { StoryfileNameField } from './storyfile-name-field';
import { Field, INPUT_CLASS } from './field';
import { formatCount } from '@/lib/format';

const BLANK = '';

/**
 * The create dialog: namespace, name with live nameTaken feedback, description, and an optional
 * script whose topics and questions fill the new storyfile, or, in a namespace with SHOW_PRESETS,
 * a preset it offers (spec §3: its script, starters and clip prompts). Opens the new storyfile on
 * success.
 */
export function CreateStoryfileDialog({
  user,
  isOpen,
  onOpenChange,
}: {
  user: CurrentUser;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const namespaces = getEditableNamespaces(user);
  const [namespaceId, setNamespaceId] = useState(namespaces[0]?.id ?? '');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [scriptId, setScriptId] = useState(BLANK);
  const [presetSlug, setPresetSlug] = useState<StoryfilePresetSlug | typeof BLANK>(BLANK);
  const scripts = useScripts({ enabled: isOpen });
  const create = useCreateStoryfile();
  const availability = useNameAvailability({ name, namespaceId });
  const { showToast } = useToast();
  const navigate = useNavigate();
  const ids = {
    description: useId(),
    descriptionCount: useId(),
    script: useId(),
    scriptUnavailable: useId(),
    preset: useId(),
  };
  const chosenNamespace = user.namespaces.find((namespace) => namespace.id === namespaceId);
  const presets = listNamespacePresets(chosenNamespace?.attributes ?? {});
  // A preset chosen in another namespace is not offered here: it is not sent either.
  const chosenPreset = presets.find((preset) => preset.slug === presetSlug) ?? null;

  // A preset fills the description with its summary unless the author wrote their own; choosing
  // another preset, or none, replaces or clears only what a preset wrote.
  function choosePreset(slug: StoryfilePresetSlug | typeof BLANK) {
    const next = presets.find((preset) => preset.slug === slug) ?? null;
    const isPresetText =
      description.trim() === '' || description === (chosenPreset?.summary ?? BLANK);
    if (isPresetText) {
      setDescription(next?.summary ?? '');
    }
    setPresetSlug(slug);
  }
  // A running trial at its storyfile limit is said before the form is filled, not on submit
  // (issue 44), in the words the server's refusal uses.
  const trialLimit = chosenNamespace?.trial?.storyfileLimit ?? null;
  const isAtTrialLimit =
    trialLimit !== null && (chosenNamespace?.trial?.storyfileCount ?? 0) >= trialLimit;
  const blocker = describeCreateBlocker({ name, namespaceId, availability, isAtTrialLimit });

  function close(isNowOpen: boolean) {
    if (!isNowOpen) {
      setName('');
      setDescription('');
      setScriptId(BLANK);
      setPresetSlug(BLANK);
      create.reset();
    }
    onOpenChange(isNowOpen);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blocker !== null) {
      return;
    }
    create.mutate(
      {
        namespaceId,
        name: name.trim(),
        description: description.trim(),
        ...(chosenPreset !== null
          ? { presetSlug: chosenPreset.slug }
          : scriptId === BLANK
            ? {}
            : { scriptId }),
      },
      {
        onSuccess: (storyfile) => {
          close(false);
          showToast({ kind: 'success', message: `Created the storyfile "${storyfile.name}".` });
          void navigate(`/storyfiles/${storyfile.id}`);
        },
      },
    );
  }

  const availableScripts = (scripts.data?.items ?? []).filter(
    (script) => script.deletedAt === null,
  );

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={close}
      title="New storyfile"
      description="Name it, and optionally start from a script so its topics and questions are ready to record."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <NamespaceField
          namespaces={namespaces}
          namespaceId={namespaceId}
          onChange={setNamespaceId}
        />
        {isAtTrialLimit && trialLimit !== null ? (
          <Alert kind="warning">{formatTrialLimitMessage('storyfiles', trialLimit)}</Alert>
        ) : null}
        <StoryfileNameField
          label="Name"
          value={name}
          onChange={setName}
          availability={availability}
          isRequired
          // Name is what a person came to type; the namespace above it has a sensible default.
          isAutofocused
        />
        <Field
          id={ids.description}
          label="Description"
          hint="Optional: who this storyfile is and what visitors can ask."
        >
          <textarea
            id={ids.description}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={3}
            // The limit said as it nears, as the name's is, not only on submit (issue 44).
            maxLength={DESCRIPTION_MAX_LENGTH}
            aria-describedby={ids.descriptionCount}
            className={INPUT_CLASS}
          />
          <CharacterCount
            id={ids.descriptionCount}
            length={description.length}
            max={DESCRIPTION_MAX_LENGTH}
          />
        </Field>
        {presets.length === 0 ? null : (
          <Field
            id={ids.preset}
            label="Presets"
            hint={
              chosenPreset === null
                ? 'A ready script for one use, with its starters and what to say in each clip.'
                : chosenPreset.summary
            }
          >
            <select
              id={ids.preset}
              value={chosenPreset?.slug ?? BLANK}
              onChange={(event) =>
                choosePreset(event.target.value as StoryfilePresetSlug | typeof BLANK)
              }
              className={INPUT_CLASS}
            >
              <option value={BLANK}>No preset</option>
              {presets.map((preset) => (
                <option key={preset.slug} value={preset.slug}>
                  {preset.name} ({formatCount(preset.topicCount, 'topic')},{' '}
                  {formatCount(preset.questionCount, 'question')})
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field
          id={ids.script}
          label="Start from a script"
          hint="Its topics and questions are copied in; you can change them afterwards."
        >
          <select
            id={ids.script}
            value={scriptId}
            onChange={(event) => setScriptId(event.target.value)}
            disabled={scripts.isPending || chosenPreset !== null}
            aria-describedby={chosenPreset === null ? undefined : ids.scriptUnavailable}
            className={INPUT_CLASS}
          >
            <option value={BLANK}>
              {scripts.isPending ? 'Loading scripts…' : 'Blank storyfile'}
            </option>
            {availableScripts.map((script) => (
              <option key={script.id} value={script.id}>
                {script.name} ({formatCount(script.topicCount, 'topic')},{' '}
                {formatCount(script.questionCount, 'question')})
                {script.isShipped ? ' · template' : ''}
              </option>
            ))}
          </select>
          {chosenPreset === null ? null : (
            <p id={ids.scriptUnavailable} className="mt-1 text-xs text-slate-600">
              Not with a preset: {chosenPreset.name} brings its own script. Choose “No preset” to
              start from a script.
            </p>
          )}
        </Field>
        {scripts.error ? <Alert kind="warning">{scripts.error.message}</Alert> : null}
        {create.error ? <Alert kind="error">{create.error.message}</Alert> : null}
        <DialogSubmitBar
          blocker={blocker}
          isPending={create.isPending}
          submitLabel="Create storyfile"
          onCancel={() => close(false)}
        />
      </form>
    </Modal>
  );
}
