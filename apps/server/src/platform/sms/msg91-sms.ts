import type { SmsProvider } from './sms-provider.ts';

/**
 * MSG91's Flow API, a common Indian SMS gateway with DLT-registered templates. The template holds
 * the text; the code goes in as the `otp` variable. The embedded outbox stands in for it in development.
 */
export function createMsg91Sms(options: {
  authKey: string;
  templateId: string;
  /** The alert template, with the whole text as its `message` variable; alerts are not sent without one. */
  alertTemplateId?: string;
  fetchImpl?: typeof fetch;
  endpoint?: string;
}): SmsProvider {
  const doFetch = options.fetchImpl ?? fetch;
  const endpoint = options.endpoint ?? 'https://control.msg91.com/api/v5/flow';
  return {
    name: 'msg91',
    async send({ to, code, body, purpose }) {
      const alert = purpose === 'alert';
      if (alert && !options.alertTemplateId)
        throw new Error('MSG91_ALERT_TEMPLATE_ID is not set: alert SMS cannot be sent');
      const response = await doFetch(endpoint, {
        method: 'POST',
        headers: { authkey: options.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: alert ? options.alertTemplateId : options.templateId,
          short_url: '0',
          recipients: [alert ? { mobiles: to, message: body } : { mobiles: to, otp: code }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      let type: unknown;
      try {
        type = (JSON.parse(text) as { type?: unknown }).type;
      } catch {
        type = undefined;
      }
      if (!response.ok || type === 'error')
        throw new Error(`MSG91 refused the message: ${response.status} ${text.slice(0, 200)}`);
    },
  };
}
