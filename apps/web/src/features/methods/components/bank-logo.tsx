import type { BankLogo as BankLogoData } from '@rampart/contracts';

/** Initials of a bank's name, for a bank whose generated logo is not at hand (yet). */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => /[A-Za-z0-9]/.exec(word)?.[0] ?? '')
    .filter((letter) => letter !== '')
    .slice(0, 2)
    .join('');
  return letters.toUpperCase() || '?';
}

/**
 * A bank's generated monogram (R17: no third-party artwork): the server's initials on its colour, which is dark
 * enough for white text. Decorative: the bank's name is always written next to it.
 */
export function BankLogo({
  name,
  logo,
  size = 'md',
}: {
  name: string;
  logo?: BankLogoData | undefined;
  size?: 'md' | 'lg';
}) {
  const dimensions = size === 'lg' ? 'h-14 w-14 text-lg' : 'h-10 w-10 text-sm';
  return (
    <span
      aria-hidden="true"
      data-testid="bank-logo"
      style={logo ? { backgroundColor: logo.color } : undefined}
      className={[
        'flex shrink-0 items-center justify-center rounded-full font-bold tracking-wide text-white select-none',
        logo ? '' : 'bg-[#475569]',
        dimensions,
      ].join(' ')}
    >
      {logo?.monogram ?? initialsOf(name)}
    </span>
  );
}
