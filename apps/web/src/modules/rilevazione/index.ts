/** The time recording module's public entry for the other screens (the home page's widget): other modules import only this file. */
import { lazyPage } from '../../routing';

/** The home page's card loads apart (it holds antd's List), after the page's first paint. */
export const DecisioniSettimaneWidget = lazyPage(() => import('./DecisioniSettimaneWidget'), 'DecisioniSettimaneWidget');
