import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, DatePicker, Input, Row as GridRow, Tag, Typography } from 'antd';
import { OPS_AUDIT } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type Row } from '../../components/ResourcePage';
import { toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';

const AZIONE_COLORS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red' };

function Json({ value }: { value: unknown }) {
  return <pre className="tl-json">{value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}</pre>;
}

/** /audit: the append-only change log, read only; before/after in an expandable row. */
export function AuditPage() {
  const { t } = useTranslation();
  // codes as the server writes them, shown (and exported) by name (issue #12); an unknown one as it is
  const entitaLabel = (r: Record<string, unknown>) => t(`audit.entita_${String(r.entita)}`, { defaultValue: String(r.entita) });
  const azioneText = (r: Record<string, unknown>) => t(`audit.azione_${String(r.azione)}`, { defaultValue: String(r.azione) });
  const [entitaText, setEntitaText] = useState('');
  const [entita, setEntita] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const query = useMemo(
    () => ({ entita: entita || undefined, dal: toWireDate(range?.[0]) ?? undefined, al: toWireDate(range?.[1]) ?? undefined }),
    [entita, range],
  );
  const columns: ColumnDef[] = [
    { key: 'ts', title: 'audit.ts', type: 'datetime', width: 150 },
    { key: 'username', title: 'audit.utente' },
    // codes as the server writes them, shown by name (issue #12); an unknown one as it is
    { key: 'entita', title: 'audit.entita', render: (r) => entitaLabel(r), exportValue: (r) => entitaLabel(r) },
    { key: 'entita_id', title: 'audit.entita_id' },
    {
      key: 'azione',
      title: 'audit.azione',
      render: (r) => <Tag color={AZIONE_COLORS[String(r.azione)] ?? 'default'}>{azioneText(r)}</Tag>,
      exportValue: (r) => azioneText(r),
    },
    { key: 'motivo', title: 'audit.motivo' },
    { key: 'prima', title: 'audit.prima', exportOnly: true, exportValue: (r) => (r.prima == null ? '' : JSON.stringify(r.prima)) },
    { key: 'dopo', title: 'audit.dopo', exportOnly: true, exportValue: (r) => (r.dopo == null ? '' : JSON.stringify(r.dopo)) },
  ];
  return (
    <ResourcePage
      resource={{ wire: { ops: { elenco: OPS_AUDIT.elenco } }, title: 'menu.audit' }}
      columns={columns}
      readOnly
      query={query}
      toolbarExtra={
        <>
          <Input
            allowClear
            aria-label={t('audit.entita')}
            placeholder={t('audit.entita')}
            style={{ width: 160 }}
            value={entitaText}
            onChange={(e) => {
              setEntitaText(e.target.value);
              if (!e.target.value) setEntita('');
            }}
            onPressEnter={() => setEntita(entitaText.trim())}
            onBlur={() => setEntita(entitaText.trim())}
          />
          <DatePicker.RangePicker
            format={UI_DATE}
            aria-label={t('audit.periodo')}
            placeholder={[t('audit.dal'), t('audit.al')]}
            value={range}
            onChange={(v) => setRange(v ? [v[0], v[1]] : null)}
          />
        </>
      }
      expandable={{
        expandedRowRender: (r: Row) => (
          <GridRow gutter={16}>
            <Col xs={24} md={12}>
              <Typography.Text strong>{t('audit.prima')}</Typography.Text>
              <Json value={r.prima} />
            </Col>
            <Col xs={24} md={12}>
              <Typography.Text strong>{t('audit.dopo')}</Typography.Text>
              <Json value={r.dopo} />
            </Col>
          </GridRow>
        ),
        rowExpandable: (r: Row) => r.prima != null || r.dopo != null,
      }}
    />
  );
}
