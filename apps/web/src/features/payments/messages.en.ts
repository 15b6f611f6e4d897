/** English strings of payments, plans' checkout and the payment history, under `payments.`. */
export const paymentsEn = {
  outcome: {
    confirming: 'Confirming your payment…',
    paid: 'Payment received. Thank you!',
    failed: 'The payment did not go through. Nothing was charged and nothing was given. You can try again.',
    cancelled: 'You left the payment page, so nothing was paid. You can try again.',
    error:
      'We could not confirm the payment yet. If money was taken, it will be confirmed shortly or refunded.',
  },
};
