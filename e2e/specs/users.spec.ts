import { ADMIN, createUserViaApi, expect, test, uniqueName } from '../fixtures.js';
import { clickAndAnswer } from '../pages/confirm.js';
import { HomePage } from '../pages/home.page.js';
import { LoginPage } from '../pages/login.page.js';

test.beforeEach(async ({ loginPage, adminPage }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
});

test('admin creates a user who chooses their own password at first sign-in and lands on /home', async ({
  page,
  adminPage,
  loginPage,
  homePage,
}) => {
  const name = uniqueName('trader');
  await adminPage.createUser(name, 'trader-password');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `User ${name} created. They choose their own password at first sign-in.` }),
  ).toBeVisible();
  await adminPage.logout();
  await loginPage.login(name, 'trader-password');
  // The admin knows that password: it is not the trader's until they replace it.
  await expect(loginPage.forcedChangeForm()).toContainText('or one an admin set for you');
  await expect(page.getByRole('heading', { name: `Welcome, ${name} (User)` })).toHaveCount(0);
  await loginPage.chooseOwnPassword('trader-password', 'trader-own-choice');
  await homePage.expectLoaded(name);
  await homePage.openView('Profile');
  await expect(page.getByRole('heading', { name: 'Profile - User Broker Management' })).toBeVisible();
  await homePage.backToHome();
  await homePage.openView('Strategies');
  await expect(page.getByRole('heading', { name: 'Strategies - User Strategy Mappings' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await loginPage.login(name, 'trader-own-choice');
  await homePage.expectLoaded(name);
});

test('creating a duplicate user shows the server message', async ({ page, adminPage }) => {
  const name = uniqueName('dup');
  await adminPage.createUser(name, 'dup-Copper-kettle');
  const form = page.getByRole('form', { name: 'Add New User' });
  await form.getByLabel('Username').fill(name);
  await form.getByLabel('Password').fill('dup-Copper-kettle');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Username already exists/);
});

test("deleting a user asks the console's confirm, naming the user, and removes the row", async ({ adminPage }) => {
  const name = uniqueName('leaver');
  await adminPage.createUser(name, 'leaver-password');
  const question = await clickAndAnswer(adminPage.userRow(name).getByRole('button', { name: 'Delete' }), 'accept');
  expect(question).toContain('Are you sure you want to delete this user?');
  expect(question).toContain(`Username: ${name}`);
  await expect(adminPage.userRow(name)).toHaveCount(0);
});

test('dismissing the confirm keeps the user', async ({ page, adminPage }) => {
  const name = uniqueName('stayer');
  await adminPage.createUser(name, 'stayer-password');
  await clickAndAnswer(adminPage.userRow(name).getByRole('button', { name: 'Delete' }), 'dismiss');
  await page.reload();
  await adminPage.openTab('users');
  await expect(adminPage.userRow(name)).toBeVisible();
});

test('an admin resets a user’s password; the user signs in with it once, to choose their own', async ({
  page,
  adminPage,
  loginPage,
  homePage,
}) => {
  const name = uniqueName('forgot');
  await adminPage.createUser(name, 'forgot-password');
  await adminPage.resetPassword(name, 'short');
  await expect(page.getByRole('form', { name: `Reset password for ${name}` }).getByRole('alert')).toHaveText(
    /Password must be at least 8 characters/,
  );
  await adminPage.resetPassword(name, 'Passw0rd!');
  await expect(page.getByRole('form', { name: `Reset password for ${name}` }).getByRole('alert')).toHaveText(
    /This password is too common; choose another/,
  );
  // On no breached list, but zxcvbn's: the form shows the reason and what to do instead.
  await adminPage.resetPassword(name, '9876543210abc');
  await expect(page.getByRole('form', { name: `Reset password for ${name}` }).getByRole('alert')).toContainText(
    'This password is too easy to guess: it has a run like "abc" or "1234". ' +
      'Add a word or two that are not common; leave out runs like "abc" or "1234".',
  );
  await adminPage.resetPassword(name, 'remembered-password');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Password reset. The user must sign in again, then choose their own password.' }),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: `Reset password for ${name}` })).toHaveCount(0);
  await adminPage.logout();
  await loginPage.login(name, 'forgot-password');
  await expect(loginPage.error()).toHaveText('Invalid username or password');
  await loginPage.login(name, 'remembered-password');
  await loginPage.chooseOwnPassword('remembered-password', 'my-very-own-password');
  await homePage.expectLoaded(name);
});

