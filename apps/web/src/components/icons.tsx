/**
 * The few icons drawn before antd loads (the frame's header and user menu, the home page's cards), as plain SVG
 * strokes in the current colour, 1em square like antd's: the page that shows them loads no icon library.
 */
const PATHS = {
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c.6-3.9 3.7-6.5 7.5-6.5s6.9 2.6 7.5 6.5',
  idcard: 'M3.5 5.5h17v13h-17zM7 10.5a2 2 0 1 0 4 0 2 2 0 0 0-4 0M6.5 15.5c.5-1.5 1.6-2.2 2.5-2.2s2 .7 2.5 2.2M14 9.5h3.5M14 13h3.5',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z',
  check: 'M4.5 12.5l5 5 10-11',
  lock: 'M5.5 11h13v9.5h-13zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11M12 14.5v2.5',
  logout: 'M10 4H4.5v16H10M15 8l4 4-4 4M19 12H9',
  menu: 'M3.5 6h17M3.5 12h17M3.5 18h17',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <span className="tl-icon" aria-hidden>
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
        <path d={PATHS[name]} />
      </svg>
    </span>
  );
}
