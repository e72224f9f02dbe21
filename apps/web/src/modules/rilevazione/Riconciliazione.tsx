/**
 * The reconciliation: per employee and day, the timecard's worked hours against the hours booked on orders, the days
 * out of tolerance marked; by department and period (at most 62 days), or only the days that differ; Excel.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { OPS_RILEVAZIONE, RES_REPARTI } from '@tulip/contract/wire';
import { download } from '../../platform/api';
import { saveFile } from '../../platform/download';
import { capitalize, dayjs, formatDate, toWireDate, type Dayjs } from '../../platform/formats';
import { ListPage } from '../../components/ListPage';
import { ore } from '../commesse';
import { conSegno } from './griglia';

/** The longest period the server reconciles at once, days included. */
const MAX_GIORNI = 62;
type Filtri = { periodo: [Dayjs, Dayjs]; reparto: number | null; solo: boolean | null };

export function Riconciliazione() {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  return (
    <ListPage<typeof OPS_RILEVAZIONE.riconciliazione, Filtri>
      op={OPS_RILEVAZIONE.riconciliazione}
      queryKey={['rilevazione', 'riconciliazione']}
      listTestId="riconciliazione"
      rowKey={(r) => `${r.dipendente_id}:${r.data}`}
      pageSize={50}
      defaults={{ periodo: [dayjs().startOf('month'), dayjs().endOf('month')], reparto: null, solo: null }}
      filters={[
        { type: 'select', name: 'reparto', param: 'reparto_id', label: 'rilevazione.reparto', placeholder: 'rilevazione.tutti_i_reparti', lookup: RES_REPARTI.path },
        { type: 'dateRange', name: 'periodo', params: ['dal', 'al'], label: 'rilevazione.periodo' },
        { type: 'switch', name: 'solo', param: 'solo_differenze', label: 'rilevazione.solo_differenze', on: 'si' },
      ]}
      // the server reconciles at most 62 days: a longer period is cut, and said so
      toQuery={(v) => {
        const last = v.periodo[0].add(MAX_GIORNI - 1, 'day');
        return v.periodo[1].isAfter(last) ? { al: toWireDate(last) ?? undefined } : {};
      }}
      toolbar={(ctx) => (
        <>
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting}
            onClick={async () => {
              setExporting(true);
              try {
                saveFile(await download(OPS_RILEVAZIONE.riconciliazioneExcel, { query: ctx.query as never }), `riconciliazione_${ctx.query.dal}.xlsx`);
              } catch {
                /* notified */
              } finally {
                setExporting(false);
              }
            }}
          >
            {t('ui.esporta_excel')}
          </Button>
          {ctx.values.periodo[1].diff(ctx.values.periodo[0], 'day') >= MAX_GIORNI ? (
            <Typography.Text type="warning" role="status">
              {t('rilevazione.periodo_tagliato', { giorni: MAX_GIORNI, al: formatDate(ctx.query.al) })}
            </Typography.Text>
          ) : null}
        </>
      )}
      emptyText="rilevazione.nessuna_differenza"
      columns={[
        { key: 'matricola', title: t('rilevazione.matricola'), dataIndex: 'matricola' },
        { key: 'nome', title: t('rilevazione.dipendente'), dataIndex: 'nome' },
        { key: 'reparto', title: t('rilevazione.reparto'), dataIndex: 'reparto_descrizione' },
        { key: 'data', title: t('rilevazione.data'), render: (_, r) => `${capitalize(dayjs(r.data).format('ddd'))} ${formatDate(r.data)}` },
        { key: 'lavorati', title: t('rilevazione.lavorate'), align: 'right', render: (_, r) => ore(r.lavorati) },
        { key: 'registrati', title: t('rilevazione.registrate'), align: 'right', render: (_, r) => ore(r.registrati) },
        {
          key: 'differenza',
          title: t('rilevazione.differenza'),
          align: 'right',
          render: (_, r) => (
            <span className={r.fuori_tolleranza ? 'tl-ril-fuori' : undefined}>
              {conSegno(r.differenza)}
              {r.fuori_tolleranza ? <span className="tl-sr-only">, {t('rilevazione.fuori_tolleranza')}</span> : null}
            </span>
          ),
        },
      ]}
    />
  );
}
