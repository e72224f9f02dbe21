import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import type { MenuItem } from '@tulip/contract';
import { useSession } from '../platform/session';
import { openMenuItem } from '../platform/desktop';
import { validAccessToken } from '../platform/http';
import { notifyNegative } from '../platform/notifications/store';

type T = (k: string, o?: Record<string, unknown>) => string;

/** An `open` item (kept only on a Windows desktop): the shell opens what the server's menu says for this id. */
async function openItem(item: MenuItem, t: T) {
  const res = await openMenuItem(item.id ?? 0, await validAccessToken().catch(() => null));
  if (!res.ok) notifyNegative(t(res.message, { destinazione: item.label ?? '' }));
}

function toMenuItems(menu: MenuItem[], t: T): NonNullable<MenuProps['items']> {
  return menu.map((item) =>
    item.children
      ? { type: 'group' as const, key: item.key, label: t(item.title), children: toMenuItems(item.children, t) }
      : item.open
        ? { key: item.key, label: item.label ?? item.title, onClick: () => void openItem(item, t), 'data-testid': `apri-${item.id}` }
        : { key: item.key, label: item.path ? <Link to={item.path}>{t(item.title)}</Link> : t(item.title) },
  );
}

/** The menu of the user's profile (userdefs): antd's dark inline Menu, in its own chunk, drawn when the sider shows. */
export function SideMenu({ selected }: { selected: string }) {
  const { t } = useTranslation();
  const { defs } = useSession();
  const items = useMemo<MenuProps['items']>(
    () => [{ key: 'home', icon: <HomeOutlined />, label: <Link to="/">{t('menu.home')}</Link> }, ...toMenuItems(defs.menu, t)],
    [defs.menu, t],
  );
  return <Menu theme="dark" mode="inline" selectedKeys={[selected]} items={items} />;
}
