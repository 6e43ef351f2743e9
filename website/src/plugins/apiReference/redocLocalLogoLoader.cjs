/**
 * Webpack/Rspack loader for Redoc's bundles: replaces the address of Redoc's attribution logo (an
 * outside host, unreachable offline) with a small local icon (website/static/img/reference-attribution.svg).
 */
module.exports = function redocLocalLogoLoader(source) {
  return source.split('https://cdn.redoc.ly/redoc/logo-mini.svg').join('/img/reference-attribution.svg');
};
