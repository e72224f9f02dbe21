import { lazy } from 'react';

const load = () => import('./AntdProvider');

/**
 * antd's configuration (locale, theme, form messages) around what uses antd, loaded with the antd of the frame in its
 * own chunk. The frame (sider, header) and the home page are plain markup, so a phone draws them without loading or
 * running antd (issue #12 item 16); every other page, the menu, the password form and the home page's cards are drawn
 * inside a zone. Needs a Suspense above it.
 */
export const AntdZone = Object.assign(
  lazy(() => load().then((m) => ({ default: m.AntdProvider }))),
  { preload: () => void load().catch(() => undefined) },
);
