/**
 * /fasi — the phase screen of a shared shop-floor tablet (public, blank layout, no login). The device is a registered
 * terminal (its key kept as the kiosk keeps it); the worker says who they are with badge (or matricola) and PIN, then
 * sees their running phase and starts, switches or closes one by scanning the job sheet's code. After an action, or a
 * minute without a touch, the screen goes back to the identification: the next worker never finds someone else's.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Input, InputNumber, Result, Space, Spin, Typography, type InputRef } from 'antd';
import { LogoutOutlined, PlayCircleOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { leggiCodiceFase, type TFaseAzione, type TRegistrazione } from '@tulip/contract';
import { OPS_KIOSK, OPS_RILEVAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { translateMessage } from '../../platform/i18n';
import { newRequestId } from '../../platform/uuid';
import { AntdProvider } from '../../layout/AntdProvider';
import { testoErrore } from './common';
import { InCorso, nomeFase } from './FasePage';
import { chiaveDaUrl, chiaveTerminale, chiDa, HEADER_TERMINALE, senzaChiave } from './fasiTerminale';
import './fasiTerminale.css';
import { TulipMark } from '../../components/TulipMark';

/** Back to the identification after this long without a touch (shared device). */
const INATTIVITA_MS = 60_000;
/** The confirmation of an action stays this long. */
const CONFERMA_MS = 5_000;
const PIN_MAX = 8;

type Op = 'inf' | 'closePrevious' | 'cf';
type Persona = { identificativo: string; pin: string; nome: string; cognome: string; aperta: TRegistrazione | null };
type Stato = { fase: 'verifica' } | { fase: 'non_registrato' } | { fase: 'offline' } | { fase: 'pronto'; descrizione: string };

const BIG = { height: 64, fontSize: 22 } as const;

/** The blank layout has no antd theme: the tablet's screen brings the Tulip colours (and their contrast) with it. */
export function FasiTerminalePage() {
  return (
    <AntdProvider>
      <FasiTerminale />
    </AntdProvider>
  );
}

