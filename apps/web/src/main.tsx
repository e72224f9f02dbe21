import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import './styles.css';
import { i18n } from './platform/i18n';
import { NotificationHost } from './platform/notifications/NotificationHost';
import { createAppRouter, startBoot } from './router';

// Errors are shown by the HTTP client as notifications: queries do not retry (no repeated messages).
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 }, mutations: { retry: false } },
});

// the session and the language are asked of the server, and the page's chunks fetched, before anything is rendered
setTimeout(() => void startBoot(), 0);

/**
 * The router is built in a task of its own, after the modules' evaluation: matching and ranking every route costs a
 * phone tens of milliseconds, and one long task blocks taps longer than two short ones. The first render is a
 * transition, so React renders it in slices between which the browser stays responsive.
 */
setTimeout(() => {
  const router = createAppRouter();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <NotificationHost />
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
}, 0);
