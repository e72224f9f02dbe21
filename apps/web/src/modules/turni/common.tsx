/**
 * Building blocks shared by the attendance screens (turni, timbrature, giustificativi): minutes as
 * h:mm, colour fields, anomaly tags, the shifts list, the logged user's scope, period navigation,
 * file downloads with the session's token and request ids for idempotent punches.
 */
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, ColorPicker, DatePicker, Input, Select, Space, Tag, Tooltip } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { dayjs, type Dayjs, UI_DATE, capitalize, meseAnno } from '../../platform/formats';
import { saveFile } from '../../platform/download';
import { http } from '../../platform/http';
import { newRequestId } from '../../platform/uuid';
import { useLookup, type ListAnswer } from '../../platform/queries';
import { useSession } from '../../platform/session';
import { solidColors, tint } from '../../platform/colors';

export const API_PRESENZE = {
  turni: '/api/turni',
  anteprima: '/api/turni/anteprima',
  orari: '/api/orari',
  assegnazioni: '/api/assegnazioni-orario',
  festivita: '/api/festivita',
  festivitaAnno: '/api/festivita/anno',
  calendario: '/api/turni/calendario',
  rotazione: '/api/turni/calendario/rotazione',
  calendarioExcel: '/api/turni/calendario/excel',
  timbrature: '/api/timbrature',
  timbratureOggi: '/api/timbrature/oggi',
  timbratureGiorni: '/api/timbrature/giorni',
  anomalie: '/api/timbrature/anomalie',
  causali: '/api/causali',
  giustificativi: '/api/giustificativi',
  daApprovare: '/api/giustificativi/da-approvare',
  decisioni: '/api/giustificativi/decisioni',
  saldi: '/api/giustificativi/saldi',
} as const;

// ---- minutes ---------------------------------------------------------------------------------------

/** 510 -> "8:30", 5 -> "0:05", -15 -> "-0:15"; '' for null/undefined. */
export function formatMinuti(m: number | null | undefined): string {
  if (m === null || m === undefined || !Number.isFinite(m)) return '';
  const sign = m < 0 ? '-' : '';
  const abs = Math.round(Math.abs(m));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** "8:30" -> 510, "8" -> 480, "0:05" -> 5, "7,5"/"7.5" -> 450; null when empty; NaN when not valid. */
export function parseMinuti(s: string): number | null {
  const v = s.trim();
  if (!v) return null;
  let m = /^(\d{1,4}):([0-5]?\d)$/.exec(v);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  m = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(v);
  if (m) return Math.round((Number(m[1]) + (m[2] ? Number(`0.${m[2]}`) : 0)) * 60);
  return Number.NaN;
}

/**
 * Duration input shown as h:mm and stored as integer minutes (Form.Item passes value/onChange).
 * The text is normalised on blur; an invalid text leaves NaN, which the form's validator reports.
 */
export function MinutiInput({
  value,
  onChange,
  id,
  placeholder,
  disabled,
  style,
  'aria-label': ariaLabel,
  suffix,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
  suffix?: ReactNode;
}) {
  const [text, setText] = useState(formatMinuti(value));
  useEffect(() => {
    const parsed = parseMinuti(text);
    if (parsed !== value && !(Number.isNaN(parsed) && Number.isNaN(value))) setText(formatMinuti(value));
    // Only external changes of the value rewrite the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Input
      id={id}
      value={text}
      disabled={disabled}
      style={style}
      aria-label={ariaLabel}
      inputMode="numeric"
      placeholder={placeholder ?? 'h:mm'}
      suffix={suffix}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(parseMinuti(e.target.value));
      }}
      onBlur={() => {
        const p = parseMinuti(text);
        if (p !== null && !Number.isNaN(p)) setText(formatMinuti(p));
      }}
    />
  );
}

/** antd rule for MinutiInput fields: refuses a text that is not h:mm. */
export const minutiRule = (message: string) => ({
  validator: (_: unknown, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? Promise.reject(new Error(message)) : Promise.resolve()),
});

// ---- colours ---------------------------------------------------------------------------------------

/** Colour picker whose value is a '#rrggbb' string. */
export function ColorField({ value, onChange, id, disabled }: { value?: string; onChange?: (v: string) => void; id?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <ColorPicker
      value={value || '#1677ff'}
      disabled={disabled}
      showText
      disabledAlpha
      format="hex"
      presets={[
        {
          label: t('presenze.colori_suggeriti'),
          colors: ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2', '#faad14', '#f5222d', '#2f54eb', '#8c8c8c'],
        },
      ]}
      onChange={(c) => onChange?.(c.toHexString().slice(0, 7))}
    >
      <Button id={id} aria-label={t('presenze.colore_valore', { valore: (value || '#1677ff').toUpperCase() })} disabled={disabled}>
        <span className="tl-swatch" style={{ background: value || '#1677ff' }} />
        <span style={{ fontFamily: 'monospace' }}>{(value || '#1677ff').toUpperCase()}</span>
      </Button>
    </ColorPicker>
  );
}

