import type { FormEvent } from 'react';

/** A search box and its button, as every list with a search shows them (labels already translated). */
export function SearchBar({
  value,
  onChange,
  onSubmit,
  placeholder,
  label,
  button,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  placeholder: string;
  label: string;
  button: string;
  testId: string;
}) {
  return (
    <search>
      <form className="search-bar" onSubmit={onSubmit}>
        <input
          className="input"
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          aria-label={label}
          data-testid={testId}
        />
        <button type="submit" className="button button--primary">
          {button}
        </button>
      </form>
    </search>
  );
}
