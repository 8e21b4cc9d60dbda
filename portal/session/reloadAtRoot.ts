/**
 * The spec: switching practice "reloads at the root". The hash is replaced first (no history entry,
 * no route change in the page that is going away), then the page loads again from /.
 */
export function reloadAtRoot(location: Location = window.location, history: History = window.history) {
  history.replaceState(null, '', `${location.pathname}${location.search}#/`);
  location.reload();
}
