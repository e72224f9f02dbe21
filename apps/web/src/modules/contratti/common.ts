/** What the contracts screens share: the CCNL list, money and percentages the Italian way. */
import { useQuery } from '@tanstack/react-query';
import { RES_CCNL } from '@tulip/contract/wire';
import type { TCcnlRow } from '@tulip/contract';
import type { TFunction } from 'i18next';
import type { FormInstance } from 'antd';
import { listOf } from '../../platform/api';
import { formatDate } from '../../platform/formats';
import { ApiError } from '../../platform/http';
import { notifyNegative } from '../../platform/notifications/store';

export function useCcnl() {
  return useQuery({ queryKey: ['contratti', 'ccnl'], queryFn: () => listOf(RES_CCNL, { size: 100 }).then((r) => r.rows as TCcnlRow[]) });
}

/** A percentage with two decimals, "2,57 %". */
export function formatPercent(p: number | null | undefined, lang = 'it'): string {
  if (p === null || p === undefined) return '';
  return `${new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(p)}\u00a0%`;
}

/** The params of a server message with its dates the Italian way (the server sends them as YYYY-MM-DD). */
function paramsIt(params: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v]));
}

/**
 * A refused save of a hand-made form: the server's message notified (its dates DD/MM/YYYY) and set on the field it
 * belongs to; the server's field errors on their fields. Anything else than an answer of the API is thrown again.
 */
export function showRefusal<V>(e: unknown, form: FormInstance<V>, t: TFunction, fields: readonly string[], messageFields: Record<string, string> = {}) {
  if (!(e instanceof ApiError)) throw e;
  const params = paramsIt(e.body.params);
  const text = t(e.message, params);
  notifyNegative(text);
  const errors = new Map<string, string>();
  for (const [name, key] of Object.entries(e.fields)) errors.set(name, t(key, params));
  const own = Object.hasOwn(messageFields, e.message) ? messageFields[e.message] : undefined;
  if (own) errors.set(own, text);
  form.setFields([...errors].filter(([name]) => fields.includes(name)).map(([name, error]) => ({ name: name as never, errors: [error] })));
}

/** A duration of the fixed-term chain, "2 mesi e 1 giorno", "12 mesi" (tempoDeterminato.ts: months, then days). */
export function durataText(t: TFunction, d: { mesi: number; giorni: number }): string {
  const mesi = t('contratti.catena_n_mesi', { count: d.mesi });
  return d.giorni ? t('contratti.catena_mesi_giorni', { mesi, giorni: t('contratti.catena_n_giorni', { count: d.giorni }) }) : mesi;
}
