import { ADMIN, expect, test, uniqueName } from '../fixtures.js';

test.beforeEach(async ({ loginPage, adminPage }) => {
  await loginPage.open();
  await loginPage.login(ADMIN.username, ADMIN.password);
  await adminPage.expectLoaded(ADMIN.username);
});

test('admin creates a user who then logs in and lands on /home', async ({ page, adminPage, loginPage, homePage }) => {
  const name = uniqueName('trader');
  await adminPage.createUser(name, 'trader-password');
  await adminPage.logout();
  await loginPage.login(name, 'trader-password');
  await homePage.expectLoaded(name);
  await homePage.openView('Profile');
  await expect(page.getByRole('heading', { name: 'Profile - User Broker Management' })).toBeVisible();
  await homePage.backToHome();
  await homePage.openView('Strategies');
  await expect(page.getByRole('heading', { name: 'Strategies - User Strategy Mappings' })).toBeVisible();
});

test('creating a duplicate user shows the server message', async ({ page, adminPage }) => {
  const name = uniqueName('dup');
  await adminPage.createUser(name, 'dup-password');
  const form = page.getByRole('form', { name: 'Add New User' });
  await form.getByLabel('Username').fill(name);
  await form.getByLabel('Password').fill('dup-password');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Username already exists/);
});

test('deleting a user asks the confirm question and removes the row', async ({ page, adminPage }) => {
  const name = uniqueName('leaver');
  await adminPage.createUser(name, 'leaver-password');
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await adminPage.userRow(name).getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.userRow(name)).toHaveCount(0);
  expect(question).toBe('Are you sure you want to delete this user?');
});

test('dismissing the confirm keeps the user', async ({ page, adminPage }) => {
  const name = uniqueName('stayer');
  await adminPage.createUser(name, 'stayer-password');
  page.once('dialog', (dialog) => void dialog.dismiss());
  await adminPage.userRow(name).getByRole('button', { name: 'Delete' }).click();
  await page.reload();
  await adminPage.openTab('users');
  await expect(adminPage.userRow(name)).toBeVisible();
});

test('an admin resets a user’s password; the user logs in with the new one only', async ({
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
  await adminPage.resetPassword(name, 'remembered-password');
  await expect(
    page.getByRole('status').filter({ hasText: 'Password reset. The user must sign in again.' }),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: `Reset password for ${name}` })).toHaveCount(0);
  await adminPage.logout();
  await loginPage.login(name, 'forgot-password');
  await expect(loginPage.error()).toHaveText('Invalid username or password');
  await loginPage.login(name, 'remembered-password');
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
  await form.getByLabel('Current Password').fill('deputy-first-pass');
  await form.getByLabel('New Password', { exact: true }).fill('deputy-second-pass');
  await form.getByLabel('Confirm New Password').fill('deputy-second-pass');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.locator('.message-success')).toBeVisible();
  // Still signed in here: the tab keeps working.
  await adminPage.openTab('users');
  await expect(adminPage.userRow(name)).toBeVisible();
  await expect(account.getByRole('form', { name: 'Alert Channels' })).toBeVisible();
  await adminPage.logout();
  await loginPage.login(name, 'deputy-first-pass');
  await expect(loginPage.error()).toHaveText('Invalid username or password');
  await loginPage.login(name, 'deputy-second-pass');
  await adminPage.expectLoaded(name);
});
