import { useQueryClient } from '@tanstack/react-query';
import { ZLingua } from '@tulip/contract';
import { RES_LINGUE } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';

const columns: ColumnDef[] = [
  { key: 'cod_lingua', title: 'lingue.cod_lingua', sorter: true, width: 140 },
  { key: 'descrizione', title: 'lingue.descrizione', sorter: true },
  { key: 'se_default', title: 'lingue.se_default', type: 'yn', width: 120 },
  { key: 'se_attiva', title: 'lingue.se_attiva', type: 'yn', width: 120 },
];

const fields: FieldDef[] = [
  { name: 'cod_lingua', label: 'lingue.cod_lingua', required: true, disabledOnEdit: true },
  { name: 'descrizione', label: 'lingue.descrizione', required: true },
  { name: 'se_default', label: 'lingue.se_default', type: 'yn', span: 12 },
  { name: 'se_attiva', label: 'lingue.se_attiva', type: 'yn', span: 12 },
];

/** /lingue: languages. The code is the id: POST /api/lang with the whole body, DELETE /api/lang/{code}. */
export function LinguePage() {
  const qc = useQueryClient();
  return (
    <ResourcePage
      resource={{ wire: RES_LINGUE, title: 'menu.lingue', entity: 'entita.lingua', schema: ZLingua, updateByBody: true, readById: false }}
      columns={columns}
      form={{ fields }}
      onChanged={() => void qc.invalidateQueries({ queryKey: ['langs'] })}
    />
  );
}
