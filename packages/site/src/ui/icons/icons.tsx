/**
 * The site's icons: inline 24 × 24 SVG, stroked in the text colour (theme/global.css `.icon`), in place of text
 * symbols and emoji, which show as empty boxes where no emoji font is installed. Each path is its own export, so a
 * route's bundle holds only the icons it draws. The shapes follow Lucide's (ISC licence), drawn with fewer points.
 * An icon is decoration: the control that carries one has the name (aria-label or its text).
 */
export function Icon({ d }: { d: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

export const UP = 'M9 20v-8H4l8-8 8 8h-5v8z';
export const DOWN = 'M9 4v8H4l8 8 8-8h-5V4z';
// Three dots: 2-unit squares, rounded by the stroke's joins.
export const MORE = 'M4 11h2v2H4zm7 0h2v2h-2zm7 0h2v2h-2z';
export const CLOSE = 'M18 6 6 18M6 6l12 12';
export const STAR = 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2-5.6-2.9-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z';
// A speech bubble (comments), a bookmark (save) and a medal (Cheers): the card's secondary actions, icon-only on phones.
export const COMMENT = 'M21 12a9 9 0 0 1-13 8l-5 1 1-5a9 9 0 1 1 17-4z';
export const BOOKMARK = 'M19 21l-7-4-7 4V5h14z';
export const MEDAL = 'M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12m-4-1-1 8 5-3 5 3-1-8';
export const TO_TOP = 'M12 19V5m-7 7 7-7 7 7';
export const PLAY = 'M7 4v16l13-8z';
const SPEAKER = 'M11 5 6 9H2v6h4l5 4z';
export const SOUND_ON = `${SPEAKER}m4.5 3.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14`;
export const SOUND_OFF = `${SPEAKER}m11 4-6 6m0-6 6 6`;
