/** The card every section of the storyfile's settings tab sits in. */
export const SETTINGS_CARD_CLASS =
  'max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm';
