/**
 * The tab "Consegne" of /dotazioni/consegne: every delivery, filtered by employee, department, period and state, with
 * its verbale; one not signed yet is signed here, and a delivery is never deleted, only cancelled with a reason (its
 * stock comes back).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CloseCircleOutlined, EditOutlined, FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TConsegnaRow } from '@tulip/contract';
import { OPS_DOTAZIONI, RES_ARTICOLI_DOTAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { formatDate, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { DipendenteSelect, RepartoSelect } from '../../components/people';
import { useServerPaging } from '../../components/serverPaging';
import { tableFit } from '../../components/tableFit';
import { apriVerbale, lottoDi } from './common';
import { MotivoButton } from '../../components/MotivoButton';
import { FirmaModal } from './Firme';

type Filtri = { dipendente_id?: number; reparto_id?: number; periodo?: [Dayjs, Dayjs] | null; stato?: 'valida' | 'annullata' };

export function ConsegneTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [f, setF] = useState<Filtri>({});
  const [firma, setFirma] = useState<TConsegnaRow | null>(null);
  const { page, size, setPage, tableProps } = useServerPaging(20);
  const set = (patch: Partial<Filtri>) => {
    setF((o) => ({ ...o, ...patch }));
    setPage(1);
  };
  const query = {
    dipendente_id: f.dipendente_id, reparto_id: f.reparto_id, stato: f.stato,
    dal: f.periodo ? (toWireDate(f.periodo[0]) ?? undefined) : undefined, al: f.periodo ? (toWireDate(f.periodo[1]) ?? undefined) : undefined,
  };
  const lista = useQuery({
    queryKey: ['dotazioni', 'consegne', query, page, size],
    queryFn: () => call(OPS_DOTAZIONI.consegne, { query: { ...query, page, size } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['dotazioni'] }), qc.invalidateQueries({ queryKey: ['resource', RES_ARTICOLI_DOTAZIONE.path] })]);

  const columns: ColumnsType<TConsegnaRow> = [
    { key: 'data', title: t('dotazioni.data'), render: (_, c) => <span className="tl-dot-num">{formatDate(c.data)}</span> },
    {
      key: 'dipendente', title: t('dotazioni.dipendente'),
      render: (_, c) => (
        <div>
          <div>{c.dipendente_nome}</div>
          <div className="tl-dot-meta">
            {c.matricola}
            {c.reparto_descrizione ? ` · ${c.reparto_descrizione}` : ''}
          </div>
        </div>
      ),
    },
    { key: 'causale', title: t('dotazioni.causale'), render: (_, c) => t(`dotazioni_valori.causale_${c.causale}`) },
    {
      key: 'righe', title: t('dotazioni.righe'),
      render: (_, c) => (
        <ul className="tl-dot-righe">
          {c.righe.map((r) => (
            <li key={r.id}>
              {`${r.quantita}× ${r.articolo}`}
              {r.taglia ? ` · ${r.taglia}` : ''}
              {r.numero_serie ? ` · ${t('dotazioni.sn', { numero: r.numero_serie })}` : ''}
              {lottoDi(r, t) ? ` · ${lottoDi(r, t)}` : ''}
              {r.scadenza ? ` · ${t('dotazioni.scade_il', { data: formatDate(r.scadenza) })}` : ''}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'stato', title: t('dotazioni.stato'),
      render: (_, c) => (
        <Space size={4} wrap>
          {c.stato === 'annullata' ? (
            <Tooltip title={c.motivo_annullamento}>
              <Tag color="red">{t('dotazioni_valori.stato_annullata')}</Tag>
            </Tooltip>
          ) : (
            <Tag color="green">{t('dotazioni_valori.stato_valida')}</Tag>
          )}
          {c.firmata ? <Tag color="blue">{t('dotazioni.firmata')}</Tag> : <Tag color="orange">{t('dotazioni.da_firmare')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'azioni', title: t('ui.azioni'), align: 'right', fixed: 'right',
      render: (_, c) => {
        const chi = `${c.dipendente_nome}, ${formatDate(c.data)}`;
        return (
          <Space size={4} data-testid={`azioni-consegna-${c.id}`}>
            <Tooltip title={t('dotazioni.verbale')}>
              <Button size="small" type="text" icon={<FilePdfOutlined />} aria-label={t('dotazioni.verbale_consegna_di', { nome: chi })} onClick={() => void apriVerbale(c.id)} data-testid={`verbale-${c.id}`} />
            </Tooltip>
            {c.stato === 'valida' && !c.firmata ? (
              <Tooltip title={t('dotazioni.fai_firmare')}>
                <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('dotazioni.fai_firmare_di', { nome: chi })} onClick={() => setFirma(c)} data-testid={`firma-${c.id}`} />
              </Tooltip>
            ) : null}
            {c.stato === 'valida' ? (
              <MotivoButton
                size="small"
                type="text"
                danger
                icon={<CloseCircleOutlined />}
                ariaLabel={t('dotazioni.annulla_consegna_di', { nome: chi })}
                title={t('dotazioni.annulla_consegna')}
                conferma={t('dotazioni.annulla_consegna')}
                testId={`annulla-${c.id}`}
                onConfirm={async (motivo) => {
                  await call(OPS_DOTAZIONI.annulla, { params: { id: c.id }, body: { motivo } });
                  await refresh();
                }}
              />
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <div data-testid="tab-consegne">
      <Space wrap style={{ marginBottom: 12 }}>
        <DipendenteSelect allowClear style={{ width: 240 }} value={f.dipendente_id} onChange={((v?: number) => set({ dipendente_id: v })) as never} />
        <RepartoSelect value={f.reparto_id} onChange={(v) => set({ reparto_id: v })} />
        <DatePicker.RangePicker format={UI_DATE} value={f.periodo ?? null} aria-label={t('dotazioni.periodo')} placeholder={[t('ui.dal'), t('ui.al')]} onChange={(v) => set({ periodo: v?.[0] && v[1] ? [v[0], v[1]] : null })} />
        <Select<'valida' | 'annullata'>
          allowClear
          aria-label={t('dotazioni.stato')}
          placeholder={t('dotazioni.tutti_gli_stati')}
          style={{ width: 160 }}
          value={f.stato}
          onChange={(v) => set({ stato: v })}
          options={(['valida', 'annullata'] as const).map((s) => ({ value: s, label: t(`dotazioni_valori.stato_${s}`) }))}
        />
        <Tooltip title={t('ui.aggiorna')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void lista.refetch()} />
        </Tooltip>
      </Space>
      {lista.isError && !lista.data ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
      <div data-testid="tabella-consegne">
        <Table<TConsegnaRow>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={lista.data?.rows ?? []}
          loading={lista.isFetching}
          {...tableFit}
          onRow={(c) => ({ 'data-testid': `consegna-${c.id}`, className: c.stato === 'annullata' ? 'tl-dot-annullata' : undefined }) as React.HTMLAttributes<HTMLTableRowElement>}
          locale={{ emptyText: t('dotazioni.nessuna_consegna') }}
          {...tableProps(lista.data?.total ?? 0)}
        />
      </div>
      <FirmaModal
        consegnaId={firma?.id ?? null}
        nome={firma?.dipendente_nome ?? ''}
        onClose={() => setFirma(null)}
        onDone={() => {
          setFirma(null);
          void refresh();
        }}
      />
    </div>
  );
}
