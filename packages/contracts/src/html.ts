/**
 * Escapes text for HTML element content and quoted attribute values: the server's pages and the
 * embed snippet owners paste into other sites.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
