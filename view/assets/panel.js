// panel.js builds the clickable lists of bodies, joints, cuts, sites, ports and modules.

// buildLists fills el with one list per kind; a click highlights the item in viewer.
export function buildLists(el, viewer, scene) {
  el.innerHTML = '';
  const section = (title, items) => {
    if (!items.length) return;
    const h = document.createElement('h2');
    h.textContent = `${title} (${items.length})`;
    el.appendChild(h);
    const ul = document.createElement('ul');
    ul.className = 'items';
    for (const it of items) {
      const li = document.createElement('li');
      li.textContent = it.text;
      li.dataset.kind = it.kind;
      li.dataset.id = it.id;
      li.title = it.title || '';
      li.onclick = () => {
        const on = !li.classList.contains('on');
        el.querySelectorAll('li.on').forEach((x) => x.classList.remove('on'));
        if (on) li.classList.add('on');
        viewer.highlight(on ? it : null);
      };
      ul.appendChild(li);
    }
    el.appendChild(ul);
  };
  section('bodies', scene.nodes.slice(1).map((n) => ({ kind: 'body', id: n.id, text: n.id, title: `${n.mass_kg.toPrecision(3)} kg` })));
  section('joints', scene.joints.map((j) => ({ kind: 'joint', id: j.id, text: `${j.id} ${j.tree ? '' : '[cut] '}(${j.kind})` })));
  section('cuts', scene.cuts.map((c) => ({ kind: 'cut', id: c.id, text: c.id, title: `${c.source}, ${c.rows} rows` })));
  section('sites', (scene.sites || []).map((s) => ({ kind: 'site', id: s.id, text: s.id })));
  section('actuator ports', (scene.ports || []).map((p) => ({ kind: 'port', id: p.id, text: `${p.id}${p.two_point ? ' (two-point)' : ''}` })));
  viewer.onPick = (it) => {
    el.querySelectorAll('li.on').forEach((x) => x.classList.remove('on'));
    if (!it) return;
    const li = el.querySelector(`li[data-kind="body"][data-id="${CSS.escape(it.id)}"]`);
    if (li) { li.classList.add('on'); li.scrollIntoView({ block: 'nearest' }); }
  };
  const mods = document.createElement('div');
  mods.id = 'modules';
  el.appendChild(mods);
}

// showModules lists the dependency modules of the current partition.
export function showModules(viewer, modules) {
  const el = document.getElementById('modules');
  if (!el) return;
  el.innerHTML = '';
  if (!modules || !modules.length) return;
  const h = document.createElement('h2');
  h.textContent = `modules (${modules.length})`;
  el.appendChild(h);
  const ul = document.createElement('ul');
  ul.className = 'items';
  modules.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = `#${i + 1}: ${m.cuts.length} cuts, ${m.dependent.length} dependent, inputs ${m.inputs.join(' ') || '–'}`;
    li.title = 'cuts: ' + m.cuts.join(', ');
    li.onclick = () => viewer.highlight({ kind: 'module', id: 'module' + i, cuts: m.cuts });
    ul.appendChild(li);
  });
  el.appendChild(ul);
}

