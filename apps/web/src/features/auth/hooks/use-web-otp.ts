import { useEffect, useRef } from 'react';

/** The WebOTP request the DOM typings do not know yet. */
interface OtpCredentialRequest extends CredentialRequestOptions {
  otp: { transport: ['sms'] };
}

export function webOtpSupported(): boolean {
  return typeof window !== 'undefined' && 'OTPCredential' in window && Boolean(navigator.credentials);
}

/**
 * Android Chrome's WebOTP: offers the code from an incoming SMS (one that ends with
 * `@<host> #<code>`) and hands it to `onCode`. Feature-detected; the request is aborted when the
 * page goes away or `key` changes (a new code was sent, so a new SMS is awaited).
 */
export function useWebOtp(enabled: boolean, key: unknown, onCode: (code: string) => void): void {
  const handler = useRef(onCode);
  handler.current = onCode;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` restarts the request for each new code
  useEffect(() => {
    if (!enabled || !webOtpSupported()) return;
    const controller = new AbortController();
    const request: OtpCredentialRequest = { otp: { transport: ['sms'] }, signal: controller.signal };
    navigator.credentials
      .get(request)
      .then((credential) => {
        const code = (credential as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && !controller.signal.aborted) handler.current(code);
      })
      .catch(() => {
        // aborted, refused by the user, or no SMS: typing the code still works
      });
    return () => controller.abort();
  }, [enabled, key]);
}
