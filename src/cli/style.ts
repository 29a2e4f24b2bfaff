import * as util from 'node:util';

/** The text styles the tool uses. */
export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan' | 'magenta' | 'gray';

/** Styles text for one stream: with colours (ANSI escapes from `node:util` `styleText`) or as it is. */
export interface Styler {
  readonly enabled: boolean;
  (style: Style | readonly Style[], text: string): string;
}

type StyleText = (format: string, text: string, options?: { validateStream?: boolean }) => string;

/**
 * A styler for a stream whose colour decision was taken (`colourAllowed`). `styleText` is asked not to second-guess
 * it (`validateStream: false`), and styles are nested one by one, which every Node that has `styleText` accepts.
 */
export function styler(enabled: boolean): Styler {
  const styleText = (util as { styleText?: StyleText }).styleText;
  const on = enabled && typeof styleText === 'function';
  const apply = (style: Style | readonly Style[], text: string): string => {
    if (!on || text === '') return text;
    const styles: readonly Style[] = typeof style === 'string' ? [style] : style;
    return styles.reduceRight((styled, one) => styleText(one, styled, { validateStream: false }), text);
  };
  return Object.assign(apply, { enabled: on });
}
