/**
 * The look of a radio card (the money pages' choices, "Pay with", the sell's source): a 44 px+ target with its
 * selected and focus states.
 */
export function radioCardClassName(state: { isSelected: boolean; isFocusVisible: boolean; isDisabled?: boolean }) {
  return [
    'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 outline-none transition-colors',
    state.isSelected
      ? 'border-primary bg-primary-soft'
      : 'border-line-strong bg-surface data-[hovered]:bg-surface-muted',
    state.isFocusVisible ? 'outline-3 outline-offset-2 outline-focus' : '',
    state.isDisabled ? 'cursor-not-allowed opacity-60' : '',
  ].join(' ');
}

/**
 * The same look for a card that is a label around the browser's own radio input (visually hidden): the focus ring
 * when the input has keyboard focus, the hover colour from the pointer.
 */
export function nativeRadioCardClassName(state: { isSelected: boolean; isDisabled?: boolean }) {
  return [
    'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 transition-colors',
    'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
    state.isSelected ? 'border-primary bg-primary-soft' : 'border-line-strong bg-surface',
    state.isSelected || state.isDisabled ? '' : 'hover:bg-surface-muted',
    state.isDisabled ? 'cursor-not-allowed opacity-60' : '',
  ].join(' ');
}

/** The radio's dot, drawn (the card is the control). */
export function RadioDot({ isSelected }: { isSelected: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={[
        'flex size-5 shrink-0 items-center justify-center rounded-full border-2',
        isSelected ? 'border-primary' : 'border-line-strong',
      ].join(' ')}
    >
      {isSelected ? <span className="size-2.5 rounded-full bg-primary" /> : null}
    </span>
  );
}
