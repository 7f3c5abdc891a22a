import { useContext, useEffect, useRef, useState } from 'react';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateFieldStateContext,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError as AriaFieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';
import { CalendarDate, getLocalTimeZone, isEqualDay } from '@internationalized/date';
import { currentIntlLocale, formatDate } from '../../lib/format';
import { fieldErrorId } from './field-error';

export interface DateOfBirthPickerProps {
  label: string;
  /** The form field name; the error carries `data-testid="field-error-<name>"`. */
  name: string;
  value: CalendarDate | null;
  onChange: (value: CalendarDate | null) => void;
  minValue?: CalendarDate;
  maxValue?: CalendarDate;
  /** An error from the form's own rules (e.g. 'Must be older than 18.'); shown before the picker's own. */
  error?: string | null;
  isRequired?: boolean;
  description?: string;
}

const iconButton =
  'flex min-h-11 min-w-11 items-center justify-center rounded-lg text-ink outline-none data-[hovered]:bg-surface-muted data-[pressed]:bg-primary-soft data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus data-[disabled]:opacity-40';

/**
 * The date-of-birth picker of document 1: month, day and year segments in the order of the user's
 * locale, plus a calendar. Messages of document 2, section 5: 'Not a valid date', 'Date should be
 * before: {date}', 'Date should be after: {date}'. A chosen day that the newly chosen month does not have is
 * cleared, not moved to the month's last day (document 2, section 5; February allows 29 while the year is empty).
 */
