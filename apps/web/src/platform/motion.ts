import { useSyncExternalStore } from 'react';

/**
 * The user's "reduce motion" setting (WCAG 2.1 SC 2.3.3, Animation from Interactions): when the system asks for it,
 * antd's motion (dialogs zooming, drawers sliding, fades, the click wave) and the app's own transitions are off.
 * The CSS side is the `prefers-reduced-motion` block of styles.css.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
}

export function prefersReducedMotion(): boolean {
  return media()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const mq = media();
  if (!mq) return () => undefined;
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/** Follows the setting live: changing it in the system takes effect without a reload. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
