import { createHash } from 'node:crypto';

/** What a login state keeps of the browser's binding cookie: its SHA-256, never the value. */
export function hashBrowserBinding(binding: string): string {
  return createHash('sha256').update(binding).digest('base64url');
}

/** Whether a login state was begun by the browser with this binding cookie. */
export function isBoundToBrowser(
  pending: { browserBindingHash: string | null },
  browserBinding: string | undefined,
): boolean {
  return (
    pending.browserBindingHash === null ||
    (browserBinding !== undefined &&
      hashBrowserBinding(browserBinding) === pending.browserBindingHash)
  );
}
