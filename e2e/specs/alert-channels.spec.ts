// Alert channels from the screen (issue 13): a trader enters a Telegram bot and a webhook on Profile,
// sends a test alert, and sees at once and on the same card how each channel took it — the webhook (a
// receiver of their own on this machine) got a signed copy, while Telegram (unreachable here) is retried, with why.
// Only the user is seeded through the API.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, newUser, signIn, test } from '../user-api.js';

const BOT_TOKEN = '123456789:AAF-an-e2e-bot-token-0123456789';
const SECRET = 'an-e2e-webhook-signing-secret';

/** A webhook receiver answering 200, keeping what it got. */
async function receiver() {
  const got: Array<{ body: string; signature: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      got.push({ body, signature: req.headers['x-signature'] as string | undefined });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/console`, got, close: () => server.close() };
}

test('a trader sets Telegram and a webhook, sends a test alert, and sees how each channel took it', async ({
  page,
  request,
  loginPage,
  homePage,
  profilePage,
}) => {
  const hook = await receiver();
  try {
    const user = await newUser(request, 'alerts');
    await signIn({ loginPage, homePage }, user);
    await profilePage.open();
    const form = profilePage.alertChannelsForm();
    await expect(form.getByTestId('alert-channels-active')).toHaveText('Sending to the bell only');

    await profilePage.saveAlertChannels({
      botToken: BOT_TOKEN,
      chatId: '-1001234567890',
      webhookUrl: hook.url,
      webhookSecret: SECRET,
    });
    await expect(form).toContainText('Alert channels saved');
    await expect(form.getByTestId('alert-channels-active')).toHaveText('Sending to: telegram, webhook');
    // The bot token and the secret are never shown back.
    await expect(form.getByLabel('Telegram Bot Token')).toHaveValue('');
    await expect(form.getByLabel('Telegram Bot Token')).toHaveAttribute('placeholder', 'Saved (leave empty to keep)');

    await profilePage.sendTestAlert();
    // Each channel's real outcome, sent while the trader waited: Telegram's failure is not hidden by "sent".
    await expect(form).toContainText('Test alert sent to the bell, but not every channel took it');
    await expect(form).toContainText(
      'Telegram: not delivered yet (Telegram could not be reached); it will be tried again',
    );
    await expect(form).toContainText('Webhook: delivered');
    await expect(page.getByTestId('alerts-unread')).toHaveText('1');

    // The trader starts typing another chat id meanwhile: the card's updates must not wipe it.
    await form.getByLabel('Telegram Chat ID').fill('-1009999999999');

    // The console's alert worker sends within seconds; the card follows without a reload.
    const deliveries = profilePage.lastDeliveries();
    await expect(deliveries).toContainText(/Webhook: last alert delivered \d+ \w+ \d{4}, [\d:]+ IST/, {
      timeout: 20_000,
    });
    await expect(deliveries).toContainText(
      /Telegram: last alert not delivered yet \(Telegram could not be reached\); trying again \d+ \w+ \d{4}, [\d:]+ IST/,
      { timeout: 20_000 },
    );

    await expect(form.getByLabel('Telegram Chat ID')).toHaveValue('-1009999999999');

    // The receiver got the test alert once, signed with the trader's secret. (A console-wide alert, such as
    // the kill switch from a spec running beside this one, may arrive too: every user hears of it.)
    const tests = hook.got.filter((d) => (JSON.parse(d.body) as { alert: { kind: string } }).alert.kind === 'test');
    expect(tests).toHaveLength(1);
    const [delivery] = tests;
    const expected = createHmac('sha256', SECRET)
      .update(delivery?.body ?? '')
      .digest('hex');
    expect(delivery?.signature).toBe(`sha256=${expected}`);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ alert: { kind: 'test' } });
  } finally {
    hook.close();
  }
});
