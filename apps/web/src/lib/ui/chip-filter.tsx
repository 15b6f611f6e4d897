import './form.css';

/**
 * One choice among a few, as a row of pressed-or-not chips in a fieldset (payment history, help
 * topics, the stock screen's views): `aria-pressed` says which is on to screen readers.
 */
export function ChipFilter<T extends string>({
  legend,
  options,
  value,
  onChange,
  label,
  testId,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  label: (option: T) => string;
  testId: (option: T) => string;
}) {
  return (
    <fieldset className="chip-filter">
      <legend className="sr-only">{legend}</legend>
      {options.map((name) => (
        <button
          key={name}
          type="button"
          className={`chip-filter__chip${value === name ? ' chip-filter__chip--on' : ''}`}
          aria-pressed={value === name}
          onClick={() => onChange(name)}
          data-testid={testId(name)}
        >
          {label(name)}
        </button>
      ))}
    </fieldset>
  );
}
