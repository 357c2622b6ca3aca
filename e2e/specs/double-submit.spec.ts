// A fast double click on a create button makes one record, never two (issue 8): the form ignores the
// second submit before it has re-rendered its button disabled. Each test counts the POSTs the browser
// sent and the rows on screen.
import type { Locator, Page } from '@playwright/test';
import { ADMIN, uniqueName } from '../fixtures.js';
import { accountIdFor, addBrokerViaApi, addMappingViaApi, expect, newUser, signIn, test } from '../user-api.js';

/** Counts the POSTs the page sends to paths matching `path`. */
function countPosts(page: Page, path: RegExp) {
  const seen = { count: 0 };
  page.on('request', (req) => {
    if (req.method() === 'POST' && path.test(new URL(req.url()).pathname)) seen.count += 1;
  });
  return seen;
}

/**
 * The fastest double click there is: both clicks in one task, before React can re-render the button
 * disabled (Playwright's dblclick() leaves it time to, so it would pass without the form's guard).
 */
async function doubleClick(button: Locator) {
  await button.dblclick({ trial: true });
  await button.evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });
}

test.describe('double-clicking a create button creates one record', () => {
  test('Create Mapping', async ({ page, request, loginPage, homePage, mappingsPage }) => {
    const user = await newUser(request, 'dblmap');
    await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    await signIn({ loginPage, homePage }, user);
    await mappingsPage.open();
    const posts = countPosts(page, /^\/api\/strategies\/user-mappings$/);
    await mappingsPage.fill({ ceCount: '1', peCount: '1' });
    await doubleClick(mappingsPage.createButton());
    await expect(mappingsPage.success()).toHaveText(/Strategy mapping created/);
    await expect(mappingsPage.table().locator('tbody tr')).toHaveCount(1);
    expect(posts.count).toBe(1);
  });

  test('Add Broker', async ({ page, request, loginPage, homePage, brokersPage }) => {
    const user = await newUser(request, 'dblbrk');
    await signIn({ loginPage, homePage }, user);
    await brokersPage.open();
    const posts = countPosts(page, /^\/api\/brokers\/user-brokers$/);
    await brokersPage.fillForm({ broker: 'Zerodha', username: accountIdFor(user, 'z') });
    await doubleClick(brokersPage.addButton());
    await expect(brokersPage.row(accountIdFor(user, 'z'))).toBeVisible();
    await expect(brokersPage.rows()).toHaveCount(1);
    await expect(brokersPage.error()).toHaveCount(0);
    expect(posts.count).toBe(1);
  });

  test('RDX Create', async ({ page, request, loginPage, homePage, activeStrategies }) => {
    const user = await newUser(request, 'dblrdx');
    const broker = await addBrokerViaApi(request, user, 'Zerodha', accountIdFor(user, 'z'));
    const id = await addMappingViaApi(request, user, { user_broker_id: broker.id, is_dummy: 1 });
    await signIn({ loginPage, homePage }, user);
    const modal = await activeStrategies.configure(id);
    await modal.button('Create').click();
    const posts = countPosts(page, new RegExp(`^/api/strategies/user-mappings/${id}/rdx-config$`));
    await doubleClick(modal.form().getByRole('button', { name: 'Create' }));
    await expect(modal.saved('lot-count')).toHaveText('1');
    // A second POST would have been refused ("already exists") and shown as an error.
    await expect(modal.error()).toHaveCount(0);
    expect(posts.count).toBe(1);
  });

  test('Add User', async ({ page, loginPage, adminPage }) => {
    await loginPage.open();
    await loginPage.login(ADMIN.username, ADMIN.password);
    await adminPage.expectLoaded(ADMIN.username);
    await adminPage.openTab('users');
    const posts = countPosts(page, /^\/api\/users$/);
    const name = uniqueName('dbluser');
    const form = page.getByRole('form', { name: 'Add New User' });
    await form.getByLabel('Username').fill(name);
    await form.getByLabel('Password').fill('double-password');
    await doubleClick(form.getByRole('button', { name: 'Add User' }));
    await expect(page.getByRole('status').filter({ hasText: `User ${name} created` })).toBeVisible();
    await expect(adminPage.userRow(name)).toHaveCount(1);
    // A second POST would have been refused ("already exists") and shown as an error in the form's section (the
    // page's other alerts, such as another story's broker drift, are not this form's).
    await expect(page.getByRole('alert').filter({ hasText: /exists|taken|failed|refused/i })).toHaveCount(0);
    expect(posts.count).toBe(1);
  });
});
