import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tooltip } from 'antd';
import { CloudUploadOutlined, LineChartOutlined } from '@ant-design/icons';
import { ZValuta } from '@tulip/contract';
import { RES_VALUTE } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';
import { useInvalidateResource } from '../../platform/queries';
import { CambiDrawer, type ValutaScelta } from './CambiDrawer';
import { CambiImportModal } from './CambiImportModal';
import { formatDecimale } from './CambiDecimali';

const columns: ColumnDef[] = [
  { key: 'codice', title: 'spese_anagrafiche.codice', sorter: true, width: 100 },
  { key: 'nome', title: 'spese_anagrafiche.nome', sorter: true },
  { key: 'simbolo', title: 'spese_anagrafiche.simbolo', width: 90 },
  { key: 'decimali', title: 'spese_anagrafiche.decimali', width: 100 },
  {
    key: 'ultimo_cambio', title: 'spese_anagrafiche.ultimo_cambio', width: 140,
    render: (r) => formatDecimale(r.ultimo_cambio as string | null, 4), exportValue: (r) => formatDecimale(r.ultimo_cambio as string | null, 4),
  },
  { key: 'ultima_data', title: 'spese_anagrafiche.ultima_data', type: 'date', width: 140 },
  { key: 'attiva', title: 'spese_anagrafiche.attiva', type: 'boolean', width: 90 },
];

const fields: FieldDef[] = [
  { name: 'codice', label: 'spese_anagrafiche.codice_iso', required: true, disabledOnEdit: true, span: 8 },
  { name: 'nome', label: 'spese_anagrafiche.nome', required: true, span: 16 },
  { name: 'simbolo', label: 'spese_anagrafiche.simbolo', span: 8 },
  { name: 'attiva', label: 'spese_anagrafiche.attiva', type: 'switch', span: 16 },
  { name: 'decimali', label: 'spese_anagrafiche.decimali', type: 'number', required: true, extra: (_r, t) => t('spese_anagrafiche.decimali_aiuto') },
];

/**
 * /valute: the currencies of expenses (the code is their id) with their latest rate; each one's rates by date, added
 * or corrected by hand; and the ECB's reference-rate file imported with a preview.
 */
export function ValutePage() {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const [scelta, setScelta] = useState<ValutaScelta | null>(null);
  const [importing, setImporting] = useState(false);
  const changed = () => void invalidate(RES_VALUTE.path);

  return (
    <>
      <ResourcePage
        resource={{ wire: RES_VALUTE, title: 'menu.valute', entity: 'spese_anagrafiche.valuta', schema: ZValuta }}
        columns={columns}
        form={{ fields, width: 560 }}
        defaultSort="codice"
        rowActions={(row) =>
          row.codice === 'EUR' ? null : (
            <Tooltip title={t('spese_anagrafiche.cambi')}>
              <Button
                type="text"
                size="small"
                icon={<LineChartOutlined />}
                aria-label={t('spese_anagrafiche.cambi_di', { codice: String(row.codice) })}
                onClick={() => setScelta({ codice: String(row.codice), nome: String(row.nome) })}
              />
            </Tooltip>
          )
        }
        toolbarExtra={
          <Button icon={<CloudUploadOutlined />} onClick={() => setImporting(true)}>
            {t('spese_anagrafiche.importa_bce')}
          </Button>
        }
      />
      <CambiDrawer valuta={scelta} onClose={() => setScelta(null)} onChanged={changed} />
      <CambiImportModal open={importing} onClose={() => setImporting(false)} onDone={changed} />
    </>
  );
}
