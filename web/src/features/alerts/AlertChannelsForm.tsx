import { api, type UpdateAlertChannels } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { call, messageOf } from '../../api/client';
import { InputField } from '../../components/FormField';
import { Message, useFlash } from '../../components/Message';
import {
  channelsValues,
  deliveryText,
  isAnyPending,
  parseAlertChannels,
  REMOVE_TELEGRAM,
  REMOVE_WEBHOOK,
  testAlertReport,
  type AlertChannelsValues,
} from './alert-channels-form';
import { alertKeys } from './alerts-query';
import './alerts.css';

/** How often the channels are read again while a delivery is pending (the server's worker runs every 5 s). */
const PENDING_REFRESH_MS = 3000;

/**
 * Profile "Alert Channels" (issue 13): where alerts go besides the bell — a Telegram bot and chat, and a
 * webhook signed with the trader's secret. The bot token and the secret are write-only: the server keeps
 * them sealed and says only whether they are set.
 */
export function AlertChannelsForm() {
  const queryClient = useQueryClient();
  const { flash, show, clear } = useFlash();
  const saved = useQuery({
    queryKey: alertKeys.channels,
    queryFn: () => call(api.alerts.channels),
    // While an alert is still on its way, its outcome shows without a reload.
    refetchInterval: (query) => (isAnyPending(query.state.data) ? PENDING_REFRESH_MS : false),
  });
  const [values, setValues] = useState<AlertChannelsValues>(channelsValues(undefined));
  const [isFilled, setIsFilled] = useState(false);

  // Filled from the server once, and again after each save: the reads while a delivery is pending must
  // not wipe what the trader is typing, nor may the first read if the trader typed before it came.
  useEffect(() => {
    if (saved.data && !isFilled) {
      setValues(channelsValues(saved.data));
      setIsFilled(true);
    }
  }, [saved.data, isFilled]);

  const save = useMutation({
    mutationFn: (body: UpdateAlertChannels) => call(api.alerts.updateChannels, { body }),
    onSuccess: (reply) => {
      queryClient.setQueryData(alertKeys.channels, reply);
      setValues(channelsValues(reply));
      show('success', 'Alert channels saved');
    },
    onError: (err) => show('error', messageOf(err, 'Failed to save alert channels')),
  });
  const test = useMutation({
    mutationFn: () => call(api.alerts.testChannels),
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: alertKeys.list });
      void queryClient.invalidateQueries({ queryKey: alertKeys.channels });
      const report = testAlertReport(reply);
      // A failure stays until read: it says what to fix.
      show(report.kind, report.text, { details: report.details, isSticky: report.kind === 'error' });
    },
    onError: (err) => show('error', messageOf(err, 'Failed to send a test alert')),
  });

  const set = (field: keyof AlertChannelsValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setIsFilled(true);
    if (flash?.kind === 'error') clear();
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseAlertChannels(values);
    if (!parsed.ok) {
      show('error', parsed.error);
      return;
    }
    save.mutate(parsed.body);
  }

  const data = saved.data;
  const isBusy = save.isPending || test.isPending;
  const deliveries = data
    ? [
        { text: deliveryText('Telegram', data.last_delivery.telegram), d: data.last_delivery.telegram },
        { text: deliveryText('Webhook', data.last_delivery.webhook), d: data.last_delivery.webhook },
      ].flatMap(({ text, d }) => (text && d ? [{ text, isProblem: d.status !== 'delivered' && d.attempts > 0 }] : []))
    : [];
  return (
    <form
      className="card form-grid alert-channels"
      onSubmit={onSubmit}
      noValidate
      aria-label="Alert Channels"
      aria-busy={saved.isLoading}
    >
      <h3>Alert Channels</h3>
      <p className="full muted alert-channels-hint">
        Alerts always appear under the bell. Add a Telegram bot or a webhook to hear them elsewhere too.
      </p>
      {flash && (
        <div className="full">
          <Message flash={flash} onClose={clear} />
        </div>
      )}
      <InputField
        label="Telegram Bot Token"
        name="telegram_bot_token"
        type="password"
        autoComplete="off"
        placeholder={data?.has_telegram_bot_token ? 'Saved (leave empty to keep)' : '123456789:ABC...'}
        value={values.botToken}
        onChange={set('botToken')}
      />
      <InputField label="Telegram Chat ID" name="telegram_chat_id" value={values.chatId} onChange={set('chatId')} />
      <InputField
        label="Webhook URL"
        name="webhook_url"
        type="url"
        placeholder="https://example.com/hooks/console"
        value={values.webhookUrl}
        onChange={set('webhookUrl')}
      />
      <InputField
        label="Webhook Secret"
        name="webhook_secret"
        type="password"
        autoComplete="off"
        placeholder={data?.has_webhook_secret ? 'Saved (leave empty to keep)' : 'At least 16 characters'}
        hint={<span className="muted">Each call carries x-signature: sha256=HMAC-SHA256 of its body.</span>}
        value={values.webhookSecret}
        onChange={set('webhookSecret')}
      />
      <p className="full muted" data-testid="alert-channels-active">
        {activeText(data?.active, saved.isLoading)}
      </p>
      {deliveries.length > 0 && (
        <ul className="full alert-deliveries" aria-label="Last deliveries">
          {deliveries.map((d) => (
            <li key={d.text} className={d.isProblem ? 'alert-delivery-problem' : 'muted'}>
              {d.text}
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={isBusy}>
          {save.isPending ? 'Saving...' : 'Save Channels'}
        </button>
        <button type="button" disabled={isBusy} onClick={() => test.mutate()}>
          Send Test Alert
        </button>
        {data?.has_telegram_bot_token && (
          <button type="button" className="danger" disabled={isBusy} onClick={() => save.mutate(REMOVE_TELEGRAM)}>
            Remove Telegram
          </button>
        )}
        {data?.webhook_url && (
          <button type="button" className="danger" disabled={isBusy} onClick={() => save.mutate(REMOVE_WEBHOOK)}>
            Remove Webhook
          </button>
        )}
      </div>
    </form>
  );
}

function activeText(active: readonly string[] | undefined, isLoading: boolean): string {
  if (isLoading) return 'Reading your channels...';
  return active && active.length > 0 ? `Sending to: ${active.join(', ')}` : 'Sending to the bell only';
}
