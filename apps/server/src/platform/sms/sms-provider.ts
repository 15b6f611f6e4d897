/** Sends a text message to an Indian mobile number (wire form `91XXXXXXXXXX`). */
export interface SmsProvider {
  readonly name: string;
  /** `purpose` picks the registered template (Indian DLT rules): a sign-in code, or an alert (docs/alerts.md). */
  send(message: { to: string; body: string; code?: string; purpose?: 'code' | 'alert' }): Promise<void>;
}
