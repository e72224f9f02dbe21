/** A screen's filters kept in the address (a link opens the list already filtered, the back button keeps them). */
import { useSearchParams } from 'react-router';

/** The page's search parameters and a setter of one of them (empty: removed), replacing the history entry. */
export function useSearchParam() {
  const [params, setParams] = useSearchParams();
  const setParam = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [params, setParam] as const;
}