export function ColorSwatch({ color, title }: { color?: string | null; title?: string }) {
  return <span className="tl-swatch" style={{ background: color || '#d9d9d9' }} title={title} aria-hidden={title ? undefined : true} />;
}

// Readable (WCAG AA) text on users' colours: see platform/colors.
export { contrastText, tint } from '../../platform/colors';

// ---- anomalies -------------------------------------------------------------------------------------

const ANOMALY_COLORS: Record<string, string> = {
  TIMBRATURE_DISPARI: 'red',
  ASSENZA_NON_GIUSTIFICATA: 'red',
  RITARDO: 'orange',
  USCITA_ANTICIPATA: 'orange',
  PAUSA_AUTOMATICA: 'blue',
  LAVORO_IN_RIPOSO: 'purple',
  RIPOSO_INSUFFICIENTE: 'magenta',
};

export function anomaliaLabel(code: string, t: TFunction): string {
  return t(`anomalie.${code}`, { defaultValue: code });
}

export function AnomalieTags({ anomalie, short }: { anomalie: string[] | null | undefined; short?: boolean }) {
  const { t } = useTranslation();
  if (!anomalie?.length) return null;
  return (
    <>
      {anomalie.map((a) => (
        <Tooltip key={a} title={short ? anomaliaLabel(a, t) : undefined}>
          <Tag color={ANOMALY_COLORS[a] ?? 'gold'} className={short ? 'tl-tag-xs' : undefined}>
            {short ? t(`anomalie.breve.${a}`, { defaultValue: a }) : anomaliaLabel(a, t)}
          </Tag>
        </Tooltip>
      ))}
    </>
  );
}

// ---- shifts ----------------------------------------------------------------------------------------

export type Fascia = { inizio: string; fine: string };
export type TurnoRow = {
  id: number;
  codice: string;
  descrizione: string;
  colore: string;
  fasce: Fascia[];
  minuti_teorici: number | null;
  flessibilita: number;
  tolleranza: number;
  arrotondamento_entrata: number;
  arrotondamento_uscita: number;
  soglia_straordinario: number;
  blocco_straordinario: number;
  pausa_minima: number;
  notturno: Fascia;
};

/** Minutes of a band; a band ending at or before its start ends the next day. */
export function minutiFascia(f: Fascia): number {
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  const a = toMin(f.inizio);
  const b = toMin(f.fine);
  return b > a ? b - a : b + 1440 - a;
}

export function minutiTeoriciTurno(t: Pick<TurnoRow, 'fasce' | 'minuti_teorici'>): number {
  if (typeof t.minuti_teorici === 'number') return t.minuti_teorici;
  return (t.fasce ?? []).reduce((s, f) => s + minutiFascia(f), 0);
}

export function fasceText(fasce: Fascia[] | null | undefined): string {
  return (fasce ?? []).map((f) => `${f.inizio.slice(0, 5)}–${f.fine.slice(0, 5)}`).join(', ');
}

/** Every shift (GET /api/turni, one page of up to 1000). */
export function useTurni(enabled = true) {
  return useQuery({
    queryKey: ['resource', API_PRESENZE.turni, 'all'],
    queryFn: () => http.get<ListAnswer<TurnoRow>>(API_PRESENZE.turni, { query: { page: 1, size: 1000, sort: 'codice' } }),
    enabled,
    staleTime: 60_000,
    select: (a) => (Array.isArray(a?.rows) ? a.rows : []),
  });
}

/** Small coloured shift code. */
export function TurnoBadge({ codice, colore, muted, title }: { codice: string; colore?: string | null; muted?: boolean; title?: string }) {
  const style: CSSProperties = muted
    ? { background: tint(colore, 0.18), color: 'rgba(0,0,0,0.75)', borderColor: tint(colore, 0.5) }
    : (() => {
        const c = solidColors(colore);
        return { ...c, borderColor: c.background };
      })();
  return (
    <span className={`tl-turno${muted ? '' : ' tl-turno--forte'}`} style={style} title={title}>
      {codice}
    </span>
  );
}

// ---- who is looking --------------------------------------------------------------------------------

