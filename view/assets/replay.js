// replay.js plays a logged rollout: the scene follows the logged poses, the strips show
// the signals with a cursor at the current time.
import { Viewer } from 'rc/viewer.js';
import { Plots } from 'rc/plots.js';

const data = JSON.parse(document.getElementById('replay-data').textContent);
const scene = data.scene;
const R = { frame: 0, run: 0, playing: false, speed: 1, ready: false };
window.__replay = R;

document.title = `${scene.model} — RoboCompiler replay`;
document.getElementById('title').textContent = `${scene.model} replay`;
document.getElementById('facts').textContent =
  `${scene.nodes.length - 1} bodies · ${scene.cuts.length} cuts · ${data.runs.length} run(s)` +
  (scene.warnings.length ? ' · warnings: ' + scene.warnings.join('; ') : '');
const viewer = new Viewer(document.getElementById('scene'), scene);
const plots = new Plots(document.getElementById('plot'));
R.viewer = viewer;

const scrub = document.getElementById('scrub');
const runSel = document.getElementById('run');
data.runs.forEach((r, i) => runSel.add(new Option(r.name, i)));

// poses unflattens frame i of the current run.
function poses(i) {
  const flat = data.runs[R.run].poses[i], out = [];
  for (let k = 0; k < flat.length; k += 7) out.push(flat.slice(k, k + 7));
  return out;
}

// setFrame shows frame i.
R.setFrame = (i) => {
  const run = data.runs[R.run];
  R.frame = Math.max(0, Math.min(run.t.length - 1, i | 0));
  scrub.value = R.frame;
  viewer.setPoses(poses(R.frame));
  const cuts = run.cuts[R.frame];
  if (cuts) viewer.setCutGaps(Object.fromEntries(scene.cuts.map((c, k) => [c.id, { m: cuts[2 * k], rad: cuts[2 * k + 1] }])));
  const t = run.t[R.frame];
  document.getElementById('time').textContent = `t = ${t.toFixed(3)} s`;
  plots.cursor(t);
};

// setRun switches to run k.
R.setRun = (k) => {
  R.run = k;
  const run = data.runs[k];
  scrub.max = run.t.length - 1;
  plots.setRun(run);
  R.setFrame(0);
};

let last = null, clock = 0;
function tick(now) {
  if (!R.playing) { last = null; return; }
  const run = data.runs[R.run];
  if (last !== null) clock += ((now - last) / 1000) * R.speed;
  last = now;
  let i = R.frame;
  while (i < run.t.length - 1 && run.t[i + 1] <= clock) i++;
  R.setFrame(i);
  if (i >= run.t.length - 1) { play(false); return; }
  requestAnimationFrame(tick);
}

function play(on) {
  R.playing = on;
  document.getElementById('play').textContent = on ? '❚❚ pause' : '▶ play';
  if (on) {
    const run = data.runs[R.run];
    if (R.frame >= run.t.length - 1) R.setFrame(0);
    clock = run.t[R.frame];
    requestAnimationFrame(tick);
  }
}

document.getElementById('play').onclick = () => play(!R.playing);
scrub.oninput = () => { play(false); R.setFrame(+scrub.value); };
document.getElementById('speed').onchange = (e) => { R.speed = +e.target.value; };
runSel.onchange = () => { play(false); R.setRun(+runSel.value); };
document.getElementById('fit').onclick = () => viewer.fit();
document.getElementById('labels').onchange = (e) => { viewer.labelsOn = e.target.checked; viewer.requestRender(); };
window.addEventListener('resize', () => { plots.resize(); plots.cursor(data.runs[R.run].t[R.frame]); });
document.addEventListener('keydown', (e) => { if (e.code === 'Space') { e.preventDefault(); play(!R.playing); } });

R.setRun(0);
viewer.fit();
R.ready = true;
