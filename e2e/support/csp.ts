import type { BrowserContext, ConsoleMessage } from '@playwright/test';

/**
 * Collects every Content-Security-Policy violation in a browser context, from every page and
 * frame: the `securitypolicyviolation` event (reported through a binding, so it survives
 * navigations) and Chromium's console line ("Refused to ... violates the following Content
 * Security Policy directive"). `take()` answers what came since the last call and forgets it.
 */
export async function collectCspViolations(context: BrowserContext): Promise<{
  take: () => string[];
}> {
  let found: string[] = [];
  await context.exposeBinding('__conversaReportCsp', ({ frame }, text: string) => {
    found.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __conversaReportCsp?: (text: string) => void })
        .__conversaReportCsp;
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const onConsole = (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) {
      found.push(`console: ${message.text()}`);
    }
  };
  context.on('console', onConsole);
  return {
    take: () => {
      const taken = found;
      found = [];
      return taken;
    },
  };
}
