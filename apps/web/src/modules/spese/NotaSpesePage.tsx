/**
 * /notaspese — the employee's own expense notes (issue #16): the list by state, a new note with its optional trip,
 * and one note (`?nota=<id>`) with its lines, warnings, totals and the actions the server allows.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, Space, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined, RightOutlined, WarningOutlined } from '@ant-design/icons';
import { STATI_NOTA } from '@tulip/contract';
import { OPS_SPESE } from '@tulip/contract/wire';
import { formatDate } from '../../platform/formats';
import { ListPage, type FilterDef, type ListQuery, type ListRow } from '../../components/ListPage';
import { euro, StatoNotaTag, trasfertaTesto } from './common';
import { NotaDettaglio } from './NotaDettaglio';
import { NotaDrawer } from './NotaForm';

type Elenco = typeof OPS_SPESE.elenco;
type Filtri = { stato: string | null };

const filters: FilterDef<ListQuery<Elenco>, Filtri>[] = [
  {
    type: 'select', name: 'stato', label: 'spese.stato', placeholder: 'spese.tutti_gli_stati', width: 180, testId: 'note-stato',
    options: STATI_NOTA.map((s) => ({ value: s, label: `spese.stato_${s}` })),
  },
];

export function NotaSpesePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [nuova, setNuova] = useState(false);
  const id = Number(params.get('nota')) || null;
  const apri = (n: number | null) => setParams(n ? { nota: String(n) } : {});

  if (id)
    return (
      <div data-testid="nota-spese">
        <Space style={{ marginBottom: 12 }} wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => apri(null)} data-testid="torna-elenco">
            {t('spese.le_mie_note')}
          </Button>
        </Space>
        <NotaDettaglio key={id} id={id} onGone={() => apri(null)} />
      </div>
    );

  const stato = params.get('stato');
  return (
    <ListPage<Elenco, Filtri>
      key={stato ?? ''}
      op={OPS_SPESE.elenco}
      query={{ mie: 'si' }}
      queryKey={['spese', 'note', 'mie']}
      title="menu.notaspese"
      testId="note-spese"
      tableTestId="note-tabella"
      filters={filters}
      defaults={{ stato: stato && (STATI_NOTA as readonly string[]).includes(stato) ? stato : null }}
      emptyText="spese.nessuna_nota"
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setNuova(true)} data-testid="nota-nuova">
          {t('spese.nuova_nota')}
        </Button>
      }
      columns={[
        { key: 'data', title: t('spese.data'), width: 110, responsive: ['sm'], render: (_, r: ListRow<Elenco>) => formatDate(r.data) },
        {
          key: 'descrizione', title: t('spese.nota'),
          render: (_, r: ListRow<Elenco>) => (
            <div>
              <Link to={`/notaspese?nota=${r.id}`}>{r.descrizione}</Link>
              <div className="tl-spese-meta">{trasfertaTesto(r, t)}</div>
              {r.stato === 'rifiutata' && r.motivo ? <div className="tl-spese-meta">{t('spese.rifiutata_motivo', { motivo: r.motivo })}</div> : null}
            </div>
          ),
        },
        { key: 'stato', title: t('spese.stato'), width: 120, render: (_, r: ListRow<Elenco>) => <StatoNotaTag stato={r.stato} /> },
        { key: 'righe', title: t('spese.righe'), align: 'right', width: 80, responsive: ['md'], render: (_, r: ListRow<Elenco>) => r.n_righe },
        {
          key: 'avvisi', title: t('spese.avvisi'), align: 'right', width: 90, responsive: ['md'],
          render: (_, r: ListRow<Elenco>) =>
            r.n_avvisi ? (
              <Typography.Text type="warning">
                <WarningOutlined aria-hidden /> {r.n_avvisi}
              </Typography.Text>
            ) : null,
        },
        { key: 'totale', title: t('spese.totale'), align: 'right', responsive: ['md'], render: (_, r: ListRow<Elenco>) => <span className="tl-spese-num">{euro(r.totali.importo_eur)}</span> },
        {
          key: 'da_liquidare', title: t('spese.da_liquidare'), align: 'right',
          render: (_, r: ListRow<Elenco>) => <span className="tl-spese-num">{euro(r.totali.da_liquidare)}</span>,
        },
      ]}
      rowActions={(r) => (
        <Button type="text" size="small" icon={<RightOutlined />} aria-label={t('spese.apri_nota', { nota: r.descrizione })} title={t('spese.apri')} onClick={() => apri(r.id)} />
      )}
      actionsWidth={56}
    >
      <NotaDrawer
        open={nuova}
        nota={null}
        onClose={() => setNuova(false)}
        onSaved={(n) => {
          setNuova(false);
          apri(n.id);
        }}
      />
    </ListPage>
  );
}
