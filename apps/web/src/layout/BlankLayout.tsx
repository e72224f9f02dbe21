import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../platform/session';
import { PageLoading } from './LoadingOverlay';
import { VersionBadge } from './VersionBadge';

/** Layout of the pages outside the application frame (login, password reset, mobile, presenze). */
export function BlankLayout() {
  const { loggedIn } = useSession();
  return (
    <main className="tl-blank">
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      {loggedIn ? null : <VersionBadge />}
    </main>
  );
}
