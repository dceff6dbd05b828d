/** The page's query string, read after hydration (the server render has none), so markup matches. */
import { useEffect, useState } from 'react';
import { currentQuery } from '../stores/platform.ts';

export function useQuery(): URLSearchParams | null {
  const [query, setQuery] = useState<URLSearchParams | null>(null);
  useEffect(() => setQuery(currentQuery()), []);
  return query;
}
