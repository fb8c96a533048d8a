export const INPUT_CLASS =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-2 focus:outline-brand-600';

/** A number field's text as a limit: empty means none. */
export function parseLimit(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}
