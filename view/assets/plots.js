// plots.js draws the logged signals of a replay run as strips, one per group, with a
// cursor at the current time.
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22', '#393b79', '#637939'];

export class Plots {
  constructor(canvas) {
    this.canvas = canvas;
    this.bg = document.createElement('canvas');
  }

  // setRun draws the strips of run (t, strips) into the background.
  setRun(run) {
    this.run = run;
    this.resize();
  }

  resize() {
    const c = this.canvas, dpr = window.devicePixelRatio || 1;
    const w = c.clientWidth || 800, h = c.clientHeight || 200;
    c.width = this.bg.width = Math.round(w * dpr);
    c.height = this.bg.height = Math.round(h * dpr);
    this.dpr = dpr;
    this.drawBackground();
  }

  // x maps a time to a pixel column.
  x(t) {
    const t0 = this.run.t[0], t1 = this.run.t[this.run.t.length - 1];
    return this.left + ((t - t0) / Math.max(t1 - t0, 1e-12)) * (this.bg.width - this.left - 8 * this.dpr);
  }

  drawBackground() {
    const g = this.bg.getContext('2d'), d = this.dpr, run = this.run;
    g.clearRect(0, 0, this.bg.width, this.bg.height);
    if (!run || !run.strips.length) return;
    this.left = 64 * d;
    const n = run.strips.length, H = this.bg.height / n;
    g.font = `${10 * d}px system-ui, sans-serif`;
    run.strips.forEach((s, k) => {
      const top = k * H + 14 * d, bot = (k + 1) * H - 6 * d;
      let lo = Infinity, hi = -Infinity;
      for (const se of s.series) for (const v of se.values) if (v !== null) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      if (!(hi > lo)) { hi = (isFinite(hi) ? hi : 0) + 1; lo = hi - 2; }
      const y = (v) => bot - ((v - lo) / (hi - lo)) * (bot - top);
      g.strokeStyle = '#d0d5db';
      g.strokeRect(this.left, top, this.bg.width - this.left - 8 * d, bot - top);
      g.fillStyle = '#333';
      g.fillText(s.title, this.left + 4 * d, top - 3 * d);
      let legend = this.left + 12 * d + g.measureText(s.title).width;
      g.fillText(hi.toPrecision(3), 2 * d, top + 8 * d);
      g.fillText(lo.toPrecision(3), 2 * d, bot);
      s.series.forEach((se, i) => {
        g.strokeStyle = PALETTE[i % PALETTE.length];
        g.lineWidth = d;
        g.beginPath();
        let pen = false;
        se.values.forEach((v, j) => {
          if (v === null) { pen = false; return; }
          const px = this.x(run.t[j]), py = y(v);
          if (pen) g.lineTo(px, py); else g.moveTo(px, py);
          pen = true;
        });
        g.stroke();
        g.fillStyle = PALETTE[i % PALETTE.length];
        g.fillText(se.name, legend, top - 3 * d);
        legend += g.measureText(se.name).width + 8 * d;
      });
    });
  }

  // cursor redraws the strips with the cursor at time t.
  cursor(t) {
    const g = this.canvas.getContext('2d');
    g.clearRect(0, 0, this.canvas.width, this.canvas.height);
    g.drawImage(this.bg, 0, 0);
    if (!this.run) return;
    const px = this.x(t);
    g.strokeStyle = '#000';
    g.lineWidth = this.dpr;
    g.beginPath();
    g.moveTo(px, 0);
    g.lineTo(px, this.canvas.height);
    g.stroke();
  }
}