test('an admin changes their own password on the users tab, keeps this session and signs in with the new one', async ({
  page,
  adminPage,
  loginPage,
}) => {
  const name = uniqueName('deputy');
  await adminPage.createUser(name, 'deputy-first-pass', 'Admin');
  await adminPage.logout();
  await loginPage.login(name, 'deputy-first-pass');
  await loginPage.chooseOwnPassword('deputy-first-pass', 'deputy-own-pass');
  await adminPage.expectLoaded(name);
  await adminPage.openTab('users');
  const account = page.getByRole('region', { name: 'Your Account' });
  await expect(account.getByRole('heading', { name: `Your Account (${name})` })).toBeVisible();
  // Their own row's reset warns that it would sign this window out.
  await adminPage.userRow(name).getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('form', { name: `Reset password for ${name}` }).getByRole('note')).toContainText(
    'signs you out everywhere, this window too',
  );
  await page
    .getByRole('form', { name: `Reset password for ${name}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const form = account.getByRole('form', { name: 'Change Password' });
  await form.getByLabel('Current Password').fill('deputy-own-pass');
  await form.getByLabel('New Password', { exact: true }).fill('deputy-second-pass');
  await form.getByLabel('Confirm New Password').fill('deputy-second-pass');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.locator('.message-success')).toBeVisible();
  // Still signed in here: the tab keeps working.
  await adminPage.openTab('users');
  await expect(adminPage.userRow(name)).toBeVisible();
  await expect(account.getByRole('form', { name: 'Alert Channels' })).toBeVisible();
  await adminPage.logout();
  await loginPage.login(name, 'deputy-own-pass');
  await expect(loginPage.error()).toHaveText('Invalid username or password');
  await loginPage.login(name, 'deputy-second-pass');
  await adminPage.expectLoaded(name);
});

test('a trader who mistyped their password shows as locked on the users tab, and Unlock ends it', async ({
  browser,
  request,
  page,
  adminPage,
}) => {
  const name = uniqueName('typo');
  await createUserViaApi(request, name, 'typo-own-password');
  // The trader signs in from a shop of their own, through the console's proxy (TRUST_PROXY in the e2e config).
  const shop = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.27' },
  });
  try {
    const trader = await shop.newPage();
    const traderLogin = new LoginPage(trader);
    await traderLogin.open();
    for (let i = 1; i <= 5; i++) {
      await traderLogin.login(name, `typo-guess-${i}`);
      await expect(traderLogin.error()).toHaveText('Invalid username or password');
    }
    await traderLogin.login(name, 'typo-guess-6');
    await expect(traderLogin.error()).toHaveText(
      'Too many failed login attempts. Try again in 15 minutes, or ask an admin to unlock your account.',
    );

    await adminPage.openTab('users');
    await expect(adminPage.signInCell(name)).toContainText(/Locked until \d\d:\d\d IST/);
    await expect(adminPage.signInCell(name)).toContainText('6 failed sign-ins');
    await adminPage.unlock(name);
    await expect(page.getByRole('status').filter({ hasText: `Sign-in unlocked for ${name}` })).toBeVisible();
    await expect(adminPage.signInCell(name)).toHaveText('—');

    // Unlocked: a wrong password is an ordinary one again, and the right one signs in.
    await traderLogin.login(name, 'typo-guess-7');
    await expect(traderLogin.error()).toHaveText('Invalid username or password');
    await traderLogin.login(name, 'typo-own-password');
    await new HomePage(trader).expectLoaded(name);
  } finally {
    await shop.close();
  }
});
