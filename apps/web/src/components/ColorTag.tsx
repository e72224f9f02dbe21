import { Tag, type TagProps } from 'antd';
import { readableOn, tint } from '../platform/colors';

/**
 * A tag in a colour chosen by users (shift, leave type): a light tint of the colour as background
 * and the colour itself as text, darkened where needed to keep 4.5:1 (antd's own `color="#..."`
 * writes the raw colour on its tint, unreadable for light colours). Other props go to antd's Tag.
 */
export function ColorTag({ color, style, ...rest }: Omit<TagProps, 'color'> & { color?: string | null }) {
  if (!color) return <Tag {...rest} style={style} />;
  const background = tint(color, 0.12);
  return <Tag {...rest} style={{ background, borderColor: tint(color, 0.35), color: readableOn(color, background), ...style }} />;
}
