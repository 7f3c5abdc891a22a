import { useMemo, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListBox, ListBoxItem, useFilter } from 'react-aria-components';
import { TextField } from '../../../components/ui/text-field';
import type { BankInstitution } from '@rampart/contracts';
import { BankLogo } from './bank-logo';

export interface InstitutionPickerProps {
  institutions: BankInstitution[];
  /** The institution being connected: its row shows progress and the list waits. */
  connectingId: string | null;
  onPick(institution: BankInstitution): void;
}

/**
 * The bank-link sandbox's picker (R17): a search field that filters the list of banks as the user types, then the
 * list (Tab into it, arrow keys, Enter picks). Blacklisted banks stay listed, marked 'Not supported', so picking one
 * explains why it cannot be linked instead of hiding it. The field is the app's own text field (type search), not
 * React Aria's Autocomplete or SearchField: those share modules with the /auth entry's text field, and using them
 * here moved about 6 KB into the chunks /auth loads (decision 019).
 */
export function InstitutionPicker({ institutions, connectingId, onPick }: InstitutionPickerProps) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const { contains } = useFilter({ sensitivity: 'base' });
  const [query, setQuery] = useState('');
  const shown = useMemo(
    () => institutions.filter((institution) => contains(institution.name, query.trim())),
    [institutions, contains, query],
  );
  const busy = connectingId !== null;

  return (
    <div className="flex flex-col gap-3">
      <TextField
        type="search"
        name="bankSearch"
        label={t('link.search')}
        placeholder={t('link.searchPlaceholder')}
        value={query}
        onChange={setQuery}
        isDisabled={busy}
      />
      <ListBox<BankInstitution>
        aria-label={t('link.banks')}
        items={shown}
        selectionMode="none"
        onAction={(key) => {
          const institution = institutions.find((candidate) => candidate.id === key);
          if (institution && !busy) onPick(institution);
        }}
        renderEmptyState={() => <p className="px-4 py-6 text-center text-base text-ink-muted">{t('link.noMatch')}</p>}
        className="max-h-[26rem] overflow-y-auto rounded-xl border border-line outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
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
              <span className="shrink-0 rounded-full bg-surface-muted px-2.5 py-1 text-xs font-semibold text-ink-muted">
                {t('link.notSupported')}
              </span>
            ) : null}
            {connectingId === institution.id ? (
              <Loader2
                size={18}
                className="shrink-0 animate-spin text-primary"
                aria-label={t('link.connecting', { bank: institution.name })}
              />
            ) : null}
          </ListBoxItem>
        )}
      </ListBox>
    </div>
  );
}
