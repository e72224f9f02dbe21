/** What the time recording screens share: the week's navigation and state, errors (the reason asked before a decision is components/MotivoButton). */
import { useTranslation } from 'react-i18next';
import { Space, Tag, Typography } from 'antd';
import { isoWeekMonday, isoWeekOf, type TStatoSettimana } from '@tulip/contract';
import { dayjs, formatDate } from '../../platform/formats';
import { ApiError } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { notifyNegative } from '../../platform/notifications/store';
import { PeriodNav } from '../../components/PeriodNav';
import { giorniSettimana, numeroSettimana } from './griglia';
import './rilevazione.css';

/** This week, on the device's calendar (weeks start on Monday). */
export const settimanaCorrente = () => isoWeekOf(dayjs().format('YYYY-MM-DD'));

/** "Settimana 48 · 23/11/2026 – 29/11/2026". */
export function useEtichettaSettimana() {
  const { t } = useTranslation();
  return (settimana: string) => {
    const giorni = giorniSettimana(settimana);
    return t('rilevazione.settimana_etichetta', { n: numeroSettimana(settimana), dal: formatDate(giorni[0]), al: formatDate(giorni[6]) });
  };
}

/** Previous, this and next week, a week picker, and the week written out. */
export function SettimanaNav({ settimana, onChange }: { settimana: string; onChange: (s: string) => void }) {
  const etichetta = useEtichettaSettimana();
  return (
    <Space wrap size="middle">
      <PeriodNav unit="week" value={dayjs(isoWeekMonday(settimana)!)} onChange={(d) => onChange(isoWeekOf(d.format('YYYY-MM-DD')))} />
      <Typography.Text strong data-testid="settimana-etichetta">
        {etichetta(settimana)}
      </Typography.Text>
    </Space>
  );
}

const COLORE_STATO: Record<TStatoSettimana, string> = { bozza: 'default', inviata: 'gold', approvata: 'green' };

/** A week's state: bozza, inviata (waiting for approval), approvata. */
export function StatoSettimanaTag({ stato }: { stato: TStatoSettimana }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORE_STATO[stato]} data-testid="stato-settimana">
      {t(`rilevazione.stato_${stato}`)}
    </Tag>
  );
}

/** The text of a refusal, in the user's language (a 409's reason, a field's error); null for anything else. */
export function testoErrore(e: unknown): string | null {
  if (!(e instanceof ApiError)) return null;
  const field = Object.values(e.fields)[0];
  if (e.body.message === 'avvisi.validation' && field) return translateMessage(field);
  return translateMessage(e.body.message, e.body.params);
}

/** Calls made with `notifyError: false` say their refusal here, with the field's own reason rather than "invalid data". */
export function notificaErrore(e: unknown) {
  const text = testoErrore(e);
  if (text) notifyNegative(text);
}
