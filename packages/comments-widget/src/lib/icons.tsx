/**
 * The widget's icons in place of text symbols, which some fonts lack: an empty span that styles.css paints with an
 * inline SVG (`.gfw-icon-{name}`: the shape as a mask over the text colour), so the icons cost the script nothing
 * but this and follow the text's colour and size. Shapes as the site's (packages/site/src/shell/icons). Decoration
 * only: the button carrying one has the name.
 */
export type IconName = 'up' | 'more' | 'close';

export const icon = (name: IconName) => <span className={`gfw-icon gfw-icon-${name}`} aria-hidden="true" />;
