/**
 * The stylesheet of the report and of the console's timeline (html.tsx): light and dark (theme.ts turns the
 * dark query on or off for a page's own colour mode), phone-readable, no external resource.
 */
export const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--line:#d1d9e0;--soft:#f6f8fa;
--ok:#1a7f37;--c4:#9a6700;--c5:#cf222e;--fault:#8250df;--other:#59636e;--bad:#cf222e}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--line:#3d444d;--soft:#151b23;
--ok:#3fb950;--c4:#d29922;--c5:#f85149;--fault:#ab7df8;--other:#9198a1;--bad:#ff7b72}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:72rem;padding:1rem;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
h1{font-size:1.5rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.1rem;margin-top:1.5rem}h4{font-size:1rem}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875em}
pre{background:var(--soft);padding:.75rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
a{color:inherit}
.verdict{font-weight:700}.verdict.passed{color:var(--ok)}.verdict.failed{color:var(--bad)}
.scroll{position:relative;overflow-x:auto;max-width:100%;border:1px solid var(--line);margin:.5rem 0}
table{border-collapse:collapse;font-size:.875rem}
th,td{border-bottom:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
thead th{background:var(--soft)}
td.num{text-align:right;font-variant-numeric:tabular-nums}
td.path{overflow-wrap:anywhere;min-width:12rem}
.rule{min-width:16rem}.muted{color:var(--muted)}
.pass{color:var(--ok)}.fail{color:var(--bad);font-weight:700}.not-exercised,.none{color:var(--muted)}
td.pass,td.fail,td.not-exercised,td.none{text-align:center;font-size:1.1rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.legend span{display:inline-block;margin-right:1rem}
.swatch{display:inline-block;width:.8em;height:.8em;margin-right:.3em;vertical-align:-.05em;border-radius:2px}
.timeline{padding:0 30px 0 12px}.timeline svg{display:block;overflow:visible}
@media (max-width:679.98px){.timeline .t1,.timeline .t2{display:none}}
@media (max-width:1079.98px){.timeline .t2{display:none}}
svg text{font:10px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;fill:var(--fg)}
svg .lane{font:600 11px system-ui,sans-serif}svg .tick{stroke:var(--line)}
.k2xx{fill:var(--ok);background:var(--ok)}.k4xx{fill:var(--c4);background:var(--c4)}
.k5xx{fill:var(--c5);background:var(--c5)}.kfault{fill:var(--fault);background:var(--fault)}
.kother{fill:var(--other);background:var(--other)}
.viol{stroke:var(--bad);stroke-width:2;fill:none}.faultmark{fill:var(--fault)}
`;
