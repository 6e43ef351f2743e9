import {test as base, expect, type Page} from '@playwright/test';

/**
 * `test` with a `consoleErrors` list: every console error and uncaught page error of the test's page.
 * Tests that must stay error-free assert it is empty; tests that provoke errors simply ignore it.
 */
export const test = base.extend<{consoleErrors: string[]}>({
  consoleErrors: async ({page}, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export {expect};

/** Waits until React has hydrated the page (Docusaurus sets `window.docusaurusRoot`). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => 'docusaurusRoot' in window);
}

/** The title Docusaurus gives a page: "<page> | API Developer Documentation". */
export const siteTitle = 'API Developer Documentation';
