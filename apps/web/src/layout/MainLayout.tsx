import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { routeNameOf } from '@tulip/contract';
import { OPS_USER } from '@tulip/contract/wire';
import { call } from '../platform/api';
import { useProfiles } from '../platform/queries';
import { landingPath, refreshSession, useSession } from '../platform/session';
import { PageLoading } from './LoadingOverlay';
import { useTableA11y } from './tableA11y';
import { Icon } from '../components/icons';
import { AntdZone } from './AntdZone';
import { UserMenu } from './UserMenu';
import { usePageTitle } from '../platform/pageTitle';
import { TulipMark } from '../components/TulipMark';

/** antd's lg breakpoint: from it up the menu stays beside the page, below it opens over the page. */
const WIDE = '(min-width: 992px)';

const SideMenu = lazy(() => import('./SideMenu').then((m) => ({ default: m.SideMenu })));
/** The password form (antd Form, Input, Modal) loads when first asked for, not with every page. */
const ChangePasswordModal = lazy(() => import('./ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })));

/** A route whose page draws its own antd parts (the home page) says so in its handle: `{ plain: true }`. */
export type PlainHandle = { plain?: boolean };

function ProfileSwitcher() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const qc = useQueryClient();
  const profiles = useProfiles();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!profile) return null;
  const options = (profiles.data ?? []).map((p) => ({ value: p.id, label: p.descrizione || p.codice }));
  const shown = options.length ? options : profile.profilo ? [{ value: profile.profilo.id, label: profile.profilo.descrizione }] : [];

  async function change(id: number) {
    setBusy(true);
    try {
      await call(OPS_USER.modifica, { body: { profilo_attivo_id: id } });
      // The menu and the authorised routes depend on the active profile.
      await refreshSession();
      await qc.invalidateQueries();
      // the new profile's own screen (issue #12)
      navigate(landingPath());
    } catch {
      /* notified */
    } finally {
      setBusy(false);
    }
  }

  // the browser's own select: on a phone it opens the system's picker
  return (
    <select
      className="tl-header-select"
      aria-label={t('header.profilo_attivo')}
      title={t('header.profilo_attivo')}
      data-testid="profilo-attivo"
      aria-busy={profiles.isLoading || busy}
      disabled={busy || options.length < 2}
      value={profile.utente.profilo_attivo_id ?? ''}
      onChange={(e) => void change(Number(e.target.value))}
    >
      {profile.utente.profilo_attivo_id == null ? <option value="">{t('header.profilo_attivo')}</option> : null}
      {shown.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function Frame() {
  const { t } = useTranslation();
  const location = useLocation();
  const plain = useMatches().some((m) => (m.handle as PlainHandle | undefined)?.plain);
  const title = usePageTitle();
  const [wide, setWide] = useState(() => !window.matchMedia || window.matchMedia(WIDE).matches);
  const [open, setOpen] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // mounted from the first opening on, so that it can close with its animation
  const [passwordAsked, setPasswordAsked] = useState(false);
  const selected = location.pathname === '/' ? 'home' : (routeNameOf(location.pathname) ?? '');
  useTableA11y(t('ui.tabella_scorrevole'));
  useEffect(() => {
    if (!window.matchMedia) return;
    const mq = window.matchMedia(WIDE);
    const change = () => setWide(mq.matches);
    mq.addEventListener('change', change);
    return () => mq.removeEventListener('change', change);
  }, []);
  // on a phone the menu closes once a page is chosen, and with Escape
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open || wide) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, wide]);
  const shown = wide || open;

  const page: ReactNode = (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
  return (
    <div className="tl-shell">
      <aside id="tl-sider" className={`tl-sider${shown ? ' tl-sider--shown' : ''}`} data-testid="sider">
        {/* the name begins with the visible text (WCAG 2.5.3 label in name) */}
        <Link to="/" className="tl-logo" aria-label={`${t('app.nome')} - ${t('menu.home')}`}>
          <TulipMark size={28} />
          <span>{t('app.nome')}</span>
        </Link>
        <nav aria-label={t('ui.menu_principale')}>
          {/* below lg the menu is drawn when it first opens, not with every page load */}
          {shown ? (
            <Suspense fallback={null}>
              <AntdZone>
                <SideMenu selected={selected} />
              </AntdZone>
            </Suspense>
          ) : null}
        </nav>
      </aside>
      {open && !wide ? <div className="tl-sider-mask" aria-hidden onClick={() => setOpen(false)} /> : null}
      <div className="tl-main">
        <header className="tl-header">
          {wide ? null : (
            <button
              ref={burger}
              type="button"
              className="tl-header-button tl-burger"
              aria-label={t('ui.menu_principale')}
              aria-controls="tl-sider"
              aria-expanded={open}
              data-testid="menu-toggle"
              onClick={() => setOpen((o) => !o)}
            >
              <Icon name="menu" />
            </button>
          )}
          {/* the page's title (the app's name where a page has none); on a phone it ends in an ellipsis, keeping its line */}
          <span className="tl-header-name" data-testid="header-titolo" title={title || undefined}>
            <strong>{title || t('app.nome')}</strong>
          </span>
          <div className="tl-header-tools">
            <ProfileSwitcher />
            <UserMenu
              onPassword={() => {
                setPasswordAsked(true);
                setPasswordOpen(true);
              }}
            />
          </div>
        </header>
        <main className="tl-content">
          {plain ? (
            page
          ) : (
            <Suspense fallback={<PageLoading />}>
              <AntdZone>{page}</AntdZone>
            </Suspense>
          )}
        </main>
      </div>
      {passwordAsked ? (
        <Suspense fallback={null}>
          <AntdZone>
            <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
          </AntdZone>
        </Suspense>
      ) : null}
    </div>
  );
}

/** Frame of the authenticated pages: the menu (from userdefs), the header (profile switch, user menu), the page. */
export function MainLayout() {
  return <Frame />;
}
