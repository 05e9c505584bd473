// app.js is the live viewer: it draws the scene, one slider per independent coordinate,
// and sends slider moves to the server's tracker (POST api/track).
import { Viewer, fmtGap } from 'rc/viewer.js';
import { buildLists, showModules } from 'rc/panel.js';

const api = async (path, body) => {
  const r = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw new Error(j.error || `HTTP ${r.status}`);
  return j;
};

const state = { updates: 0, inFlight: 0, queued: null, last: null, error: '' };
window.__viewer = state;

function showStatus(st, err) {
  const el = document.getElementById('status');
  const gap = `closure gap ${fmtGap(st.closure_gap_m)} m, ${fmtGap(st.closure_gap_rad)} rad`;
  const warn = err || st.refused;
  el.textContent = warn ? `⚠ ${warn} — ${gap}` : gap;
  el.className = warn ? 'warn' : '';
  document.getElementById('facts').textContent =
    `rank ${st.rank} of ${state.scene.rows} rows · mobility ${st.mobility} · cycle rank ${state.scene.cycle_rank} · ` +
    `${state.scene.nodes.length - 1} bodies · ${state.scene.cuts.length} cuts` + (st.reconfigurations ? ` · ${st.reconfigurations} reconfigurations` : '');
}

function buildSliders(st) {
  const el = document.getElementById('sliders');
  el.innerHTML = '';
  for (const c of st.coordinates) {
    const row = document.createElement('div');
    row.className = 'slider';
    const label = document.createElement('label');
    label.textContent = `${c.name} (${c.unit}${c.absolute ? '' : ', Δ'})`;
    const input = document.createElement('input');
    Object.assign(input, { type: 'range', min: c.min, max: c.max, step: (c.max - c.min) / 1000, value: c.value });
    input.dataset.coord = c.name;
    const out = document.createElement('output');
    out.textContent = c.value.toFixed(4);
    input.addEventListener('input', () => send({ [c.name]: parseFloat(input.value) }));
    row.append(label, input, out);
    el.appendChild(row);
  }
  state.sliderNames = st.coordinates.map((c) => c.name).join(',');
}

function apply(st, err) {
  state.last = st;
  state.error = err || '';
  state.viewer.setPoses(st.poses);
  state.viewer.setCutGaps(st.cuts);
  if (st.coordinates.map((c) => c.name).join(',') !== state.sliderNames) buildSliders(st);
  for (const c of st.coordinates) {
    const input = document.querySelector(`input[data-coord="${CSS.escape(c.name)}"]`);
    if (!input) continue;
    input.nextSibling.textContent = c.value.toFixed(4);
    if (state.inFlight === 0 && !state.queued) input.value = c.value;
  }
  showModules(state.viewer, st.modules);
  showStatus(st, err);
  state.updates++;
}

// send posts slider targets; moves made while a request is in flight are merged and sent
// after it.
async function send(u) {
  state.queued = Object.assign(state.queued || {}, u);
  if (state.inFlight) return;
  while (state.queued) {
    const body = { u: state.queued };
    state.queued = null;
    state.inFlight++;
    try {
      apply(await api('api/track', body));
    } catch (e) {
      apply(state.last, e.message);
    } finally {
      state.inFlight--;
    }
  }
}

async function main() {
  const [scene, st] = await Promise.all([api('api/scene'), api('api/state')]);
  state.scene = scene;
  document.title = `${scene.model} — RoboCompiler viewer`;
  document.getElementById('title').textContent = scene.model;
  const viewer = new Viewer(document.getElementById('scene'), scene);
  state.viewer = viewer;
  buildLists(document.getElementById('lists'), viewer, scene);
  if (scene.warnings.length) {
    const w = document.createElement('div');
    w.className = 'muted';
    w.textContent = 'warnings: ' + scene.warnings.join('; ');
    document.getElementById('facts').after(w);
  }
  apply(st);
  viewer.fit();
  document.getElementById('reset').onclick = async () => apply(await api('api/reset', {}));
  document.getElementById('fit').onclick = () => viewer.fit();
  document.getElementById('labels').onchange = (e) => { viewer.labelsOn = e.target.checked; viewer.requestRender(); };
  document.getElementById('hidden').onchange = (e) => viewer.setShowHidden(e.target.checked);
  state.move = (u) => send(u);
  state.ready = true;
}

main().catch((e) => {
  state.error = String(e);
  const el = document.getElementById('status');
  el.textContent = 'error: ' + e;
  el.className = 'warn';
});
