import { SEARCH_DEBOUNCE_MS } from '@platform/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sortByName, type SearchItems, type SearchableItem } from './searchable-items';

export interface ItemSearch {
  query: string;
  /** The latest answer, sorted by name. */
  items: SearchableItem[];
  /** True from the first keystroke until the answer for the latest query has arrived. */
  pending: boolean;
  /** Searches for what was typed once typing pauses for the debounce time (SPEC §4, §9). */
  type: (query: string) => void;
  /** Searches for '' at once: what a freshly opened dropdown shows. */
  start: () => void;
  /** Searches again for the current query at once, after the entries changed. */
  refresh: () => void;
  /** Drops the query and any search under way. */
  stop: () => void;
}

export function useItemSearch(search: SearchItems): ItemSearch {
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<SearchableItem[]>([]);
  const [pending, setPending] = useState(false);

  const searchRef = useRef(search);
  const queryRef = useRef('');
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    searchRef.current = search;
  }, [search]);

  const cancel = useCallback(() => {
    clearTimeout(timerRef.current);
    controllerRef.current?.abort();
    controllerRef.current = null;
  }, []);

  const run = useCallback(
    (text: string) => {
      cancel();
      const controller = new AbortController();
      controllerRef.current = controller;
      setPending(true);
      void searchRef
        .current(text, controller.signal)
        .then(
          (found) => {
            if (!controller.signal.aborted) setItems(sortByName(found));
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            // A failed lookup is logged and reads as an empty list (SPEC §8).
            console.error('Search failed', error);
            setItems([]);
          },
        )
        .finally(() => {
          if (controllerRef.current !== controller) return;
          controllerRef.current = null;
          setPending(false);
        });
    },
    [cancel],
  );

  const setCurrentQuery = useCallback((text: string) => {
    queryRef.current = text;
    setQuery(text);
  }, []);

  const type = useCallback(
    (text: string) => {
      setCurrentQuery(text);
      cancel();
      setPending(true);
      timerRef.current = setTimeout(() => run(text), SEARCH_DEBOUNCE_MS);
    },
    [cancel, run, setCurrentQuery],
  );

  const start = useCallback(() => {
    setCurrentQuery('');
    run('');
  }, [run, setCurrentQuery]);

  const refresh = useCallback(() => run(queryRef.current), [run]);

  const stop = useCallback(() => {
    cancel();
    setPending(false);
    setCurrentQuery('');
  }, [cancel, setCurrentQuery]);

  useEffect(() => cancel, [cancel]);

  return { query, items, pending, type, start, refresh, stop };
}
