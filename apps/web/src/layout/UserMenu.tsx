import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OPS_USER } from '@tulip/contract/wire';
import { call } from '../platform/api';
import { currentLanguage, switchLanguage } from '../platform/language';
import { useLanguages } from '../platform/queries';
import { logout, useSession } from '../platform/session';
import { Icon } from '../components/icons';

/**
 * The user's menu in the header: languages, change password, log out. A plain menu button (WAI-ARIA menu button
 * pattern: arrows move, Escape closes and gives the focus back, Tab leaves), so that drawing the header costs no antd.
 */
export function UserMenu({ onPassword }: { onPassword: () => void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // the languages are asked for when the menu first opens
  const [asked, setAsked] = useState(false);
  const langs = useLanguages(asked);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const current = currentLanguage();
  const active = (langs.data ?? []).filter((l) => l.se_attiva === 'Y');
  const languages = active.length
    ? active.map((l) => ({ code: l.cod_lingua, label: l.descrizione }))
    : [
        { code: 'it', label: 'Italiano' },
        { code: 'en', label: 'English' },
      ];

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>('[role^=menuitem]')?.focus();
    const outside = (e: PointerEvent) => {
      if (!list.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  function onKeyDown(e: KeyboardEvent) {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role^=menuitem]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') setOpen(false);
  }

  function choose(action: () => void) {
    setOpen(false);
    button.current?.focus();
    action();
  }

  async function changeLanguage(code: string) {
    await switchLanguage(code);
    try {
      await call(OPS_USER.modifica, { body: { lingua: code } }, { notifySuccess: false });
    } catch {
      /* notified */
    }
  }

  return (
    <div className="tl-usermenu">
      <button
        ref={button}
        type="button"
        className="tl-header-button"
        data-testid="user-menu"
        aria-label={profile?.utente.username}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setAsked(true);
          setOpen((o) => !o);
        }}
      >
        <Icon name="user" />
        <span className="tl-usermenu-name">{profile?.utente.username ?? ''}</span>
      </button>
      {open ? (
        <div ref={list} role="menu" className="tl-usermenu__list" aria-label={profile?.utente.username} onKeyDown={onKeyDown}>
          <div role="group" aria-labelledby="tl-usermenu-lingue">
            <div id="tl-usermenu-lingue" className="tl-usermenu__group">
              <Icon name="globe" /> {t('header.lingua')}
            </div>
            {languages.map((l) => (
              <button
                key={l.code}
                type="button"
                role="menuitemradio"
                aria-checked={l.code === current}
                tabIndex={-1}
                className="tl-usermenu__item"
                onClick={() => choose(() => void changeLanguage(l.code))}
              >
                <span className="tl-usermenu__icon">{l.code === current ? <Icon name="check" /> : null}</span>
                {l.label}
              </button>
            ))}
          </div>
          <div role="separator" className="tl-usermenu__divider" />
          <button type="button" role="menuitem" tabIndex={-1} className="tl-usermenu__item" onClick={() => choose(onPassword)}>
            <span className="tl-usermenu__icon">
              <Icon name="lock" />
            </span>
            {t('header.cambia_password')}
          </button>
          <button type="button" role="menuitem" tabIndex={-1} className="tl-usermenu__item" onClick={() => choose(() => void navigate('/sicurezza'))}>
            <span className="tl-usermenu__icon">
              <Icon name="lock" />
            </span>
            {t('mfa.menu')}
          </button>
          <button type="button" role="menuitem" tabIndex={-1} className="tl-usermenu__item tl-usermenu__item--danger" onClick={() => choose(() => void logout())}>
            <span className="tl-usermenu__icon">
              <Icon name="logout" />
            </span>
            {t('header.esci')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
