import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import { RadioDot, radioCardClassName } from '../../../components/ui/radio-card';

export interface Choice {
  value: string;
  label: string;
  /** A second line: settlement time and fee, or the bank's mask. */
  detail?: string;
  /** Before the text (a bank's monogram). */
  icon?: ReactNode;
}

/**
 * One choice among a few, as large radio cards (React Aria RadioGroup: arrow keys move, each card is a 44 px+
 * target). Used for the method and for the bank or card.
 */
export function ChoiceGroup(props: {
  label: string;
  name: string;
  choices: readonly Choice[];
  value: string | null;
  onChange(value: string): void;
  error?: string | null;
  description?: ReactNode;
}) {
  const { label, name, choices, value, onChange, error, description } = props;
  return (
    <RadioGroup
      name={name}
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      aria-describedby={error ? fieldErrorId(name) : undefined}
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-semibold text-ink">{label}</Label>
      {description ? (
        <Text slot="description" className="text-sm text-ink-muted">
          {description}
        </Text>
      ) : null}
      <div className="flex flex-col gap-2">
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} className={radioCardClassName}>
            {({ isSelected }) => (
              <>
                <RadioDot isSelected={isSelected} />
                {choice.icon}
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold break-words text-ink">{choice.label}</span>
                  {choice.detail ? <span className="text-sm break-words text-ink-muted">{choice.detail}</span> : null}
                </span>
              </>
            )}
          </Radio>
        ))}
      </div>
      <FieldError field={name} message={error} />
    </RadioGroup>
  );
}
