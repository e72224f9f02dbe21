import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import type { MenuItem } from '@tulip/contract';
import { useSession } from '../platform/session';

function toMenuItems(menu: MenuItem[], t: (k: string) => string): NonNullable<MenuProps['items']> {
  return menu.map((item) =>
    item.children
      ? { type: 'group' as const, key: item.key, label: t(item.title), children: toMenuItems(item.children, t) }
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
