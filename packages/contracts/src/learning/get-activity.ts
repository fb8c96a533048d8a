import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { createListQuerySchema } from '../lists/list-query.ts';
import {
  activityParamsSchema,
  activitySchema,
  progressStateSchema,
  rosterPageRowSchema,
} from './activity.ts';
import { LEARNING_OWNER } from './list-activities.ts';

/**
 * A roster is a list (spec §2 query parameters, §5 paging and search, §9 default page size): a
 * class of 1,000 students is read and drawn 30 at a time, found by name or email.
 */
export const rosterQuerySchema = createListQuerySchema({
  searchOptions: [
    { value: 'name', label: 'Name', active: true, disabled: false },
    { value: 'email', label: 'Email', active: true, disabled: false },
  ],
  sortFields: ['name'],
  defaultSort: 'name',
  defaultOrder: 'asc',
});
export type RosterQuery = z.input<typeof rosterQuerySchema>;

export const getActivityContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/activities/:id',
  summary:
    "An activity with one page of its roster (each assigned student's state and progress toward the rule, from their summary of logged exchanges), searched by name or email, and the count of students in each state",
  tags: ['learning'],
  permission: LEARNING_OWNER,
  params: activityParamsSchema,
  query: rosterQuerySchema,
  response: z.object({
    activity: activitySchema,
    /** The page asked for, sorted by name (spec §5 sorting). */
    roster: z.array(rosterPageRowSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Students matching the search (all of them without one). */
    total: z.number().int(),
    pageCount: z.number().int(),
    /** Every assigned student by state, whatever the search. */
    counts: z.partialRecord(progressStateSchema, z.number().int()),
  }),
});
