import { type FeaturedEntry } from '@conversa/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SaveWarning } from '@/components/ui/save-warning';
import { describeFeaturedEndWarnings } from '@/lib/save-warnings';
import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { useUpdateFeaturedDates } from '../api/featured';
import { checkFeaturedDates } from '../utils/featured-order';
import { FeaturedDatesFields } from './featured-dates-fields';
import { UPDATE_FAILED } from './messages';

/** Changes one entry's start and end dates. */
export function DatesDialog({ entry, onClose }: { entry: FeaturedEntry; onClose: () => void }) {
  const update = useUpdateFeaturedDates();
  const { showToast } = useToast();
  const [dates, setDates] = useState({
    startsOn: entry.startsOn ?? '',
    endsOn: entry.endsOn ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  // A past end date set here, asked about before saving; null while none waits.
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const datesError = checkFeaturedDates(dates.startsOn, dates.endsOn);
  const submit = () => {
    setWarnings(null);
    update.mutate(
      {
        storyfileId: entry.storyfileId,
        startsOn: dates.startsOn || null,
        endsOn: dates.endsOn || null,
      },
      {
        onSuccess: () => {
          showToast({ kind: 'success', message: 'Dates saved.' });
          onClose();
        },
        onError: (failure) => setError(messageOf(failure, UPDATE_FAILED)),
      },
    );
  };
  return (
    <Modal
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Featured dates"
      description={`When the app features ${entry.name}.`}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (datesError) {
            return;
          }
          const found =
            dates.endsOn === (entry.endsOn ?? '')
              ? []
              : describeFeaturedEndWarnings(dates.endsOn, new Date());
          if (found.length > 0) {
            setWarnings(found);
            return;
          }
          submit();
        }}
      >
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
            <Button type="submit" variant="primary" isLoading={update.isPending}>
              Save dates
            </Button>
          </div>
        ) : (
          <SaveWarning
            warnings={warnings}
            isPending={update.isPending}
            onConfirm={submit}
            onCancel={() => setWarnings(null)}
          />
        )}
      </form>
    </Modal>
  );
}
