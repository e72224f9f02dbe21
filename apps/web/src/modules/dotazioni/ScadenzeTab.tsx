/**
 * The tab "Scadenze" of /dotazioni/consegne: the items whose replacement or inspection falls within a window (today to
 * the end of the month unless chosen), by department, each replaced with one click: a delivery of the same article
 * and size that writes the old item off, signed on the spot or later.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Drawer, Grid, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import type { OpResult } from '@tulip/contract';
import { OPS_DOTAZIONI, RES_ARTICOLI_DOTAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { dayjs, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { RepartoSelect } from '../../components/people';
import { useServerPaging } from '../../components/serverPaging';
import { tableFit } from '../../components/tableFit';
import { CategoriaTag, lottoDi, ScadenzaTag } from './common';
import { finestraScadenze } from './consegna';
import { ConsegnaForm, type ConsegnaIniziale } from './ConsegnaForm';
import { FormazioneModal } from './SchedaDipendente';
import { IspezioneButton } from './Ispezione';

type Scadenza = OpResult<typeof OPS_DOTAZIONI.scadenze>['rows'][number];

export function ScadenzeTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => {
    const f = finestraScadenze(dayjs().format('YYYY-MM-DD'));
    return [dayjs(f.dal), dayjs(f.al)];
  });
  const [reparto, setReparto] = useState<number | undefined>();
  const [sostituzione, setSostituzione] = useState<{ riga: Scadenza; iniziale: ConsegnaIniziale } | null>(null);
  const [formazione, setFormazione] = useState<{ tipologia_id?: number } | null>(null);
  const { page, size, setPage, tableProps } = useServerPaging(50);
  const query = { dal: toWireDate(periodo[0])!, al: toWireDate(periodo[1])!, reparto_id: reparto };
  const lista = useQuery({
    queryKey: ['dotazioni', 'scadenze', query, page, size],
    queryFn: () => call(OPS_DOTAZIONI.scadenze, { query: { ...query, page, size } }),
    placeholderData: keepPreviousData,
  });

  const sostituisci = (r: Scadenza) =>
    setSostituzione({
      riga: r,
      iniziale: {
        causale: 'sostituzione_scadenza',
        // a serial-numbered item is replaced by another unit: its number is chosen in the form
        righe: [{ tipologia_id: r.tipologia_id, articolo_id: r.articolo_id, taglia: r.taglia, quantita: r.in_dotazione, numero_serie: null, sostituisce_riga_id: r.id, motivo: 'in_scadenza' }],
      },
    });

  const columns: ColumnsType<Scadenza> = [
    {
      key: 'dipendente', title: t('dotazioni.dipendente'),
      render: (_, r) => (
        <div>
          <div>{r.dipendente_nome}</div>
          <div className="tl-dot-meta">
            {r.matricola}
            {r.reparto_descrizione ? ` · ${r.reparto_descrizione}` : ''}
          </div>
        </div>
      ),
    },
    {
      key: 'tipologia', title: t('dotazioni.tipologia'),
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{r.tipologia_descrizione}</span>
          {r.dpi ? <CategoriaTag categoria={r.categoria} /> : null}
        </Space>
      ),
    },
    {
      key: 'articolo', title: t('dotazioni.articolo'),
      render: (_, r) => (
        <div>
          <div>{r.articolo}</div>
          <div className="tl-dot-meta">{[r.taglia && t('dotazioni.taglia_n', { taglia: r.taglia }), r.numero_serie && t('dotazioni.sn', { numero: r.numero_serie }), lottoDi(r, t), t('dotazioni.pezzi_n', { count: r.in_dotazione })].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    { key: 'motivo', title: t('dotazioni.motivo_scadenza'), render: (_, r) => <Tag color={r.motivo === 'ispezione' ? 'purple' : 'orange'}>{t(`dotazioni_valori.motivo_${r.motivo}`)}</Tag> },
    { key: 'data', title: t('dotazioni.data_scadenza'), render: (_, r) => <ScadenzaTag data={r.data_scadenza} ispezione={r.motivo === 'ispezione'} /> },
    {
      key: 'azioni', title: t('ui.azioni'), align: 'right', fixed: 'right',
      render: (_, r) => (
        <Space size={4} wrap={false}>
          {/* an item due for inspection may pass it rather than be replaced */}
          {r.motivo === 'ispezione' ? (
            <IspezioneButton rigaId={r.id} nome={`${r.dipendente_nome}, ${r.articolo}`} label={screens.md} onDone={() => qc.invalidateQueries({ queryKey: ['dotazioni'] })} />
          ) : null}
          {/* on a phone the icon alone, its name read out all the same */}
          <Button size="small" icon={<SwapOutlined />} onClick={() => sostituisci(r)} aria-label={t('dotazioni.sostituisci_di', { nome: `${r.dipendente_nome}, ${r.articolo}` })} title={t('dotazioni.sostituisci')} data-testid={`sostituisci-${r.id}`}>
            {screens.md ? t('dotazioni.sostituisci') : null}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="tab-scadenze">
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          format={UI_DATE}
          value={periodo}
          allowClear={false}
          aria-label={t('dotazioni.periodo')}
          placeholder={[t('ui.dal'), t('ui.al')]}
          onChange={(v) => {
            if (v?.[0] && v[1]) {
              setPeriodo([v[0], v[1]]);
              setPage(1);
            }
          }}
        />
        <RepartoSelect
          value={reparto}
          onChange={(v) => {
            setReparto(v);
            setPage(1);
          }}
        />
        <Tooltip title={t('ui.aggiorna')}>
          <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void lista.refetch()} />
        </Tooltip>
      </Space>
      {lista.isError && !lista.data ? <Alert type="error" showIcon title={t('ui.errore_caricamento')} style={{ marginBottom: 12 }} /> : null}
      <div data-testid="tabella-scadenze">
        <Table<Scadenza>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={lista.data?.rows ?? []}
          loading={lista.isFetching}
          {...tableFit}
          onRow={(r) => ({ 'data-testid': `scadenza-${r.id}` }) as React.HTMLAttributes<HTMLTableRowElement>}
          locale={{ emptyText: t('dotazioni.nessuna_scadenza') }}
          {...tableProps(lista.data?.total ?? 0)}
        />
      </div>
      <Drawer
        open={!!sostituzione}
        onClose={() => setSostituzione(null)}
        size={screens.lg ? 900 : '100%'}
        title={sostituzione ? t('dotazioni.sostituzione_di', { nome: sostituzione.riga.dipendente_nome }) : ''}
        destroyOnHidden
      >
        {sostituzione ? (
          <ConsegnaForm
            dipendenteId={sostituzione.riga.dipendente_id}
            iniziale={sostituzione.iniziale}
            firmaFacoltativa
            onRegistraFormazione={(tipologia_id) => setFormazione({ tipologia_id })}
            onClose={() => setSostituzione(null)}
          />
        ) : null}
      </Drawer>
      {sostituzione ? (
        <FormazioneModal
          dipendenteId={sostituzione.riga.dipendente_id}
          aperta={formazione}
          onClose={() => setFormazione(null)}
          onDone={() => Promise.all([qc.invalidateQueries({ queryKey: ['dotazioni'] }), qc.invalidateQueries({ queryKey: ['resource', RES_ARTICOLI_DOTAZIONE.path] })])}
        />
      ) : null}
    </div>
  );
}
