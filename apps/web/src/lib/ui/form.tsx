import './form.css';
import { ROUTES } from '@petti/shared/routes';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api-error.ts';
import { useTranslation } from '../i18n/react.tsx';
import { AlertIcon } from './icons.tsx';
import { Spinner } from './loading-overlay.tsx';

/** Ids a field's parts share, so the input can point at its hint and error. */
export interface FieldIds {
  input: string;
  hint: string;
  error: string;
  /** For aria-describedby: the hint and the error that are shown. */
  describedBy: string | undefined;
}

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  /** Already translated; shown under the input and announced. */
  error?: string;
  optional?: boolean;
  children: (ids: FieldIds) => ReactNode;
}

/** Label, input (from `children`), hint and inline error, wired for screen readers. */
export function Field({ label, hint, error, optional, children }: FieldProps) {
  const { t } = useTranslation();
  const base = useId();
  const ids = {
    input: `${base}-input`,
    hint: `${base}-hint`,
    error: `${base}-error`,
  };
  const describedBy =
    [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={ids.input}>
        {label}
        {optional && <span className="field__optional"> ({t('form.optional')})</span>}
      </label>
      {children({ ...ids, describedBy })}
      {error && (
        <p className="field__error" id={ids.error}>
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <p className="field__hint" id={ids.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<FieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid' | 'children'>;

/** A labelled text input with hint and inline error. */
export function TextField({ label, hint, error, optional, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional}>
      {(ids) => (
        <input
          id={ids.input}
          className={`input${className ? ` ${className}` : ''}`}
          aria-describedby={ids.describedBy}
          aria-invalid={error ? true : undefined}
          {...input}
        />
      )}
    </Field>
  );
}

/** A message about the whole form (the server refused, the network failed), announced at once. */
export function FormAlert({
  children,
  variant = 'error',
  testId,
}: {
  children: ReactNode;
  variant?: 'error' | 'info';
  testId?: string;
}) {
  return (
    <div
      className={`form-alert form-alert--${variant}`}
      role={variant === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <AlertIcon size={20} className="form-alert__icon" />
      <div className="form-alert__body">{children}</div>
    </div>
  );
}

/** Data that failed to load: why, and a way to try again. */
export function LoadFailedAlert({
  title,
  reason,
  onRetry,
  error,
  testId,
}: {
  title?: ReactNode;
  reason: ReactNode;
  onRetry: () => void;
  /** What failed: a refusal asking again cannot change (not yours, not there) offers the way home instead. */
  error?: unknown;
  testId?: string;
}) {
  const { t } = useTranslation();
  const final = error instanceof ApiError && (error.status === 403 || error.status === 404);
  return (
    <FormAlert testId={testId}>
      {title ? <p>{title}</p> : null}
      <p>{reason}</p>
      <p>
        {final ? (
          <Link className="button button--ghost button--small" to={ROUTES.dashboard} data-testid="go-home">
            {t('errors.home')}
          </Link>
        ) : (
          <button type="button" className="button button--ghost button--small" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        )}
      </p>
    </FormAlert>
  );
}

/** A submit button that shows a spinner and its busy label while `pending`. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled,
  className = 'button button--primary button--block',
  testId = 'submit',
}: {
  testId?: string;
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={className}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      data-testid={testId}
    >
      {pending && <Spinner size={18} />}
      <span>{pending ? pendingLabel : children}</span>
    </button>
  );
}
