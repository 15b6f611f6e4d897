import type { TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './form.tsx';

// Apart from form.tsx, which every first screen loads: only the forms with longer text load this.
type TextAreaFieldProps = Omit<FieldProps, 'children'> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'aria-describedby' | 'aria-invalid' | 'children'>;

/** A labelled text area with hint and inline error, as `TextField` for longer text. */
export function TextAreaField({ label, hint, error, optional, className, ...area }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional}>
      {(ids) => (
        <textarea
          id={ids.input}
          className={`input${className ? ` ${className}` : ''}`}
          aria-describedby={ids.describedBy}
          aria-invalid={error ? true : undefined}
          {...area}
        />
      )}
    </Field>
  );
}
