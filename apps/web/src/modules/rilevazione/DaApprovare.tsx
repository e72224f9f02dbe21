/** The weeks sent for approval that wait for the caller: booked against worked hours, opened, approved or sent back. */
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, FolderOpenOutlined, ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import type { OpResult } from '@tulip/contract';
import { OPS_RILEVAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDateTime } from '../../platform/formats';
import { tableFit } from '../../components/tableFit';
import { ore } from '../commesse';
import { useEtichettaSettimana } from './common';
import { MotivoButton } from '../../components/MotivoButton';
import { conSegno, fuoriTolleranza } from './griglia';

type Riga = OpResult<typeof OPS_RILEVAZIONE.daApprovare>[number];

/** Approve, or send back with a reason, a sent week. */
export function DecisioneSettimana({ dipendenteId, settimana, chi, size }: { dipendenteId: number; settimana: string; chi: string; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const body = { dipendente_id: dipendenteId, settimana };
  const done = () => qc.invalidateQueries({ queryKey: ['rilevazione'] });
  const approva = async () => {
    try {
      await call(OPS_RILEVAZIONE.approva, { body });
      await done();
    } catch {
      /* notified */
    }
  };
  return (
    <Space size={4} wrap>
      <Button size={size} type="primary" icon={<CheckOutlined />} aria-label={t('rilevazione.approva_di', { chi })} onClick={() => void approva()} data-testid={`approva-${dipendenteId}-${settimana}`}>
        {t('rilevazione.approva')}
      </Button>
      <MotivoButton
        size={size}
        icon={<RollbackOutlined />}
        label={t('rilevazione.rinvia')}
        ariaLabel={t('rilevazione.rinvia_di', { chi })}
        title={t('rilevazione.rinvia_titolo')}
        conferma={t('rilevazione.rinvia')}
        onConfirm={async (motivo) => {
          await call(OPS_RILEVAZIONE.rifiuta, { body: { ...body, motivo } });
          await done();
        }}
        testId={`rinvia-${dipendenteId}-${settimana}`}
      />
    </Space>
  );
}

export function DaApprovare({ onApri }: { onApri: (dipendenteId: number, settimana: string) => void }) {
  const { t } = useTranslation();
  const etichetta = useEtichettaSettimana();
  const lista = useQuery({ queryKey: ['rilevazione', 'da-approvare'], queryFn: () => call(OPS_RILEVAZIONE.daApprovare) });
  const parametri = useQuery({ queryKey: ['rilevazione', 'parametri'], queryFn: () => call(OPS_RILEVAZIONE.parametri) });
  const tolleranza = parametri.data?.tolleranza_minuti ?? 0;

  const columns: ColumnsType<Riga> = [
    {
      key: 'dipendente',
      title: t('rilevazione.dipendente'),
      render: (_, r) => (
        <div>
          <div>{r.nome}</div>
          <div className="tl-ril-meta">
            {r.matricola}
            {r.reparto_descrizione ? ` · ${r.reparto_descrizione}` : ''}
          </div>
        </div>
      ),
    },
    { key: 'settimana', title: t('rilevazione.settimana'), render: (_, r) => etichetta(r.settimana) },
    { key: 'registrate', title: t('rilevazione.registrate'), align: 'right', render: (_, r) => ore(r.minuti) },
    { key: 'lavorate', title: t('rilevazione.lavorate'), align: 'right', render: (_, r) => ore(r.lavorati) },
    {
      key: 'differenza',
      title: t('rilevazione.differenza'),
      align: 'right',
      render: (_, r) => {
        const fuori = fuoriTolleranza(r.minuti, r.lavorati, tolleranza);
        return (
          <span className={fuori ? 'tl-ril-fuori' : undefined}>
            {conSegno(r.minuti - r.lavorati)}
            {fuori ? <span className="tl-sr-only">, {t('rilevazione.fuori_tolleranza')}</span> : null}
          </span>
        );
      },
    },
    { key: 'inviata', title: t('rilevazione.inviata_il'), render: (_, r) => formatDateTime(r.inviata_il) },
    {
      key: 'azioni',
      title: t('ui.azioni'),
      align: 'right',
      fixed: 'right',
      render: (_, r) => (
        <Space size={4} wrap style={{ justifyContent: 'flex-end' }}>
          <Button size="small" icon={<FolderOpenOutlined />} aria-label={t('rilevazione.apri_di', { chi: `${r.nome}, ${etichetta(r.settimana)}` })} onClick={() => onApri(r.dipendente_id, r.settimana)}>
            {t('rilevazione.apri')}
          </Button>
          <DecisioneSettimana size="small" dipendenteId={r.dipendente_id} settimana={r.settimana} chi={`${r.nome}, ${etichetta(r.settimana)}`} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="da-approvare">
      <Space style={{ marginBottom: 12 }}>
        <Tooltip title={t('ui.aggiorna')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void lista.refetch()} />
        </Tooltip>
        {lista.data ? <Typography.Text type="secondary">{t('rilevazione.settimane_in_attesa', { count: lista.data.length })}</Typography.Text> : null}
      </Space>
      {lista.isError && !lista.data ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
      <Table<Riga>
        size="middle"
        rowKey={(r) => `${r.dipendente_id}:${r.settimana}`}
        onRow={(r) => ({ 'data-testid': `da-approvare-${r.dipendente_id}-${r.settimana}` }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={columns}
        dataSource={lista.data ?? []}
        loading={lista.isFetching}
        {...tableFit}
        locale={{ emptyText: t('rilevazione.nessuna_settimana_da_approvare') }}
        pagination={{ defaultPageSize: 20, hideOnSinglePage: true, showTotal: (n) => t('ui.totale_elementi', { count: n }) }}
      />
    </div>
  );
}
