import { LANGUAGES, type Language } from '@petti/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../http/openapi.ts';
import { checkoutText, renderCheckoutPage, renderMandatePage, renderMessagePage } from './checkout-page.ts';
import { TESTPAY_METHODS, type TestpayProvider } from './provider.ts';
import { RETURN_PATH_PATTERN, safeReturnPath, withQuery } from './return-path.ts';
import type { TestpaySubscriptions } from './subscriptions.ts';
import type { TestpayWebhooks } from './webhooks.ts';

const langOf = (value: unknown): Language =>
  (LANGUAGES as readonly string[]).includes(value as string) ? (value as Language) : 'en';

function html(reply: FastifyReply, status: number, page: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

/**
 * testpay's checkout (docs/payments.md): the app navigates here with the order id and a return
 * path; the payer picks card or UPI and success or failure; the answer goes back to the return
 * path exactly as Razorpay Checkout hands it to its handler, and the webhook follows.
 */
export function testpayCheckoutRoutes(deps: {
  testpay: TestpayProvider;
  subscriptions: TestpaySubscriptions;
  webhooks: TestpayWebhooks;
}): FastifyPluginAsyncZod {
  const { testpay, subscriptions, webhooks } = deps;
  return async (app) => {
    // Plain HTML forms post urlencoded bodies; only this plugin's routes parse them.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    const tags = ['payments'];
    const params = z.strictObject({ providerOrderId: z.string().min(1).max(64) });
    const returnPath = z
      .string()
      .describe('A path on this origin to go back to (never another site).')
      .meta({ pattern: RETURN_PATH_PATTERN, examples: ['/orders/x?paid=1'] });
    const query = z.object({ return: returnPath, lang: z.string().optional() });
    const page = { content: { 'text/html': { schema: z.string() } } };
    // A refusal of the page's own (a bad link, an unknown order) is a page; the input's checks answer JSON.
    const refusal = (description: string) => ({
      description,
      content: { 'text/html': { schema: z.string() }, 'application/json': { schema: errorBodySchema } },
    });
    const pageAnswers = {
      200: { description: 'The page', ...page },
      400: refusal('The return path is not one of this origin’s, or the input breaks this document.'),
      404: refusal('No such order or subscription at testpay.'),
    };
    const formAnswers = {
      303: z.null().describe('Back to the return path, with the outcome in its query.'),
      ...pageAnswers,
      409: refusal('Already paid, or the mandate is no longer open.'),
    };
    const consumes = ['application/x-www-form-urlencoded', 'application/json'];

    app.get(
      '/payments/testpay/checkout/:providerOrderId',
      {
        schema: {
          tags,
          summary: 'testpay checkout page (HTML): choose card or UPI, success or failure',
          params,
          querystring: query,
          response: pageAnswers,
        },
      },
      async (request, reply) => {
        const lang = langOf(request.query.lang);
        const t = checkoutText(lang);
        const returnPath = safeReturnPath(request.query.return);
        if (!returnPath) return html(reply, 400, renderMessagePage(lang, t.badLinkTitle, t.badLinkBody));
        const order = await testpay.findOrder(request.params.providerOrderId);
        if (!order)
          return html(reply, 404, renderMessagePage(lang, t.notFoundTitle, t.notFoundBody, returnPath));
        if (order.status === 'paid') {
          return html(reply, 200, renderMessagePage(lang, t.paidTitle, t.paidBody, returnPath));
        }
        const action = request.url.split('?')[0] ?? '';
        const other: Language = lang === 'en' ? 'ta' : 'en';
        const description =
          (lang === 'ta' ? order.notes.description_ta : undefined) ??
          order.notes.description ??
          order.receipt;
        return html(
          reply,
          200,
          renderCheckoutPage({
            lang,
            orderId: order.id,
            amountPaise: order.amountPaise,
            description,
            action,
            otherLanguageUrl: `${action}?${new URLSearchParams({ return: returnPath, lang: other })}`,
            returnPath,
            cancelUrl: withQuery(returnPath, {
              payment_error: 'payment_cancelled',
              razorpay_order_id: order.id,
            }),
          }),
        );
      },
    );

    app.post(
      '/payments/testpay/checkout/:providerOrderId',
      {
        schema: {
          tags,
          summary: 'testpay checkout form: pays or fails, then redirects (303) to the return path',
          params,
          body: z.object({
            outcome: z.enum(['success', 'failure']),
            method: z.enum(TESTPAY_METHODS),
            return: returnPath,
            lang: z.string().optional(),
          }),
          consumes,
          response: formAnswers,
        },
      },
      async (request, reply) => {
        const lang = langOf(request.body.lang);
        const t = checkoutText(lang);
        const returnPath = safeReturnPath(request.body.return);
        if (!returnPath) return html(reply, 400, renderMessagePage(lang, t.badLinkTitle, t.badLinkBody));
        const result = await testpay.pay(request.params.providerOrderId, {
          outcome: request.body.outcome,
          method: request.body.method,
        });
        if (result.kind === 'not_found') {
          return html(reply, 404, renderMessagePage(lang, t.notFoundTitle, t.notFoundBody, returnPath));
        }
        if (result.kind === 'already_paid') {
          return html(reply, 409, renderMessagePage(lang, t.paidTitle, t.paidBody, returnPath));
        }
        // The webhook goes out in the background; Petti's confirm and webhook paths converge.
        webhooks.kick();
        const answer: Record<string, string> =
          result.kind === 'captured'
            ? {
                razorpay_order_id: result.order.id,
                razorpay_payment_id: result.payment.id,
                razorpay_signature: result.signature,
              }
            : { payment_error: result.errorReason, razorpay_order_id: result.order.id };
        return reply.header('cache-control', 'no-store').redirect(withQuery(returnPath, answer), 303);
      },
    );

    const mandateParams = z.strictObject({ subscriptionId: z.string().min(1).max(64) });
    const when = (lang: Language, d: Date) =>
      new Intl.DateTimeFormat(lang === 'ta' ? 'ta-IN' : 'en-IN', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'Asia/Kolkata',
      }).format(d);

    app.get(
      '/payments/testpay/subscribe/:subscriptionId',
      {
        schema: {
          tags,
          summary: 'testpay mandate page (HTML): authorise automatic renewal, or fail',
          params: mandateParams,
          querystring: query,
          response: pageAnswers,
        },
      },
      async (request, reply) => {
        const lang = langOf(request.query.lang);
        const t = checkoutText(lang);
        const returnPath = safeReturnPath(request.query.return);
        if (!returnPath) return html(reply, 400, renderMessagePage(lang, t.badLinkTitle, t.badLinkBody));
        const found = await subscriptions.find(request.params.subscriptionId);
        if (!found)
          return html(reply, 404, renderMessagePage(lang, t.notFoundTitle, t.notFoundBody, returnPath));
        if (found.subscription.status !== 'created')
          return html(
            reply,
            200,
            renderMessagePage(lang, t.mandateClosedTitle, t.mandateClosedBody, returnPath),
          );
        const action = request.url.split('?')[0] ?? '';
        const other: Language = lang === 'en' ? 'ta' : 'en';
        const notes = found.subscription.notes;
        return html(
          reply,
          200,
          renderMandatePage({
            lang,
            subscriptionId: found.subscription.id,
            amountPaise: found.plan.amountPaise,
            periodDays: found.plan.periodDays,
            description:
              (lang === 'ta' ? notes.description_ta : undefined) ?? notes.description ?? found.plan.name,
            firstCharge: when(lang, found.subscription.startAt),
            action,
            otherLanguageUrl: `${action}?${new URLSearchParams({ return: returnPath, lang: other })}`,
            returnPath,
            cancelUrl: withQuery(returnPath, {
              payment_error: 'payment_cancelled',
              razorpay_subscription_id: found.subscription.id,
            }),
          }),
        );
      },
    );

    app.post(
      '/payments/testpay/subscribe/:subscriptionId',
      {
        schema: {
          tags,
          summary: 'testpay mandate form: authorises or fails, then redirects (303) to the return path',
          params: mandateParams,
          body: z.object({
            outcome: z.enum(['success', 'failure']),
            method: z.enum(TESTPAY_METHODS),
            renewals: z.enum(['success', 'failure']).default('success'),
            return: returnPath,
            lang: z.string().optional(),
          }),
          consumes,
          response: formAnswers,
        },
      },
      async (request, reply) => {
        const lang = langOf(request.body.lang);
        const t = checkoutText(lang);
        const returnPath = safeReturnPath(request.body.return);
        if (!returnPath) return html(reply, 400, renderMessagePage(lang, t.badLinkTitle, t.badLinkBody));
        const result = await subscriptions.authorize(request.params.subscriptionId, {
          outcome: request.body.outcome,
          method: request.body.method,
          renewals: request.body.renewals,
        });
        if (result.kind === 'not_found')
          return html(reply, 404, renderMessagePage(lang, t.notFoundTitle, t.notFoundBody, returnPath));
        if (result.kind === 'not_open')
          return html(
            reply,
            409,
            renderMessagePage(lang, t.mandateClosedTitle, t.mandateClosedBody, returnPath),
          );
        webhooks.kick();
        const answer: Record<string, string> =
          result.kind === 'authenticated'
            ? {
                razorpay_subscription_id: result.subscription.id,
                razorpay_payment_id: result.paymentId,
                razorpay_signature: result.signature,
              }
            : { payment_error: 'payment_failed', razorpay_subscription_id: result.subscription.id };
        return reply.header('cache-control', 'no-store').redirect(withQuery(returnPath, answer), 303);
      },
    );
  };
}
