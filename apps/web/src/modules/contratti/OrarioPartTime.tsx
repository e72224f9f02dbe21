/**
 * The part-time schedule's editor (D.Lgs 81/2015 art. 5 c. 2): each weekday, Monday first, worked or not with its
 * hours from–to (24h), the weeks of the month and the months of the year for a vertical or mixed arrangement, a note,
 * and the elastic clauses when agreed (art. 6 c. 4–6). A controlled field for a Form.Item: its value is the contract's
 * ZOrarioPartTime, checked by the server with verificaOrarioPartTime. Used by the contract row and the wizard.
 */
import { useTranslation } from 'react-i18next';
import { Checkbox, Col, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { testoOrarioPartTime, type TOrarioPartTime } from '@tulip/contract';

const GIORNI = [1, 2, 3, 4, 5, 6, 7] as const;
const VUOTO: TOrarioPartTime = { giorni: [] };

export function OrarioPartTimeField({ value, onChange, distribuzione, id = 'orario-pt' }: {
  value?: TOrarioPartTime | null; onChange?: (v: TOrarioPartTime | null) => void; distribuzione?: string | null; id?: string;
}) {
  const { t } = useTranslation();
  const v = value ?? VUOTO;
  const set = (patch: Partial<TOrarioPartTime>) => onChange?.({ ...v, ...patch });
  const fascia = (g: number) => v.giorni.find((f) => f.giorno === g);
  const setGiorno = (g: number, f: { dalle: string; alle: string } | null) =>
    set({ giorni: [...v.giorni.filter((x) => x.giorno !== g), ...(f ? [{ giorno: g, ...f }] : [])].sort((a, b) => a.giorno - b.giorno) });
  const verticale = distribuzione === 'verticale' || distribuzione === 'misto';
  const ok = v.giorni.length > 0 && v.giorni.every((f) => /^\d\d:\d\d$/.test(f.dalle) && /^\d\d:\d\d$/.test(f.alle) && f.dalle < f.alle);
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="orario-part-time">
      {GIORNI.map((g) => {
        const f = fascia(g);
        return (
          <Row key={g} gutter={8} align="middle">
            <Col span={8}>
              <Checkbox id={`${id}-g${g}`} checked={!!f} onChange={(e) => setGiorno(g, e.target.checked ? { dalle: '08:00', alle: '12:00' } : null)}>
                {t(`contratti.giorno_${g}`)}
              </Checkbox>
            </Col>
            {f ? (
              <>
                <Col span={8}>
                  <Input maxLength={5} placeholder="hh:mm" inputMode="numeric" aria-label={t('contratti.orario_dalle_giorno', { giorno: t(`contratti.giorno_${g}`) })} addonBefore={t('contratti.orario_dalle')} value={f.dalle} onChange={(e) => setGiorno(g, { ...f, dalle: e.target.value })} />
                </Col>
                <Col span={8}>
                  <Input maxLength={5} placeholder="hh:mm" inputMode="numeric" aria-label={t('contratti.orario_alle_giorno', { giorno: t(`contratti.giorno_${g}`) })} addonBefore={t('contratti.orario_alle')} value={f.alle} onChange={(e) => setGiorno(g, { ...f, alle: e.target.value })} />
                </Col>
              </>
            ) : null}
          </Row>
        );
      })}
      {verticale ? (
        <Row gutter={8}>
          <Col span={12}>
            <Select
              mode="multiple" allowClear style={{ width: '100%' }} aria-label={t('contratti.orario_settimane')} placeholder={t('contratti.orario_settimane')}
              value={v.settimane ?? []} onChange={(s: number[]) => set({ settimane: s.length ? s : null })}
              options={[1, 2, 3, 4, 5].map((s) => ({ value: s, label: t('contratti.orario_settimana_n', { n: s }) }))}
            />
          </Col>
          <Col span={12}>
            <Select
              mode="multiple" allowClear style={{ width: '100%' }} aria-label={t('contratti.orario_mesi')} placeholder={t('contratti.orario_mesi')}
              value={v.mesi ?? []} onChange={(m: number[]) => set({ mesi: m.length ? m : null })}
              options={[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => ({ value: m, label: t(`contratti.mese_${m}`) }))}
            />
          </Col>
        </Row>
      ) : null}
      <Input aria-label={t('contratti.orario_note')} placeholder={t('contratti.orario_note')} maxLength={300} value={v.note ?? ''} onChange={(e) => set({ note: e.target.value || null })} />
      <Space>
        <Switch
          id={`${id}-elastiche`} checked={!!v.elastiche}
          onChange={(on) => set({ elastiche: on ? { condizioni: '', aumento_massimo: null, preavviso_giorni: 2, maggiorazione: 15 } : null })}
        />
        <label htmlFor={`${id}-elastiche`}>{t('contratti.clausole_elastiche')}</label>
      </Space>
      {v.elastiche ? (
        <Row gutter={8}>
          <Col span={24}>
            <Input.TextArea
              rows={2} maxLength={500} aria-label={t('contratti.elastiche_condizioni')} placeholder={t('contratti.elastiche_condizioni')}
              value={v.elastiche.condizioni} onChange={(e) => set({ elastiche: { ...v.elastiche!, condizioni: e.target.value } })}
            />
          </Col>
          <Col span={8}>
            <InputNumber
              min={1} max={25} suffix="%" style={{ width: '100%' }} aria-label={t('contratti.elastiche_aumento')} placeholder={t('contratti.elastiche_aumento')}
              value={v.elastiche.aumento_massimo ?? null} onChange={(n) => set({ elastiche: { ...v.elastiche!, aumento_massimo: n ?? null } })}
            />
          </Col>
          <Col span={8}>
            <InputNumber
              min={2} max={30} style={{ width: '100%' }} aria-label={t('contratti.elastiche_preavviso')} addonAfter={t('contratti.elastiche_giorni_lavorativi')}
              value={v.elastiche.preavviso_giorni} onChange={(n) => set({ elastiche: { ...v.elastiche!, preavviso_giorni: n ?? 2 } })}
            />
          </Col>
          <Col span={8}>
            <InputNumber
              min={0} max={100} suffix="%" style={{ width: '100%' }} aria-label={t('contratti.elastiche_maggiorazione')} placeholder={t('contratti.elastiche_maggiorazione')}
              value={v.elastiche.maggiorazione} onChange={(n) => set({ elastiche: { ...v.elastiche!, maggiorazione: n ?? 0 } })}
            />
          </Col>
        </Row>
      ) : null}
      {ok ? <Typography.Text type="secondary" data-testid="orario-part-time-testo">{t('contratti.orario_nella_lettera')} {testoOrarioPartTime(v)}</Typography.Text> : null}
    </Space>
  );
}
