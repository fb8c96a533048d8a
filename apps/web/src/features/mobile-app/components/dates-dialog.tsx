import { type FeaturedEntry } from '@conversa/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
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
  const datesError = checkFeaturedDates(dates.startsOn, dates.endsOn);
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
        }}
      >
        <FeaturedDatesFields
          startsOn={dates.startsOn}
          endsOn={dates.endsOn}
          onChange={setDates}
          error={datesError}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="cancel" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={update.isPending}>
            Save dates
          </Button>
        </div>
      </form>
    </Modal>
  );
}
