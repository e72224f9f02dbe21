/**
 * A person's bookings of a week, one per line (day, order, phase, from–to, minutes, quantity, origin, state, and the
 * flag of a phase closed by the exit punch or the shift's end), with their correction and deletion: someone else's
 * asks for a reason, which the audit log keeps.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { STATI_REGISTRAZIONE, ZOreCorrezione, type TRegistrazione } from '@tulip/contract';
import { OPS_RILEVAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { capitalize, dayjs, formatDate, oraDi, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { ListPage } from '../../components/ListPage';
import { MinutiInput, minutiRule } from '../../components/minuti';
import { requiredRule } from '../../components/formRules';
import { useCloseGuard } from '../../components/useCloseGuard';
import { useZodSubmit } from '../../components/useZodSubmit';
import { ore } from '../commesse';
import { MotivoButton } from '../../components/MotivoButton';
import { giorniSettimana } from './griglia';

type Valori = { data?: Dayjs | null; minuti?: number | null; quantita?: number | null; scarto?: number | null; note?: string | null; motivo?: string };
const CAMPI = ['data', 'minuti', 'quantita', 'scarto', 'note', 'motivo'] as const;

const COLORE_STATO = { bozza: 'default', inviata: 'gold', approvata: 'green' } as const;

/** A booking's day, time span and quantities, as the list and the correction show them. */
export function quando(r: Pick<TRegistrazione, 'inizio' | 'fine'>, inCorso: string) {
  if (!r.inizio) return '';
  return `${oraDi(r.inizio)}–${r.fine ? oraDi(r.fine) : inCorso}`;
}

/** The flag of a booking to review: why it was closed for the person. */
export function VerificaTag({ r }: { r: Pick<TRegistrazione, 'da_verificare' | 'motivo_verifica'> }) {
  const { t } = useTranslation();
  if (!r.da_verificare) return null;
  return (
    <Tag color="orange" data-testid="da-verificare">
      {t(`rilevazione.verifica_${r.motivo_verifica === 'fine_turno' ? 'fine_turno' : 'uscita'}`)}
    </Tag>
  );
}

