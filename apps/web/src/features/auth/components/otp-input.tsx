import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { applyBackspace, applyInput, type BoxesState, extractCode, OTP_LENGTH } from '../otp-digits.ts';

/**
 * Six one-digit boxes. Typing moves on, Backspace goes back, a pasted or auto-filled code fills
 * every box. The first box carries autocomplete="one-time-code" so iOS and Android offer the code
 * from the SMS; the whole code then lands in that box and is spread over the others.
 */
export function OtpInput({
  digits,
  onChange,
  disabled,
  invalid,
  labelledBy,
  describedBy,
}: {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  labelledBy: string;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const apply = (next: BoxesState) => {
    onChange(next.digits);
    const target = boxes.current[next.focus];
    if (target && document.activeElement !== target) target.focus();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(applyBackspace(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    event.preventDefault();
    const code = extractCode(text);
    apply(code ? { digits: code.split(''), focus: OTP_LENGTH - 1 } : applyInput(digits, index, text));
  };

  return (
    <fieldset
      className="otp-boxes"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid="otp-boxes"
    >
      {digits.map((digit, index) => (
        <input
          // The boxes never move, so their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed six boxes
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('otp.digitLabel', { index: index + 1 })}
          aria-invalid={invalid ? true : undefined}
          value={digit}
          disabled={disabled}
          onChange={(event) => apply(applyInput(digits, index, event.target.value))}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          // biome-ignore lint/a11y/noAutofocus: typing the code is the page's only task; iOS then offers the code from the SMS
          autoFocus={index === 0}
          data-testid={`otp-digit-${index + 1}`}
        />
      ))}
    </fieldset>
  );
}
