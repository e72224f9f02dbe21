/** Small building blocks shared by the consultation screens. */
import { useCallback, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Col, DatePicker, Popconfirm, Row, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { LeftOutlined, LockOutlined, RightOutlined, UnlockOutlined } from '@ant-design/icons';
import { OPS_CONSULTAZIONE, RES_DIPENDENTI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { ApiError, type FileAnswer } from '../../platform/http';
import { openFile, saveFile } from '../../platform/download';
import { dayjs, type Dayjs, meseAnno } from '../../platform/formats';
import { useLookup } from '../../platform/queries';
import { notifyPositive } from '../../platform/notifications/store';
import { shiftMese } from './format';
import './consultazione.css';
import { useScope as useProfileScope } from '../../components/scope';

export const MESE_FORMAT = 'YYYY-MM';

export function meseCorrente(): string {
  return dayjs().format(MESE_FORMAT);
}

/**
 * dayjs in the interface language. AntdProvider switches dayjs' global locale in an effect, after the
 * render that follows a language change: names of days and months are formatted with this instead.
 */
export function useDayjs() {
  const { i18n } = useTranslation();
  const loc = i18n.language === 'en' ? 'en' : 'it';
  // one function per language, so a memo that uses it recomputes when (and only when) the language changes
  return useCallback((value?: string) => dayjs(value).locale(loc), [loc]);
}

export type Periodo = [Dayjs, Dayjs];

/** First and last day of the current month (default period of the absence screens). */
export function meseInCorso(): Periodo {
  return [dayjs().startOf('month'), dayjs().endOf('month')];
}

/** The logged user's data scope, own employee, and whether HR month actions are allowed. */
export function useScope() {
  const { scope, soloProprio, dipendente, routes } = useProfileScope();
  return {
    scope,
    proprio: soloProprio,
    dipendente,
    /** Close/reopen months and payroll exports: HR (totals screen, everyone in scope). */
    hr: scope === 'tutti' && routes.includes('totaliz'),
  };
}

/** Page title with the toolbar on its right, wrapping on narrow screens. */
export function PageHeader({ title, extra, children }: { title: string; extra?: ReactNode; children?: ReactNode }) {
  return (
    <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
      <Col>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Col>
      {extra ? (
        <Col>
          <Space wrap>{extra}</Space>
        </Col>
      ) : null}
    </Row>
  );
}

/** Month picker ("novembre 2025") with previous/next buttons; value "YYYY-MM". */
export function MesePicker({ value, onChange }: { value: string; onChange: (mese: string) => void }) {
  const { t } = useTranslation();
  return (
    <Space.Compact>
      <Tooltip title={t('consultazione.mese_precedente')}>
        <Button icon={<LeftOutlined />} aria-label={t('consultazione.mese_precedente')} onClick={() => onChange(shiftMese(value, -1))} />
      </Tooltip>
      <DatePicker
        picker="month"
        allowClear={false}
        format={(d) => meseAnno(d)}
        aria-label={t('consultazione.mese')}
        placeholder={t('consultazione.mese')}
        value={dayjs(`${value}-01`)}
        onChange={(d) => d && onChange(d.format(MESE_FORMAT))}
        style={{ width: 170 }}
      />
      <Tooltip title={t('consultazione.mese_successivo')}>
        <Button icon={<RightOutlined />} aria-label={t('consultazione.mese_successivo')} onClick={() => onChange(shiftMese(value, 1))} />
      </Tooltip>
    </Space.Compact>
  );
}

/** Employee picker over the employees the user may see (GET /api/dipendenti lookup, scoped by the server). */
export function DipendenteSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const lookup = useLookup(RES_DIPENDENTI.path);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      aria-label={t('consultazione.dipendente')}
      placeholder={t('consultazione.seleziona_dipendente')}
      notFoundContent={t('ui.nessun_dato')}
      loading={lookup.isLoading}
      options={(lookup.data ?? []).map((o) => ({ value: Number(o.value), label: o.label }))}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      style={{ width: 280 }}
    />
  );
}

