import { useAddressFilters, type AddressFilterCodec } from '@/hooks/use-address-filters';
import { readReviewFilters, writeReviewFilters, type ReviewFilters } from '../utils/review-filters';

/** "Clear filters" keeps the chosen storyfile and the sort. */
const REVIEW_FILTERS: AddressFilterCodec<ReviewFilters> = {
  read: readReviewFilters,
  write: writeReviewFilters,
  keptOnClear: ['storyfileId', 'sort', 'order'],
};

/** The inbox's filters and sort in the address; any change goes back to page 1. */
export function useReviewFilters() {
  const { filters, updateFilters, clearFilters } = useAddressFilters(REVIEW_FILTERS);
  return { filters, updateFilters, clearFilters };
}
