/**
 * The conversation a visitor may resume after a reload, kept in the tab's session storage under
 * the player's key. Storage may be off (private modes): then nothing is kept and nothing resumed.
 */
export function readResumeId(key: string | undefined): string | undefined {
  if (!key) {
    return undefined;
  }
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetResumeId(key: string | undefined): void {
  try {
    if (key) {
      sessionStorage.removeItem(key);
    }
  } catch {
    // Storage may be off: nothing was kept.
  }
}