/** A lookup select (departments, cost centres, causali) used as a filter. */
export function LookupFilter({
  path,
  label,
  value,
  onChange,
  width = 200,
}: {
  path: string;
  label: string;
  value: string | number | null;
  onChange: (v: string | number | null) => void;
  width?: number;
}) {
  const { t } = useTranslation();
  const lookup = useLookup(path);
  return (
    <Select<string | number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      aria-label={label}
      placeholder={label}
      notFoundContent={t('ui.nessun_dato')}
      loading={lookup.isLoading}
      options={lookup.data ?? []}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      style={{ width }}
    />
  );
}

/**
 * Downloads of server-made files (xlsx, pdf, csv, xml), each fetched by the typed client's `download` of its operation
 * (auth header, renewal, error notifications); `busy` names the one running.
 */
export function useFileDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  async function download(key: string, fetchFile: () => Promise<FileAnswer>, fallbackName: string, mode: 'save' | 'open' = 'save'): Promise<ApiError | null> {
    setBusy(key);
    try {
      const file = await fetchFile();
      if (mode === 'open') openFile(file, fallbackName);
      else saveFile(file, fallbackName);
      return null;
    } catch (e) {
      return e instanceof ApiError ? e : null;
    } finally {
      setBusy(null);
    }
  }
  return { busy, download };
}

/** HR: close the month for everyone (punches and requests locked) or reopen it, with confirmation. */
export function ChiusuraMese({ mese, chiuso }: { mese: string; chiuso: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const dj = useDayjs();
  const nomeMese = meseAnno(dj(`${mese}-01`));
  const [pending, setPending] = useState(false);
  // Plain state rather than useMutation: that hook would land in the shared chunk of the login page.
  async function run(chiudi: boolean) {
    setPending(true);
    try {
      if (chiudi) await call(OPS_CONSULTAZIONE.chiudiMese, { body: { mese } }, { notifySuccess: false });
      else await call(OPS_CONSULTAZIONE.riapriMese, { params: { mese } }, { notifySuccess: false });
      notifyPositive(t(chiudi ? 'cartellino.mese_chiuso_ok' : 'cartellino.mese_riaperto_ok', { mese: nomeMese }));
      await Promise.all([qc.invalidateQueries({ queryKey: ['cartellino'] }), qc.invalidateQueries({ queryKey: ['totaliz'] })]);
    } catch {
      /* notified by the http client */
    } finally {
      setPending(false);
    }
  }
  if (!chiuso && mese >= meseCorrente()) {
    // Only past months can be closed.
    return (
      <Tooltip title={t('avvisi.mese_in_corso')}>
        <Button type="primary" icon={<LockOutlined />} disabled>
          {t('cartellino.chiudi_mese')}
        </Button>
      </Tooltip>
    );
  }
  return chiuso ? (
    <Popconfirm
      title={t('cartellino.riapri_conferma', { mese: nomeMese })}
      description={t('cartellino.riapri_testo')}
      okText={t('cartellino.riapri_mese')}
      cancelText={t('ui.annulla')}
      onConfirm={() => run(false)}
    >
      <Button icon={<UnlockOutlined />} loading={pending}>
        {t('cartellino.riapri_mese')}
      </Button>
    </Popconfirm>
  ) : (
    <Popconfirm
      title={t('cartellino.chiudi_conferma', { mese: nomeMese })}
      description={t('cartellino.chiudi_testo')}
      okText={t('cartellino.chiudi_mese')}
      cancelText={t('ui.annulla')}
      onConfirm={() => run(true)}
    >
      <Button type="primary" icon={<LockOutlined />} loading={pending}>
        {t('cartellino.chiudi_mese')}
      </Button>
    </Popconfirm>
  );
}

/** "Mese chiuso" / "Mese aperto" badge. */
export function StatoMeseTag({ chiuso }: { chiuso: boolean }) {
  const { t } = useTranslation();
  return chiuso ? (
    <Tag icon={<LockOutlined />} color="red" data-testid="mese-chiuso">
      {t('cartellino.mese_chiuso')}
    </Tag>
  ) : (
    <Tag icon={<UnlockOutlined />} color="green" data-testid="mese-aperto">
      {t('cartellino.mese_aperto')}
    </Tag>
  );
}
