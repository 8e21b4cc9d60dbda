/** The product's version, shown at the bottom of the user menu and returned by login. */
import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
export const RELEASE_VERSION = `${pkg.version}-sandbox`;
