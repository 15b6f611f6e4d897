import { BRAND, formatRupees, type Language } from '@petti/shared';

/**
 * testpay's checkout page: server-rendered HTML with plain forms and no script (the CSP allows
 * only same-origin scripts), readable on a phone, in English and Tamil.
 */
const TEXT = {
  en: {
    title: 'Petti test payment',
    notice: 'Test mode: no money moves. Choose what should happen to this payment.',
    for: 'For',
    amount: 'Amount',
    order: 'Order',
    payWith: 'Pay with',
    card: 'Card',
    cardHint: 'Test card 4111 1111 1111 1111',
    upi: 'UPI',
    upiHint: 'Test UPI id success@testpay',
    pay: (amount: string) => `Pay ${amount}`,
    fail: 'Make it fail',
    cancel: 'Cancel and go back',
    otherLanguage: 'தமிழ்',
    paidTitle: 'Already paid',
    paidBody: 'This order has been paid already. Nothing more to do here.',
    back: 'Back to Petti',
    notFoundTitle: 'Payment not found',
    notFoundBody: 'We could not find this payment. Please start again from the app.',
    badLinkTitle: 'This link is not valid',
    badLinkBody: 'The return address must be a page of Petti itself. Please start again from the app.',
    mandateNotice:
      'Test mode: no money moves. Authorise automatic renewal (a UPI AutoPay mandate or a card), or make it fail.',
    every: (days: number) => `every ${days} days`,
    firstCharge: 'First charge',
    subscription: 'Mandate',
    renewals: 'Renewal charges',
    renewalsSucceed: 'Go through',
    renewalsFail: 'Fail (to try a failed renewal)',
    authorize: 'Authorise',
    mandateClosedTitle: 'Nothing to authorise',
    mandateClosedBody: 'This mandate is authorised already or no longer open. Please go back to the app.',
  },
  ta: {
    title: 'Petti சோதனைக் கட்டணம்',
    notice: 'சோதனை முறை: உண்மையான பணம் எதுவும் பரிமாறப்படாது. இந்தக் கட்டணத்துக்கு என்ன நடக்க வேண்டும் என்பதைத் தேர்வுசெய்யவும்.',
    for: 'எதற்காக',
    amount: 'தொகை',
    order: 'ஆர்டர்',
    payWith: 'செலுத்தும் முறை',
    card: 'கார்டு',
    cardHint: 'சோதனைக் கார்டு 4111 1111 1111 1111',
    upi: 'UPI',
    upiHint: 'சோதனை UPI ஐடி success@testpay',
    pay: (amount: string) => `${amount} செலுத்து`,
    fail: 'தோல்வியடையச் செய்',
    cancel: 'ரத்துசெய்து திரும்பு',
    otherLanguage: 'English',
    paidTitle: 'ஏற்கெனவே செலுத்தப்பட்டது',
    paidBody: 'இந்த ஆர்டருக்கு ஏற்கெனவே பணம் செலுத்தப்பட்டுள்ளது. இங்கே வேறு எதுவும் செய்ய வேண்டியதில்லை.',
    back: 'Petti-க்குத் திரும்பு',
    notFoundTitle: 'கட்டணம் கிடைக்கவில்லை',
    notFoundBody: 'இந்தக் கட்டணத்தைக் கண்டுபிடிக்க முடியவில்லை. செயலியிலிருந்து மீண்டும் தொடங்கவும்.',
    badLinkTitle: 'இந்த இணைப்பு செல்லாது',
    badLinkBody: 'திரும்பும் முகவரி Petti-யின் பக்கமாக இருக்க வேண்டும். செயலியிலிருந்து மீண்டும் தொடங்கவும்.',
    mandateNotice:
      'சோதனை முறை: உண்மையான பணம் எதுவும் பரிமாறப்படாது. தானியங்கு புதுப்பிப்பை (UPI AutoPay ஆணை அல்லது கார்டு) அங்கீகரிக்கவும், அல்லது தோல்வியடையச் செய்யவும்.',
    every: (days: number) => `ஒவ்வொரு ${days} நாட்களுக்கும்`,
    firstCharge: 'முதல் கட்டணம்',
    subscription: 'ஆணை',
    renewals: 'புதுப்பிப்புக் கட்டணங்கள்',
    renewalsSucceed: 'வெற்றிபெறட்டும்',
    renewalsFail: 'தோல்வியடையட்டும் (தோல்வியுற்ற புதுப்பிப்பைச் சோதிக்க)',
    authorize: 'அங்கீகரி',
    mandateClosedTitle: 'அங்கீகரிக்க எதுவும் இல்லை',
    mandateClosedBody: 'இந்த ஆணை ஏற்கெனவே அங்கீகரிக்கப்பட்டது அல்லது இனி திறந்திருக்கவில்லை. செயலிக்குத் திரும்பவும்.',
  },
} as const;

