import { Loader2, Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Autocomplete, Button as AriaButton, Input, Label, ListBox, ListBoxItem, SearchField, useFilter } from 'react-aria-components';
import type { BankInstitution } from '@rampart/contracts';
import { BankLogo } from './bank-logo';

export interface InstitutionPickerProps {
  institutions: BankInstitution[];
  /** The institution being connected: its row shows progress and the list waits. */
  connectingId: string | null;
  onPick(institution: BankInstitution): void;
}

/**
 * The bank-link sandbox's picker (R17): a search field that filters the list of banks as the user types (React Aria's
 * autocomplete: arrow keys move through the list from the field, Enter picks). Blacklisted banks stay listed, marked
 * 'Not supported', so picking one explains why it cannot be linked instead of hiding it.
 */
export function InstitutionPicker({ institutions, connectingId, onPick }: InstitutionPickerProps) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const { contains } = useFilter({ sensitivity: 'base' });
  const busy = connectingId !== null;

  return (
    <Autocomplete filter={contains}>
      <div className="flex flex-col gap-3">
        <SearchField className="group flex flex-col" isDisabled={busy}>
          <Label className="mb-1.5 text-sm font-semibold text-ink">{t('link.search')}</Label>
          <div className="relative flex items-center">
            <Search size={18} className="pointer-events-none absolute left-3.5 text-ink-muted" aria-hidden="true" />
            <Input
              placeholder={t('link.searchPlaceholder')}
              className={[
                'min-h-11 w-full rounded-xl border border-line-strong bg-surface py-2.5 pr-12 pl-10 text-base text-ink placeholder:text-ink-muted',
                'outline-none data-[focused]:border-primary data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-focus',
                '[&::-webkit-search-cancel-button]:hidden',
              ].join(' ')}
            />
            <AriaButton
              aria-label={t('link.clearSearch')}
              className="absolute right-0 flex min-h-11 min-w-11 items-center justify-center rounded-xl text-ink-muted outline-none group-data-[empty]:hidden data-[hovered]:text-ink data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
            >
              <X size={18} aria-hidden="true" />
            </AriaButton>
          </div>
        </SearchField>
        {/*
          The list scrolls inside the page; its items take virtual focus from the search field, so the scrolling box
          itself is focusable (arrow keys and Page Down scroll it) and named.
        */}
        <div
          tabIndex={0}
          role="region"
          aria-label={t('link.bankList')}
          className="max-h-[26rem] overflow-y-auto rounded-xl border border-line outline-none focus-visible:outline-3 focus-visible:outline-focus"
        >
          <ListBox<BankInstitution>
            aria-label={t('link.banks')}
            items={institutions}
            selectionMode="none"
            onAction={(key) => {
              const institution = institutions.find((candidate) => candidate.id === key);
              if (institution && !busy) onPick(institution);
            }}
            renderEmptyState={() => <p className="px-4 py-6 text-center text-base text-ink-muted">{t('link.noMatch')}</p>}
            className="outline-none"
          >
            {(institution) => (
              <ListBoxItem
                id={institution.id}
                textValue={institution.name}
                className={[
                  'flex min-h-14 cursor-pointer items-center gap-3 border-b border-line px-3 py-2 outline-none last:border-b-0',
                  'data-[hovered]:bg-surface-muted data-[focused]:bg-primary-soft data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-3 data-[focus-visible]:outline-focus',
                ].join(' ')}
              >
                <BankLogo name={institution.name} logo={institution.logo} />
                <span className="flex-1 text-base font-medium text-ink">{institution.name}</span>
                {institution.blacklisted ? (
                  <span className="shrink-0 rounded-full bg-surface-muted px-2.5 py-1 text-xs font-semibold text-ink-muted">{t('link.notSupported')}</span>
                ) : null}
                {connectingId === institution.id ? <Loader2 size={18} className="shrink-0 animate-spin text-primary" aria-label={t('link.connecting', { bank: institution.name })} /> : null}
              </ListBoxItem>
            )}
          </ListBox>
        </div>
      </div>
    </Autocomplete>
  );
}
