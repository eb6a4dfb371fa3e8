import { useId } from 'react';

/** A labelled group of radio buttons (a new group's privacy, who may write). */
export function ChoiceFieldset<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const legendId = useId();
  return (
    <fieldset role="radiogroup" aria-labelledby={legendId}>
      <legend id={legendId}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="grp-choice">
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
