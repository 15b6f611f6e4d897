/**
 * An external broker's management side (docs/deploy.md#an-external-broker): asked to drop a client's
 * connection when its sign-in session ends, since a broker checks a token only when a client connects.
 */
export interface BrokerAdmin {
  readonly kind: 'none' | 'emqx';
  /** Drops the connection with this MQTT client id; one already gone is not an error. */
  disconnect(clientId: string): Promise<void>;
}

/** No management API configured (the embedded broker closes its own connections; Mosquitto has none). */
export const noBrokerAdmin: BrokerAdmin = { kind: 'none', disconnect: async () => undefined };
