/**
 * antd's look without antd, for the first paint of the home page (issue #12 item 16): a card, a list of label-value
 * pairs, a tag and an "empty" picture drawn by plain markup and the `tl-plain-*` rules of styles.css, which copy
 * antd's own (Card, Descriptions size="small" column={1}, Tag, Empty with PRESENTED_IMAGE_SIMPLE) in the Tulip theme.
 * Rendering them costs no CSS-in-JS work and no antd chunk, which under a phone's CPU is most of what the home waits for.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PlainCard({ title, children, ...rest }: { title: ReactNode; children: ReactNode; 'data-testid'?: string }) {
  return (
    <div className="tl-plain-card" {...rest}>
      <div className="tl-plain-card__head">
        <div className="tl-plain-card__wrapper">
          <div className="tl-plain-card__title">{title}</div>
        </div>
      </div>
      <div className="tl-plain-card__body">{children}</div>
    </div>
  );
}

/** Label-value pairs, one a row, the label followed by a colon (antd Descriptions, small, one column). */
export function PlainDescriptions({ items }: { items: [label: string, content: ReactNode][] }) {
  return (
    <table className="tl-plain-desc">
      <tbody>
        {items.map(([label, content]) => (
          <tr key={label}>
            <td>
              <div className="tl-plain-desc__item">
                <span className="tl-plain-desc__label">{label}</span>
                <span className="tl-plain-desc__content">{content}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PlainTag({ children }: { children: ReactNode }) {
  return <span className="tl-plain-tag">{children}</span>;
}

/** antd's Empty with its simple picture (the open box) and a description. */
export function PlainEmpty({ description }: { description: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="tl-plain-empty">
      <div className="tl-plain-empty__image">
        <svg width="64" height="41" viewBox="0 0 64 41" xmlns="http://www.w3.org/2000/svg">
          <title>{t('ui.nessun_dato')}</title>
          <g transform="translate(0 1)" fill="none" fillRule="evenodd">
            <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
            <g fillRule="nonzero" stroke="#d9d9d9">
              <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
              <path
                d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
                fill="#fafafa"
              />
            </g>
          </g>
        </svg>
      </div>
      <div className="tl-plain-empty__description">{description}</div>
    </div>
  );
}