export function DateOfBirthPicker({
  label,
  name,
  value,
  onChange,
  minValue,
  maxValue,
  error,
  isRequired,
  description,
}: DateOfBirthPickerProps) {
  const { t, i18n } = useTranslation();
  const locale = currentIntlLocale(i18n.resolvedLanguage);
  const groupRef = useRef<HTMLDivElement>(null);
  const [incomplete, setIncomplete] = useState(false);
  // The last whole date, kept in React Aria's field while its day is cleared: given null, the field would empty
  // every segment, where only the day must go. The form is told null meanwhile.
  const [held, setHeld] = useState<CalendarDate | null>(null);

  const onDayCleared = () => {
    if (value) {
      setHeld(value);
      onChange(null);
    }
  };
  const onWholeAgain = (date: CalendarDate) => {
    setHeld(null);
    setIncomplete(false);
    onChange(date);
  };

  const show = (date: CalendarDate) =>
    formatDate(date.toDate(getLocalTimeZone()), { dateStyle: 'medium' }, i18n.resolvedLanguage);
  let message: string | null = error ?? null;
  if (!message && value && maxValue && value.compare(maxValue) > 0)
    message = t('datePicker.before', { date: show(maxValue) });
  if (!message && value && minValue && value.compare(minValue) < 0)
    message = t('datePicker.after', { date: show(minValue) });
  if (!message && !value && incomplete) message = t('datePicker.invalid');

  // A partly typed date has no value: on leaving the field, any filled segment means it is not valid.
  const checkComplete = (focused: boolean) => {
    if (focused) return;
    const segments = groupRef.current?.querySelectorAll('[data-type]:not([data-type="literal"])') ?? [];
    const filled = Array.from(segments).some((segment) => !segment.hasAttribute('data-placeholder'));
    setIncomplete(filled && !value);
  };

  return (
    <I18nProvider locale={locale}>
      <DatePicker
        name={name}
        value={held ?? value}
        onChange={(next) => {
          setHeld(null);
          if (next) setIncomplete(false);
          onChange(next);
        }}
        minValue={minValue}
        maxValue={maxValue}
        isRequired={isRequired}
        isInvalid={!!message}
        validationBehavior="aria"
        granularity="day"
        onFocusChange={checkComplete}
        className="flex flex-col"
      >
        <Label className="mb-1.5 text-sm font-semibold text-ink">{label}</Label>
        <Group
          ref={groupRef}
          className={[
            'flex min-h-11 w-full items-center rounded-xl border bg-surface pl-3.5 text-base text-ink',
            'data-[focus-within]:border-primary data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus',
            message ? 'border-danger' : 'border-line-strong',
          ].join(' ')}
        >
          <DateInput className="flex flex-1 py-2.5">
            {(segment) => (
              <>
                <DateSegment
                  segment={segment}
                  className="rounded px-0.5 tabular-nums outline-none data-[placeholder]:text-ink-muted data-[type=literal]:px-0 data-[focused]:bg-primary data-[focused]:text-on-primary"
                />
                {segment.type === 'day' ? (
                  <DayGuard held={held} onDayCleared={onDayCleared} onWholeAgain={onWholeAgain} />
                ) : null}
              </>
            )}
          </DateInput>
          <AriaButton aria-label={t('datePicker.openCalendar')} className={iconButton}>
            <CalendarDays size={20} aria-hidden="true" />
          </AriaButton>
        </Group>
        {description ? <p className="mt-1.5 text-sm text-ink-muted">{description}</p> : null}
        <AriaFieldError data-testid={fieldErrorId(name)} className="mt-1.5 text-sm font-medium text-danger">
          {message}
        </AriaFieldError>
        <Popover className="rounded-2xl bg-surface p-3 shadow-xl ring-1 ring-line">
          <Dialog aria-label={label} className="outline-none">
            <Calendar>
              <header className="mb-2 flex items-center justify-between gap-2">
                <AriaButton slot="previous" aria-label={t('datePicker.previousMonth')} className={iconButton}>
                  <ChevronLeft size={20} aria-hidden="true" />
                </AriaButton>
                <Heading className="text-base font-semibold text-ink" />
                <AriaButton slot="next" aria-label={t('datePicker.nextMonth')} className={iconButton}>
                  <ChevronRight size={20} aria-hidden="true" />
                </AriaButton>
              </header>
              <CalendarGrid className="border-separate border-spacing-0.5">
                {(date) => (
                  <CalendarCell
                    date={date}
                    className="flex h-10 w-10 items-center justify-center rounded-full text-sm text-ink outline-none data-[outside-month]:hidden data-[hovered]:bg-surface-muted data-[selected]:bg-primary data-[selected]:text-on-primary data-[disabled]:opacity-35 data-[unavailable]:opacity-35 data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
                  />
                )}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The days a month has: February 29 while the year is not chosen, else as that year has them. */
function daysInMonth(month: number, year: number | null): number {
  if (month === 2 && year !== null)
    return new CalendarDate(year, 2, 1).calendar.getDaysInMonth(new CalendarDate(year, 2, 1));
  return DAYS_IN_MONTH[month - 1] ?? 31;
}

/**
 * Watches the field's segments (React Aria's field state): a day the chosen month does not have is cleared, where
 * React Aria would move it to the month's last day when the field is left; and a field whose segments are whole
 * again and equal to the held date gives that date back to the form.
 */
function DayGuard({
  held,
  onDayCleared,
  onWholeAgain,
}: {
  held: CalendarDate | null;
  onDayCleared: () => void;
  onWholeAgain: (date: CalendarDate) => void;
}) {
  const state = useContext(DateFieldStateContext);
  const segments = state?.segments ?? [];
  const part = (type: 'day' | 'month' | 'year') => segments.find((segment) => segment.type === type);
  const day = part('day');
  const month = part('month');
  const year = part('year');
  const dayValue = day && !day.isPlaceholder ? (day.value ?? null) : null;
  const monthValue = month && !month.isPlaceholder ? (month.value ?? null) : null;
  const yearValue = year && !year.isPlaceholder ? (year.value ?? null) : null;

  useEffect(() => {
    if (!state || dayValue === null || monthValue === null) return;
    if (dayValue > daysInMonth(monthValue, yearValue)) {
      state.clearSegment('day');
      onDayCleared();
      return;
    }
    if (held && yearValue !== null && isEqualDay(held, new CalendarDate(yearValue, monthValue, dayValue)))
      onWholeAgain(held);
  }, [state, dayValue, monthValue, yearValue, held, onDayCleared, onWholeAgain]);
  return null;
}
