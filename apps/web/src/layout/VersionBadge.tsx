import { useEffect, useState, version as reactVersion } from 'react';
import { useTranslation } from 'react-i18next';
import { CLIENT_VERSION } from '@tulip/contract';
import { IS_DEV } from '../platform/env';
import { fetchServerVersion } from '../platform/version';
import { desktopBridge } from '../platform/desktop';

/**
 * Version badge (SPEC §2): client version; on hover the server version (and the desktop shell's), plus technical
 * versions in development.
 */
export function VersionBadge() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [server, setServer] = useState<string | null | undefined>(undefined);
  const [antdVersion, setAntdVersion] = useState<string | null>(null);
  // the desktop shell's version (and, in development, Electron's and Chromium's): issue #19
  const shell = desktopBridge();

  useEffect(() => {
    if (!open) return;
    let alive = true;
    void fetchServerVersion().then((v) => alive && setServer(v));
    if (import.meta.env.DEV) void import('antd').then((m) => alive && setAntdVersion(m.version));
    return () => {
      alive = false;
    };
  }, [open]);

  return (
    <div
      className="tl-version"
      data-testid="version-badge"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      <span className="tl-version__tag" tabIndex={0} aria-describedby={open ? 'tl-version-tip' : undefined}>
        v{CLIENT_VERSION}
      </span>
      {open ? (
        <div className="tl-version__tip" id="tl-version-tip" role="tooltip" data-testid="version-tooltip">
          <dl>
            <dt>{t('app.versione_client')}</dt>
            <dd>{CLIENT_VERSION}</dd>
            <dt>{t('app.versione_server')}</dt>
            <dd>{server === undefined ? '\u2026' : (server ?? t('ui.non_disponibile'))}</dd>
            {shell ? (
              <>
                <dt>{t('app.versione_desktop')}</dt>
                <dd>{shell.versions.app}</dd>
              </>
            ) : null}
            {shell && IS_DEV ? (
              <>
                <dt>{t('app.versione_electron')}</dt>
                <dd>{shell.versions.electron}</dd>
                <dt>Chromium</dt>
                <dd>{shell.versions.chrome}</dd>
              </>
            ) : null}
            {IS_DEV ? (
              <>
                <dt>React</dt>
                <dd>{reactVersion}</dd>
                <dt>antd</dt>
                <dd>{antdVersion ?? '\u2026'}</dd>
                <dt>{t('ui.modalita')}</dt>
                <dd>{import.meta.env.MODE}</dd>
              </>
            ) : null}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
