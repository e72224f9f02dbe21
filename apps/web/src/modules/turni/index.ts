/** The shifts module's public entry for the other screens: other modules import only this file. */
export * from './shifts';
