import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, Row, Select, Space, Tabs, Tag, Typography } from 'antd';
import { ZAssegnazioneOrario, ZOrarioSettimanale } from '@tulip/contract';
import { RES_ASSEGNAZIONI_ORARIO, RES_DIPENDENTI, RES_ORARI } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef, type Row as RecordRow } from '../../components/ResourcePage';
import { DipendenteSelect } from '../../components/people';
import { formatMinuti } from '../../components/minuti';
import { minutiTeoriciTurno, TurnoBadge, useTurni, type TurnoRow } from './shifts';
import { formatDate } from '../../platform/formats';
import '../../components/presenze.css';

/** The schema, with the days always seven (an untouched editor leaves them empty). */
const orarioSchema = {
  safeParse: (b: unknown) => {
    const body = (b ?? {}) as Record<string, unknown>;
    const g = Array.isArray(body.giorni) ? (body.giorni as unknown[]) : [];
    return ZOrarioSettimanale.safeParse({ ...body, giorni: Array.from({ length: 7 }, (_, i) => g[i] ?? null) });
  },
};

/** Weekday keys, Monday first (DESIGN: weeks start on Monday). */
export const GIORNI_SETTIMANA = ['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom'] as const;
const RIPOSO = 0;

/** The seven selects of a weekly schedule (value: 7 shift ids or null = rest). */
function GiorniEditor({ value, onChange, id }: { value?: (number | null)[]; onChange?: (v: (number | null)[]) => void; id?: string }) {
  const { t } = useTranslation();
  const turni = useTurni();
  const days = Array.from({ length: 7 }, (_, i) => (Array.isArray(value) ? (value[i] ?? null) : null));
  const options = [
    { value: RIPOSO, label: t('orari.riposo') },
    ...(turni.data ?? []).map((x) => ({ value: x.id, label: `${x.codice} - ${x.descrizione}` })),
  ];
  const totale = days.reduce<number>((s, d) => {
    const tt = d ? turni.data?.find((x) => x.id === d) : undefined;
    return s + (tt ? minutiTeoriciTurno(tt) : 0);
  }, 0);
  return (
    <div id={id}>
      <Row gutter={[12, 8]}>
        {GIORNI_SETTIMANA.map((g, i) => (
          <Col span={24} key={g}>
            <Space style={{ width: '100%' }} className="tl-giorno-row">
              <label htmlFor={`${id ?? 'giorni'}-${g}`} className="tl-giorno-label">
                {t(`orari.giorno_${g}`)}
              </label>
              <Select
                id={`${id ?? 'giorni'}-${g}`}
                style={{ width: 320 }}
                loading={turni.isLoading}
                value={days[i] ?? RIPOSO}
                options={options}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(v: number) => {
                  const next = [...days];
                  next[i] = v === RIPOSO ? null : v;
                  onChange?.(next);
                }}
              />
            </Space>
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary">{t('orari.ore_settimanali', { ore: formatMinuti(totale) })}</Typography.Text>
    </div>
  );
}

function SettimanaBadges({ giorni, turni }: { giorni: unknown; turni: TurnoRow[] }) {
  const { t } = useTranslation();
  const days = Array.isArray(giorni) ? (giorni as (number | null)[]) : [];
  return (
    <Space size={4} wrap>
      {GIORNI_SETTIMANA.map((g, i) => {
        const tt = days[i] ? turni.find((x) => x.id === days[i]) : undefined;
        return (
          <span key={g} className="tl-settimana-cell" title={t(`orari.giorno_${g}`)}>
            <span className="tl-settimana-cell__day">{t(`orari.breve_${g}`)}</span>
            {tt ? <TurnoBadge codice={tt.codice} colore={tt.colore} /> : <Tag className="tl-riposo">{t('orari.riposo_breve')}</Tag>}
          </span>
        );
      })}
    </Space>
  );
}

function OrariSettimanali() {
  const turni = useTurni();
  const list = turni.data ?? [];
  const weekly = (r: RecordRow) => {
    const days = Array.isArray(r.giorni) ? (r.giorni as (number | null)[]) : [];
    return days.reduce<number>((s, d) => {
      const tt = d ? list.find((x) => x.id === d) : undefined;
      return s + (tt ? minutiTeoriciTurno(tt) : 0);
    }, 0);
  };
  const columns: ColumnDef[] = [
    { key: 'codice', title: 'orari.codice', sorter: true, width: 140 },
    { key: 'descrizione', title: 'orari.descrizione', sorter: true },
    {
      key: 'giorni',
      title: 'orari.settimana',
      render: (r) => <SettimanaBadges giorni={r.giorni} turni={list} />,
      exportValue: (r) =>
        (Array.isArray(r.giorni) ? (r.giorni as (number | null)[]) : []).map((d) => (d ? (list.find((x) => x.id === d)?.codice ?? d) : '-')).join(' '),
    },
    { key: 'ore', title: 'orari.ore', render: (r) => formatMinuti(weekly(r)), exportValue: (r) => formatMinuti(weekly(r)) },
  ];
  const fields: FieldDef[] = [
    { name: 'codice', label: 'orari.codice', required: true, span: 10 },
    { name: 'descrizione', label: 'orari.descrizione', required: true, span: 14 },
    { name: 'giorni', label: 'orari.giorni', type: 'custom', render: () => <GiorniEditor /> },
  ];
  return (
    <ResourcePage
      resource={{ wire: RES_ORARI, title: 'orari.titolo_orari', entity: 'entita.orario', schema: orarioSchema }}
      columns={columns}
      form={{ fields, width: 560 }}
      defaultSort="codice"
      hideTitle
    />
  );
}

function Assegnazioni() {
  const { t } = useTranslation();
  const [dipendente, setDipendente] = useState<number | undefined>();
  const columns: ColumnDef[] = [
    { key: 'dipendente_nome', title: 'orari.dipendente', sorter: true },
    { key: 'orario_descrizione', title: 'orari.orario' },
    { key: 'dal', title: 'orari.dal', type: 'date', sorter: true, width: 130 },
    {
      key: 'al',
      title: 'orari.al',
      type: 'date',
      sorter: true,
      width: 130,
      render: (r) => (r.al ? formatDate(String(r.al)) : <Tag color="green">{t('orari.in_corso')}</Tag>),
    },
  ];
  const fields: FieldDef[] = [
    { name: 'dipendente_id', label: 'orari.dipendente', type: 'select', lookup: RES_DIPENDENTI.path, required: true },
    { name: 'orario_id', label: 'orari.orario', type: 'select', lookup: RES_ORARI.path, required: true },
    { name: 'dal', label: 'orari.dal', type: 'date', required: true, span: 12 },
    { name: 'al', label: 'orari.al', type: 'date', span: 12, extra: (_r, tt) => tt('orari.al_hint') },
  ];
  return (
    <ResourcePage
      resource={{ wire: RES_ASSEGNAZIONI_ORARIO, title: 'orari.titolo_assegnazioni', entity: 'entita.assegnazione', schema: ZAssegnazioneOrario }}
      columns={columns}
      form={{ fields }}
      defaultSort="-dal"
      hideTitle
      query={{ dipendente_id: dipendente }}
      toolbarExtra={<DipendenteSelect value={dipendente} onChange={(v) => setDipendente(v)} allowClear style={{ width: 260 }} placeholder={t('orari.filtra_dipendente')} />}
    />
  );
}

/** /turni/orari — weekly schedules (a shift per weekday, Monday first) and their assignment to employees. */
export function OrariPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('orari');
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('menu.turni.orari')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('orari.sottotitolo')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'orari', label: t('orari.tab_orari'), children: <OrariSettimanali /> },
          { key: 'assegnazioni', label: t('orari.tab_assegnazioni'), children: <Assegnazioni /> },
        ]}
      />
    </div>
  );
}
