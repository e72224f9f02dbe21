// No dayjs: the kiosk page uses it without loading it.
import { useEffect, useState } from 'react';

/**
 * How far the company's wall clock is from this device's clock (ms), from a server `ora` (a wire
 * date-time in the company zone, read as if UTC); null when absent or invalid. `Date.now() + offset`,
 * shown in UTC, is the time a punch is recorded at, whatever the device's zone or clock.
 */
export function wallClockOffset(ora: string | null | undefined): number | null {
  const server = ora ? Date.parse(`${ora}Z`) : NaN;
  return Number.isFinite(server) ? server - Date.now() : null;
}

/** The offset of the server's latest `ora`, kept once known (offline, the last one stays); null until then. */
export function useWallClockOffset(ora: string | null | undefined): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    const o = wallClockOffset(ora);
    if (o !== null) setOffset(o);
  }, [ora]);
  return offset;
}

/**
 * A device instant on the company's wall clock, with the zone to format it in: moved by `offset` and read in UTC, or,
 * while the server has not answered (offset null), the device's own time in its own zone.
 */
export function companyTime(d: Date, offset: number | null): { at: Date; timeZone?: string } {
  return offset === null ? { at: d } : { at: new Date(d.getTime() + offset), timeZone: 'UTC' };
}

const formats = new Map<string, Intl.DateTimeFormat>();
/**
 * An Intl date-time formatter in the app's language (it-IT, en-GB), made once per language and options: making one
 * costs a phone more than the clock's tick every second that shows it (the kiosk, /mobile).
 */
export function wallClockFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = lang === 'en' ? 'en-GB' : 'it-IT';
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** HH:mm (or HH:mm:ss) of a device instant on the company's wall clock: plain arithmetic, cheap at every tick. */
export function wallClockTime(d: Date, offset: number | null, seconds = false): string {
  const { at, timeZone } = companyTime(d, offset);
  const parts = timeZone === 'UTC' ? [at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()] : [at.getHours(), at.getMinutes(), at.getSeconds()];
  return parts
    .slice(0, seconds ? 3 : 2)
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

/**
 * How the punches of the work day in progress are titled: by that day when it began on another calendar day (last
 * night's shift, still shown in the morning: "Turno del 26/11/2026"), else as today's. `giorno` is the server's work
 * day, `oggi` today on the company's wall clock (both YYYY-MM-DD).
 */
export function titoloGiornata(giorno: string | null | undefined, oggi: string): { key: 'oggi' } | { key: 'turno_del'; data: string } {
  return giorno && giorno !== oggi ? { key: 'turno_del', data: giorno } : { key: 'oggi' };
}
