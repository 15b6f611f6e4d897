/** English strings of payments: the checkout's outcome, the payment history and receipts, under `payments.`. */
export const paymentsEn = {
  outcome: {
    confirming: 'Confirming your payment…',
    paid: 'Payment received. Thank you!',
    failed: 'The payment did not go through. Nothing was charged and nothing was given. You can try again.',
    cancelled: 'You left the payment page, so nothing was paid. You can try again.',
    error:
      'We could not confirm the payment yet. If money was taken, it will be confirmed shortly or refunded.',
  },
  status: {
    created: 'Not paid',
    authorized: 'Processing',
    captured: 'Paid',
    failed: 'Failed',
    refunded: 'Refunded',
    partially_refunded: 'Partly refunded',
  },
  filterLabel: 'Show payments for',
  filters: { all: 'All', lockers: 'Lockers', orders: 'Orders', plans: 'Plans' },
  empty:
    'No payments yet. Locker bookings, orders and plans you pay for will be listed here with their receipts.',
  emptyFiltered: 'No payments of this kind yet.',
  more: 'Show older payments',
  methods: { upi: 'UPI', card: 'Card', netbanking: 'Net banking', wallet: 'Wallet' },
  receipt: {
    title: 'Receipt',
    close: 'Close',
    print: 'Print or save as PDF',
    number: 'Receipt no.',
    date: 'Date',
    for: 'For',
    status: 'Status',
    method: 'Paid by',
    reference: 'Payment reference',
    taxable: 'Taxable value',
    cgst: 'CGST',
    sgst: 'SGST',
    cgstAt: 'CGST {{percent}}%',
    sgstAt: 'SGST {{percent}}%',
    total: 'Total (GST included)',
    refunded: 'Refunded',
  },
};
