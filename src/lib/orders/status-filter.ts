/**
 * A status filter's entries: one per label a member reads, each covering every status that
 * reads so (a return and a refund only both wait for review: one "awaiting review" entry), in
 * the order their first status comes. A label is the page language's, so the entries are too.
 */
export interface FilterEntry<S extends string> {
  label: string;
  statuses: S[];
}

export function filterEntries<S extends string>(statuses: readonly S[], label: (status: S) => string): FilterEntry<S>[] {
  const entries = new Map<string, S[]>();
  for (const status of statuses) {
    const text = label(status);
    entries.set(text, [...(entries.get(text) ?? []), status]);
  }
  return [...entries].map(([text, covered]) => ({ label: text, statuses: covered }));
}

/** An entry's value in a select, and back: its statuses joined by commas ('' for every status). */
export const entryValue = (statuses: readonly string[] | null): string => (statuses ?? []).join(',');
export const entryStatuses = <S extends string>(value: string): S[] | null => (value ? (value.split(',') as S[]) : null);
