import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Layout, Menu, Select, Space, type MenuProps } from 'antd';
import { CheckOutlined, GlobalOutlined, HomeOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { routeNameOf, type MenuItem } from '@tulip/contract';
import { OPS_USER } from '@tulip/contract/wire';
import { call } from '../platform/api';
import { currentLanguage, switchLanguage } from '../platform/language';
import { useLanguages, useProfiles } from '../platform/queries';
import { landingPath, logout, refreshSession, useSession } from '../platform/session';
import { AntdProvider } from './AntdProvider';
import { PageLoading } from './LoadingOverlay';
import { useTableA11y } from './tableA11y';

const { Header, Sider, Content } = Layout;
/** antd's lg breakpoint, where the Sider (breakpoint="lg") stops collapsing. */
const WIDE = '(min-width: 992px)';

/** The password form (antd Form, Input, Modal) loads when first asked for, not with every page. */
const ChangePasswordModal = lazy(() => import('./ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })));

function ProfileSwitcher() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const qc = useQueryClient();
  const profiles = useProfiles();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const options = (profiles.data ?? []).map((p) => ({ value: p.id, label: p.descrizione || p.codice }));
  if (!profile) return null;

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

  return (
    <Select
      aria-label={t('header.profilo_attivo')}
      title={t('header.profilo_attivo')}
      style={{ minWidth: 'min(200px, 36vw)' }}
      loading={profiles.isLoading || busy}
      disabled={busy || options.length < 2}
      value={profile.utente.profilo_attivo_id ?? undefined}
      placeholder={t('header.profilo_attivo')}
      options={options.length ? options : profile.profilo ? [{ value: profile.profilo.id, label: profile.profilo.descrizione }] : []}
      onChange={(v: number) => void change(v)}
    />
  );
}

function UserMenu({ onPassword }: { onPassword: () => void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const langs = useLanguages();
  const current = currentLanguage();
  const active = (langs.data ?? []).filter((l) => l.se_attiva === 'Y');
  const languages = active.length
    ? active.map((l) => ({ code: l.cod_lingua, label: l.descrizione }))
    : [
        { code: 'it', label: 'Italiano' },
        { code: 'en', label: 'English' },
      ];

  async function changeLanguage(code: string) {
    await switchLanguage(code);
    try {
      await call(OPS_USER.modifica, { body: { lingua: code } }, { notifySuccess: false });
    } catch {
      /* notified */
    }
  }

  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'lingue',
      label: (
        <span>
          <GlobalOutlined aria-hidden /> {t('header.lingua')}
        </span>
      ),
      children: languages.map((l) => ({
        key: `lang:${l.code}`,
        label: l.label,
        icon: l.code === current ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
      })),
    },
    { type: 'divider' },
    { key: 'password', label: t('header.cambia_password'), icon: <LockOutlined /> },
    { key: 'logout', label: t('header.esci'), icon: <LogoutOutlined />, danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void logout();
    else if (key === 'password') onPassword();
    else if (key.startsWith('lang:')) void changeLanguage(key.slice(5));
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
        {profile?.utente.username ?? ''}
      </Button>
    </Dropdown>
  );
}

function toMenuItems(menu: MenuItem[], t: (k: string) => string): NonNullable<MenuProps['items']> {
  return menu.map((item) =>
    item.children
      ? { type: 'group' as const, key: item.key, label: t(item.title), children: toMenuItems(item.children, t) }
      : { key: item.key, label: item.path ? <Link to={item.path}>{t(item.title)}</Link> : t(item.title) },
  );
}

function Frame() {
  const { t } = useTranslation();
  const { defs } = useSession();
  const location = useLocation();
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Below lg the sider starts closed (width 0): its menu is drawn when it first opens, not with every page load.
  const [menuShown, setMenuShown] = useState(() => !window.matchMedia || window.matchMedia(WIDE).matches);
  // mounted from the first opening on, so that it can close with its animation
  const [passwordAsked, setPasswordAsked] = useState(false);
  const items = useMemo<MenuProps['items']>(
    () => [{ key: 'home', icon: <HomeOutlined />, label: <Link to="/">{t('menu.home')}</Link> }, ...toMenuItems(defs.menu, t)],
    [defs.menu, t],
  );
  const selected = location.pathname === '/' ? 'home' : (routeNameOf(location.pathname) ?? '');
  useTableA11y(t('ui.tabella_scorrevole'));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        breakpoint="lg"
        collapsedWidth={0}
        width={240}
        style={{ overflow: 'auto' }}
        onCollapse={(collapsed) => {
          if (!collapsed) setMenuShown(true);
        }}
      >
        {/* the name begins with the visible text (WCAG 2.5.3 label in name) */}
        <Link to="/" className="tl-logo" aria-label={`${t('app.nome')} - ${t('menu.home')}`}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" />
          <span>{t('app.nome')}</span>
        </Link>
        <nav aria-label={t('ui.menu_principale')}>
          {menuShown ? <Menu theme="dark" mode="inline" selectedKeys={[selected]} items={items} /> : null}
        </nav>
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 clamp(12px, 3vw, 24px)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 16,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          {/* on a phone the name keeps its line; the profile and user controls give way */}
          <span className="tl-header-name">
            <strong>{t('app.nome')}</strong>
          </span>
          <Space size="middle" style={{ minWidth: 0 }}>
            <ProfileSwitcher />
            <UserMenu
              onPassword={() => {
                setPasswordAsked(true);
                setPasswordOpen(true);
              }}
            />
          </Space>
        </Header>
        <Content style={{ margin: 24 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Content>
      </Layout>
      {passwordAsked ? (
        <Suspense fallback={null}>
          <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      ) : null}
    </Layout>
  );
}

/** Frame of the authenticated pages: Sider menu (from userdefs), header (profile switch, user menu), content. */
export function MainLayout() {
  return (
    <AntdProvider>
      <Frame />
    </AntdProvider>
  );
}
