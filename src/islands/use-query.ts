/** The page's query string, read after hydration (the server render has none), so markup matches. */
import { useEffect, useState } from 'react';

export function useQuery(): URLSearchParams | null {
  const [query, setQuery] = useState<URLSearchParams | null>(null);
  useEffect(() => setQuery(new URLSearchParams(location.search)), []);
  return query;
}
