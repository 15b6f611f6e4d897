import type { Config } from '../../config.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import type { TokenSigner } from './tokens.ts';

/** Sessions that just ended (signed out here or everywhere, or the account deleted). */
export interface EndedSessions {
  userId: string;
  sessionIds: string[];
}

export interface AuthDeps {
  /**
   * Told after sessions are revoked, so their open live connections are closed and their apps told
   * (docs/product.md#sign-out); a failure here never undoes the sign-out.
   */
  onSessionsEnded?: (ended: EndedSessions) => Promise<void>;
  db: Db;
  /** Word of committed changes, for the sessions kept in memory. */
  changes: ChangeFeed;
  clock: Clock;
  sms: SmsProvider;
  tokens: TokenSigner;
  config: Pick<
    Config,
    | 'JWT_SECRET'
    | 'PUBLIC_URL'
    | 'PORT'
    | 'CLIENT_ID'
    | 'REFRESH_TOKEN_TTL_DAYS'
    | 'AUTH_CODE_TTL_SECONDS'
    | 'AUTH_MAX_ATTEMPTS'
    | 'AUTH_RESEND_SECONDS'
    | 'AUTH_CODES_PER_HOUR'
    | 'AUTH_IP_CODES_PER_HOUR'
  >;
}
