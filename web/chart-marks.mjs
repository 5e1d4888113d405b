// What the charts draw over their plots (uPlot draw hooks): the hook itself, a line across, a marked point. A
// module of its own: only the calculators drawing marks load it (the embed size budget).
import { pxRatio } from './uplot-lazy.mjs';

/**
 * A chart's draw hook over its latest data (`latest()`; none yet: nothing drawn): draw(u, last, plot box, pixel
 * ratio), the canvas state saved around it.
 */
export const drawHook = (latest, draw) => (u) => {
  const last = latest();
  if (!last) return;
  u.ctx.save();
  draw(u, last, u.bbox, pxRatio());
  u.ctx.restore();
};

/** A dashed line of `color` across a chart's plot box at canvas height y (a target, a threshold). */
export function drawAcross(ctx, { left, width }, y, color, dash) {
  ctx.strokeStyle = color;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(left, y);
  ctx.lineTo(left + width, y);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** A chart's marked point, in its draw hook: a dot of `color` ringed in white (the current n, the current prior). */
export function drawDot(ctx, x, y, color) {
  const px = pxRatio();
  ctx.fillStyle = color;
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 2 * px;
  ctx.beginPath();
  ctx.arc(x, y, 5 * px, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
}
