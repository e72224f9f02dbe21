/**
 * The periodic inspection of a held item (a fall-arrest harness every 12 months, EN 365): fit, the next one falls a
 * full interval on; unfit, the item is written off, with the reason (required).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DatePicker, Input, Popover, Radio, Space, Typography } from 'antd';
import { useBusy } from '../../components/useBusy';
import { AuditOutlined } from '@ant-design/icons';
import { OPS_DOTAZIONI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { dayjs, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';

type Esito = 'idonea' | 'non_idonea';

export function IspezioneButton({ rigaId, nome, onDone, label }: { rigaId: number; nome: string; onDone: () => Promise<unknown>; label?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [esito, setEsito] = useState<Esito>('idonea');
  const [data, setData] = useState<Dayjs>(() => dayjs());
  const [note, setNote] = useState('');
  const [manca, setManca] = useState(false);
  const [busy, run] = useBusy();

  async function conferma() {
    if (esito === 'non_idonea' && !note.trim()) return setManca(true);
    await run(async () => {
      await call(OPS_DOTAZIONI.ispezione, { params: { id: rigaId }, body: { data: toWireDate(data)!, esito, note: note.trim() || null } });
      setOpen(false);
      await onDone();
    });
  }

  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setEsito('idonea');
          setData(dayjs());
          setNote('');
          setManca(false);
        }
      }}
      title={t('dotazioni.ispezione_titolo', { nome })}
      content={
        <Space orientation="vertical" style={{ width: 300, maxWidth: '80vw' }} data-testid={`ispezione-${rigaId}-popover`}>
          <Radio.Group
            value={esito}
            aria-label={t('dotazioni.esito')}
            onChange={(e) => {
              setEsito(e.target.value as Esito);
              setManca(false);
            }}
            options={[
              { value: 'idonea', label: t('dotazioni.idonea') },
              { value: 'non_idonea', label: t('dotazioni.non_idonea') },
            ]}
          />
          <DatePicker aria-label={t('dotazioni.data')} format={UI_DATE} value={data} allowClear={false} onChange={(d) => d && setData(d)} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          <Input.TextArea
            aria-label={t('dotazioni.note')}
            placeholder={t(esito === 'non_idonea' ? 'dotazioni.ispezione_motivo' : 'dotazioni.motivo_facoltativo')}
            rows={2}
            maxLength={300}
            value={note}
            status={manca ? 'error' : undefined}
            aria-invalid={manca}
            onChange={(e) => {
              setNote(e.target.value);
              setManca(false);
            }}
          />
          {manca ? <Typography.Text type="danger">{t('dotazioni.motivo_richiesto')}</Typography.Text> : null}
          <Typography.Text type="secondary">{t(esito === 'idonea' ? 'dotazioni.idonea_aiuto' : 'dotazioni.non_idonea_aiuto')}</Typography.Text>
          <Button type="primary" danger={esito === 'non_idonea'} block loading={busy} onClick={() => void conferma()} data-testid={`ispezione-${rigaId}-conferma`}>
            {t('dotazioni.registra_ispezione')}
          </Button>
        </Space>
      }
    >
      <Button
        size="small"
        type={label ? 'default' : 'text'}
        icon={<AuditOutlined />}
        aria-label={t('dotazioni.ispezione_di', { nome })}
        title={t('dotazioni.registra_ispezione')}
        data-testid={`ispezione-${rigaId}`}
      >
        {label ? t('dotazioni.ispeziona') : null}
      </Button>
    </Popover>
  );
}
