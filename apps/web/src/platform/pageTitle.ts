/**
 * The page's title from its route (SPEC §2): the browser tab's title and the header's both say it, so a user knows
 * where they are on every screen, not only from the menu's highlight.
 */
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from './session';

/** What a route's handle may carry: its title's key (or one by whether someone is logged in), a page without frame. */
export type RouteHandle = { title?: string | ((loggedIn: boolean) => string); plain?: boolean };

/** The translated title of the deepest route that has one, or '' (a route without title). */
export function usePageTitle(): string {
  const matches = useMatches();
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  const key = typeof handle?.title === 'function' ? handle.title(loggedIn) : handle?.title;
  return key ? t(key) : '';
}
