import { useTranslation } from 'react-i18next';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { MailOutlined, SafetyOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZUtente } from '@tulip/contract';
import { OPS_ANAGRAFICA, OPS_MFA, RES_DIPENDENTI, RES_PROFILI, RES_UTENTI } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef, type Row, type RowActionContext } from '../../components/ResourcePage';
import { call } from '../../platform/api';
import { useLanguages, useLookup } from '../../platform/queries';

/** The users whose second factor is on (issue #32 §2): their row offers its reset. */
const useEnrolled = () => useQuery({ queryKey: ['mfa', 'utenti'], queryFn: () => call(OPS_MFA.utenti) });

function MfaReset({ row }: { row: Row }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const enrolled = useEnrolled();
  if (!enrolled.data?.utenti.includes(row.id as number)) return null;
  const reset = async () => {
    try {
      await call(OPS_MFA.reset, { params: { id: row.id as number } });
      await qc.invalidateQueries({ queryKey: ['mfa', 'utenti'] });
    } catch {
      /* notified */
    }
  };
  return (
    <Popconfirm title={t('mfa.reset_conferma', { username: row.username })} okText={t('mfa.reset')} cancelText={t('ui.annulla')} onConfirm={reset}>
      <Tooltip title={t('mfa.reset')}>
        <Button type="text" size="small" icon={<SafetyOutlined />} aria-label={t('mfa.reset')} data-testid="mfa-reset" />
      </Tooltip>
    </Popconfirm>
  );
}

function UtenteActions({ row, ctx }: { row: Row; ctx: RowActionContext }) {
  const { t } = useTranslation();
  const run = async (action: 'sblocca' | 'resetLink') => {
    try {
      await call(OPS_ANAGRAFICA[action], { params: { id: row.id }, body: undefined });
      ctx.refresh();
    } catch {
      /* notified */
    }
  };
  return (
    <>
      {row.bloccato ? (
        <Tooltip title={t('utenti.sblocca')}>
          <Button type="text" size="small" icon={<UnlockOutlined />} aria-label={t('utenti.sblocca')} onClick={() => void run('sblocca')} />
        </Tooltip>
      ) : null}
      <Popconfirm title={t('utenti.conferma_reset_link')} okText={t('ui.invia')} cancelText={t('ui.annulla')} onConfirm={() => run('resetLink')}>
        <Tooltip title={t('utenti.invia_link_reset')}>
          <Button type="text" size="small" icon={<MailOutlined />} aria-label={t('utenti.invia_link_reset')} disabled={!row.email} />
        </Tooltip>
      </Popconfirm>
      <MfaReset row={row} />
    </>
  );
}

/** /anagrafica/utenti: users, their profiles and employee; unlock and reset-link actions. */
export function UtentiPage() {
  const { t } = useTranslation();
  const profili = useLookup(RES_PROFILI.path);
  const langs = useLanguages();
  const profiliNames = (row: Row) =>
    (Array.isArray(row.profili) ? (row.profili as number[]) : []).map((id) => profili.data?.find((p) => p.value === id)?.label ?? `#${id}`);

  const columns: ColumnDef[] = [
    { key: 'username', title: 'utenti.username', sorter: true },
    { key: 'email', title: 'utenti.email', sorter: true },
    { key: 'dipendente_nome', title: 'utenti.dipendente' },
    {
      key: 'profili',
      title: 'utenti.profili',
      render: (row) => profiliNames(row).map((n) => <Tag key={n}>{n}</Tag>),
      exportValue: (row) => profiliNames(row).join(', '),
    },
    { key: 'lingua', title: 'utenti.lingua', width: 90 },
    { key: 'attivo', title: 'utenti.attivo', type: 'boolean', width: 90 },
    {
      key: 'bloccato',
      title: 'utenti.stato',
      render: (row) => (row.bloccato ? <Tag color="red">{t('utenti.bloccato')}</Tag> : <Tag color="green">{t('utenti.sbloccato')}</Tag>),
      exportValue: (row) => (row.bloccato ? t('utenti.bloccato') : t('utenti.sbloccato')),
    },
  ];

  const fields: FieldDef[] = [
    { name: 'username', label: 'utenti.username', required: true },
    { name: 'email', label: 'utenti.email' },
    { name: 'dipendente_id', label: 'utenti.dipendente', type: 'select', lookup: RES_DIPENDENTI.path },
    { name: 'profili', label: 'utenti.profili', type: 'multiselect', lookup: RES_PROFILI.path, required: true },
    {
      name: 'lingua',
      label: 'utenti.lingua',
      type: 'select',
      options: (langs.data ?? []).map((l) => ({ value: l.cod_lingua, label: l.descrizione })),
    },
    { name: 'attivo', label: 'utenti.attivo', type: 'switch' },
    { name: 'solo_sso', label: 'utenti.solo_sso', type: 'switch', extra: (_record, tr) => tr('utenti.solo_sso_aiuto') },
  ];

  return (
    <ResourcePage
      resource={{ wire: RES_UTENTI, title: 'menu.anagrafica.utenti', entity: 'entita.utente', schema: ZUtente }}
      columns={columns}
      form={{ fields }}
      defaultSort="username"
      rowActions={(row, ctx) => <UtenteActions row={row} ctx={ctx} />}
    />
  );
}
