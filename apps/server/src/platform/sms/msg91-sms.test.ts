import { describe, expect, it } from 'vitest';
import { createMsg91Sms } from './msg91-sms.ts';

function fakeMsg91(answer = { status: 200, body: '{"type":"success"}' }) {
  const sent: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
    return new Response(answer.body, { status: answer.status });
  }) as unknown as typeof fetch;
  return { sent, fetchImpl };
}

describe('MSG91 SMS', () => {
  it('sends a sign-in code through the code template', async () => {
    const api = fakeMsg91();
    const sms = createMsg91Sms({
      authKey: 'k',
      templateId: 'codes',
      alertTemplateId: 'alerts',
      fetchImpl: api.fetchImpl,
    });
    await sms.send({ to: '919876543210', body: 'Your code is 123456', code: '123456' });
    expect(api.sent[0]).toMatchObject({
      headers: { authkey: 'k' },
      body: { template_id: 'codes', recipients: [{ mobiles: '919876543210', otp: '123456' }] },
    });
  });

  it('sends an alert through the alert template with the whole text, and refuses one without it', async () => {
    const api = fakeMsg91();
    const sms = createMsg91Sms({
      authKey: 'k',
      templateId: 'codes',
      alertTemplateId: 'alerts',
      fetchImpl: api.fetchImpl,
    });
    await sms.send({ to: '919876543210', body: 'Petti: Booking time is over.', purpose: 'alert' });
    expect(api.sent[0]?.body).toMatchObject({
      template_id: 'alerts',
      recipients: [{ mobiles: '919876543210', message: 'Petti: Booking time is over.' }],
    });
    const bare = createMsg91Sms({ authKey: 'k', templateId: 'codes', fetchImpl: api.fetchImpl });
    await expect(bare.send({ to: '919876543210', body: 'x', purpose: 'alert' })).rejects.toThrow(
      /MSG91_ALERT_TEMPLATE_ID/,
    );
    expect(api.sent).toHaveLength(1);
  });

  it('fails when MSG91 refuses', async () => {
    const api = fakeMsg91({ status: 200, body: '{"type":"error","message":"bad template"}' });
    const sms = createMsg91Sms({ authKey: 'k', templateId: 'codes', fetchImpl: api.fetchImpl });
    await expect(sms.send({ to: '919876543210', body: 'x', code: '1' })).rejects.toThrow(/refused/);
  });
});
