import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getActivityContract,
  MAX_ROWS_PER_PAGE,
  type RosterQuery,
  type RosterPageRow,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { learningKeys } from './keys';

/**
 * An activity with one page of its roster (states computed by the server on every read); the
 * previous page stays on screen while the next one loads.
 */
export function useActivity(activityId: string | null, query: RosterQuery) {
  return useQuery({
    queryKey: learningKeys.activity(activityId ?? '', query),
    queryFn: ({ signal }) =>
      callContract(getActivityContract, { params: { id: activityId ?? '' }, query, signal }),
    enabled: activityId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every row of a roster, 100 at a time (the largest page), for the CSV export. */
export async function fetchWholeRoster(activityId: string): Promise<RosterPageRow[]> {
  const rows: RosterPageRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await callContract(getActivityContract, {
      params: { id: activityId },
      query: { page, pageSize: MAX_ROWS_PER_PAGE },
    });
    rows.push(...answer.roster);
    if (page >= answer.pageCount) {
      return rows;
    }
  }
}
