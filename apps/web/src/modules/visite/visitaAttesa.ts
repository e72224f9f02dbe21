import type { Dayjs } from 'dayjs';
import { formBody } from '../../components/useZodSubmit';

/** Form values shared by the expected-visit forms (authorisation and visitor link). */
export type VisitaAttesaValues = {
  referente_id?: number;
  nome?: string;
  cognome?: string;
  azienda?: string;
  email?: string;
  tipo_id?: number;
  motivo_id?: number;
  giorni?: [Dayjs, Dayjs];
  ora_da?: Dayjs;
  ora_a?: Dayjs;
  note?: string;
  lingua?: string;
};

/** Wire field -> the form field that shows its error (the two days are one range picker). */
export const CAMPO_FORM: Record<string, keyof VisitaAttesaValues> = { dal: 'giorni', al: 'giorni' };

/** The request body of an expected visit: trimmed texts (blank ones left out), the days and the time window. */
export function visitaAttesaBody(v: VisitaAttesaValues, fields: readonly (keyof VisitaAttesaValues)[]): Record<string, unknown> {
  const body = formBody(v, fields);
  if (v.giorni?.[0] && v.giorni[1]) {
    body.dal = v.giorni[0].format('YYYY-MM-DD');
    body.al = v.giorni[1].format('YYYY-MM-DD');
  }
  if (v.ora_da) body.ora_da = v.ora_da.format('HH:mm');
  if (v.ora_a) body.ora_a = v.ora_a.format('HH:mm');
  return body;
}
