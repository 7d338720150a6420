// Runs before the body is painted: an embed link (`embed=` in the query)
// marks the document, so that the first view of index.html (shown while
// the wasm loads) paints its line for embeds, never the page's header (an
// embed has none). The app reads the link itself; this only decides what
// the first paint shows.
if (/[?&]embed=/.test(location.search)) {
  document.documentElement.classList.add('embed-link');
}
