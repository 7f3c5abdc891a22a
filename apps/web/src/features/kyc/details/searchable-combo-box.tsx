import { useMemo, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import {
  Button as AriaButton,
  ComboBox,
  Group,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  type Key,
} from 'react-aria-components';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';

/** An option of a searchable list: its code is its key, its name what is shown and searched. */
export interface SearchableOption {
  code: string;
  name: string;
}

export interface SearchableComboBoxProps<T extends SearchableOption> {
  label: string;
  items: T[];
  /** The chosen option's code, or null. */
  selectedKey: string | null;
  onChange(code: string | null): void;
  disabledKeys: string[];
  /** Whether an option (found by its name) matches what was typed. */
  filter(option: T, inputValue: string): boolean;
  placeholder: string;
  /** The accessible name of the chevron that shows every option. */
  showAllLabel: string;
  /** Shown in the list when nothing matches. */
  noMatch: string;
  errorMessage?: string;
  /** The field's name: its message carries `data-testid="field-error-<errorField>"`. */
  errorField: string;
  /** The combo box's `data-testid`, if any. */
  testId?: string;
  isRequired?: boolean;
  /** Shown before the input (a flag, say). */
  leading?: ReactNode;
  /** An option's content in the list. */
  renderOption(option: T): ReactNode;
}

/**
 * A labelled combo box that filters its list as the user types (the list opens on input or from the chevron),
 * with the field's error message below and an empty state when nothing matches.
 */
export function SearchableComboBox<T extends SearchableOption>({
  label,
  items,
  selectedKey,
  onChange,
  disabledKeys,
  filter,
  placeholder,
  showAllLabel,
  noMatch,
  errorMessage,
  errorField,
  testId,
  isRequired,
  leading,
  renderOption,
}: SearchableComboBoxProps<T>) {
  const byName = useMemo(() => new Map(items.map((option) => [option.name, option])), [items]);
  const errorId = fieldErrorId(errorField);

  return (
    <ComboBox<T>
      defaultItems={items}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      disabledKeys={disabledKeys}
      defaultFilter={(textValue, inputValue) => {
        const option = byName.get(textValue);
        return option ? filter(option, inputValue) : true;
      }}
      menuTrigger="input"
      allowsEmptyCollection
      isRequired={isRequired}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      data-testid={testId}
      className="flex flex-col"
    >
      <Label className="mb-1.5 text-sm font-semibold text-ink">{label}</Label>
      <Group
        className={[
          'flex min-h-11 w-full items-center rounded-xl border bg-surface pl-3.5 text-base text-ink',
          'data-[focus-within]:border-primary data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus',
          leading === undefined ? '' : 'gap-2',
          errorMessage ? 'border-danger' : 'border-line-strong',
        ].join(' ')}
      >
        {leading}
        <Input
          aria-describedby={errorMessage ? errorId : undefined}
          placeholder={placeholder}
          className="min-w-0 flex-1 bg-transparent py-2.5 text-base text-ink outline-none placeholder:text-ink-muted"
        />
        <AriaButton
          aria-label={showAllLabel}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-ink outline-none data-[hovered]:bg-surface-muted data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
        >
          <ChevronDown size={20} aria-hidden="true" />
        </AriaButton>
      </Group>
      <FieldError field={errorField} message={errorMessage} id={errorId} />
      <Popover
        className="w-(--trigger-width) overflow-auto rounded-xl bg-surface shadow-xl ring-1 ring-line"
        placement="bottom start"
      >
        <ListBox<T>
          className="max-h-72 outline-none"
          renderEmptyState={() => <p className="px-3.5 py-3 text-sm text-ink-muted">{noMatch}</p>}
        >
          {(option) => (
            <ListBoxItem
              id={option.code}
              textValue={option.name}
              className="flex min-h-11 cursor-default items-center gap-3 px-3.5 py-2 text-base text-ink outline-none data-[focused]:bg-primary-soft data-[selected]:font-semibold data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted"
            >
              {renderOption(option)}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
