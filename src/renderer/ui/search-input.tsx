import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, TICKET_SEARCH_DEBOUNCE_MS } from '../../shared/limits';
import { useT } from '../i18n/screens';
import { TextField } from './text-field';

/** Spec section 5: a search runs when the box is cleared or holds at least 2 characters. */
export function searchable(term: string): boolean {
  const trimmed = term.trim();
  return trimmed.length === 0 || trimmed.length >= SEARCH_MIN_CHARS;
}

interface SearchInputProps {
  id: string;
  label?: string;
  placeholder?: string;
  /** Called with the trimmed term, 500 ms after the last key (1000 ms for tickets), when the term is searchable. */
  onSearch: (term: string) => void;
  /** Ticket searches wait 1000 ms (spec section 9). */
  tickets?: boolean;
}

/** A search box: debounced, never fires for one character, fires once more when cleared. */
export function SearchInput({ id, label, placeholder, onSearch, tickets = false }: SearchInputProps) {
  const t = useT();
  const [value, setValue] = useState('');
  const lastSearched = useRef('');
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    const term = value.trim();
    if (!searchable(term) || term === lastSearched.current) return;
    const timer = setTimeout(() => {
      lastSearched.current = term;
      latest.current(term);
    }, tickets ? TICKET_SEARCH_DEBOUNCE_MS : SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, tickets]);

  return (
    <TextField
      id={id}
      label={label ?? t('search.label')}
      type="search"
      role="searchbox"
      placeholder={placeholder}
      autoComplete="off"
      value={value}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}
