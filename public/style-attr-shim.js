// Lets code that sets a `style` attribute from script keep working under the
// page's Content-Security-Policy (style-src 'self', no 'unsafe-inline').
//
// Why: plotters 0.3.7 measures text in the browser by creating a <span> and
// calling setAttribute('style', 'font-size: …') on it (src/style/font/web.rs);
// the CSP blocks style *attributes* (and logs an error), so every label would
// be measured at the wrong size. Setting the same declarations through the
// CSSOM (element.style.cssText) is allowed by CSP, because it comes from
// trusted script, not from markup: the policy's protection against injected
// markup is unchanged. Our own code never sets style attributes (it uses
// classes and `style:` directives).
(() => {
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (typeof name === 'string' && name.toLowerCase() === 'style' && this.style) {
      this.style.cssText = String(value);
      return;
    }
    return setAttribute.call(this, name, value);
  };
})();
