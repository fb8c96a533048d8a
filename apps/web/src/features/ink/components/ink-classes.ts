/** The View Inky States screen's form controls and table cells, one look for its parts. */
export const CONTROL =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-800';
export const CELL = 'px-3 py-2 align-top';