/** Corrects a booking: day, minutes, quantities, note; the reason when it is someone else's. */
function CorreggiModal({ riga, propria, onClose, onDone }: { riga: TRegistrazione | null; propria: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Valori>();
  const [close, holder] = useCloseGuard(form, onClose, !!riga);
  const { saving, submit } = useZodSubmit(form, { fields: CAMPI });
  useEffect(() => {
    if (riga) form.setFieldsValue({ data: dayjs(riga.data), minuti: riga.minuti, quantita: riga.quantita, scarto: riga.scarto, note: riga.note, motivo: '' });
  }, [riga, form]);

  const save = () =>
    submit(
      ZOreCorrezione,
      (v) => ({
        data: toWireDate(v.data) ?? undefined,
        minuti: v.minuti ?? undefined,
        ...(riga?.fase_quantita ? { quantita: v.quantita ?? null, scarto: v.scarto ?? null } : {}),
        note: v.note?.trim() ? v.note.trim() : null,
        ...(v.motivo?.trim() ? { motivo: v.motivo.trim() } : {}),
      }),
      async (body) => {
        await call(OPS_RILEVAZIONE.correggi, { params: { id: riga!.id }, body });
        onDone();
        onClose();
      },
    );

  return (
    <Modal
      open={!!riga}
      title={t('rilevazione.correggi_registrazione')}
      onCancel={close}
      okText={t('ui.salva')}
      cancelText={t('ui.annulla')}
      confirmLoading={saving}
      onOk={() => void save()}
      forceRender
      data-testid="correggi-modal"
    >
      {holder}
      {riga ? (
        <p>
          {riga.dipendente_nome} · {riga.commessa_codice}
          {riga.fase_codice ? ` / ${riga.fase_codice}` : ''} · {formatDate(riga.data)}
        </p>
      ) : null}
      <Form form={form} layout="vertical" name="correggi-registrazione" onFinish={() => void save()}>
        <Space wrap size="middle">
          <Form.Item name="data" label={t('rilevazione.data')} rules={[requiredRule(t, 'rilevazione.data')]}>
            <DatePicker format={UI_DATE} allowClear={false} />
          </Form.Item>
          <Form.Item name="minuti" label={t('rilevazione.ore')} rules={[requiredRule(t, 'rilevazione.ore'), minutiRule(t('rilevazione.cella_non_valida'))]}>
            <MinutiInput style={{ width: 110 }} />
          </Form.Item>
          {riga?.fase_quantita ? (
            <>
              <Form.Item name="quantita" label={t('rilevazione.quantita')}>
                <InputNumber min={0} precision={0} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name="scarto" label={t('rilevazione.scarto')}>
                <InputNumber min={0} precision={0} style={{ width: 120 }} />
              </Form.Item>
            </>
          ) : null}
        </Space>
        <Form.Item name="note" label={t('rilevazione.note')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {propria ? null : (
          <Form.Item name="motivo" label={t('rilevazione.motivo_correzione')} rules={[requiredRule(t, 'rilevazione.motivo_correzione', { whitespace: true })]}>
            <Input.TextArea rows={2} maxLength={300} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The week's bookings of one person (recording per employee). */
export function Registrazioni({ dipendenteId, settimana, mioDipendente }: { dipendenteId: number; settimana: string; mioDipendente: number | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [aperta, setAperta] = useState<TRegistrazione | null>(null);
  const giorni = giorniSettimana(settimana);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['rilevazione'] });
  const propria = (r: TRegistrazione) => r.dipendente_id === mioDipendente;
  const bloccata = (r: TRegistrazione) => r.stato !== 'bozza' || (!!r.inizio && !r.fine);
  const descr = (r: TRegistrazione) => `${r.commessa_codice}${r.fase_codice ? ` ${r.fase_codice}` : ''} ${formatDate(r.data)}`;

  const elimina = async (r: TRegistrazione, motivo?: string) => {
    await call(OPS_RILEVAZIONE.elimina, { params: { id: r.id }, body: motivo ? { motivo } : {} });
    refresh();
  };

  return (
    <ListPage
      op={OPS_RILEVAZIONE.ore}
      queryKey={['rilevazione', 'ore']}
      query={{ dipendente_id: dipendenteId, dal: giorni[0], al: giorni[6] }}
      listTitle="rilevazione.registrazioni_settimana"
      listTestId="registrazioni"
      pageSize={50}
      filters={[
        { type: 'select', name: 'stato', label: 'rilevazione.stato', placeholder: 'rilevazione.tutti_gli_stati', options: STATI_REGISTRAZIONE.map((s) => ({ value: s, label: `rilevazione.stato_${s}` })), width: 170 },
        { type: 'switch', name: 'da_verificare', label: 'rilevazione.solo_da_verificare', on: 'si' },
      ]}
      emptyText="rilevazione.nessuna_registrazione"
      columns={[
        { key: 'data', title: t('rilevazione.data'), render: (_, r) => <span className="tl-ril-nowrap">{`${capitalize(dayjs(r.data).format('ddd'))} ${formatDate(r.data)}`}</span> },
        { key: 'commessa', title: t('rilevazione.commessa'), render: (_, r) => <Tooltip title={r.commessa_descrizione}>{r.commessa_codice}</Tooltip> },
        { key: 'fase', title: t('rilevazione.fase'), render: (_, r) => (r.fase_codice ? `${r.fase_codice} – ${r.fase_descrizione ?? ''}` : '') },
        { key: 'quando', title: t('rilevazione.dalle_alle'), render: (_, r) => <span className="tl-ril-nowrap">{quando(r, t('rilevazione.in_corso'))}</span> },
        { key: 'minuti', title: t('rilevazione.ore'), align: 'right', render: (_, r) => ore(r.minuti) },
        { key: 'quantita', title: t('rilevazione.quantita_scarto'), align: 'right', render: (_, r) => (r.quantita === null && r.scarto === null ? '' : `${r.quantita ?? 0} / ${r.scarto ?? 0}`) },
        { key: 'origine', title: t('rilevazione.origine'), render: (_, r) => t(`rilevazione.origine_${r.origine}`) },
        {
          key: 'stato',
          title: t('rilevazione.stato'),
          render: (_, r) => (
            <Space size={4} wrap>
              <Tag color={COLORE_STATO[r.stato]}>{t(`rilevazione.stato_${r.stato}`)}</Tag>
              <VerificaTag r={r} />
            </Space>
          ),
        },
      ]}
      actionsWidth={96}
      rowActions={(r) =>
        bloccata(r) ? null : (
          <Space size={0}>
            <Tooltip title={t('rilevazione.correggi')}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('rilevazione.correggi_di', { riga: descr(r) })} onClick={() => setAperta(r)} />
            </Tooltip>
            {propria(r) ? (
              <ConfirmDeleteButton label={t('rilevazione.elimina_di', { riga: descr(r) })} onConfirm={() => elimina(r).catch(() => undefined)} />
            ) : (
              <MotivoButton
                size="small"
                label={null}
                icon={<DeleteOutlined />}
                type="text"
                ariaLabel={t('rilevazione.elimina_di', { riga: descr(r) })}
                title={t('rilevazione.elimina_registrazione')}
                conferma={t('ui.elimina')}
                onConfirm={(motivo) => elimina(r, motivo)}
              />
            )}
          </Space>
        )
      }
    >
      <CorreggiModal riga={aperta} propria={!!aperta && propria(aperta)} onClose={() => setAperta(null)} onDone={refresh} />
    </ListPage>
  );
}
