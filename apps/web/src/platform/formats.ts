/**
 * Wire <-> UI formats (SPEC §3): the server speaks YYYY-MM-DD / HH:mm:ss / YYYY-MM-DDTHH:mm:ss,
 * the UI shows DD/MM/YYYY / HH:mm / DD/MM/YYYY HH:mm. Converted at the form/table boundary.
 * dayjs uses the Italian locale (weeks start on Monday) and the 24-hour clock.
 */
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/it';
import 'dayjs/locale/en';
import updateLocale from 'dayjs/plugin/updateLocale';
import { UI_DATE, UI_DATETIME, UI_TIME, WIRE_DATE, WIRE_DATETIME, WIRE_TIME } from '@tulip/contract';

// Weeks start on Monday in every language (SPEC §3, §9): English included.
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });
dayjs.locale('it');

export { dayjs, type Dayjs };
export { UI_DATE, UI_DATETIME, UI_TIME };

export function setDayjsLocale(lang: string): void {
  dayjs.locale(lang === 'en' ? 'en' : 'it');
}

/** Wire date or date-time -> dayjs (null when empty or invalid). */
export function fromWire(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

export function toWireDate(d: Dayjs | null | undefined): string | null {
  return d && d.isValid() ? d.format(WIRE_DATE) : null;
}

export function toWireDateTime(d: Dayjs | null | undefined): string | null {
  return d && d.isValid() ? d.format(WIRE_DATETIME) : null;
}

export function toWireTime(d: Dayjs | null | undefined): string | null {
  return d && d.isValid() ? d.format(WIRE_TIME) : null;
}

export { formatDate } from './wireDate';

/** YYYY-MM-DDTHH:mm:ss -> DD/MM/YYYY HH:mm. */
export function formatDateTime(value: string | null | undefined): string {
  return fromWire(value)?.format(UI_DATETIME) ?? '';
}

/** HH:mm:ss -> HH:mm. */
export function formatTime(value: string | null | undefined): string {
  return value && /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : '';
}

/** A text with its first letter in capitals: "martedì" -> "Martedì" (dayjs and Intl give Italian names in lower case). */
export function capitalize(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** "Novembre 2026" in the current language, the same on every screen (issue #12). */
export function meseAnno(d: Dayjs): string {
  return capitalize(d.locale(dayjs.locale()).format('MMMM YYYY'));
}

/** 'YYYY-MM-DDTHH:mm:ss' (or 'HH:mm[:ss]') -> 'HH:mm'. */
export function oraDi(ts: string | null | undefined): string {
  if (!ts) return '';
  const i = ts.indexOf('T');
  return (i >= 0 ? ts.slice(i + 1) : ts).slice(0, 5);
}
