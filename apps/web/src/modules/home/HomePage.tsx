import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainCard, PlainDescriptions, PlainEmpty, PlainTag } from '../../components/Plain';
import { formatDate } from '../../platform/wireDate';
import { Icon } from '../../components/icons';
import { afterFirstPaint } from '../../platform/lift';
import { useSession } from '../../platform/session';
import { ApprovazioniWidget, DecisioniWidget, useIsApprover } from '../giustificativi';
import { DecisioniSettimaneWidget } from '../rilevazione';
import { DecisioniNoteWidget } from '../spese';
import { MieDotazioniWidget } from '../dotazioni';
import { DaFare } from './DaFare';
import { ContrattiTermine } from './ContrattiTermine';
import { WhenNear } from '../../components/WhenNear';
import { AntdZone } from '../../layout/AntdZone';

/**
 * Home dashboard: what the user must act on (issue #12), then who is logged in (user, active profile, employee).
 * The page itself is plain markup that looks like antd (components/Plain.tsx), so its first paint waits for no antd
 * component; the cards below it (requests to approve, decisions) are antd and load after it is painted.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { profile, defs } = useSession();
  const utente = profile?.utente;
  const dip = profile?.dipendente;
  const name = dip ? `${dip.nome} ${dip.cognome}` : (utente?.username ?? '');
  const approver = useIsApprover();
  // who files requests of their own hears of their decisions here
  const canRequest = defs.routes.includes('giustificativi.calendario');
  // the antd cards below load once the page above them is on screen
  const [cards, setCards] = useState(false);
  useEffect(() => {
    let alive = true;
    void afterFirstPaint().then(() => alive && setCards(true));
    return () => {
      alive = false;
    };
  }, []);

  return (
    <div data-testid="home">
      <h3 className="tl-plain-title">{t('home.benvenuto', { nome: name })}</h3>
      <div className="tl-plain-row">
        <div>
          <DaFare />
        </div>
        <ContrattiTermine />
        <div className="tl-plain-col-half">
          <PlainCard
            title={
              <span>
                <Icon name="user" /> {t('home.utente')}
              </span>
            }
          >
            <PlainDescriptions
              items={[
                [t('home.username'), utente?.username],
                [t('home.email'), utente?.email ?? '—'],
                [
                  t('home.profilo_attivo'),
                  profile?.profilo ? (
                    <span>
                      {profile.profilo.descrizione} <PlainTag>{profile.profilo.codice}</PlainTag>
                    </span>
                  ) : (
                    '—'
                  ),
                ],
                ...(profile?.profilo ? [[t('home.ambito'), t(`profili.scope_${profile.profilo.scope}`)] as [string, string]] : []),
              ]}
            />
          </PlainCard>
        </div>
        <div className="tl-plain-col-half">
          <PlainCard
            title={
              <span>
                <Icon name="idcard" /> {t('home.dipendente')}
              </span>
            }
          >
            {dip ? (
              <PlainDescriptions
                items={[
                  [t('dipendenti.matricola'), dip.matricola],
                  [t('dipendenti.cognome'), dip.cognome],
                  [t('dipendenti.nome'), dip.nome],
                  [t('dipendenti.data_assunzione'), formatDate(dip.data_assunzione) || '—'],
                ]}
              />
            ) : (
              <PlainEmpty description={t('home.nessun_dipendente')} />
            )}
          </PlainCard>
        </div>
        {cards ? (
          <WhenNear>
            <Suspense fallback={null}>
              <AntdZone>
              {approver ? (
                <div>
                  <ApprovazioniWidget />
                </div>
              ) : null}
              {dip && canRequest ? (
                <div>
                  <DecisioniWidget />
                </div>
              ) : null}
              {dip && defs.routes.includes('rilevazione.commessa1') ? (
                <div>
                  <DecisioniSettimaneWidget />
                </div>
              ) : null}
              {dip && defs.routes.includes('notaspese') ? (
                <div>
                  <DecisioniNoteWidget />
                </div>
              ) : null}
              {dip ? (
                <div>
                  <MieDotazioniWidget />
                </div>
              ) : null}
              </AntdZone>
            </Suspense>
          </WhenNear>
        ) : null}
      </div>
    </div>
  );
}
