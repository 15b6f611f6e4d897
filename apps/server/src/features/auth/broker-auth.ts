import { TOPICS } from '@petti/shared';
import {
  DEVICE_USERNAME_PREFIX,
  devicePassword,
  SERVER_USERNAME,
  serverPassword,
} from '@petti/shared/node/device-password';
import type { BrokerAuth, Principal } from '../../realtime/realtime.ts';
import { safeEqual } from './secrets.ts';

const SITE_ID = /^[a-z0-9-]{1,64}$/;
const USER_ID = /^[0-9a-f]{32}$/;
/** A shop's board topic, exactly: no wildcard reaches another shop's. */
const SHOP_TOPIC = /^shops\/([A-Za-z0-9_-]{1,64})\/events$/;
/** A shop's products topic, exactly: what shoppers see anyway (prices, stock), for any signed-in user. */
const SHOP_PRODUCTS_TOPIC = /^shops\/[A-Za-z0-9_-]{1,64}\/products$/;

/**
 * Who a connection's user name says it is, for an external broker's topic checks: it asks about a
 * connection it already let in through the authentication hook, which checked the password.
 */
export function principalNamed(username: string | undefined): Principal | null {
  if (!username) return null;
  if (username === SERVER_USERNAME) return { kind: 'server' };
  if (username.startsWith(DEVICE_USERNAME_PREFIX)) {
    const siteId = username.slice(DEVICE_USERNAME_PREFIX.length);
    return SITE_ID.test(siteId) ? { kind: 'device', siteId } : null;
  }
  return USER_ID.test(username) ? { kind: 'user', userId: username } : null;
}

/**
 * Who may use the embedded broker. Browsers connect with their access token as the MQTT password
 * and may only subscribe under `users/{own id}/`, to any shop's products topic and the locker sites'
 * topic (what any shopper sees),
 * and to the board topic of a shop they work in (asked of the members table each time, so someone
 * removed is refused on their next try), and publish on
 * `users/{own id}/requests`; locker controllers use their site's credentials and may only use their own
 * site's topics.
 */
export function createBrokerAuth(deps: {
  authenticateUser: (
    accessToken: string,
  ) => Promise<{ userId: string; sessionId: string; tokenExpiresAt?: Date } | null>;
  siteExists: (siteId: string) => Promise<boolean>;
  isShopMember: (userId: string, shopId: string) => Promise<boolean>;
  deviceKey: string;
  now: () => number;
  maxConnectionsPerUser: number;
}): BrokerAuth {
  return {
    now: deps.now,
    maxConnectionsPerUser: deps.maxConnectionsPerUser,
    async authenticate({ username, password }) {
      if (!password) return null;
      if (username === SERVER_USERNAME)
        return safeEqual(password, serverPassword(deps.deviceKey)) ? { kind: 'server' } : null;
      if (username?.startsWith(DEVICE_USERNAME_PREFIX)) {
        const siteId = username.slice(DEVICE_USERNAME_PREFIX.length);
        if (!SITE_ID.test(siteId) || !safeEqual(password, devicePassword(deps.deviceKey, siteId)))
          return null;
        return (await deps.siteExists(siteId)) ? { kind: 'device', siteId } : null;
      }
      const user = await deps.authenticateUser(password);
      return user
        ? {
            kind: 'user',
            userId: user.userId,
            sessionId: user.sessionId,
            ...(user.tokenExpiresAt ? { expiresAt: user.tokenExpiresAt.getTime() } : {}),
          }
        : null;
    },
    canSubscribe(principal: Principal, filter: string): boolean | Promise<boolean> {
      if (principal.kind === 'server') return true;
      if (principal.kind === 'user') {
        if (filter.startsWith(`users/${principal.userId}/`)) return true;
        if (SHOP_PRODUCTS_TOPIC.test(filter) || filter === TOPICS.lockerSites) return true;
        const shop = SHOP_TOPIC.exec(filter)?.[1];
        return shop ? deps.isShopMember(principal.userId, shop) : false;
      }
      return (
        filter === TOPICS.lockerCommands(principal.siteId) ||
        filter.startsWith(`${TOPICS.lockerCommands(principal.siteId)}/`)
      );
    },
    canPublish(principal: Principal, topic: string) {
      if (principal.kind === 'server') return true;
      // A user publishes only their own requests (the app's offline buffer); the server still checks the
      // token each one carries (features/orders/live-checkin.ts).
      if (principal.kind === 'user') return topic === TOPICS.userRequests(principal.userId);
      const own = [TOPICS.lockerState(principal.siteId), TOPICS.lockerKeypad(principal.siteId)];
      return own.some((t) => topic === t || topic.startsWith(`${t}/`));
    },
  };
}
