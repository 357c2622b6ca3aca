// Issue 31: a trader says on Profile which static IPs they registered with Kite and where the account's orders
// leave from; the console checks that egress when it is saved (the sandbox echoes the address a request came from)
// and refuses one that would leave from an unregistered IP, with the reason, saving nothing.
import { screenshots } from '../lab-steps.js';
import { kiteUserId } from '../trading-api.js';
import { expect, newUser, openAdminConsole, signIn, test } from '../user-api.js';

test("a trader registers the account's static IP and its egress; an unregistered one is refused with the reason", async ({
  page,
  browser,
  request,
  loginPage,
  homePage,
  brokersPage,
}) => {
  const user = await newUser(request, 'egress');
  await signIn({ loginPage, homePage }, user);
  await brokersPage.open();
  const account = kiteUserId();

  await brokersPage.fillForm({ broker: 'Zerodha', username: account });
  await brokersPage.fillEgress({ primary: '127.0.0.2', bindAddress: '127.0.0.3', family: 'Sharma' });
  await brokersPage.form().getByRole('button', { name: 'Add Broker' }).click();
  await expect(brokersPage.error()).toHaveText(
    new RegExp(`orders for ${account} would leave from 127\\.0\\.0\\.3; Kite has 127\\.0\\.0\\.2 registered`, 'i'),
  );
  await expect(brokersPage.row(account)).toHaveCount(0);

  await brokersPage.fillEgress({ bindAddress: '127.0.0.2' });
  await brokersPage.form().getByRole('button', { name: 'Add Broker' }).click();
  await expect(brokersPage.success()).toHaveText(/Broker configuration created/);
  const cell = brokersPage.egressCell(account);
  await expect(cell).toContainText("Orders leave from this server's address 127.0.0.2");
  await expect(cell).toContainText('registered 127.0.0.2');
  await expect(cell).toContainText('family Sharma');
  await expect(cell).toContainText(/checked \d{2}:\d{2} IST, from 127\.0\.0\.2/);
  await screenshots(page, 'profile-egress');

  // The admin reads the same on the trader's row of the Users tab.
  const admin = await openAdminConsole(browser);
  const panel = await admin.admin.openBrokerAccountsOf(user.username);
  await expect(panel.getByRole('row').filter({ hasText: account })).toContainText(
    "Orders leave from this server's address 127.0.0.2 · registered 127.0.0.2 · family Sharma",
  );
  await screenshots(admin.page, 'admin-user-egress');
  await admin.close();
});
