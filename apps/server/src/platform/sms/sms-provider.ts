/** Sends a text message to an Indian mobile number (wire form `91XXXXXXXXXX`). */
export interface SmsProvider {
  readonly name: string;
  send(message: { to: string; body: string; code?: string }): Promise<void>;
}
