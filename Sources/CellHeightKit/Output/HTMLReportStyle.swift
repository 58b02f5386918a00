/// The `html` report's fixed style sheet (the fonts' rules come before it).
///
/// `.browser` holds the row text under exactly the CSS of cellheight's layout model (see the
/// "The layout model" in docs/reference.md); nothing else may change its layout: no padding, border or margin
/// on it (outlines do not take room).
let htmlReportStyle = """
:root { --ink: #1d2330; --muted: #5b6475; --rule: #d5d9e2; --box: #2f6fde; --browser: #1a9b6b;
        --truncated: #e08a00; --budget: #c2410c; --bad: #d12c2c; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #f5f6f8;
       font: 14px/1.45 system-ui, "DejaVu Sans", "Liberation Sans", sans-serif; }
header { padding: 20px 28px 8px; background: #fff; border-bottom: 1px solid var(--rule); }
h1 { font-size: 20px; margin: 0 0 8px; }
h1 .input { font-weight: normal; color: var(--muted); margin-left: 6px; }
.verdict { font-size: 15px; font-weight: 600; margin: 0 0 10px; padding: 8px 12px; border-radius: 6px; }
.verdict.pending { background: #eef1f6; color: var(--muted); }
.verdict.agrees { background: #e3f5ec; color: #0f6b48; }
.verdict.disagrees { background: #fde8e8; color: #a11d1d; }
.disagreement-list { margin: 0 0 10px; padding-left: 22px; columns: 4; font-size: 13px; }
.disagreement-list:empty { display: none; }
.settings { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0 0 14px;
            font-size: 13px; }
.settings dt { color: var(--muted); }
.settings dd { margin: 0; overflow-wrap: anywhere; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
.summary { border-collapse: collapse; font-size: 13px; margin-bottom: 12px; font-variant-numeric: tabular-nums; }
.summary th, .summary td { padding: 3px 10px; border-bottom: 1px solid var(--rule); text-align: right; }
.summary thead th { color: var(--muted); font-weight: 600; }
.histograms { display: flex; flex-wrap: wrap; gap: 16px; margin-bottom: 8px; }
.histogram { background: #fafbfc; border: 1px solid var(--rule); border-radius: 6px; font-size: 10px; fill: var(--ink); }
.histogram rect { fill: var(--box); opacity: 0.75; }
.histogram-title { font-size: 12px; font-weight: 600; }
.histogram-axis { fill: var(--muted); }
.legend { list-style: none; display: flex; flex-wrap: wrap; gap: 6px 20px; padding: 0; margin: 8px 0; font-size: 13px; }
.swatch { display: inline-block; width: 22px; height: 14px; margin-right: 6px; vertical-align: -2px; background: #fff; }
.box-swatch { outline: 1.5px solid var(--box); background: repeating-linear-gradient(#e9f0fc 0 7px, #fff 7px 14px); }
.browser-swatch { outline: 1.5px dashed var(--browser); }
.truncated-swatch { outline: 2px solid var(--truncated); }
.budget-swatch { outline: 1.5px solid var(--box); box-shadow: 6px 0 0 var(--budget); margin-right: 12px; }
.disagreement-swatch { outline: 3px solid var(--bad); }
.failing { margin: 4px 0 12px; }
.failing h2 { font-size: 15px; margin: 0 0 6px; color: var(--budget); }
.only-failing-switch { display: inline-block; font-size: 13px; margin-bottom: 6px; cursor: pointer; }
.failing-rows { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; display: block;
                max-height: 320px; overflow-y: auto; }
.failing-rows th, .failing-rows td { padding: 2px 10px; border-bottom: 1px solid var(--rule); text-align: right; }
.failing-rows th:nth-child(2), .failing-rows td:nth-child(2) { text-align: left; max-width: 28em; overflow-wrap: anywhere; }
.failing-rows th { color: var(--muted); font-weight: 600; cursor: pointer; user-select: none; position: sticky; top: 0;
                   background: #fff; }
.failing-rows th[aria-sort="ascending"]::after { content: " ▲"; }
.failing-rows th[aria-sort="descending"]::after { content: " ▼"; }
body.only-failing .row:not(.over-budget) { display: none; }
body.only-failing .chunk:not(:has(.row.over-budget)) { display: none; }
main { padding: 8px 28px 40px; }
.chunk { content-visibility: auto; }
.row { padding: 10px 0 12px; border-bottom: 1px solid var(--rule); }
.row h2 { font-size: 13px; font-weight: 600; margin: 0 0 6px; color: var(--muted); }
.row h2 .id { font-weight: normal; margin-left: 4px; }
.row-status { margin-left: 10px; color: var(--bad); }
.row.disagrees { box-shadow: inset 4px 0 0 var(--bad); padding-left: 10px; }
.widths { display: flex; flex-wrap: wrap; gap: 14px 36px; align-items: flex-start; }
.cell { margin: 0; }
figcaption { font-size: 12px; color: var(--muted); margin-bottom: 4px; font-variant-numeric: tabular-nums; }
.cell.truncated figcaption { color: var(--truncated); }
.cell.over-budget figcaption { color: var(--budget); }
.sides { display: flex; gap: 18px; align-items: flex-start; }
.box { position: relative; background: #fff; outline: 1.5px solid var(--box); flex: none; }
.cell.truncated .box { outline: 2px solid var(--truncated); }
.cell.over-budget .box { box-shadow: 6px 0 0 var(--budget); }
.cell.disagrees .box, .cell.disagrees .browser { outline: 3px solid var(--bad); }
.separator { position: absolute; left: 0; right: 0; bottom: 0; background: #c9ced8; }
.label { position: absolute; }
.label > p { margin: 0; height: var(--h); line-height: var(--h); tab-size: 8; overflow: visible; }
.label > p:nth-child(odd) { background: #e9f0fc; }
.label > p:nth-child(even) { background: #f5f8fe; }
.browser-side { display: flex; flex-direction: column; gap: 8px; flex: none; }
.browser { overflow-wrap: break-word; word-break: normal; tab-size: 8; padding: 0; margin: 0; border: 0;
           background: #fff; outline: 1.5px dashed var(--browser); font-kerning: auto; letter-spacing: normal;
           word-spacing: normal; text-indent: 0; text-transform: none; hyphens: manual; flex: none; }
#probe { position: absolute; top: 0; left: -100000px; visibility: hidden; contain: layout style; }

"""
