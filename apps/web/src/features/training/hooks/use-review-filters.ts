import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readReviewFilters, writeReviewFilters, type ReviewFilters } from '../utils/review-filters';

/** The inbox's filters and sort in the address; any change goes back to page 1. */
export function useReviewFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readReviewFilters(params), [params]);
  const updateFilters = useCallback(
    (changes: Partial<ReviewFilters>) => {
      setParams((current) => {
        const next = writeReviewFilters(current, { ...readReviewFilters(current), ...changes });
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  const clearFilters = useCallback(() => {
    setParams((current) => {
      const { storyfileId, sort, order } = readReviewFilters(current);
      const next = writeReviewFilters(new URLSearchParams(), {
        ...(storyfileId ? { storyfileId } : {}),
        ...(sort ? { sort } : {}),
        ...(order ? { order } : {}),
      });
      return next;
    });
  }, [setParams]);
  return { filters, updateFilters, clearFilters };
}
