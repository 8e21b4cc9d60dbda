/**
 * Hands an export's link to the browser, which downloads the file (it streams; no page change): the
 * transactions list's and the reports' Export CSV.
 */
export function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
