import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Empty, Row, Segmented, Select, Space, Spin, Tag, TimePicker, Tooltip, Typography } from 'antd';
import { DeleteOutlined, ExperimentOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { ZTurno } from '@tulip/contract';
import { OPS_TURNI } from '@tulip/contract/wire';
import { dayjs, type Dayjs } from '../../platform/formats';
import { call } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { AnomalieTags } from '../../components/AnomalieTags';
import { formatMinuti } from '../../components/minuti';
import { useDebounced } from '../../components/useDebounced';
import { oraDi } from '../../platform/formats';
import { turnoBody, type TurnoFormValues } from './turnoForm';

type Punch = { key: number; verso: 'E' | 'U'; ora: Dayjs | null; dopo?: boolean };
type TipoGiorno = 'lavorativo' | 'riposo' | 'festivo';

/** True when a wire date-time falls on a later day than the reference one. */
const giornoDopo = (ts: string, ref: string) => ts.length >= 10 && ref.length >= 10 && ts.slice(0, 10) > ref.slice(0, 10);
const at = (s: string) => dayjs(`2000-01-01T${s}`);
let seq = 0;
const sample = (): Punch[] =>
  [
    ['E', '08:33'],
    ['U', '12:31'],
    ['E', '13:29'],
    ['U', '18:20'],
  ].map(([verso, ora]) => ({ key: ++seq, verso: verso as 'E' | 'U', ora: at(ora) }));

/**
 * Live preview beside the shift form: sample punches and day type are sent with the shift being
 * edited to POST /api/turni/anteprima (debounced) and the day's result is shown.
 */
export function AnteprimaTurno({ values }: { values: TurnoFormValues | undefined }) {
  const { t } = useTranslation();
  const [punches, setPunches] = useState<Punch[]>(sample);
  const [tipo, setTipo] = useState<TipoGiorno>('lavorativo');

  const payload = useMemo(() => {
    const body = turnoBody(values);
    // The preview needs a valid shift; code and description may still be empty.
    const turno = ZTurno.safeParse({ ...body, codice: (body.codice as string) || 'ANTEPRIMA', descrizione: (body.descrizione as string) || 'Anteprima' });
    if (!turno.success) return null;
    return {
      turno: turno.data,
      tipo_giorno: tipo,
      timbrature: punches.filter((p) => p.ora?.isValid()).map((p) => ({ ora: p.ora!.format('HH:mm'), verso: p.verso, ...(p.dopo ? { giorno_dopo: true } : {}) })),
    };
  }, [values, punches, tipo]);
  const key = useDebounced(payload ? JSON.stringify(payload) : null, 400);

  const result = useQuery({
    queryKey: ['turni', 'anteprima', key],
    queryFn: ({ signal }) => call(OPS_TURNI.anteprima, { body: JSON.parse(key!) }, { notifyError: false, notifySuccess: false, signal }),
    enabled: !!key,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const r = result.data;
  const err = result.error instanceof ApiError ? translateMessage(result.error.body.message, result.error.body.params) : result.error ? String(result.error) : null;

  const update = (k: number, patch: Partial<Punch>) => setPunches((list) => list.map((p) => (p.key === k ? { ...p, ...patch } : p)));
  const sortKey = (p: Punch) => `${p.dopo ? 1 : 0}${p.ora?.format('HH:mm') ?? '99'}`;
  const sorted = [...punches].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));

  const stat = (label: string, v: number | undefined, tone?: 'good' | 'warn' | 'bad') => (
    <Col span={8} key={label}>
      <div className={`tl-stat${tone && v ? ` tl-stat--${tone}` : ''}`}>
        <div className="tl-stat__label">{label}</div>
        <div className="tl-stat__value">{formatMinuti(v ?? 0)}</div>
      </div>
    </Col>
  );

  return (
    <Card
      data-testid="turni-anteprima"
      size="small"
      className="tl-anteprima"
      title={
        <Space>
          <ExperimentOutlined />
          {t('turni.anteprima')}
        </Space>
      }
      extra={result.isFetching ? <Spin size="small" /> : null}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('turni.anteprima_testo')}
      </Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }} size="small">
        <Segmented<TipoGiorno>
          block
          value={tipo}
          onChange={setTipo}
          aria-label={t('turni.tipo_giorno')}
          options={[
            { value: 'lavorativo', label: t('turni.tipo_lavorativo') },
            { value: 'riposo', label: t('turni.tipo_riposo') },
            { value: 'festivo', label: t('turni.tipo_festivo') },
          ]}
        />
        <div className="tl-punches" role="group" aria-label={t('turni.timbrature_esempio')}>
          {punches.map((p, i) => (
            <Space key={p.key} size={4} className="tl-punch-row">
              <Select<'E' | 'U'>
                aria-label={t('turni.verso_n', { n: i + 1 })}
                value={p.verso}
                onChange={(v) => update(p.key, { verso: v })}
                style={{ width: 110 }}
                options={[
                  { value: 'E', label: t('timbrature.entrata') },
                  { value: 'U', label: t('timbrature.uscita') },
                ]}
              />
              <TimePicker
                aria-label={t('turni.ora_n', { n: i + 1 })}
                format="HH:mm"
                needConfirm={false}
                value={p.ora}
                onChange={(v) => update(p.key, { ora: v })}
                style={{ width: 100 }}
              />
              <Tooltip title={t('turni.giorno_dopo_hint')}>
                <Checkbox checked={!!p.dopo} onChange={(e) => update(p.key, { dopo: e.target.checked })} aria-label={t('turni.giorno_dopo_n', { n: i + 1 })}>
                  {t('turni.piu_uno')}
                </Checkbox>
              </Tooltip>
              <Tooltip title={t('turni.rimuovi_timbratura')}>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('turni.rimuovi_timbratura_n', { n: i + 1 })}
                  onClick={() => setPunches((list) => list.filter((x) => x.key !== p.key))}
                />
              </Tooltip>
            </Space>
          ))}
        </div>
        <Space wrap>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => {
              const last = sorted[sorted.length - 1];
              setPunches((list) => [...list, { key: ++seq, verso: last?.verso === 'E' ? 'U' : 'E', ora: last?.ora ? last.ora.add(1, 'hour') : at('08:00'), dopo: last?.dopo }]);
            }}
          >
            {t('turni.aggiungi_timbratura')}
          </Button>
          <Button size="small" icon={<UndoOutlined />} onClick={() => setPunches(sample())}>
            {t('turni.ripristina_esempio')}
          </Button>
        </Space>
      </Space>

      <div className="tl-anteprima__result" aria-live="polite">
        {!payload ? (
          <Alert type="info" showIcon title={t('turni.anteprima_incompleta')} />
        ) : err ? (
          <Alert type="error" showIcon title={t('turni.anteprima_errore')} description={err} />
        ) : !r ? (
          result.isFetching ? (
            <div style={{ textAlign: 'center', padding: 24 }}>
              <Spin />
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ui.nessun_dato')} />
          )
        ) : (
          <>
            <Typography.Text strong>{t('turni.risultato')}</Typography.Text>
            <Row gutter={[8, 8]} style={{ marginTop: 8 }}>
              {stat(t('turni.r_teoriche'), r.minuti_teorici)}
              {stat(t('turni.r_lavorate'), r.minuti_lavorati, 'good')}
              {stat(t('turni.r_ordinarie'), r.minuti_ordinari)}
              {stat(t('turni.r_straordinarie'), r.minuti_straordinari, 'good')}
              {stat(t('turni.r_notturne'), r.minuti_notturni)}
              {stat(t('turni.r_mancanti'), r.minuti_mancanti, 'bad')}
              {stat(t('turni.r_ritardo'), r.minuti_ritardo, 'warn')}
              {stat(t('turni.r_uscita_anticipata'), r.minuti_uscita_anticipata, 'warn')}
              {r.minuti_festivi ? stat(t('turni.r_festive'), r.minuti_festivi) : null}
            </Row>
            <div style={{ marginTop: 12 }}>
              <Typography.Text type="secondary">{t('turni.anomalie')}: </Typography.Text>
              {r.anomalie?.length ? <AnomalieTags anomalie={r.anomalie} /> : <Tag color="green">{t('turni.nessuna_anomalia')}</Tag>}
            </div>
            {r.coppie.length ? (
              <div style={{ marginTop: 12 }}>
                <Typography.Text type="secondary">{t('turni.coppie_arrotondate')}</Typography.Text>
                <table className="tl-mini-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('timbrature.entrata')}</th>
                      <th scope="col">{t('timbrature.uscita')}</th>
                      <th scope="col">{t('turni.durata')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.coppie.map((c, i) => (
                      <tr key={i}>
                        <td>
                          {oraDi(c.entrata)}
                          {giornoDopo(c.entrata, r.coppie[0].entrata) ? <sup> {t('turni.piu_uno')}</sup> : null}
                        </td>
                        <td>
                          {oraDi(c.uscita)}
                          {giornoDopo(c.uscita, r.coppie[0].entrata) ? <sup> {t('turni.piu_uno')}</sup> : null}
                        </td>
                        <td>{formatMinuti(c.minuti)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}
