/**
 * HR's fixed-term warnings on the home page (issue #28 §3, D.Lgs 81/2015 art. 19–23), from the same GET /api/home the
 * counts come from: the terms within 30 days (who, when, whether an extension is still possible, each opening the
 * employee's contracts), and the 20 % quota of art. 23 c. 1. Plain markup, like the rest of the page's first paint.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { OPS_HOME } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDate } from '../../platform/wireDate';
import { PlainCard } from '../../components/Plain';

const ALERT = { background: '#fffbe6', border: '1px solid #ffe58f', borderRadius: 8, padding: '8px 12px', marginBottom: 12 } as const;

export function ContrattiTermine() {
  const { t } = useTranslation();
  // the same query as the counts: one call
  const q = useQuery({ queryKey: ['home'], queryFn: () => call(OPS_HOME.conteggi, {}, { notifyError: false }), refetchInterval: 60_000 });
  const termini = q.data?.termini_in_scadenza;
  const quota = q.data?.quota_determinato;
  if (!termini || !quota) return null;
  // the contract screen's words for a duration (the same keys; home imports no screen module)
  const durata = (d: { mesi: number; giorni: number }) => {
    const mesi = t('contratti.catena_n_mesi', { count: d.mesi });
    return d.giorni ? t('contratti.catena_mesi_giorni', { mesi, giorni: t('contratti.catena_n_giorni', { count: d.giorni }) }) : mesi;
  };
  const figures = { determinati: quota.determinati, indeterminati: quota.indeterminati, limite: quota.limite, anno: quota.anno };
  return (
    <div>
      <PlainCard title={t('home.termini_titolo')} data-testid="termini-determinato">
        {quota.superata ? (
          <div role="alert" style={ALERT} data-testid="quota-determinato">
            {t('home.quota_superata', figures)}
          </div>
        ) : (
          <p style={{ marginTop: 0 }} data-testid="quota-determinato">
            {t('home.quota_rispettata', figures)}
          </p>
        )}
        {termini.length ? (
          <>
            <div role="alert" style={ALERT}>
              {t('home.termini_scadenza')}
            </div>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {termini.map((x) => (
                <li key={x.dipendente_id} data-testid={`termine-${x.dipendente_id}`} style={{ marginBottom: 4 }}>
                  <Link to={`/contratti/retribuzione?tab=dipendenti&dipendente=${x.dipendente_id}`}>{x.nominativo}</Link>{' '}
                  {x.giorni_mancanti ? t('home.termine_riga', { data: formatDate(x.data_fine), count: x.giorni_mancanti }) : t('home.termine_oggi', { data: formatDate(x.data_fine) })}
                  {' – '}
                  {x.proroga_possibile
                    ? t('home.termine_prorogabile', { residuo: durata(x.residuo), proroghe: t('contratti.catena_proroghe_residue', { count: x.proroghe_residue }) })
                    : t('home.termine_non_prorogabile')}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p style={{ margin: 0 }}>{t('home.nessun_termine')}</p>
        )}
      </PlainCard>
    </div>
  );
}
