import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { App as AntdApp, ConfigProvider, type FormProps, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import itIT from 'antd/locale/it_IT';
import { setDayjsLocale } from '../platform/formats';
import { useReducedMotion } from '../platform/motion';

type ValidateMessages = NonNullable<FormProps['validateMessages']>;

/**
 * antd's widget messages in the app language (SPEC §5): each text is a translation key in the
 * `validazione` group using {0}, {1}, {2}; here {n} becomes antd's ${label}/${min}/${max}... template.
 */
export function useValidateMessages(): ValidateMessages {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const tpl = (key: string, names: string[] = []) =>
      (t(key) as string).replace(/\{(\d)\}/g, (whole, i: string) => {
        const name = ['label', ...names][Number(i)];
        return name ? '${' + name + '}' : whole;
      });
    const typeMsg = tpl('validazione.tipo', ['type']);
    return {
      default: tpl('validazione.default'),
      required: tpl('validazione.required'),
      enum: tpl('validazione.enum', ['enum']),
      whitespace: tpl('validazione.whitespace'),
      date: { format: tpl('validazione.date'), parse: tpl('validazione.date'), invalid: tpl('validazione.date') },
      types: {
        string: typeMsg,
        method: typeMsg,
        array: typeMsg,
        object: typeMsg,
        number: tpl('validazione.number'),
        date: tpl('validazione.date'),
        boolean: typeMsg,
        integer: tpl('validazione.number'),
        float: tpl('validazione.number'),
        regexp: typeMsg,
        email: tpl('validazione.email'),
        url: tpl('validazione.url'),
        hex: typeMsg,
      },
      string: {
        len: tpl('validazione.string_len', ['len']),
        min: tpl('validazione.string_min', ['min']),
        max: tpl('validazione.string_max', ['max']),
        range: tpl('validazione.string_range', ['min', 'max']),
      },
      number: {
        len: tpl('validazione.number_len', ['len']),
        min: tpl('validazione.number_min', ['min']),
        max: tpl('validazione.number_max', ['max']),
        range: tpl('validazione.number_range', ['min', 'max']),
      },
      array: {
        len: tpl('validazione.array_len', ['len']),
        min: tpl('validazione.array_min', ['min']),
        max: tpl('validazione.array_max', ['max']),
        range: tpl('validazione.array_range', ['min', 'max']),
      },
      pattern: { mismatch: tpl('validazione.pattern', ['pattern']) },
    };
    // t is the same function across a language change: the language is what makes the messages change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language]);
}

/**
 * The Tulip colours, and antd's defaults darkened where their text fails WCAG 2.1 AA contrast
 * (4.5:1) on white and on the grey layout background (#f5f5f5): secondary/tertiary text (0.45 alpha),
 * placeholders (0.25), links (antd's blue) and errors (#ff4d4f). The light preset tags, whose
 * palette shades the theme cannot override, are fixed in styles.css.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#c2185b',
    colorLink: '#c2185b',
    colorError: '#cf1322',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
};

/** The same theme with antd's motion off: durations 0, no zoom, slide or fade (WCAG 2.1 SC 2.3.3). */
const THEME_STILL: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };
const NO_WAVE = { disabled: true };

/** antd configuration: locale it_IT / en_US, Italian widget messages, the Tulip colours, the user's motion setting. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const validateMessages = useValidateMessages();
  const still = useReducedMotion();
  const lang = i18n.language;
  // Set during render, not in an effect: pages below create their dates in the same render.
  setDayjsLocale(lang);
  return (
    <ConfigProvider
      locale={lang === 'en' ? enUS : itIT}
      form={{ validateMessages }}
      theme={still ? THEME_STILL : THEME}
      wave={still ? NO_WAVE : undefined}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
