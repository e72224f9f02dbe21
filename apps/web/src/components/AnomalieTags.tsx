/** The timecard engine's anomalies as coloured tags, with their translated names. */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Tag, Tooltip } from 'antd';

const ANOMALY_COLORS: Record<string, string> = {
  TIMBRATURE_DISPARI: 'red',
  ASSENZA_NON_GIUSTIFICATA: 'red',
  RITARDO: 'orange',
  USCITA_ANTICIPATA: 'orange',
  PAUSA_AUTOMATICA: 'blue',
  LAVORO_IN_RIPOSO: 'purple',
  RIPOSO_INSUFFICIENTE: 'magenta',
  SUPPLEMENTARE_OLTRE_LIMITE: 'volcano',
};

export function anomaliaLabel(code: string, t: TFunction): string {
  return t(`anomalie.${code}`, { defaultValue: code });
}

export function AnomalieTags({ anomalie, short }: { anomalie: string[] | null | undefined; short?: boolean }) {
  const { t } = useTranslation();
  if (!anomalie?.length) return null;
  return (
    <>
      {anomalie.map((a) => (
        <Tooltip key={a} title={short ? anomaliaLabel(a, t) : undefined}>
          <Tag color={ANOMALY_COLORS[a] ?? 'gold'} className={short ? 'tl-tag-xs' : undefined}>
            {short ? t(`anomalie.breve.${a}`, { defaultValue: a }) : anomaliaLabel(a, t)}
          </Tag>
        </Tooltip>
      ))}
    </>
  );
}
