/** Placeholder until the front end lands: nothing to build yet. */
console.log('[chairside] nothing to build yet');
