/**
 * "Campi disponibili": the merge fields a template may use (GET /api/contratti/modelli/campi), by group, each with
 * what it holds and how to write it in the DOCX (a value, a section shown when a flag is true or false, a loop over a
 * list), ready to copy.
 */
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { chiaveCampo } from '@tulip/contract';
import { OPS_CONTRATTI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { tableFit } from '../../components/tableFit';

type Campo = { campo: string; tipo: 'testo' | 'condizione' | 'elenco'; figli?: string[] };

/** How a field is written in the template. */
export function sintassi(c: Campo): string[] {
  if (c.tipo === 'condizione') return [`{#${c.campo}}…{/${c.campo}}`, `{^${c.campo}}…{/${c.campo}}`];
  if (c.tipo === 'elenco') return [`{#${c.campo}}${(c.figli ?? []).map((f) => `{${f}}`).join(' ')}{/${c.campo}}`];
  return [`{${c.campo}}`];
}

const gruppoDi = (campo: string) => campo.split('.')[0];

export function CampiTab() {
  const { t } = useTranslation();
  const campi = useQuery({ queryKey: ['contratti', 'modelli', 'campi'], queryFn: () => call(OPS_CONTRATTI.campiModello) });
  const gruppi = [...new Set((campi.data ?? []).map((c) => gruppoDi(c.campo)))];
  const columns: ColumnsType<Campo> = [
    {
      key: 'campo', title: t('stipulazione.campo'), width: 260,
      render: (_, c) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text code>{c.campo}</Typography.Text>
          {c.tipo !== 'testo' ? <Tag>{t(`stipulazione.tipo_campo_${c.tipo}`)}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'descrizione', title: t('stipulazione.descrizione'),
      render: (_, c) => (
        <>
          {t(chiaveCampo(c.campo))}
          {c.figli?.length ? (
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
              {c.figli.map((f) => (
                <li key={f}>
                  <Typography.Text code>{`{${f}}`}</Typography.Text> {t(chiaveCampo(f))}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ),
    },
    {
      key: 'sintassi', title: t('stipulazione.come_si_scrive'),
      render: (_, c) => (
        <Space orientation="vertical" size={2}>
          {sintassi(c).map((s) => (
            <Typography.Text key={s} code copyable={{ text: s, tooltips: [t('stipulazione.copia'), t('stipulazione.copiato')] }} data-testid={`sintassi-${c.campo}`}>
              {s}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="campi-modello">
      <Alert
        type="info"
        showIcon
        title={t('stipulazione.campi_intro')}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            <li>
              {t('stipulazione.sintassi_valore')} <Typography.Text code>{'{dipendente.cognome}'}</Typography.Text>
            </li>
            <li>
              {t('stipulazione.sintassi_condizione')} <Typography.Text code>{'{#contratto.determinato}…{/contratto.determinato}'}</Typography.Text>{' '}
              {t('stipulazione.sintassi_condizione_falsa')} <Typography.Text code>{'{^contratto.determinato}…{/contratto.determinato}'}</Typography.Text>
            </li>
            <li>
              {t('stipulazione.sintassi_elenco')} <Typography.Text code>{'{#retribuzione.voci}{voce} {importo}{/retribuzione.voci}'}</Typography.Text>
            </li>
          </ul>
        }
      />
      {gruppi.map((g) => (
        <Card key={g} size="small" title={t(`stipulazione.gruppo_${g}`)}>
          <Table<Campo>
            size="small"
            rowKey="campo"
            columns={columns}
            dataSource={(campi.data ?? []).filter((c) => gruppoDi(c.campo) === g)}
            pagination={false}
            {...tableFit}
          />
        </Card>
      ))}
      {campi.isLoading ? <Card loading size="small" /> : null}
    </Space>
  );
}
