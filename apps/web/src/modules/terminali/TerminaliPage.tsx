import { useState } from 'react';
import { RES_TERMINALI } from '@tulip/contract/wire';
import { useTranslation } from 'react-i18next';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { SecretOnceModal } from '../../components/SecretOnceModal';
import { StopOutlined } from '@ant-design/icons';
import { ResourcePage, type ColumnDef, type FieldDef, type Row } from '../../components/ResourcePage';
import { notifyPositive } from '../../platform/notifications/store';
import { call } from '../../platform/api';


/** The kiosk link as an absolute URL (the server may answer a path). */
export function absoluteLink(link: string, origin: string): string {
  try {
    return new URL(link, origin).toString();
  } catch {
    return link;
  }
}

const fields: FieldDef[] = [
  { name: 'descrizione', label: 'terminali.descrizione', required: true, placeholder: 'terminali.descrizione_placeholder' },
  {
    name: 'attivo',
    label: 'terminali.attivo',
    type: 'switch',
    extra: (_record, t) => t('terminali.attivo_aiuto'),
  },
];

/** Shows the secret link of a new terminal once, with a copy button. */
function LinkModal({ link, onClose }: { link: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceModal
      value={link ? absoluteLink(link, window.location.origin) : null}
      onClose={onClose}
      inputId="terminale-link-url"
      testIds={{ root: 'terminale-link' }}
      texts={{
        title: t('terminali.link_titolo'), alert: t('terminali.link_avviso'), instructions: t('terminali.link_istruzioni'), label: t('terminali.link'),
        copy: t('terminali.copia'), copied: t('terminali.copiato'), copiedNotice: t('terminali.link_copiato'), close: t('terminali.link_ho_copiato'),
      }}
    />
  );
}

/** /terminali: shared clock-in devices (kiosk). A new one gets a secret link, shown once; deactivating revokes it. */
export function TerminaliPage() {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);

  const columns: ColumnDef[] = [
    { key: 'descrizione', title: 'terminali.descrizione', sorter: true },
    {
      key: 'attivo',
      title: 'terminali.stato',
      render: (r) => <Tag color={r.attivo ? 'green' : 'default'}>{r.attivo ? t('terminali.attivo') : t('terminali.revocato')}</Tag>,
      exportValue: (r) => (r.attivo ? t('terminali.attivo') : t('terminali.revocato')),
    },
    { key: 'creato_il', title: 'terminali.creato_il', type: 'datetime', sorter: true },
    { key: 'ultimo_uso', title: 'terminali.ultimo_uso', type: 'datetime', sorter: true },
  ];

  async function revoca(row: Row, refresh: () => void) {
    try {
      await call(RES_TERMINALI.ops.modifica, { params: { id: row.id }, body: { descrizione: String(row.descrizione), attivo: false } }, { notifySuccess: false });
      notifyPositive(t('terminali.revocato_ok'));
      refresh();
    } catch {
      /* notified */
    }
  }

  return (
    <>
      <ResourcePage
        resource={{ wire: RES_TERMINALI, title: 'menu.terminali', entity: 'entita.terminale', readById: false }}
        columns={columns}
        form={{ fields }}
        defaultSort="descrizione"
        onCreated={(rec) => {
          if (typeof rec?.link === 'string' && rec.link) setLink(rec.link);
        }}
        rowActions={(row, { refresh }) =>
          row.attivo ? (
            <Popconfirm
              title={t('terminali.revoca_conferma')}
              description={t('terminali.revoca_testo')}
              okText={t('terminali.revoca')}
              okButtonProps={{ danger: true }}
              cancelText={t('ui.annulla')}
              onConfirm={() => revoca(row, refresh)}
            >
              <Tooltip title={t('terminali.revoca')}>
                <Button type="text" size="small" danger icon={<StopOutlined />} aria-label={t('terminali.revoca')} />
              </Tooltip>
            </Popconfirm>
          ) : null
        }
      />
      <LinkModal link={link} onClose={() => setLink(null)} />
    </>
  );
}
