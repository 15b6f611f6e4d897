import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Field } from '../../../lib/ui/form.tsx';
import { toMobileDigits } from '../phone-input.ts';

/** "+91" and the 10-digit mobile number (docs/product.md#phone-numbers). `value` is the 10 digits. */
export function PhoneField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (mobile: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const prefixId = useId();
  return (
    <Field label={t('auth.phoneLabel')} hint={t('auth.phoneHint')} error={error}>
      {(ids) => (
        <div className="phone-input">
          <span className="phone-input__prefix" id={prefixId} title={t('auth.countryCode')}>
            +91
          </span>
          <input
            id={ids.input}
            name="phone"
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            // No maxLength: an autofilled "+91 98765 43210" would be cut short before it is cleaned.
            value={value}
            onChange={(event) => onChange(toMobileDigits(event.target.value))}
            aria-describedby={[prefixId, ids.describedBy].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            data-testid="phone-input"
          />
        </div>
      )}
    </Field>
  );
}
