/**
 * How every list table takes the page's width (issue #12, laptop screens): it fills the card and lets its text wrap,
 * so a table fits 1366 px without a sideways scroll; only when even wrapped it cannot fit (a phone) does it scroll.
 * `max-content` would keep every cell on one line and push the row actions out of view.
 */
export const tableFit = { scroll: { x: 'min-content' }, tableLayout: 'auto' } as const;
