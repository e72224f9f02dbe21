/** The expense notes module's public entry for the other screens (the home page's card), loaded only when shown. */
import { lazy } from 'react';

export const DecisioniNoteWidget = lazy(() => import('./DecisioniNoteWidget').then((m) => ({ default: m.DecisioniNoteWidget })));
