import { useState } from 'react';
import { AUDIT_KINDS, type AuditFilter, type AuditKind } from '../../../shared/protocol/security-schemas';
import { useT } from '../../i18n/screens';
import { SearchInput } from '../../ui/search-input';
import { SelectField } from '../../ui/select-field';
import { ADMINISTRATION_KINDS, auditKindGroup, auditKindLabel, dayBoundary } from './account-format';

// Grouped: the account's own events first, then the administration's (the admin console's changes).
const SORTED_KINDS = [...AUDIT_KINDS].sort((a, b) => Number(ADMINISTRATION_KINDS.includes(a)) - Number(ADMINISTRATION_KINDS.includes(b)));

/** The Event filter's options, in the language shown. */
const kindOptions = (allEvents: string) => [
  { value: '', label: allEvents },
  ...SORTED_KINDS.map((kind) => ({ value: kind, label: auditKindLabel(kind), group: auditKindGroup(kind) })),
];

interface AuditFiltersProps {
  /** Names the fields apart when two tables share a page. */
  idPrefix: string;
  searchPlaceholder: string;
  onChange: (filter: AuditFilter) => void;
}

/** The audit tables' filters: one kind or all, a day range on this device's calendar, and a debounced text search. */
export function AuditFilters({ idPrefix, searchPlaceholder, onChange }: AuditFiltersProps) {
  const t = useT();
  const options = kindOptions(t('account.allEvents'));
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const invalidRange = from !== '' && to !== '' && from > to;

  const apply = (next: { kind?: string; from?: string; to?: string; search?: string }) => {
    const values = { kind, from, to, search, ...next };
    if (values.from !== '' && values.to !== '' && values.from > values.to) return;
    onChange({
      ...(values.kind ? { kinds: [values.kind as AuditKind] } : {}),
      ...(values.search ? { search: values.search } : {}),
      ...(dayBoundary(values.from, 'start') ? { from: dayBoundary(values.from, 'start') } : {}),
      ...(dayBoundary(values.to, 'end') ? { to: dayBoundary(values.to, 'end') } : {}),
    });
  };

  return (
    <div className="audit-filters" role="group" aria-label={t('account.filters')}>
      <SelectField
        id={`${idPrefix}-kind`}
        label={t('account.colEvent')}
        options={options}
        value={kind}
        onChange={(event) => {
          setKind(event.target.value);
          apply({ kind: event.target.value });
        }}
      />
      <DayField
        id={`${idPrefix}-from`}
        label={t('account.from')}
        value={from}
        max={to || undefined}
        onChange={(value) => {
          setFrom(value);
          apply({ from: value });
        }}
      />
      <DayField
        id={`${idPrefix}-to`}
        label={t('account.to')}
        value={to}
        min={from || undefined}
        message={invalidRange ? t('account.rangeInvalid') : ''}
        onChange={(value) => {
          setTo(value);
          apply({ to: value });
        }}
      />
      <SearchInput
        id={`${idPrefix}-search`}
        label={t('search.label')}
        placeholder={searchPlaceholder}
        onSearch={(term) => {
          setSearch(term);
          apply({ search: term });
        }}
      />
    </div>
  );
}

interface DayFieldProps {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  /** Said under the field, and marks it invalid. */
  message?: string;
  onChange: (value: string) => void;
}

/** A labelled date input (the browser's own picker, keyboard included) with a message line under it. */
function DayField({ id, label, value, min, max, message = '', onChange }: DayFieldProps) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-box">
        <input
          id={id}
          className="field-input"
          type="date"
          value={value}
          min={min}
          max={max}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p id={`${id}-message`} className="field-message" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