function FasiTerminale() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [chiave, setChiave] = useState<string | null>(() => chiaveTerminale(location.search));
  const [stato, setStato] = useState<Stato>({ fase: 'verifica' });
  const [identificativo, setIdentificativo] = useState('');
  const [pin, setPin] = useState('');
  const [persona, setPersona] = useState<Persona | null>(null);
  const [codice, setCodice] = useState('');
  const [chiusura, setChiusura] = useState(false);
  const [quantita, setQuantita] = useState<number | null>(null);
  const [scarto, setScarto] = useState<number | null>(null);
  const [busy, setBusy] = useState<Op | 'id' | null>(null);
  const [errore, setErrore] = useState<string | null>(null);
  const [conferma, setConferma] = useState<{ testo: string; dettaglio?: string } | null>(null);
  const [attivita, setAttivita] = useState(0);
  const idRef = useRef<InputRef>(null);
  const pinRef = useRef<InputRef>(null);
  const scanRef = useRef<InputRef>(null);

  // the secret key leaves the address bar (and the history) at once
  useEffect(() => {
    if (chiaveDaUrl(location.search)) {
      setChiave(chiaveTerminale(location.search));
      void navigate({ pathname: location.pathname, search: senzaChiave(location.search) }, { replace: true });
    }
  }, [location.pathname, location.search, navigate]);

  const headers: Record<string, string> = chiave ? { [HEADER_TERMINALE]: chiave } : {};
  const opts = { auth: false, notifyError: false, notifySuccess: false, headers } as const;

  const verifica = useCallback(async () => {
    if (!chiave) return setStato({ fase: 'non_registrato' });
    try {
      const r = await call(OPS_KIOSK.terminale, {}, { auth: false, notifyError: false, headers: { [HEADER_TERMINALE]: chiave } });
      setStato({ fase: 'pronto', descrizione: r?.descrizione ?? '' });
    } catch (e) {
      setStato({ fase: e instanceof ApiError && [401, 403, 404].includes(e.status) ? 'non_registrato' : 'offline' });
    }
  }, [chiave]);
  useEffect(() => void verifica(), [verifica]);

  /** Back to step 1, nothing of the last worker left on screen. */
  const esci = useCallback(() => {
    setPersona(null);
    setIdentificativo('');
    setPin('');
    setCodice('');
    setChiusura(false);
    setQuantita(null);
    setScarto(null);
    setErrore(null);
    setConferma(null);
  }, []);

  // a minute without a touch: forget who was here (and what was typed)
  useEffect(() => {
    if (!persona && !identificativo && !pin) return;
    const id = setTimeout(esci, INATTIVITA_MS);
    return () => clearTimeout(id);
  }, [persona, identificativo, pin, attivita, esci]);

  useEffect(() => {
    if (!conferma) return;
    const id = setTimeout(esci, CONFERMA_MS);
    return () => clearTimeout(id);
  }, [conferma, esci]);

  useEffect(() => {
    if (stato.fase !== 'pronto' || conferma) return;
    if (persona) scanRef.current?.focus();
    else if (!identificativo) idRef.current?.focus();
  }, [stato.fase, persona, conferma]); // eslint-disable-line react-hooks/exhaustive-deps

  const touch = () => setAttivita((n) => n + 1);

  /** A refusal of the server, said in the worker's language; a wrong key sends the device to "not registered". */
  function rifiuto(e: unknown, codiceInviato?: string) {
    if (!(e instanceof ApiError)) return t('fasi_terminale.errore_generico');
    if (e.body.message === 'avvisi.terminale_non_registrato') {
      setStato({ fase: 'non_registrato' });
      return null;
    }
    if (e.status === 0) return t('fasi_terminale.errore_rete');
    if (e.status === 404 && codiceInviato) return t('rilevazione.codice_sconosciuto', { codice: codiceInviato });
    return testoErrore(e) ?? translateMessage(e.body.message, e.body.params);
  }

  async function identifica(ev: FormEvent) {
    ev.preventDefault();
    touch();
    if (!identificativo.trim()) {
      setErrore(t('fasi_terminale.inserisci_badge'));
      return idRef.current?.focus();
    }
    if (pin.length < 4) {
      setErrore(t('fasi_terminale.inserisci_pin'));
      return pinRef.current?.focus();
    }
    setBusy('id');
    setErrore(null);
    try {
      const r = await call(OPS_RILEVAZIONE.statoTerminale, { body: { ...chiDa(identificativo), pin } }, opts);
      setPersona({ identificativo, pin, nome: r.dipendente.nome, cognome: r.dipendente.cognome, aperta: r.aperta });
    } catch (e) {
      setPin('');
      setErrore(rifiuto(e));
      if (e instanceof ApiError && e.status === 429) {
        setIdentificativo('');
        idRef.current?.focus();
      } else pinRef.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  async function esegui(op: Op) {
    if (!persona || busy) return;
    touch();
    setErrore(null);
    const code = codice.trim();
    const body: TFaseAzione = { op, id_richiesta: newRequestId() };
    if (code) {
      if (!leggiCodiceFase(code)) return setErrore(t('avvisi.codice_fase_non_valido'));
      body.codice = code;
    } else if (op !== 'cf') {
      setErrore(t('fasi_terminale.scansiona_prima'));
      return scanRef.current?.focus();
    }
    // closing a phase that tracks quantities: ask them first
    if (op === 'cf' && persona.aperta?.fase_quantita && !chiusura) return setChiusura(true);
    if (op === 'cf' && chiusura) {
      if (quantita !== null) body.quantita = quantita;
      if (scarto !== null) body.scarto = scarto;
    }
    setBusy(op);
    try {
      const r = await call(OPS_RILEVAZIONE.fasiTerminale, { body: { ...body, ...chiDa(persona.identificativo), pin: persona.pin } }, opts);
      const fatta = op !== 'cf' && r.data.aperta ? r.data.aperta : r.data.chiusa;
      setConferma({ testo: translateMessage(r.message, r.params), dettaglio: fatta ? nomeFase(fatta) : undefined });
    } catch (e) {
      const testo = rifiuto(e, body.codice);
      if (e instanceof ApiError && (e.status === 401 || e.status === 429)) {
        esci();
        setErrore(testo);
      } else setErrore(testo);
      scanRef.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  if (stato.fase === 'verifica')
    return (
      <div className="tl-fasi-term tl-fasi-term--center" role="status" data-testid="fasi-term-verifica">
        <Spin size="large" />
        <p>{t('fasi_terminale.verifica')}</p>
      </div>
    );
  if (stato.fase !== 'pronto')
    return (
      <main className="tl-fasi-term tl-fasi-term--center" data-testid={`fasi-term-${stato.fase}`}>
        <Result
          status="warning"
          title={<h1 className="tl-fasi-term__h1">{t(stato.fase === 'offline' ? 'fasi_terminale.offline' : 'fasi_terminale.non_registrato')}</h1>}
          subTitle={t(stato.fase === 'offline' ? 'fasi_terminale.offline_testo' : 'fasi_terminale.non_registrato_testo')}
          extra={
            stato.fase === 'offline' ? (
              <Button size="large" onClick={() => void verifica()}>
                {t('fasi_terminale.riprova')}
              </Button>
            ) : null
          }
        />
      </main>
    );

  if (conferma)
    return (
      <main className="tl-fasi-term tl-fasi-term--center" onClick={esci} data-testid="fasi-term-conferma">
        <Result
          status="success"
          title={<h1 className="tl-fasi-term__h1" role="status">{conferma.testo}</h1>}
          subTitle={
            <>
              <span className="tl-fasi-term__dettaglio">{conferma.dettaglio}</span>
              <br />
              {t('fasi_terminale.tocca_per_continuare')}
            </>
          }
        />
      </main>
    );

  return (
    <div className="tl-fasi-term" onPointerDown={touch} onKeyDown={touch}>
      <header className="tl-fasi-term__header">
        <span className="tl-fasi-term__brand">
          <TulipMark size={28} />
          {t('fasi_terminale.titolo')}
        </span>
        <span>{stato.descrizione}</span>
      </header>
      <main className="tl-fasi-term__body">
        {!persona ? (
          <Card className="tl-fasi-term__card" data-testid="fasi-term-identifica">
            <h1 className="tl-fasi-term__h1">{t('fasi_terminale.chi_sei')}</h1>
            <form onSubmit={(e) => void identifica(e)} noValidate autoComplete="off">
              <Space orientation="vertical" size="large" style={{ width: '100%' }}>
                <div>
                  <label htmlFor="tl-fasi-id" className="tl-fasi-term__label">
                    {t('fasi_terminale.badge_matricola')}
                  </label>
                  <Input
                    id="tl-fasi-id"
                    ref={idRef}
                    size="large"
                    style={BIG}
                    value={identificativo}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={32}
                    onChange={(e) => {
                      touch();
                      setErrore(null);
                      setIdentificativo(e.target.value.replace(/\s+/g, ''));
                    }}
                    onPressEnter={(e) => {
                      e.preventDefault();
                      pinRef.current?.focus();
                    }}
                  />
                </div>
                <div>
                  <label htmlFor="tl-fasi-pin" className="tl-fasi-term__label">
                    {t('fasi_terminale.pin')}
                  </label>
                  <Input
                    id="tl-fasi-pin"
                    ref={pinRef}
                    type="password"
                    size="large"
                    style={BIG}
                    value={pin}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={PIN_MAX}
                    onChange={(e) => {
                      touch();
                      setErrore(null);
                      setPin(e.target.value.replace(/\D+/g, '').slice(0, PIN_MAX));
                    }}
                  />
                </div>
                {errore ? <Alert type="error" showIcon role="alert" title={errore} data-testid="fasi-term-errore" /> : null}
                <Button type="primary" htmlType="submit" size="large" block style={BIG} loading={busy === 'id'} data-testid="fasi-term-avanti">
                  {t('fasi_terminale.avanti')}
                </Button>
              </Space>
            </form>
          </Card>
        ) : (
          <div className="tl-fase tl-fasi-term__lavoro" data-testid="fasi-term-persona">
            <div className="tl-fasi-term__saluto">
              <h1 className="tl-fasi-term__h1" data-testid="fasi-term-saluto">
                {t('fasi_terminale.buongiorno', { nome: `${persona.nome} ${persona.cognome}`.trim() })}
              </h1>
              <Button size="large" icon={<LogoutOutlined />} onClick={esci} data-testid="fasi-term-esci">
                {t('fasi_terminale.non_sono_io')}
              </Button>
            </div>
            <InCorso aperta={persona.aperta} loading={false} />
            <Card size="small" className="tl-fase__azione">
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                <div>
                  <label htmlFor="tl-fasi-codice" className="tl-fase__label">
                    {t('rilevazione.codice')}
                  </label>
                  <Input
                    id="tl-fasi-codice"
                    ref={scanRef}
                    size="large"
                    style={BIG}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    value={codice}
                    placeholder={t('rilevazione.codice_placeholder')}
                    onChange={(e) => {
                      setErrore(null);
                      setCodice(e.target.value);
                    }}
                    // a scanner ends with Enter: start the phase, closing the running one if any
                    onPressEnter={() => void esegui(persona.aperta ? 'closePrevious' : 'inf')}
                    data-testid="fasi-term-codice"
                  />
                </div>
                {chiusura ? (
                  <div className="tl-fase__campi" data-testid="fasi-term-quantita">
                    <label className="tl-fase__campo">
                      <span className="tl-fase__label">{t('rilevazione.quantita_prodotta')}</span>
                      <InputNumber size="large" min={0} precision={0} value={quantita} onChange={(v) => setQuantita(v ?? null)} style={{ width: 200, ...BIG }} />
                    </label>
                    <label className="tl-fase__campo">
                      <span className="tl-fase__label">{t('rilevazione.scarto')}</span>
                      <InputNumber size="large" min={0} precision={0} value={scarto} onChange={(v) => setScarto(v ?? null)} style={{ width: 200, ...BIG }} />
                    </label>
                  </div>
                ) : null}
                {errore ? <Alert type="error" showIcon role="alert" title={errore} data-testid="fasi-term-errore" /> : null}
                <div className="tl-fasi-term__azioni">
                  {chiusura ? (
                    <>
                      <Button size="large" style={BIG} onClick={() => setChiusura(false)}>
                        {t('ui.annulla')}
                      </Button>
                      <Button type="primary" danger size="large" style={BIG} icon={<StopOutlined />} loading={busy === 'cf'} onClick={() => void esegui('cf')} data-testid="fasi-term-conferma-chiusura">
                        {t('fasi_terminale.conferma_chiusura')}
                      </Button>
                    </>
                  ) : (
                    <>
                      <Button type="primary" size="large" style={BIG} icon={<PlayCircleOutlined />} loading={busy === 'inf'} onClick={() => void esegui('inf')} data-testid="fasi-term-inizia">
                        {t('fasi_terminale.inizia')}
                      </Button>
                      <Button size="large" style={BIG} icon={<SwapOutlined />} loading={busy === 'closePrevious'} onClick={() => void esegui('closePrevious')} data-testid="fasi-term-cambia">
                        {t('fasi_terminale.cambia')}
                      </Button>
                      <Button danger size="large" style={BIG} icon={<StopOutlined />} disabled={!persona.aperta && !codice.trim()} loading={busy === 'cf'} onClick={() => void esegui('cf')} data-testid="fasi-term-chiudi">
                        {t('fasi_terminale.chiudi')}
                      </Button>
                    </>
                  )}
                </div>
                <Typography.Text type="secondary">{t('fasi_terminale.uscita_automatica')}</Typography.Text>
              </Space>
            </Card>
          </div>
        )}
      </main>
    </div>
  );
}
