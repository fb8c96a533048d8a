/** The address keeps the chosen script (`/topics/builder?script=<id>`), so a reload or a link keeps it. */
export const SCRIPT_PARAM = 'script';

/** The script chosen in the address, or '' when none is. */
export function readScriptParam(params: URLSearchParams): string {
  return params.get(SCRIPT_PARAM) ?? '';
}

/** The address parameters with `id` chosen; '' removes the choice. Other parameters stay. */
export function buildScriptParams(params: URLSearchParams, id: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === '') {
    next.delete(SCRIPT_PARAM);
  } else {
    next.set(SCRIPT_PARAM, id);
  }
  return next;
}