export type CheckoutText = (typeof TEXT)['en'];
export const checkoutText = (lang: Language) => TEXT[lang];

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Noto Sans Tamil","Noto Sans",sans-serif;
  background:#fff7f2;color:#1f2328;display:flex;justify-content:center;align-items:flex-start;padding:16px}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;box-shadow:0 4px 24px rgba(0,0,0,.08);overflow:hidden}
header{background:${BRAND.orange};color:#fff;padding:16px 20px;display:flex;justify-content:space-between;align-items:center;gap:12px}
header h1{margin:0;font-size:1.15rem}
header a{color:#fff;font-size:.9rem}
.content{padding:20px}
.notice{margin:0 0 16px;padding:12px;border-radius:10px;background:#fff1e6;border:1px solid #f9c9a8;color:#7a3306;font-size:.92rem}
dl{margin:0 0 16px;display:grid;grid-template-columns:auto 1fr;gap:6px 12px}
dt{color:#59636e}
dd{margin:0;word-break:break-word}
.amount{font-size:1.6rem;font-weight:700}
fieldset{border:1px solid #d0d7de;border-radius:10px;margin:0 0 16px;padding:8px 12px}
legend{padding:0 4px;color:#59636e}
label{display:flex;gap:10px;align-items:center;padding:10px 4px;min-height:48px;cursor:pointer}
label small{display:block;color:#59636e}
input[type=radio]{width:20px;height:20px;accent-color:${BRAND.orange}}
button{display:block;width:100%;min-height:48px;border-radius:10px;font-size:1rem;font-weight:600;cursor:pointer;margin-top:10px}
.pay{background:${BRAND.orange};border:0;color:#fff}
.pay:hover,.pay:focus{background:${BRAND.orangeDark}}
.fail{background:#fff;border:2px solid #cf222e;color:#cf222e}
.links{margin-top:16px;text-align:center}
.links a{color:${BRAND.orangeDark}}
code{font-size:.85rem}
`;

function layout(lang: Language, title: string, header: string, body: string): string {
  const t = TEXT[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><h1>${escapeHtml(t.title)}</h1>${header}</header>
<div class="content">
${body}
</div>
</main>
</body>
</html>`;
}

export interface CheckoutPageInput {
  lang: Language;
  orderId: string;
  amountPaise: number;
  description: string;
  /** The form's own URL (POST). */
  action: string;
  /** The same page in the other language. */
  otherLanguageUrl: string;
  returnPath: string;
  cancelUrl: string;
}

/** The shared part of the pages: the form (method, any more choices, the two buttons) and the way back. */
function payerForm(
  input: { lang: Language; action: string; returnPath: string; cancelUrl: string },
  options: { methods: readonly ('card' | 'upi')[]; more?: string; submit: string },
): string {
  const t = TEXT[input.lang];
  const method = (m: 'card' | 'upi', checked: boolean) =>
    `<label><input type="radio" name="method" value="${m}"${checked ? ' checked' : ''}><span>${escapeHtml(
      m === 'card' ? t.card : t.upi,
    )}<small>${escapeHtml(m === 'card' ? t.cardHint : t.upiHint)}</small></span></label>`;
  return `<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="return" value="${escapeHtml(input.returnPath)}">
<input type="hidden" name="lang" value="${input.lang}">
<fieldset>
<legend>${escapeHtml(t.payWith)}</legend>
${options.methods.map((m, n) => method(m, n === 0)).join('\n')}
</fieldset>
${options.more ?? ''}<button type="submit" name="outcome" value="success" class="pay">${escapeHtml(options.submit)}</button>
<button type="submit" name="outcome" value="failure" class="fail">${escapeHtml(t.fail)}</button>
</form>
<p class="links"><a href="${escapeHtml(input.cancelUrl)}">${escapeHtml(t.cancel)}</a></p>`;
}

/** The header's link to the same page in the other language. */
const otherLanguage = (lang: Language, url: string) =>
  `<a href="${escapeHtml(url)}" lang="${lang === 'en' ? 'ta' : 'en'}">${escapeHtml(TEXT[lang].otherLanguage)}</a>`;

export function renderCheckoutPage(input: CheckoutPageInput): string {
  const t = TEXT[input.lang];
  const amount = formatRupees(input.amountPaise);
  const body = `
<p class="notice" role="note">${escapeHtml(t.notice)}</p>
<dl>
<dt>${escapeHtml(t.for)}</dt><dd>${escapeHtml(input.description)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd class="amount">${escapeHtml(amount)}</dd>
<dt>${escapeHtml(t.order)}</dt><dd><code>${escapeHtml(input.orderId)}</code></dd>
</dl>
${payerForm(input, { methods: ['card', 'upi'], submit: t.pay(amount) })}`;
  return layout(
    input.lang,
    `${t.title} · ${amount}`,
    otherLanguage(input.lang, input.otherLanguageUrl),
    body,
  );
}

export interface MandatePageInput {
  lang: Language;
  subscriptionId: string;
  amountPaise: number;
  periodDays: number;
  description: string;
  /** The first charge, already written for the reader. */
  firstCharge: string;
  action: string;
  otherLanguageUrl: string;
  returnPath: string;
  cancelUrl: string;
}

/** The mandate's authorisation page: how much, how often, from when; the method; whether renewals go through. */
export function renderMandatePage(input: MandatePageInput): string {
  const t = TEXT[input.lang];
  const amount = formatRupees(input.amountPaise);
  const renewals = `<fieldset>
<legend>${escapeHtml(t.renewals)}</legend>
<label><input type="radio" name="renewals" value="success" checked><span>${escapeHtml(t.renewalsSucceed)}</span></label>
<label><input type="radio" name="renewals" value="failure"><span>${escapeHtml(t.renewalsFail)}</span></label>
</fieldset>
`;
  const body = `
<p class="notice" role="note">${escapeHtml(t.mandateNotice)}</p>
<dl>
<dt>${escapeHtml(t.for)}</dt><dd>${escapeHtml(input.description)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd><span class="amount">${escapeHtml(amount)}</span> ${escapeHtml(t.every(input.periodDays))}</dd>
<dt>${escapeHtml(t.firstCharge)}</dt><dd>${escapeHtml(input.firstCharge)}</dd>
<dt>${escapeHtml(t.subscription)}</dt><dd><code>${escapeHtml(input.subscriptionId)}</code></dd>
</dl>
${payerForm(input, { methods: ['upi', 'card'], more: renewals, submit: t.authorize })}`;
  return layout(
    input.lang,
    `${t.title} · ${amount}`,
    otherLanguage(input.lang, input.otherLanguageUrl),
    body,
  );
}

/** A page with a title, a sentence and, when there is somewhere safe to go, a link back. */
export function renderMessagePage(lang: Language, title: string, message: string, backUrl?: string): string {
  const t = TEXT[lang];
  const back = backUrl
    ? `<p class="links"><a href="${escapeHtml(backUrl)}">${escapeHtml(t.back)}</a></p>`
    : '';
  return layout(lang, title, '', `<h2>${escapeHtml(title)}</h2>\n<p>${escapeHtml(message)}</p>\n${back}`);
}