/** The active profile's scope and the linked employee (GET /api/user/profile, kept in the session). */
export function useScope() {
  const { profile, defs } = useSession();
  const scope = profile?.profilo?.scope ?? 'proprio';
  return {
    scope,
    /** An employee sees only their own data. */
    soloProprio: scope === 'proprio',
    dipendente: profile?.dipendente ?? null,
    routes: defs.routes,
  };
}

/** Employee picker over the employees lookup (scoped by the server). */
export function DipendenteSelect({
  value,
  onChange,
  style,
  allowClear,
  id,
  mode,
  placeholder,
}: {
  value?: number | number[] | null;
  onChange?: (v: never) => void;
  style?: CSSProperties;
  allowClear?: boolean;
  id?: string;
  mode?: 'multiple';
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const lookup = useLookup('/api/dipendenti');
  return (
    <Select
      id={id}
      mode={mode}
      aria-label={id ? undefined : t('presenze.dipendente')}
      value={value ?? undefined}
      onChange={onChange as (v: unknown) => void}
      style={style}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      loading={lookup.isLoading}
      options={(lookup.data ?? []) as { value: number; label: string }[]}
      placeholder={placeholder ?? t('presenze.scegli_dipendente')}
      notFoundContent={t('ui.nessun_dato')}
      maxTagCount="responsive"
    />
  );
}

/** Department filter over the departments lookup. */
export function RepartoSelect({ value, onChange, style }: { value?: number | null; onChange?: (v: number | undefined) => void; style?: CSSProperties }) {
  const { t } = useTranslation();
  const lookup = useLookup('/api/reparti');
  return (
    <Select
      aria-label={t('presenze.reparto')}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v as number | undefined)}
      style={style ?? { width: 220 }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={lookup.isLoading}
      options={(lookup.data ?? []) as { value: number; label: string }[]}
      placeholder={t('presenze.tutti_i_reparti')}
      notFoundContent={t('ui.nessun_dato')}
    />
  );
}

// ---- periods ---------------------------------------------------------------------------------------

/** Previous / today / next and a month (or week) picker. */
export function PeriodNav({
  value,
  onChange,
  unit,
}: {
  value: Dayjs;
  onChange: (d: Dayjs) => void;
  unit: 'month' | 'week';
}) {
  const { t } = useTranslation();
  const label = unit === 'month' ? t('presenze.mese') : t('presenze.settimana');
  return (
    <Space.Compact>
      <Tooltip title={unit === 'month' ? t('presenze.mese_precedente') : t('presenze.settimana_precedente')}>
        <Button
          icon={<LeftOutlined />}
          aria-label={unit === 'month' ? t('presenze.mese_precedente') : t('presenze.settimana_precedente')}
          onClick={() => onChange(value.subtract(1, unit))}
        />
      </Tooltip>
      <DatePicker
        picker={unit}
        aria-label={label}
        allowClear={false}
        value={value}
        format={(d) =>
          unit === 'month'
            ? meseAnno(d)
            : `${d.locale(dayjs.locale()).startOf('week').format(UI_DATE)} – ${d.locale(dayjs.locale()).endOf('week').format(UI_DATE)}`
        }
        onChange={(d) => d && onChange(d)}
        style={{ width: unit === 'month' ? 170 : 230 }}
      />
      <Button onClick={() => onChange(dayjs())}>{unit === 'month' ? t('presenze.mese_corrente') : t('presenze.oggi')}</Button>
      <Tooltip title={unit === 'month' ? t('presenze.mese_successivo') : t('presenze.settimana_successiva')}>
        <Button
          icon={<RightOutlined />}
          aria-label={unit === 'month' ? t('presenze.mese_successivo') : t('presenze.settimana_successiva')}
          onClick={() => onChange(value.add(1, unit))}
        />
      </Tooltip>
    </Space.Compact>
  );
}

// every screen writes month and day names the same way
export { capitalize, meseAnno };

/** 'YYYY-MM-DDTHH:mm:ss' (or 'HH:mm[:ss]') -> 'HH:mm'. */
export function oraDi(ts: string | null | undefined): string {
  if (!ts) return '';
  const i = ts.indexOf('T');
  return (i >= 0 ? ts.slice(i + 1) : ts).slice(0, 5);
}

// ---- requests --------------------------------------------------------------------------------------

/** A fresh id_richiesta (UUID v4), also on plain-http origins (see platform/uuid). */
export { newRequestId };

/** GET a file with the session's token and hand it to the browser; errors are notified by the client. */
export async function downloadFile(path: string, query: Record<string, string | number | undefined | null>, fallbackName: string): Promise<void> {
  const file = await http.file(path, { query });
  saveFile(file, fallbackName);
}
