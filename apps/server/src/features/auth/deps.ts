import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import type { TokenSigner } from './tokens.ts';

export interface AuthDeps {
  db: Db;
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
