import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { principalNamed } from './broker-auth.ts';
import { safeEqual } from './secrets.ts';

/**
 * Authentication and authorisation for an external broker (docs/deploy.md#an-external-broker), in the
 * form EMQX's HTTP authenticator and authoriser and mosquitto-go-auth's HTTP backend call: the broker
 * asks Petti who may connect (an access token as the password, a site's or Petti's own credentials)
 * and who may use which topic, by the same rules as the embedded broker. Every answer is 200 with
 * `result` (EMQX) and `ok` (go-auth's JSON response mode); the address carries BROKER_HOOK_SECRET. A
 * user's connection is answered with its token's expiry (`expire_at`) and remembered by client id,
 * so that EMQX drops it when the token expires and a sign-out can have it dropped at once.
 */
const credentials = z.object({
  username: z.string().max(200).optional(),
  password: z.string().max(4096).optional(),
  clientid: z.string().max(65535).optional(),
});
const aclQuery = z.object({
  username: z.string().max(200).optional(),
  clientid: z.string().max(65535).optional(),
  topic: z.string().min(1).max(65535),
  /** EMQX: `publish` or `subscribe`. */
  action: z.enum(['publish', 'subscribe']).optional(),
  /** mosquitto-go-auth: 1 read, 2 write, 3 read and write, 4 subscribe. */
  acc: z.coerce.number().int().min(1).max(4).optional(),
});
const answer = z.object({
  result: z.enum(['allow', 'deny']),
  ok: z.boolean(),
  is_superuser: z.boolean().optional(),
  /** EMQX (5.4 and later) drops the connection at this time, seconds since the epoch: the token's expiry. */
  expire_at: z.number().int().optional(),
  error: z.string().optional(),
});

const allow = (superuser = false) => ({ result: 'allow' as const, ok: true, is_superuser: superuser });
const deny = (error: string) => ({ result: 'deny' as const, ok: false, error });

export const brokerHookRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.ctx.config.BROKER_HOOK_SECRET;
  if (!secret) return;
  const auth = app.services.brokerAuth;
  const connections = app.services.brokerConnections;
  // go-auth sends form fields unless told to send JSON: both are read here.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const params = z.strictObject({ secret: z.string().max(200) });
  const schema = (summary: string, body: z.ZodType) => ({
    schema: { tags: ['broker'], summary, params, body, response: { 200: answer } },
  });
  const check = (given: string) => {
    if (!safeEqual(given, secret)) throw notFound('request');
  };

  app.post(
    '/broker/:secret/user',
    schema('External broker: may this client connect?', credentials),
    async (request) => {
      check(request.params.secret);
      const { username, password, clientid } = request.body as z.infer<typeof credentials>;
      const who = await auth.authenticate({ clientId: clientid ?? '', username, password });
      if (!who) return deny('bad user name or password');
      if (who.kind !== 'user') return allow(who.kind === 'server');
      // Remembered so that signing out can drop this connection, which the broker never re-checks.
      if (who.sessionId && clientid) await connections.remember(who.sessionId, clientid);
      return {
        ...allow(),
        ...(who.expiresAt !== undefined ? { expire_at: Math.floor(who.expiresAt / 1000) } : {}),
      };
    },
  );

  app.post(
    '/broker/:secret/superuser',
    schema(
      'External broker (mosquitto-go-auth): is this user a superuser?',
      credentials.pick({ username: true }),
    ),
    async (request) => {
      check(request.params.secret);
      // Only Petti's own processes; the superuser check never sees a password, so it trusts the name
      // only after the user check let the connection in.
      return principalNamed((request.body as { username?: string }).username)?.kind === 'server'
        ? allow(true)
        : deny('not a superuser');
    },
  );

  app.post(
    '/broker/:secret/acl',
    schema('External broker: may this client use this topic?', aclQuery),
    async (request) => {
      check(request.params.secret);
      const q = request.body as z.infer<typeof aclQuery>;
      const who = principalNamed(q.username);
      if (!who) return deny('unknown user');
      const publish = q.action === 'publish' || q.acc === 2 || q.acc === 3;
      const receive = q.action === 'subscribe' || q.acc === 1 || q.acc === 3 || q.acc === 4;
      if (!publish && !receive) return deny('no action named');
      if (publish && !auth.canPublish(who, q.topic)) return deny('may not publish there');
      if (receive && !(await auth.canSubscribe(who, q.topic))) return deny('may not subscribe there');
      return allow(who.kind === 'server');
    },
  );
};
