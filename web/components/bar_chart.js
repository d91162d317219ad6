// A small SVG bar chart (stacked or grouped series), drawn by hand so no chart library is needed.
import { html } from "../lib/html.js";
import { formatCount } from "../lib/format.js";

const WIDTH = 600;
const PAD = { top: 12, right: 8, bottom: 26, left: 64 };
const MAX_BAR_PX = 56;

function niceMax(value) {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/**
 * rows: [{label, values: number[]}]; series: [{name, tone}] (tone picks a CSS colour class);
 * stacked: stack series instead of grouping; format: value → label text.
 */
export function BarChart(
  { title, rows, series, stacked = false, height = 180, format = formatCount, labelEvery = 1 },
) {
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const totals = rows.map((r) => (stacked ? r.values.reduce((a, b) => a + b, 0) : Math.max(0, ...r.values)));
  const max = niceMax(Math.max(0, ...totals));
  const band = plotW / Math.max(1, rows.length);
  const barW = Math.min(MAX_BAR_PX, Math.max(2, band * 0.7));
  const y = (v) => PAD.top + plotH - (v / max) * plotH;
  const summary = rows.map((r, i) => `${r.label}: ${format(totals[i])}`).join(", ");
  const bars = rows.flatMap((row, i) => {
    const x0 = PAD.left + i * band + (band - barW) / 2;
    let base = 0;
    return row.values.map((value, s) => {
      const w = stacked ? barW : barW / row.values.length;
      const x = stacked ? x0 : x0 + s * w;
      const top = stacked ? base + value : value;
      const bottom = stacked ? base : 0;
      base = top;
      const h = Math.max(0, y(bottom) - y(top));
      return html`
        <rect key=${`${i}-${s}`} class=${`bar tone-${series[s]?.tone || s}`} x=${x} y=${y(top)} width=${Math
          .max(1, w - 1)} height=${h}>
          <title>${row.label} · ${series[s]?.name}: ${format(value)}</title>
        </rect>
      `;
    });
  });
  return html`
    <figure class="chart">
      <figcaption>${title}
        <span class="legend">${series.map((s, i) =>
          html`<span key=${s.name}><i class=${`swatch tone-${s.tone || i}`}></i>${s.name}</span>`
        )}</span>
      </figcaption>
      <svg viewBox=${`0 0 ${WIDTH} ${height}`} role="img" aria-label=${`${title}. ${summary || "No data"}`}>
        <line class="axis" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(0)} y2=${y(0)} />
        <line class="grid" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(max / 2)} y2=${y(max / 2)} />
        <text class="tick" x=${PAD.left - 6} y=${y(max) + 4} text-anchor="end">${format(max)}</text>
        <text class="tick" x=${PAD.left - 6} y=${y(max / 2) + 4} text-anchor="end">${format(max / 2)}</text>
        <text class="tick" x=${PAD.left - 6} y=${y(0) + 4} text-anchor="end">0</text>
        ${bars}
        ${rows.map((row, i) =>
          i % labelEvery === 0
            ? html`<text key=${`l${i}`} class="tick" x=${PAD.left + i * band + band / 2} y=${
              height - 8
            } text-anchor="middle">${row.label}</text>`
            : null
        )}
      </svg>
      ${!rows.length ? html`<p class="muted chart-empty">No data for this period yet.</p>` : null}
    </figure>
  `;
}
