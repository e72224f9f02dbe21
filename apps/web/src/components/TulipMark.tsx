/**
 * Tulip's mark (the same drawing as /favicon.svg), drawn inline: as an <img> the browser built a separate SVG document
 * on the page's main thread to decode it, a long task on a slow phone. Decorative: the name beside it says what it
 * is. Its screen gives its size, here and nowhere else.
 */
export function TulipMark({ size }: { size: number }) {
  return (
    <svg className="tl-mark" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="#e0457b" d="M32 6c-6 8-14 10-18 8 0 14 6 24 18 26 12-2 18-12 18-26-4 2-12 0-18-8z" />
      <path fill="#c2185b" d="M32 6c-4 9-4 22 0 34 4-12 4-25 0-34z" />
      <path fill="#2e7d32" d="M31 40h2v18h-2zM33 52c6-8 12-8 16-8-2 6-8 10-16 10zM31 52c-6-8-12-8-16-8 2 6 8 10 16 10z" />
    </svg>
  );
}
