/** Sends the few emails Petti sends: today only the address verification link. */
export interface EmailSender {
  readonly name: string;
  sendVerification(to: string, link: string): Promise<void>;
}

export const verificationText = (link: string) =>
  `Confirm your email for Petti by opening this link within 24 hours:\n${link}\n\nIf you did not ask for this, ignore this email.`;
