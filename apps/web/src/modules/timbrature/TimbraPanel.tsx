import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Modal, Row, Space, Tag, Typography } from 'antd';
import { LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { dayjs } from '../../platform/formats';
import { titoloGiornata, useWallClockOffset } from '../../platform/wallClock';
import { call } from '../../platform/api';
import { OPS_TIMBRATURE } from '@tulip/contract/wire';
import { ANTICIPO_ENTRATA_DA_CONFERMARE } from '@tulip/contract';
import { capitalize, formatDate, oraDi } from '../../platform/formats';
import { newRequestId } from '../../platform/uuid';
import { isAnnullata, type Verso } from './types';

/**
 * The clock, ticking every second, on the company's wall clock: the server's `ora` kept as an offset
 * from the device clock, so a device in another zone or with a wrong clock shows the time the punch
 * will be recorded at (the device's own time until the server has answered).
 */
function useNow(serverOra: string | undefined) {
  const offset = useWallClockOffset(serverOra);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return offset === null ? dayjs(tick) : dayjs(new Date(tick + offset).toISOString().slice(0, 19));
}

/** The logged employee's own punch: today's punches and the two big buttons (PUT /api/timbrature). */
export function TimbraPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [sending, setSending] = useState<Verso | null>(null);
  const oggi = useQuery({
    queryKey: ['timbrature', 'oggi'],
    queryFn: () => call(OPS_TIMBRATURE.oggi, {}, { notifyError: false }),
    refetchInterval: 60_000,
  });
  const now = useNow(oggi.data?.ora);
  const list = (oggi.data?.timbrature ?? []).filter((p) => !isAnnullata(p)).sort((a, b) => a.ts.localeCompare(b.ts));
  const last = list[list.length - 1];
  const suggested: Verso = last?.verso === 'E' ? 'U' : 'E';
  const [modal, holder] = Modal.useModal();
  // the list is the work day's: last night's shift is titled by its own day, not as today's
  const giorno = oggi.data?.data;
  const tg = titoloGiornata(giorno, now.format('YYYY-MM-DD'));
  const titolo = tg.key === 'turno_del' ? t('timbrature.turno_del', { data: formatDate(tg.data) }) : t('timbrature.oggi');

  /** An entry long before the shift it counts for is said, and asked: it starts the worked time of that shift. */
  function chiediEntrata() {
    const e = oggi.data?.entrata;
    const anticipo = e?.turno ? dayjs(e.turno.inizio).diff(now, 'minute') : 0;
    if (!e?.turno || anticipo <= ANTICIPO_ENTRATA_DA_CONFERMARE) return void timbra('E');
    void modal.confirm({
      title: t('timbrature.entrata_anticipata_titolo'),
      content: t('timbrature.entrata_anticipata', {
        ora: now.format('HH:mm'), turno: `${e.turno.codice} – ${e.turno.descrizione}`, data: formatDate(e.data), inizio: e.turno.inizio.slice(11, 16),
        anticipo: `${Math.floor(anticipo / 60)}:${String(anticipo % 60).padStart(2, '0')}`,
      }),
      okText: t('timbrature.timbra_entrata'),
      cancelText: t('ui.annulla'),
      onOk: () => timbra('E'),
    });
  }

  async function timbra(verso: Verso) {
    setSending(verso);
    try {
      await call(OPS_TIMBRATURE.registra, { body: { verso, id_richiesta: newRequestId(), fonte: 'web' } });
      await Promise.all([qc.invalidateQueries({ queryKey: ['timbrature'] })]);
    } catch {
      /* notified */
    } finally {
      setSending(null);
    }
  }

  return (
    <Card className="tl-timbra" data-testid="timbra-panel">
      {holder}
      <Row gutter={[24, 16]} align="middle">
        <Col xs={24} md={8}>
          <div className="tl-timbra__clock" aria-live="off" data-testid="timbra-ora">
            {now.format('HH:mm')}
            <span className="tl-timbra__sec">{now.format(':ss')}</span>
          </div>
          <Typography.Text type="secondary">{capitalize(now.format('dddd D MMMM YYYY'))}</Typography.Text>
        </Col>
        <Col xs={24} md={9}>
          <Typography.Text type="secondary" data-testid="timbra-giorno">{titolo}</Typography.Text>
          <div className="tl-timbra__today">
            {list.length ? (
              list.map((p) => (
                <Tag key={p.id} color={p.verso === 'E' ? 'green' : 'volcano'}>
                  {p.verso} {oraDi(p.ts)}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{oggi.isLoading ? t('app.caricamento') : t('timbrature.nessuna_oggi')}</Typography.Text>
            )}
          </div>
        </Col>
        <Col xs={24} md={7}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button
              type={suggested === 'E' ? 'primary' : 'default'}
              size="large"
              block
              icon={<LoginOutlined />}
              loading={sending === 'E'}
              disabled={!!sending}
              className="tl-timbra__btn tl-timbra__btn--e"
              onClick={chiediEntrata}
            >
              {t('timbrature.timbra_entrata')}
            </Button>
            <Button
              type={suggested === 'U' ? 'primary' : 'default'}
              size="large"
              block
              icon={<LogoutOutlined />}
              loading={sending === 'U'}
              disabled={!!sending}
              className="tl-timbra__btn tl-timbra__btn--u"
              onClick={() => void timbra('U')}
            >
              {t('timbrature.timbra_uscita')}
            </Button>
          </Space>
        </Col>
      </Row>
    </Card>
  );
}
