import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { CalendarOutlined, PlusOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { dayjs, type Dayjs } from '../../platform/formats';
import { call } from '../../platform/api';
import { AnomalieTags } from '../../components/AnomalieTags';
import { type TAnomaliaGiorno } from '@tulip/contract';
import { OPS_CONSULTAZIONE } from '@tulip/contract/wire';
import { capitalize, meseAnno, oraDi } from '../../platform/formats';
import { RepartoSelect } from '../../components/people';
import { TurnoBadge, useTurni } from '../turni';
import type { PunchAction } from './PunchDialog';
import { diagnosi, isAnnullata, oraSuggerita } from './types';
import { tableFit } from '../../components/tableFit';

/** Open anomalies of a month (GET /api/timbrature/anomalie) with one-click fixes. */
export function AnomalieList({
  mese,
  onAction,
  onOpenDay,
}: {
  mese: Dayjs;
  onAction: (a: PunchAction) => void;
  onOpenDay: (dipendenteId: number, data: string) => void;
}) {
  const { t } = useTranslation();
  const [reparto, setReparto] = useState<number | undefined>();
  const dal = mese.startOf('month').format('YYYY-MM-DD');
  const meseEnd = mese.endOf('month');
  const al = (meseEnd.isAfter(dayjs()) ? dayjs() : meseEnd).format('YYYY-MM-DD');
  const query = { dal, al: al < dal ? dal : al, reparto_id: reparto };
  const list = useQuery({
    queryKey: ['timbrature', 'anomalie', query],
    queryFn: () => call(OPS_CONSULTAZIONE.anomalie, { query }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data ?? [];
  const turni = useTurni();
  const fasceDi = (r: TAnomaliaGiorno) => (r.turno?.id ? turni.data?.find((x) => x.id === r.turno!.id)?.fasce : undefined);

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <RepartoSelect value={reparto} onChange={setReparto} />
        <Tooltip title={t('ui.aggiorna')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void list.refetch()} />
        </Tooltip>
        <Typography.Text type="secondary">{t('anomalie.periodo', { mese: meseAnno(mese) })}</Typography.Text>
      </Space>
      <div data-testid="anomalie-list">
        <Table<TAnomaliaGiorno>
          rowKey={(r) => `${r.dipendente.id}|${r.data}`}
          size="middle"
          loading={list.isFetching}
          dataSource={rows}
          pagination={{ pageSize: 25, hideOnSinglePage: true, showTotal: (n) => t('ui.totale_elementi', { count: n }) }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('anomalie.nessuna')} /> }}
          {...tableFit}
          columns={[
            {
              key: 'dipendente',
              title: t('timbrature.dipendente'),
              render: (_, r) => (
                <div>
                  <div>
                    {r.dipendente.cognome} {r.dipendente.nome}
                  </div>
                  <Typography.Text type="secondary">{r.dipendente.matricola}</Typography.Text>
                </div>
              ),
            },
            { key: 'data', title: t('anomalie.data'), render: (_, r) => capitalize(dayjs(r.data).format('ddd DD/MM/YYYY')) },
            {
              key: 'turno',
              title: t('timbrature.turno'),
              render: (_, r) => (r.turno ? <TurnoBadge codice={r.turno.codice} colore={r.turno.colore} muted title={r.turno.descrizione} /> : t('orari.riposo')),
            },
            { key: 'anomalie', title: t('turni.anomalie'), render: (_, r) => <AnomalieTags anomalie={r.anomalie} /> },
            {
              key: 'timbrature',
              title: t('timbrature.timbrature'),
              render: (_, r) =>
                r.timbrature.length ? (
                  <Space size={2} wrap>
                    {[...r.timbrature]
                      .sort((a, b) => a.ts.localeCompare(b.ts))
                      .map((p) => (
                        <Tag key={p.id} color={isAnnullata(p) ? 'default' : p.verso === 'E' ? 'green' : 'volcano'} className={isAnnullata(p) ? 'tl-struck' : undefined}>
                          {p.verso} {oraDi(p.ts)}
                        </Tag>
                      ))}
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('timbrature.nessuna_timbratura')}</Typography.Text>
                ),
            },
            {
              key: '__fix',
              title: t('anomalie.correzione'),
              fixed: 'right',
              render: (_, r) => {
                const d = diagnosi(r.timbrature);
                const nome = `${r.dipendente.cognome} ${r.dipendente.nome}`;
                return (
                  <Space size={4} wrap>
                    {d.mancante ? (
                      <Tooltip title={t('anomalie.inserisci_hint')}>
                        <Button
                          size="small"
                          type="primary"
                          ghost
                          icon={<PlusOutlined />}
                          onClick={() => onAction({ mode: 'nuova', dipendenteId: r.dipendente.id, nome, data: r.data, verso: d.mancante!, ...oraSuggerita(fasceDi(r), d.mancante!), motivo: t('anomalie.motivo_mancante') })}
                        >
                          {t(d.mancante === 'E' ? 'anomalie.inserisci_entrata' : 'anomalie.inserisci_uscita')}
                        </Button>
                      </Tooltip>
                    ) : null}
                    {d.sospetta ? (
                      <Tooltip title={t('anomalie.inverti_hint', { ora: oraDi(d.sospetta!.ts), verso: t(d.sospetta!.verso === 'E' ? 'timbrature.uscita' : 'timbrature.entrata') })}>
                        <Button
                          size="small"
                          icon={<SwapOutlined />}
                          onClick={() =>
                            onAction({ mode: 'correggi', punch: d.sospetta!, data: r.data, nome, verso: d.sospetta!.verso === 'E' ? 'U' : 'E', motivo: t('anomalie.motivo_inversione') })
                          }
                        >
                          {t('anomalie.inverti', { ora: oraDi(d.sospetta.ts) })}
                        </Button>
                      </Tooltip>
                    ) : null}
                    <Tooltip title={t('anomalie.apri_giorno')}>
                      <Button size="small" type="text" icon={<CalendarOutlined />} aria-label={t('anomalie.apri_giorno_di', { nome, data: dayjs(r.data).format('DD/MM/YYYY') })} onClick={() => onOpenDay(r.dipendente.id, r.data)} />
                    </Tooltip>
                  </Space>
                );
              },
            },
          ]}
        />
      </div>
    </div>
  );
}
