// Profile: a trader changes their own password; other sessions end, this one stays.
import { LoginPage } from '../pages/login.page.js';
import { expect, newUser, signIn, test } from '../user-api.js';

test.describe('Profile - change password', () => {
  test('a user changes their password, stays signed in here, is signed out elsewhere, and logs in with the new one', async ({
    page,
    browser,
    request,
    loginPage,
    homePage,
    profilePage,
  }) => {
    const user = await newUser(request, 'pwd');
    const next = 'brand-new-password';

    // The same trader is also signed in on another device.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    await new LoginPage(otherPage).open();
    await new LoginPage(otherPage).login(user.username, user.password);
    await expect(otherPage).toHaveURL(/\/home/);

    await signIn({ loginPage, homePage }, user);
    await profilePage.open();

    await profilePage.changePassword(user.password, next, 'something-else');
    await expect(profilePage.error()).toHaveText('New Password and Confirm New Password do not match');
    await profilePage.changePassword('not-my-password', next);
    await expect(profilePage.error()).toHaveText('Current Password is incorrect');
    await profilePage.changePassword(user.password, 'short');
    await expect(profilePage.error()).toHaveText('New Password must be at least 8 characters');

    await profilePage.changePassword(user.password, next);
    await expect(profilePage.success()).toHaveText('Password changed. Other sessions have been signed out.');
    await expect(profilePage.form().getByLabel('Current Password')).toHaveValue('');

    // This session stays; the other device's ends, by itself (its socket is closed and it asks at once),
    // and its login page says why.
    await page.reload();
    await homePage.expectLoaded(user.username);
    await expect(otherPage).toHaveURL(/\/login$/);
    await expect(otherPage.getByRole('status')).toHaveText('Your session has ended. Please sign in again.');
    await otherPage.screenshot({ path: 'e2e/artifacts/screens/session-ended.png' });
    await otherDevice.close();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginPage.login(user.username, user.password);
    await expect(loginPage.error()).toHaveText('Invalid username or password');
    await loginPage.login(user.username, next);
    await homePage.expectLoaded(user.username);
  });
});
