import { sandboxPersonalApp } from '../../server/src/sandbox/sandbox-accounts.js';
import { sandboxTotp } from '../sandbox.js';
import { kiteUserId, SANDBOX_BROKER_PASSWORD } from '../trading-api.js';
import { expect, newUser, signIn, test } from '../user-api.js';

/*
 * A broker account's own Kite Connect app (issue 12): a personal app logs in only its owner, so the user
 * gives the account its own API Key and API Secret. The table says which app an account uses; the key and
 * secret are never shown back.
 */
test.describe("Profile - a broker account's own Kite app", () => {
  test('a user adds a Zerodha account with its own app, logs in through it, and never sees the secret again', async ({
    page,
    request,
    loginPage,
    homePage,
    brokersPage,
  }) => {
    const user = await newUser(request, 'ownapp');
    await signIn({ loginPage, homePage }, user);
    await brokersPage.open();

    // The sandbox gives every Kite user id a personal app of its own (docs/SANDBOX.md).
    const account = kiteUserId();
    const app = sandboxPersonalApp(account);
    if (!app) throw new Error(`${account} is not a Kite-style user id`);
    await expect(brokersPage.form().getByText(/your own Kite Connect app/)).toBeVisible();
    await expect(brokersPage.apiSecretInput()).toHaveAttribute('type', 'password');
    await brokersPage.add({ broker: 'Zerodha', username: account, apiKey: app.apiKey, apiSecret: app.apiSecret });
    await expect(brokersPage.success()).toHaveText(/Broker configuration/);
    await expect(brokersPage.appCell(account)).toHaveText('Own app');
    await expect(brokersPage.tokenCell(account)).toHaveText('Not set');
    // Handed to the request, then gone from the form.
    await expect(brokersPage.apiKeyInput()).toHaveValue('');
    await expect(brokersPage.apiSecretInput()).toHaveValue('');

    // An account without its own app goes through the console's.
    const plain = kiteUserId();
    await brokersPage.add({ broker: 'Zerodha', username: plain });
    await expect(brokersPage.appCell(plain)).toHaveText('Console app');

    // The token is generated through the account's own app: the sandbox's personal app logs in its owner only.
    await brokersPage.generateToken(account, SANDBOX_BROKER_PASSWORD, sandboxTotp());
    await expect(brokersPage.tokenCell(account)).toHaveText('Configured');
    await expect(brokersPage.appCell(account)).toHaveText('Own app');

    // Funds and margin, asked of the broker: the new account's cash and margin; the one without a token says so.
    await brokersPage.refreshFunds();
    await expect(brokersPage.fundsRow(account)).toContainText(/₹[\d,]+\.\d{2}/);
    await expect(brokersPage.fundsRow(plain)).toContainText('no access token');

    // Editing shows neither the key nor the secret; leaving them empty keeps the app.
    await brokersPage.edit(account);
    await expect(brokersPage.apiKeyInput()).toHaveValue('');
    await expect(brokersPage.apiSecretInput()).toHaveValue('');
    await brokersPage.saveEdit();
    await expect(brokersPage.appCell(account)).toHaveText('Own app');
    await expect(brokersPage.tokenCell(account)).toHaveText('Configured');

    // Nowhere on the page after a reload, nor in what the API sends back for the list the page reads.
    await page.reload();
    await expect(brokersPage.appCell(account)).toHaveText('Own app');
    const listed = await request.get('/api/brokers/user-brokers', {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(listed.ok()).toBe(true);
    const body = await listed.text();
    expect(body).toContain('"has_api_key":true');
    expect(body).not.toContain(app.apiSecret);
    expect(body).not.toContain(app.apiKey);
    const html = await page.content();
    expect(html).not.toContain(app.apiSecret);
    expect(html).not.toContain(app.apiKey);
  });

  test('a key without its secret is refused in plain words, and nothing is added', async ({
    request,
    loginPage,
    homePage,
    brokersPage,
  }) => {
    const user = await newUser(request, 'ownapphalf');
    await signIn({ loginPage, homePage }, user);
    await brokersPage.open();
    const account = kiteUserId();
    await brokersPage.add({ broker: 'Zerodha', username: account, apiKey: 'abcd1234efgh5678' });
    await expect(brokersPage.error()).toHaveText('API Key and API Secret go together: enter both, or leave both empty');
    await expect(brokersPage.row(account)).toHaveCount(0);
  });
});
