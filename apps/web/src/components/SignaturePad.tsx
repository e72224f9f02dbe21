/**
 * A signature in a form (a delivery's receipt): the signer draws it with a mouse, a pen or a finger, or, when they
 * cannot draw, types their full name and confirms it, by keyboard alone. Its value is a `Signature`: the PNG to upload
 * with `http.upload` and how it was made (`meta.method` 'typed' for a typed name), or null while there is none;
 * `signatureRule` makes it required. The pure part (points, smoothing, the empty check, the typed name's layout) is
 * ./signature.ts.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { Button, Checkbox, Input, Radio, Space, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { requiredMessage } from './formRules';
import { readDataUrl } from './FileField';
import {
  addPoint,
  drawStrokes,
  hasInk,
  INK,
  isSignatureEmpty,
  normalizeName,
  OUTPUT_HEIGHT,
  OUTPUT_WIDTH,
  padSize,
  toPadPoint,
  typedNameLayout,
  typedNameProblem,
  type Signature,
  type SignatureMeta,
  type Stroke,
} from './signature';

export type { Signature, SignatureMeta };

type SignaturePadProps = {
  value?: Signature | null;
  onChange?: (value: Signature | null) => void;
  id?: string;
  disabled?: boolean;
};

/** A PNG of what `paint` draws on a canvas of the output's size (transparent: it sits on any document). */
function toPng(paint: (ctx: CanvasRenderingContext2D) => void): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_WIDTH;
  canvas.height = OUTPUT_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  paint(ctx);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

export function SignaturePad({ value, onChange, id, disabled }: SignaturePadProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const switchMode = (m: 'draw' | 'type') => {
    setMode(m);
    // one way of signing at a time: what the other one made is dropped
    if (value) onChange?.(null);
  };
  return (
    <div id={id} role="group" aria-label={t('firma.titolo')} style={{ maxWidth: 600 }}>
      {/* real radios: one tab stop, arrows to choose, a name in the page's language */}
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        aria-label={t('firma.modo')}
        disabled={disabled}
        value={mode}
        onChange={(e) => switchMode(e.target.value as 'draw' | 'type')}
        options={[
          { value: 'draw', label: t('firma.disegna') },
          { value: 'type', label: t('firma.scrivi_nome') },
        ]}
        style={{ marginBottom: 8 }}
      />
      {mode === 'draw' ? <DrawnSignature value={value} onChange={onChange} disabled={disabled} /> : <TypedSignature value={value} onChange={onChange} disabled={disabled} />}
    </div>
  );
}

