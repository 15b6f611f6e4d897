import { type EmailSender, verificationText } from './email-sender.ts';

/** SendGrid's v3 mail API. Chosen with EMAIL_PROVIDER=sendgrid. */
export function createSendgridEmail(options: {
  apiKey: string;
  from: string;
  fetchImpl?: typeof fetch;
}): EmailSender {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    name: 'sendgrid',
    async sendVerification(to, link) {
      const response = await doFetch('https://api.sendgrid.com/v3/mail/send', {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          personalizations: [{ to: [{ email: to }] }],
          from: { email: options.from, name: 'Petti' },
          subject: 'Confirm your email for Petti',
          content: [{ type: 'text/plain', value: verificationText(link) }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SendGrid refused the email: ${response.status}`);
    },
  };
}
