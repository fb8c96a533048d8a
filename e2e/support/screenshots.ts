import { test, type Locator, type Page } from '@playwright/test';

/** A full-page screenshot of the longest screen takes a few seconds on a loaded machine. */
const SCREENSHOT_TIMEOUT_MS = 30_000;

/**
 * Keeps a screenshot for a person to look at. It is a keepsake, not a check: what a flow asserts
 * it reads from the page, which needs layout but no painted frame. A screenshot needs a frame
 * from the compositor, and Debian's full Chromium in `--headless=new` now and then stopped
 * producing frames for minutes on a loaded machine: twice in full runs a layout screen timed out
 * there after its layout had been judged. The tests now run the headless shell, which draws when
 * asked (e2e/support/env.ts); the wait stays bounded all the same, and a picture not taken is
 * noted on the test, not failed. With `attachAs`, the picture is attached to the test's report.
 */
export async function keepScreenshot(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean },
  attachAs?: string,
): Promise<void> {
  try {
    await target.screenshot({ ...options, timeout: SCREENSHOT_TIMEOUT_MS });
  } catch (error) {
    test.info().annotations.push({
      type: 'screenshot not kept',
      description: `${options.path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    });
    return;
  }
  if (attachAs !== undefined) {
    await test.info().attach(attachAs, { path: options.path, contentType: 'image/png' });
  }
}
