import { RES_PROVIDER_SSO } from '@tulip/contract/wire';
import { ZProviderSsoInput } from '@tulip/contract';
import { useTranslation } from 'react-i18next';
import { Alert, Select, Tag, Typography } from 'antd';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';
import { clientBaseUrl } from '../../platform/env';

/** Amministrazione → Accesso aziendale: the OpenID Connect providers (issue #32 §1). The secret is written, never shown. */
export function ProviderSsoPage() {
  const { t } = useTranslation();
  const redirect = `${clientBaseUrl()}/api/accesso/callback`;

  const columns: ColumnDef[] = [
    { key: 'nome', title: 'accesso.nome', sorter: true },
    { key: 'issuer', title: 'accesso.issuer', sorter: true },
    { key: 'client_id', title: 'accesso.client_id' },
    {
      key: 'domini',
      title: 'accesso.domini',
      render: (r) => ((r.domini as string[]).length ? (r.domini as string[]).map((d) => <Tag key={d}>{d}</Tag>) : t('accesso.domini_tutti')),
      exportValue: (r) => ((r.domini as string[]).length ? (r.domini as string[]).join(', ') : t('accesso.domini_tutti')),
    },
    { key: 'crea_utenti', title: 'accesso.crea_utenti_breve', type: 'boolean', width: 110 },
    { key: 'attivo', title: 'accesso.attivo', type: 'boolean', width: 90 },
  ];

  const fields: FieldDef[] = [
    { name: 'nome', label: 'accesso.nome', required: true, extra: (_r, tr) => tr('accesso.nome_extra') },
    { name: 'issuer', label: 'accesso.issuer', required: true, placeholder: 'https://login.microsoftonline.com/<tenant>/v2.0', extra: (_r, tr) => tr('accesso.issuer_extra') },
    { name: 'client_id', label: 'accesso.client_id', required: true },
    {
      name: 'client_secret',
      label: 'accesso.client_secret',
      type: 'password',
      writeOnly: true,
      extra: (record, tr) =>
        record ? (
          <>
            <Tag color={record.client_secret_impostato ? 'green' : 'default'}>
              {record.client_secret_impostato ? tr('accesso.client_secret_impostato') : tr('accesso.client_secret_non_impostato')}
            </Tag>
            {tr('accesso.client_secret_extra')}
          </>
        ) : null,
    },
    {
      name: 'claim',
      label: 'accesso.claim',
      type: 'select',
      required: true,
      options: [
        { value: 'email', label: 'accesso.claim_email' },
        { value: 'preferred_username', label: 'accesso.claim_preferred_username' },
      ],
    },
    {
      name: 'domini',
      label: 'accesso.domini',
      type: 'custom',
      render: () => <Select mode="tags" tokenSeparators={[',', ' ', ';']} open={false} suffixIcon={null} aria-label={t('accesso.domini')} />,
      extra: (_r, tr) => tr('accesso.domini_extra'),
    },
    { name: 'crea_utenti', label: 'accesso.crea_utenti', type: 'switch', extra: (_r, tr) => tr('accesso.crea_utenti_extra') },
    { name: 'attivo', label: 'accesso.attivo', type: 'switch' },
  ];

  return (
    <>
      <Alert
        type="info"
        style={{ marginBottom: 16 }}
        title={
          <>
            {t('accesso.intro')} <Typography.Text code copyable>{redirect}</Typography.Text>
          </>
        }
      />
      <ResourcePage
        resource={{ wire: RES_PROVIDER_SSO, title: 'menu.accesso', entity: 'entita.provider_sso', schema: ZProviderSsoInput }}
        columns={columns}
        form={{ fields }}
        defaultSort="nome"
      />
    </>
  );
}
