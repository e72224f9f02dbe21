/**
 * The moment the loading overlay lifts (router.tsx) and the page beneath it has been painted. What a page can do
 * without for its first paint (the home page's lower cards, the refresh of the texts kept from the last visit) waits
 * for it, so that it takes neither bandwidth nor CPU from what the user sees first.
 */
let lift: () => void = () => undefined;
const lifted = new Promise<void>((resolve) => (lift = resolve));

/** Called once by the router when the overlay is gone. */
export function markOverlayLifted() {
  lift();
}

/** Resolves after the first frame painted without the overlay (at once, in effect, once the app has started). */
export function afterFirstPaint(): Promise<void> {
  return lifted.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
