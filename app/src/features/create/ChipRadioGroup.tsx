/**
 * A labelled row of chips of which one is chosen (a radio group): the aspect ratios, the anime
 * styles. Keys are what `onChange` hears; each chip shows its text and is found by its test id.
 */
export interface Chip {
  key: string;
  text: string;
  testId: string;
  title?: string;
}

export function ChipRadioGroup({
  id,
  label,
  chips,
  value,
  onChange,
}: {
  id: string;
  label: string;
  chips: readonly Chip[];
  value: string;
  onChange: (key: string) => void;
}) {
  return (
    <>
      <span className="create-label" id={id}>
        {label}
      </span>
      <div className="create-chips" role="radiogroup" aria-labelledby={id}>
        {chips.map((c) => (
          <button
            key={c.key}
            type="button"
            role="radio"
            aria-checked={value === c.key}
            className="create-chip"
            data-testid={c.testId}
            title={c.title}
            onClick={() => onChange(c.key)}
          >
            {c.text}
          </button>
        ))}
      </div>
    </>
  );
}
