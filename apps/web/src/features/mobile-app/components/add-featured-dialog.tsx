import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SaveWarning } from '@/components/ui/save-warning';
import { describeEmptyStoryfileWarnings, describeFeaturedEndWarnings } from '@/lib/save-warnings';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { useAddFeatured } from '../api/featured';
import { useMobileStoryfiles } from '../api/mobile-storyfiles';
import { checkFeaturedDates } from '../utils/featured-order';
import { FeaturedDatesFields } from './featured-dates-fields';
import { FETCH_FAILED, PUSH_FAILED } from './messages';

/** Adds a storyfile that is in the app to the end of the list, with optional dates. */
export function AddFeaturedDialog({
  featuredIds,
  onClose,
}: {
  featuredIds: readonly string[];
  onClose: () => void;
}) {
  const candidates = useMobileStoryfiles({
    search: '',
    searchOptions: [],
    page: 1,
    pageSize: 100,
    inApp: 'true',
  });
  const add = useAddFeatured();
  const { showToast } = useToast();
  const [choice, setChoice] = useState('');
  const [dates, setDates] = useState({ startsOn: '', endsOn: '' });
  const [error, setError] = useState<string | null>(null);
  // A past end date or an empty storyfile, asked about before saving; null while none waits.
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const selectId = useId();
  const options = (candidates.data?.items ?? []).filter((item) => !featuredIds.includes(item.id));
  const datesError = checkFeaturedDates(dates.startsOn, dates.endsOn);
  const submit = () => {
    setWarnings(null);
    add.mutate(
      {
        storyfileId: choice,
        startsOn: dates.startsOn || null,
        endsOn: dates.endsOn || null,
      },
      {
        onSuccess: (entry) => {
          showToast({ kind: 'success', message: `${entry.name} is featured.` });
          onClose();
        },
        onError: (failure) => setError(messageOf(failure, PUSH_FAILED)),
      },
    );
  };

  return (
    <Modal
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Feature a storyfile"
      description="Only storyfiles that are in the app can be featured. New entries go to the end of the list."
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice === '' || datesError) {
            setError(choice === '' ? 'Choose a storyfile.' : null);
            return;
          }
          const chosen = options.find((item) => item.id === choice);
          const found = [
            ...(chosen ? describeEmptyStoryfileWarnings(chosen) : []),
            ...describeFeaturedEndWarnings(dates.endsOn, new Date()),
          ];
          if (found.length > 0) {
            setWarnings(found);
            return;
          }
          submit();
        }}
      >
        {candidates.isPending ? (
          <Spinner label="Loading storyfiles in the app" />
        ) : candidates.error ? (
          <Alert kind="error">{messageOf(candidates.error, FETCH_FAILED)}</Alert>
        ) : options.length === 0 ? (
          <p className="text-sm text-slate-700">
            Every storyfile in the app is featured already, or none is in the app: switch some on
            under Mobile App, StoryFiles.
          </p>
        ) : (
          <div>
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              Storyfile
            </label>
            <select
              id={selectId}
              value={choice}
              onChange={(event) => {
                setChoice(event.target.value);
                setError(null);
              }}
              className="mt-1 h-10 w-full max-w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
            >
              <option value="">Choose a storyfile…</option>
              {options.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name} ({item.organizationLabel})
                </option>
              ))}
            </select>
          </div>
        )}
        <FeaturedDatesFields
          startsOn={dates.startsOn}
          endsOn={dates.endsOn}
          onChange={setDates}
          error={datesError}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        {warnings === null ? (
          <div className="flex justify-end gap-2">
            <Button variant="cancel" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="primary"
              isLoading={add.isPending}
              disabled={options.length === 0}
            >
              Feature
            </Button>
          </div>
        ) : (
          <SaveWarning
            warnings={warnings}
            confirmText="Feature anyway"
            isPending={add.isPending}
            onConfirm={submit}
            onCancel={() => setWarnings(null)}
          />
        )}
      </form>
    </Modal>
  );
}
