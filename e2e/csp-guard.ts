// Every story fails when the console breaks its own Content-Security-Policy: a blocked script, style,
// image or socket is a screen that works in development and not under the production headers.
import type { Browser, BrowserContext, ConsoleMessage } from '@playwright/test';

/** Violations seen in this worker since the running test started (tests in a worker run one at a time). */
const violations: string[] = [];

/**
 * Reports each violation on the page's console with a marker. Chromium logs most of them by itself, but the
 * DOM event also covers what it reports quietly, and it names the directive and the blocked resource.
 */
function reportViolations() {
  addEventListener('securitypolicyviolation', (e) => {
    console.error(
      `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
    );
  });
}

// A header the browser cannot read (an unknown Permissions-Policy feature) is a fault of the same kind.
const isViolation = (msg: ConsoleMessage) =>
  msg.text().startsWith('CSP violation:') ||
  msg.text().includes('Content Security Policy') ||
  msg.text().includes('Error with Permissions-Policy header');

/** Watches every page of `context`, present and future, for violations. */
async function watch(context: BrowserContext): Promise<void> {
  await context.addInitScript(reportViolations);
  context.on('console', (msg) => {
    if (isViolation(msg)) violations.push(`${msg.page()?.url() ?? '?'}: ${msg.text()}`);
  });
}

/**
 * Makes `browser.newContext` watch what it creates: the test's own context and the ones a story opens
 * itself (a second device, an admin next to a user) alike.
 */
export function guardBrowser(browser: Browser): () => void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await watch(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/** Forgets what earlier tests saw; returns this test's violations when it ends. */
export function startRecording(): () => string[] {
  violations.length = 0;
  return () => violations.splice(0);
}
