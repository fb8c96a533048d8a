/** Tabs of a storyfile, kept in the `tab` query parameter (record and interact hide the footer). */
export const STORYFILE_TABS = [
  { value: 'overview', label: 'Script' },
  { value: 'record', label: 'Record' },
  { value: 'interact', label: 'Interact' },
  { value: 'settings', label: 'Settings' },
] as const;
export type StoryfileTab = (typeof STORYFILE_TABS)[number]['value'];

/** The tab named in the address; `script` is another name for the overview, anything else too. */
export function parseStoryfileTab(value: string | null): StoryfileTab {
  return STORYFILE_TABS.find((tab) => tab.value === value)?.value ?? 'overview';
}
