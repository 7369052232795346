import * as z from 'zod';

/** One value of an enumeration: the key code uses, the number (or text) stored and sent, the label shown. */
export interface EnumEntry<V extends number | string = number | string> {
  key: string;
  value: V;
  label: string;
}

type ValuesOf<T extends readonly EnumEntry[]> = { readonly [E in T[number] as E['key']]: E['value'] };

/**
 * An enumeration of spec section 3 from its entries, in the spec's order: `values.approved === 2`, `options` for a
 * select, `labelOf(2) === 'Approved'`, and `schema` accepting only its values (for payloads and forms).
 */
export function defineEnum<const T extends readonly EnumEntry[]>(entries: T) {
  const values = Object.fromEntries(entries.map((entry) => [entry.key, entry.value])) as ValuesOf<T>;
  const labels = new Map<T[number]['value'], string>(entries.map((entry) => [entry.value, entry.label]));
  const literals = entries.map((entry) => z.literal(entry.value));
  return {
    entries,
    values,
    options: entries.map(({ value, label }) => ({ value, label })) as { value: T[number]['value']; label: string }[],
    labelOf: (value: T[number]['value']): string | undefined => labels.get(value),
    schema: z.union(literals as unknown as [z.ZodLiteral<T[number]['value']>, ...z.ZodLiteral<T[number]['value']>[]]),
  };
}
