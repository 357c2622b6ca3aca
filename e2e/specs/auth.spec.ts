import { ADMIN, createUserViaApi, expect, test, uniqueName } from '../fixtures.js';
import { HomePage } from '../pages/home.page.js';
import { LoginPage } from '../pages/login.page.js';

test('admin login lands on /admin', async ({ loginPage, adminPage }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  for (const tab of ['strategies', 'scheduling', 'data', 'rdx', 'brokers', 'users', 'instruments']) {
    await expect(adminPage['page'].getByRole('tab', { name: tab })).toBeVisible();
  }
});

test('a wrong password shows the server message', async ({ loginPage, page }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, 'definitely-wrong');
  await expect(loginPage.error()).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/login/);
});

test('unknown paths and / go to /login', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user opening /admin is sent to /home, and logout returns to /login', async ({
  page,
  request,
  loginPage,
  homePage,
}) => {
  const name = uniqueName('viewer');
  await createUserViaApi(request, name, 'viewer-password');
  await loginPage.open();
  await loginPage.login(name, 'viewer-password');
  await homePage.expectLoaded(name);
  await page.goto('/admin');
  await homePage.expectLoaded(name);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is really gone: protected pages send us back.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in admin opening /login goes to /admin, and logout returns to /login', async ({
  page,
  loginPage,
  adminPage,
}) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  await page.goto('/login');
  await adminPage.expectLoaded(ADMIN.username);
  await adminPage.logout();
  await expect(page).toHaveURL(/\/login$/);
});

test('clearing the session in another tab logs this one out', async ({ page, context, loginPage, adminPage }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
  const other = await context.newPage();
  await other.goto('/login');
  await other.evaluate(() => localStorage.removeItem('token'));
  await expect(page).toHaveURL(/\/login$/);
});

test('logging in with a second tab open signs both tabs in, and neither is logged out', async ({
  page,
  context,
  request,
  loginPage,
  homePage,
}) => {
  const name = uniqueName('twotabs');
  await createUserViaApi(request, name, 'twotabs-password');
  // Tab B waits on the login screen while tab A logs in.
  const tabB = await context.newPage();
  await new LoginPage(tabB).open();
  await loginPage.open();
  await loginPage.login(name, 'twotabs-password');
  await homePage.expectLoaded(name);
  await new HomePage(tabB).expectLoaded(name);
  // Both still hold the session: it was never cleared by the other tab.
  await page.reload();
  await homePage.expectLoaded(name);
  await tabB.reload();
  await new HomePage(tabB).expectLoaded(name);
  // A logout in one tab ends the other.
  await tabB.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a username signs in whatever its letter case', async ({ loginPage, adminPage }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username.toUpperCase(), ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
});

test("someone who knows a trader's name cannot lock the trader out: the right password still signs in", async ({
  browser,
  request,
  loginPage,
  homePage,
}) => {
  const name = uniqueName('target');
  await createUserViaApi(request, name, 'target-own-password');
  // The guesser comes through the console's proxy from an address of their own (TRUST_PROXY in the e2e config).
  const elsewhere = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.41' },
  });
  try {
    const guesser = new LoginPage(await elsewhere.newPage());
    await guesser.open();
    for (let i = 1; i <= 5; i++) await guesser.login(name, `a-guess-${i}`);
    await guesser.login(name, 'one-more-guess');
    await expect(guesser.error()).toHaveText(/^Too many failed login attempts\. Try again in 15 minutes/);
  } finally {
    await elsewhere.close();
  }
  await loginPage.open();
  await loginPage.login(name, 'target-own-password');
  await homePage.expectLoaded(name);
});
