import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { byPosition, progressDuration, type Notice } from './core';
import { dismiss, getNotices, subscribe } from './store';

const ICONS: Record<Notice['type'], string> = { positive: '\u2713', negative: '!', warning: '!', info: 'i' };

function NoticeView({ n }: { n: Notice }) {
  const { t } = useTranslation();
  const duration = progressDuration(n.timeout);
  return (
    <div
      className={`tl-notice tl-notice--${n.type}`}
      role={n.type === 'negative' ? 'alert' : 'status'}
      data-testid="notification"
      data-type={n.type}
    >
      <span className="tl-notice__icon" aria-hidden="true">
        {ICONS[n.type]}
      </span>
      <div className="tl-notice__body">
        <div className="tl-notice__message">{n.message}</div>
        {n.caption ? <div className="tl-notice__caption">{n.caption}</div> : null}
      </div>
      {n.count > 1 ? (
        <span className="tl-notice__badge" data-testid="notification-badge" aria-label={t('ui.ripetizioni', { count: n.count })}>
          {n.count}
        </span>
      ) : null}
      <button type="button" className="tl-notice__close" aria-label={t('ui.chiudi')} onClick={() => dismiss(n.id)}>
        {'\u00d7'}
      </button>
      {duration > 0 ? (
        // The key restarts the animation when an identical notification is raised again.
        <div key={n.stamp} className="tl-notice__progress" style={{ animationDuration: `${duration}ms` }} />
      ) : null}
    </div>
  );
}

/** Renders the notification stacks, one per position. */
export function NotificationHost() {
  const notices = useSyncExternalStore(subscribe, getNotices, getNotices);
  if (notices.length === 0) return null;
  const groups = byPosition(notices);
  return (
    <>
      {[...groups.entries()].map(([position, items]) => (
        <div key={position} className={`tl-notices tl-notices--${position}`} aria-live="polite">
          {items.map((n) => (
            <NoticeView key={n.id} n={n} />
          ))}
        </div>
      ))}
    </>
  );
}