function DrawnSignature({ value, onChange, disabled }: SignaturePadProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // the strokes live outside React's state: a pointer moves a hundred times a second
  const strokes = useRef<Stroke[]>([]);
  const pointer = useRef<number | null>(null);
  const frame = useRef(0);
  const [size, setSize] = useState(() => padSize(0, 1));
  const [inked, setInked] = useState(false);

  const redraw = useCallback(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
    ctx.clearRect(0, 0, size.cssWidth, size.cssHeight);
    drawStrokes(ctx, strokes.current, size.cssWidth);
  }, [size]);

  // the pad follows its container (a phone turned sideways) and the screen's pixel density
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setSize((old) => {
      const next = padSize(box.clientWidth, window.devicePixelRatio);
      return next.cssWidth === old.cssWidth && next.ratio === old.ratio ? old : next;
    });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(redraw, [redraw]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const clearStrokes = useCallback(() => {
    strokes.current = [];
    setInked(false);
    redraw();
  }, [redraw]);

  // the form emptied the field (reset, another record): the pad is emptied too
  useEffect(() => {
    if (!value && pointer.current === null && hasInk(strokes.current)) clearStrokes();
  }, [value, clearStrokes]);

  const scheduleRedraw = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(redraw);
  };

  const padBox = () => canvasRef.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 1 };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || pointer.current !== null || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    pointer.current = e.pointerId;
    strokes.current = [...strokes.current, [toPadPoint(e.clientX, e.clientY, padBox())]];
    scheduleRedraw();
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.pointerId !== pointer.current) return;
    // the samples the browser merged into this event: smoother lines on a fast hand
    const samples = e.nativeEvent.getCoalescedEvents?.() ?? [];
    const box = padBox();
    let stroke = strokes.current[strokes.current.length - 1];
    for (const s of samples.length ? samples : [e]) stroke = addPoint(stroke, toPadPoint(s.clientX, s.clientY, box));
    strokes.current = [...strokes.current.slice(0, -1), stroke];
    scheduleRedraw();
  };

  const onPointerEnd = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.pointerId !== pointer.current) return;
    pointer.current = null;
    const drawn = strokes.current;
    setInked(hasInk(drawn));
    if (!hasInk(drawn)) return onChange?.(null);
    void toPng((ctx) => drawStrokes(ctx, drawn, OUTPUT_WIDTH)).then((png) => {
      // a stroke begun meanwhile makes its own PNG when it ends
      if (png && strokes.current === drawn) onChange?.({ png, meta: { method: 'drawn', strokes: drawn.length } });
    });
  };

  return (
    <div ref={boxRef}>
      <canvas
        ref={canvasRef}
        width={size.pixelWidth}
        height={size.pixelHeight}
        role="img"
        aria-label={t('firma.area')}
        data-testid="signature-pad"
        // the form holds the signature (its PNG is made when a stroke ends, a moment after the ink shows)
        data-signed={value ? 'true' : 'false'}
        style={{
          display: 'block',
          width: size.cssWidth,
          // a container narrower than the smallest pad shrinks it whole: the height follows the width
          maxWidth: '100%',
          height: 'auto',
          // the browser must not scroll or zoom the page under a finger that signs
          touchAction: 'none',
          userSelect: 'none',
          cursor: disabled ? 'not-allowed' : 'crosshair',
          background: '#fff',
          // an outline, not a border: the pad's box is then exactly its drawing surface
          outline: `1px dashed ${inked ? INK : '#bfbfbf'}`,
          outlineOffset: -1,
          borderRadius: 8,
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      />
      <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">{t('firma.istruzioni')}</Typography.Text>
        <Button
          icon={<ClearOutlined />}
          disabled={disabled || !inked}
          onClick={() => {
            clearStrokes();
            onChange?.(null);
          }}
        >
          {t('firma.cancella')}
        </Button>
      </Space>
    </div>
  );
}

function TypedSignature({ value, onChange, disabled }: SignaturePadProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const problemId = useId();
  const [name, setName] = useState(value?.meta.method === 'typed' ? value.meta.name : '');
  const [confirmed, setConfirmed] = useState(value?.meta.method === 'typed');
  const [tried, setTried] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const problem = typedNameProblem(name);
  const typedValue = value?.meta.method === 'typed' ? value : null;
  const typedName = value?.meta.method === 'typed' ? value.meta.name : '';

  // the kept typed signature, shown as it will be printed (a data: URL: the content policy allows it for images)
  useEffect(() => {
    if (!typedValue) return setPreview(null);
    let gone = false;
    void readDataUrl(typedValue.png).then((url) => !gone && setPreview(url), () => undefined);
    return () => {
      gone = true;
    };
  }, [typedValue]);

  // a changed name or a withdrawn confirmation is no signature until it is confirmed again
  const drop = () => value && onChange?.(null);

  const sign = async () => {
    setTried(true);
    if (problem || !confirmed) return;
    const typed = normalizeName(name);
    const png = await toPng((ctx) => {
      const layout = typedNameLayout(typed, (font) => {
        ctx.font = font;
        return ctx.measureText(typed).width;
      });
      ctx.font = layout.font;
      ctx.textAlign = layout.align;
      ctx.fillStyle = INK;
      ctx.fillText(layout.text, layout.x, layout.y);
    });
    if (png) onChange?.({ png, meta: { method: 'typed', name: typed } });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('firma.scrivi_istruzioni')}</Typography.Text>
      <label htmlFor={nameId}>{t('firma.nome_cognome')}</label>
      <Input
        id={nameId}
        value={name}
        maxLength={100}
        autoComplete="name"
        disabled={disabled}
        status={tried && problem ? 'error' : undefined}
        aria-invalid={tried && !!problem}
        aria-describedby={tried && problem ? problemId : undefined}
        onChange={(e) => {
          setName(e.target.value);
          setConfirmed(false);
          drop();
        }}
        onPressEnter={(e) => {
          // Enter confirms the name here, not the surrounding form
          e.preventDefault();
          void sign();
        }}
      />
      {tried && problem ? (
        <Typography.Text id={problemId} type="danger">
          {t(problem)}
        </Typography.Text>
      ) : null}
      <Checkbox
        checked={confirmed}
        disabled={disabled}
        onChange={(e) => {
          setConfirmed(e.target.checked);
          drop();
        }}
      >
        {t('firma.conferma_testo')}
      </Checkbox>
      {tried && !problem && !confirmed ? <Typography.Text type="danger">{t('firma.conferma_richiesta')}</Typography.Text> : null}
      <Button type="primary" disabled={disabled} onClick={() => void sign()}>
        {t('firma.conferma')}
      </Button>
      {preview && typedValue ? (
        <img src={preview} alt={t('firma.anteprima', { nome: typedName })} style={{ maxWidth: '100%', border: '1px dashed #bfbfbf', borderRadius: 8, background: '#fff' }} />
      ) : null}
    </Space>
  );
}

/** Makes a signature required: "Firma è richiesta" while the pad is empty. */
export function signatureRule(t: TFunction, labelKey: string): Rule {
  return {
    required: true,
    validator: (_rule, v: Signature | null | undefined) => (isSignatureEmpty(v) ? Promise.reject(new Error(requiredMessage(t, labelKey))) : Promise.resolve()),
  };
}
