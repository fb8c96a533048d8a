import { ApiError } from '@/lib/api-client';

export const INPUT_CLASS =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-2 focus:outline-brand-600';

export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** A number field's text as a limit: empty means none. */
export function parseLimit(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}
