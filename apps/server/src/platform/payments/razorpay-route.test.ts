import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { createRazorpayRoute } from './razorpay-route.ts';

const auth = `Basic ${Buffer.from('rzp_test_key:secret123').toString('base64')}`;
const route = (answers: Parameters<typeof fakeFetch>[0]) => {
  const fake = fakeFetch(answers);
  return {
    fake,
    rzp: createRazorpayRoute({ keyId: 'rzp_test_key', keySecret: 'secret123', fetchImpl: fake.impl }),
  };
};
const transfer = {
  id: 'trf_EAznuJ9cDLnF7Y',
  entity: 'transfer',
  status: 'processed',
  source: 'pay_E9up5WhIfMYnKW',
  recipient: 'acc_CMaomTz4o0FOFz',
  amount: 100,
  amount_reversed: 0,
  notes: { petti_transfer: 't1', order: 'o1' },
  recipient_settlement_id: null,
};

describe('Razorpay Route', () => {
  it('opens a linked account under /v2 and configures Route with the bank account', async () => {
    const { fake, rzp } = route([
      { status: 200, body: { id: 'acc_GRWKk7qQsLnDjX', type: 'route', status: 'created' } },
      { status: 200, body: { id: 'acc_prd_HEgNpywUFctQ9e', activation_status: 'needs_clarification' } },
      { status: 200, body: { id: 'acc_prd_HEgNpywUFctQ9e', activation_status: 'under_review' } },
    ]);
    expect(
      await rzp.createLinkedAccount({
        referenceId: 'sri-murugan-stores',
        businessName: 'Sri Murugan Stores',
        contactName: 'Murugan',
        email: 'm@example.in',
        phone: '9876543210',
      }),
    ).toEqual({ accountId: 'acc_GRWKk7qQsLnDjX' });
    expect(
      await rzp.configureSettlement('acc_GRWKk7qQsLnDjX', {
        beneficiaryName: 'Murugan',
        accountNumber: '301244556677',
        ifsc: 'SBIN0001234',
      }),
    ).toEqual({ productId: 'acc_prd_HEgNpywUFctQ9e', status: 'under_review', problem: null });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST https://api.razorpay.com/v2/accounts',
      'POST https://api.razorpay.com/v2/accounts/acc_GRWKk7qQsLnDjX/products',
      'PATCH https://api.razorpay.com/v2/accounts/acc_GRWKk7qQsLnDjX/products/acc_prd_HEgNpywUFctQ9e',
    ]);
    expect(fake.calls[0]!.headers.authorization).toBe(auth);
    expect(fake.calls[0]!.body).toMatchObject({
      type: 'route',
      reference_id: 'sri-murugan-stores',
      phone: '9876543210',
    });
    expect(fake.calls[2]!.body).toEqual({
      settlements: { account_number: '301244556677', ifsc_code: 'SBIN0001234', beneficiary_name: 'Murugan' },
      tnc_accepted: true,
    });
  });

  it('changes the bank account of the Route configuration the account has, without asking for Route again', async () => {
    const { fake, rzp } = route([
      { status: 200, body: { id: 'acc_prd_HEgNpywUFctQ9e', activation_status: 'activated' } },
    ]);
    const bank = { beneficiaryName: 'Murugan', accountNumber: '501244556677', ifsc: 'IOBA0000123' };
    expect(await rzp.configureSettlement('acc_GRWKk7qQsLnDjX', bank, 'acc_prd_HEgNpywUFctQ9e')).toEqual({
      productId: 'acc_prd_HEgNpywUFctQ9e',
      status: 'activated',
      problem: null,
    });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PATCH https://api.razorpay.com/v2/accounts/acc_GRWKk7qQsLnDjX/products/acc_prd_HEgNpywUFctQ9e',
    ]);
    expect(fake.calls[0]!.body).toMatchObject({ settlements: { account_number: '501244556677' } });
  });

  it('answers the account an email already has when asked again after a lost answer', async () => {
    const { rzp } = route([
      {
        status: 400,
        body: {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Merchant email already exists for account - acc_GRWKk7qQsLnDjX',
          },
        },
      },
    ]);
    expect(
      (
        await rzp.createLinkedAccount({
          referenceId: 's',
          businessName: 'b',
          contactName: 'c',
          email: 'e@x.in',
          phone: '9',
        })
      ).accountId,
    ).toBe('acc_GRWKk7qQsLnDjX');
  });

  it('transfers from a payment, and on a retry answers the transfer its note names instead of sending again', async () => {
    const { fake, rzp } = route([
      { status: 200, body: { entity: 'collection', count: 1, items: [transfer] } },
      { status: 200, body: { entity: 'collection', count: 1, items: [transfer] } },
    ]);
    const input = {
      account: 'acc_CMaomTz4o0FOFz',
      amount: 100,
      paymentId: 'pay_E9up5WhIfMYnKW',
      notes: { petti_transfer: 't1', order: 'o1' },
    };
    const made = await rzp.transfer(input);
    expect(made).toMatchObject({
      id: 'trf_EAznuJ9cDLnF7Y',
      status: 'processed',
      amountReversed: 0,
      settlementId: null,
    });
    expect(await rzp.transfer(input, { retry: true })).toEqual(made);
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST https://api.razorpay.com/v1/payments/pay_E9up5WhIfMYnKW/transfers',
      'GET https://api.razorpay.com/v1/payments/pay_E9up5WhIfMYnKW/transfers',
    ]);
    expect(fake.calls[0]!.body).toEqual({
      transfers: [{ account: 'acc_CMaomTz4o0FOFz', amount: 100, currency: 'INR', notes: input.notes }],
    });
  });

  it('transfers from the balance when no payment is named, reverses, and lists a settlement’s transfers', async () => {
    const { fake, rzp } = route([
      { status: 200, body: { ...transfer, source: 'acc_CJoeHMNpi0nC7k' } },
      {
        status: 200,
        body: { id: 'rvrsl_EB0BWgGDAu7tOz', entity: 'reversal', transfer_id: transfer.id, amount: 40 },
      },
      { status: 200, body: { items: [{ ...transfer, recipient_settlement_id: 'setl_DHYJ3dRPqQkAgV' }] } },
    ]);
    await rzp.transfer({
      account: 'acc_CMaomTz4o0FOFz',
      amount: 100,
      notes: { petti_transfer: 't2', order: 'o2' },
    });
    expect(
      await rzp.reverse(transfer.id, { amount: 40, notes: { petti_reversal: 'r1', order: 'o1' } }),
    ).toEqual({
      id: 'rvrsl_EB0BWgGDAu7tOz',
      transferId: transfer.id,
      amount: 40,
      notes: {},
    });
    expect((await rzp.transfersOfSettlement('setl_DHYJ3dRPqQkAgV'))[0]!.settlementId).toBe(
      'setl_DHYJ3dRPqQkAgV',
    );
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST https://api.razorpay.com/v1/transfers',
      `POST https://api.razorpay.com/v1/transfers/${transfer.id}/reversals`,
      'GET https://api.razorpay.com/v1/transfers?recipient_settlement_id=setl_DHYJ3dRPqQkAgV&count=100',
    ]);
  });

  it('reports a refused reversal as a provider error with its status', async () => {
    const { rzp } = route([
      { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'insufficient balance' } } },
    ]);
    const err = await rzp
      .reverse('trf_1', { amount: 1, notes: { petti_reversal: 'r', order: 'o' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
  });

  it('lists its own transfers a page at a time, and a transfer’s reversals, for the reconciliation', async () => {
    const { fake, rzp } = route([
      {
        status: 200,
        body: { entity: 'collection', count: 1, items: [{ ...transfer, created_at: 1764669600 }] },
      },
      {
        status: 200,
        body: {
          items: [
            {
              id: 'rvrsl_EB0BWgGDAu7tOz',
              transfer_id: transfer.id,
              amount: 40,
              notes: { petti_reversal: 'r1', order: 'o1' },
            },
          ],
        },
      },
    ]);
    const [listed] = await rzp.listTransfers({ from: new Date(1764583200_000), skip: 100, count: 500 });
    expect(listed).toMatchObject({
      id: transfer.id,
      notes: { petti_transfer: 't1', order: 'o1' },
      createdAt: new Date(1764669600_000),
    });
    expect(await rzp.reversalsOf(transfer.id)).toEqual([
      {
        id: 'rvrsl_EB0BWgGDAu7tOz',
        transferId: transfer.id,
        amount: 40,
        notes: { petti_reversal: 'r1', order: 'o1' },
      },
    ]);
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://api.razorpay.com/v1/transfers?from=1764583200&skip=100&count=100',
      `GET https://api.razorpay.com/v1/transfers/${transfer.id}/reversals`,
    ]);
  });
});
