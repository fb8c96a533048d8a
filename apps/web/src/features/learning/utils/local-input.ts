/** `datetime-local` value of an ISO date, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) {
    return '';
  }
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export const fromLocalInput = (value: string) =>
  value === '' ? null : new Date(value).toISOString();
