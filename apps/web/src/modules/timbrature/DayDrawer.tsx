import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined, ToolOutlined } from '@ant-design/icons';
import { dayjs, formatDateTime } from '../../platform/formats';
import { call } from '../../platform/api';
import { AnomalieTags } from '../../components/AnomalieTags';
import { OPS_TIMBRATURE } from '@tulip/contract/wire';
import { capitalize, oraDi } from '../../platform/formats';
import { formatMinuti } from '../../components/minuti';
import { TurnoBadge, useTurni } from '../turni';
import type { PunchAction } from './PunchDialog';
import { diagnosi, isAnnullata, isDifferita, isManuale, oraSuggerita, type GiornoTimbrature, type Timbratura } from './types';

const FONTI = ['web', 'kiosk', 'mobile', 'terminale', 'manuale'];

/** The punches of one day with, for HR and managers, add / correct / cancel. */
export function DayDrawer({
  giorno,
  data,
  nome,
  dipendenteId,
  canEdit,
  onClose,
  onAction,
}: {
  giorno: GiornoTimbrature | null;
  data: string | null;
  nome?: string;
  dipendenteId: number | null;
  canEdit: boolean;
  onClose: () => void;
  onAction: (a: PunchAction) => void;
}) {
  const { t } = useTranslation();
  // The full records (reasons of corrections and cancellations) of the punches around the day.
  const dettagli = useQuery({
    queryKey: ['timbrature', 'dettaglio', dipendenteId, data],
    queryFn: () =>
      call(
        OPS_TIMBRATURE.elenco,
        { query: { dipendente_id: dipendenteId!, dal: dayjs(data).subtract(1, 'day').format('YYYY-MM-DD'), al: dayjs(data).add(1, 'day').format('YYYY-MM-DD') } },
        { notifyError: false },
      ),
    enabled: !!data && !!dipendenteId,
    select: (a) => new Map((a?.rows ?? []).map((p) => [p.id, p])),
  });
  const turni = useTurni(!!data && canEdit);
  const fasce = giorno?.turno?.id ? turni.data?.find((x) => x.id === giorno.turno!.id)?.fasce : undefined;
  const punches = [...(giorno?.timbrature ?? [])]
    .map((p) => ({ ...dettagli.data?.get(p.id), ...p, motivo: dettagli.data?.get(p.id)?.motivo ?? p.motivo, motivo_annullamento: dettagli.data?.get(p.id)?.motivo_annullamento ?? p.motivo_annullamento }))
    .sort((a, b) => a.ts.localeCompare(b.ts));
  const diag = diagnosi(punches);
  const tipo = giorno?.tipo_giorno;
  const stats: [string, number | undefined][] = giorno
    ? [
        ['turni.r_teoriche', giorno.minuti_teorici],
        ['turni.r_lavorate', giorno.minuti_lavorati],
        ['turni.r_straordinarie', giorno.minuti_straordinari],
        ...(giorno.minuti_supplementari ? [['cartellino.supplementari', giorno.minuti_supplementari] as [string, number]] : []),
        ['turni.r_mancanti', giorno.minuti_mancanti],
        ['turni.r_ritardo', giorno.minuti_ritardo],
        ['timbrature.giustificate', giorno.minuti_giustificati],
      ]
    : [];

  return (
    <Drawer
      open={!!data}
      onClose={onClose}
      size={620}
      title={data ? capitalize(dayjs(data).format('dddd D MMMM YYYY')) : ''}
      extra={
        canEdit && data && dipendenteId ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => onAction({ mode: 'nuova', dipendenteId, nome, data, verso: diag.mancante ?? 'E' })}>
            {t('timbrature.aggiungi')}
          </Button>
        ) : null
      }
    >
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          ...(nome ? [{ key: 'dip', label: t('timbrature.dipendente'), children: nome, span: 2 }] : []),
          {
            key: 'turno',
            label: t('timbrature.turno'),
            children: giorno?.turno ? (
              <Space>
                <TurnoBadge codice={giorno.turno.codice} colore={giorno.turno.colore} />
                {giorno.turno.descrizione ?? ''}
              </Space>
            ) : (
              t('orari.riposo')
            ),
          },
          { key: 'tipo', label: t('timbrature.tipo_giorno'), children: tipo ? t(`turni.tipo_${tipo}`) : '—' },
          ...(giorno?.festivita ? [{ key: 'fest', label: t('calendario.festivo'), children: giorno.festivita, span: 2 }] : []),
          {
            key: 'anomalie',
            label: t('turni.anomalie'),
            span: 2,
            children: giorno?.anomalie?.length ? <AnomalieTags anomalie={giorno.anomalie} /> : <Tag color="green">{t('turni.nessuna_anomalia')}</Tag>,
          },
        ]}
      />
      {stats.some(([, v]) => typeof v === 'number') ? (
        <div className="tl-day-stats">
          {stats.map(([k, v]) => (
            <div key={k} className="tl-stat">
              <div className="tl-stat__label">{t(k)}</div>
              <div className="tl-stat__value">{formatMinuti(v ?? 0)}</div>
            </div>
          ))}
        </div>
      ) : null}
      {giorno?.giustificativi?.length ? (
        <div style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{t('timbrature.giustificativi_giorno')}: </Typography.Text>
          {giorno.giustificativi.map((g) => (
            <Tag key={g.codice}>
              {g.codice} {formatMinuti(g.minuti)}
            </Tag>
          ))}
        </div>
      ) : null}
      {canEdit && data && dipendenteId && (diag.mancante || diag.sospetta) ? (
        <Alert
          type="warning"
          showIcon
          icon={<ToolOutlined />}
          style={{ marginBottom: 16 }}
          title={t('anomalie.correzioni_suggerite')}
          description={
            <Space wrap>
              {diag.mancante ? (
                <Button size="small" icon={<PlusOutlined />} onClick={() => onAction({ mode: 'nuova', dipendenteId, nome, data, verso: diag.mancante!, ...oraSuggerita(fasce, diag.mancante!), motivo: t('anomalie.motivo_mancante') })}>
                  {t(diag.mancante === 'E' ? 'anomalie.inserisci_entrata' : 'anomalie.inserisci_uscita')}
                </Button>
              ) : null}
              {diag.sospetta ? (
                <Tooltip title={t('anomalie.inverti_hint', { ora: oraDi(diag.sospetta!.ts), verso: t(diag.sospetta!.verso === 'E' ? 'timbrature.uscita' : 'timbrature.entrata') })}>
                  <Button
                    size="small"
                    icon={<SwapOutlined />}
                    onClick={() => onAction({ mode: 'correggi', punch: diag.sospetta!, data, nome, verso: diag.sospetta!.verso === 'E' ? 'U' : 'E', motivo: t('anomalie.motivo_inversione') })}
                  >
                    {t('anomalie.inverti', { ora: oraDi(diag.sospetta.ts) })}
                  </Button>
                </Tooltip>
              ) : null}
            </Space>
          }
        />
      ) : null}
      <Typography.Title level={5}>{t('timbrature.timbrature_giorno')}</Typography.Title>
      <Table<Timbratura>
        data-testid="timbrature-giorno"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={punches}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('timbrature.nessuna_timbratura')} /> }}
        rowClassName={(p) => (isAnnullata(p) ? 'tl-row-annullata' : '')}
        columns={[
          {
            key: 'ora',
            title: t('timbrature.ora'),
            width: 90,
            render: (_, p) => (
              <span className={isAnnullata(p) ? 'tl-struck' : undefined}>
                {oraDi(p.ts)}
                {data && p.ts.slice(0, 10) !== data ? <sup> {dayjs(p.ts).format('DD/MM')}</sup> : null}
              </span>
            ),
          },
          {
            key: 'verso',
            title: t('timbrature.verso'),
            width: 100,
            render: (_, p) => <Tag color={isAnnullata(p) ? 'default' : p.verso === 'E' ? 'green' : 'volcano'}>{t(p.verso === 'E' ? 'timbrature.entrata' : 'timbrature.uscita')}</Tag>,
          },
          {
            key: 'fonte',
            title: t('timbrature.fonte'),
            render: (_, p) => (
              <Space size={4} wrap>
                {p.fonte && FONTI.includes(p.fonte) ? t(`timbrature.fonte_${p.fonte}`) : (p.fonte ?? '')}
                {isManuale(p) ? (
                  <Tooltip title={t('timbrature.manuale')}>
                    <EditOutlined aria-label={t('timbrature.manuale')} style={{ color: '#d46b08' }} />
                  </Tooltip>
                ) : null}
                {isDifferita(p) ? (
                  <Tooltip title={t('timbrature.differita', { ora: formatDateTime(p.ts_dispositivo!) })}>
                    <ClockCircleOutlined aria-label={t('timbrature.differita', { ora: formatDateTime(p.ts_dispositivo!) })} style={{ color: '#d46b08' }} data-testid="timbratura-differita" />
                  </Tooltip>
                ) : null}
                {isAnnullata(p) ? <Tag>{t('timbrature.annullata')}</Tag> : null}
              </Space>
            ),
          },
          {
            key: 'motivo',
            title: t('timbrature.motivo'),
            render: (_, p) => <Typography.Text type="secondary">{isAnnullata(p) ? (p.motivo_annullamento ?? p.motivo ?? '') : (p.motivo ?? '')}</Typography.Text>,
          },
          ...(canEdit
            ? [
                {
                  key: '__actions',
                  title: t('ui.azioni'),
                  width: 90,
                  align: 'right' as const,
                  render: (_: unknown, p: Timbratura) =>
                    isAnnullata(p) || !data ? null : (
                      <Space size={2}>
                        <Tooltip title={t('timbrature.correggi')}>
                          <Button
                            type="text"
                            size="small"
                            icon={<EditOutlined />}
                            aria-label={t('timbrature.correggi_n', { ora: oraDi(p.ts) })}
                            onClick={() => onAction({ mode: 'correggi', punch: p, data, nome })}
                          />
                        </Tooltip>
                        <Tooltip title={t('timbrature.annulla')}>
                          <Button
                            type="text"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('timbrature.annulla_n', { ora: oraDi(p.ts) })}
                            onClick={() => onAction({ mode: 'annulla', punch: p, data, nome })}
                          />
                        </Tooltip>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      {!canEdit ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('timbrature.solo_lettura')}
        </Typography.Paragraph>
      ) : null}
    </Drawer>
  );
}
