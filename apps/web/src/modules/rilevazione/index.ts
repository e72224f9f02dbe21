/** The time recording module's public entry for the other screens (the home page's widget): other modules import only this file. */
export { DecisioniSettimaneWidget } from './DecisioniSettimaneWidget';
