// viewer.js draws a RoboCompiler scene (view.Scene) with three.js and moves it by node
// poses (view.Pose: x, y, z, qw, qx, qy, qz per node, the ground first). It is shared by
// the live viewer (app.js) and the replay page.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/OrbitControls.js';
import { STLLoader } from 'three/addons/STLLoader.js';
import { OBJLoader } from 'three/addons/OBJLoader.js';

const COLORS = {
  tree: 0xe0b000, cut: 0xe0303a, site: 0x20a060, port: 0xff7a00, spanning: 0x3a7bd5,
  highlight: 0x00c8ff, background: 0xf4f5f7,
};

// setPose places obj at pose p (array of 7).
function setPose(obj, p) {
  obj.position.set(p[0], p[1], p[2]);
  obj.quaternion.set(p[4], p[5], p[6], p[3]);
}

// fmt formats a residual.
export function fmtGap(x) {
  return x === 0 ? '0' : x.toExponential(1);
}

// Viewer owns the three.js scene of one mechanism.
export class Viewer {
  constructor(container, scene, opts = {}) {
    this.data = scene;
    this.container = container;
    this.L = scene.length_m || 1;
    this.labelsOn = false;
    this.showHidden = false;
    this.highlighted = null;
    this.meshesPending = 0;
    this.meshesLoaded = 0;
    this.meshErrors = [];
    this.frames = 0;
    this.cutGaps = {};
    this.fileBase = opts.fileBase || '';

    const r = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    r.setPixelRatio(window.devicePixelRatio || 1);
    r.setClearColor(COLORS.background);
    container.appendChild(r.domElement);
    this.renderer = r;
    this.scene = new THREE.Scene();
    this.camera = new THREE.PerspectiveCamera(40, 1, this.L / 1000, this.L * 100);
    this.camera.up.set(0, 0, 1);
    this.controls = new OrbitControls(this.camera, r.domElement);
    this.controls.addEventListener('change', () => this.requestRender());

    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8090a0, 2.0));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(1, -2, 3);
    this.scene.add(sun);
    this.labelLayer = document.createElement('div');
    this.labelLayer.className = 'labels';
    container.appendChild(this.labelLayer);
    this.labels = [];
    this.addGround();


    this.nodes = scene.nodes.map((n, i) => {
      const g = new THREE.Group();
      g.name = 'node:' + n.id;
      g.userData = { kind: 'body', id: n.id, index: i };
      this.scene.add(g);
      return g;
    });
    this.bodyMeshes = scene.nodes.map(() => []);
    scene.nodes.forEach((n, i) => n.shapes.forEach((s) => this.addShape(i, s)));
    this.addJoints();
    this.addCuts();
    this.addSites();
    this.addPorts();
    this.addTree();

    window.addEventListener('resize', () => this.resize());
    this.resize();
    this.listenPicks();
  }

  // listenPicks highlights the body under a click (not a drag) and reports it to onPick.
  listenPicks() {
    const el = this.renderer.domElement;
    let down = null;
    el.addEventListener('pointerdown', (e) => { down = [e.clientX, e.clientY]; });
    el.addEventListener('pointerup', (e) => {
      if (!down || Math.hypot(e.clientX - down[0], e.clientY - down[1]) > 4) return;
      const r = el.getBoundingClientRect();
      const ray = new THREE.Raycaster();
      ray.setFromCamera(new THREE.Vector2(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1), this.camera);
      const hits = ray.intersectObjects(this.bodyMeshes.flat().filter((o) => o.visible), true);
      let item = null;
      if (hits.length) {
        let o = hits[0].object;
        while (o && o.userData.kind !== 'body') o = o.parent;
        if (o) item = { kind: 'body', id: o.userData.id };
      }
      this.highlight(item);
      if (this.onPick) this.onPick(item);
    });
  }

  // addGround draws the ground grid and the world frame.
  addGround() {
    const size = Math.pow(10, Math.ceil(Math.log10(this.L * 3)));
    const grid = new THREE.GridHelper(size, 20, 0x9aa3ad, 0xd0d5db);
    grid.rotation.x = Math.PI / 2;
    this.scene.add(grid);
    const axes = new THREE.AxesHelper(this.L * 0.15);
    axes.name = 'world-frame';
    this.scene.add(axes);
    this.addLabel(axes, 'world', 'frame');
  }

  // material returns a standard material of colour rgba.
  material(rgba) {
    const c = new THREE.Color(rgba[0], rgba[1], rgba[2]);
    const a = rgba[3] === undefined ? 1 : rgba[3];
    return new THREE.MeshStandardMaterial({ color: c, transparent: a < 1, opacity: a, roughness: 0.6, metalness: 0.1 });
  }

  // addShape adds shape s to node i.
  addShape(i, s) {
    const sz = s.size;
    let geo = null;
    switch (s.type) {
      case 'sphere': geo = new THREE.SphereGeometry(sz[0], 24, 16); break;
      case 'capsule': geo = new THREE.CapsuleGeometry(sz[0], 2 * s.half, 8, 16); geo.rotateX(Math.PI / 2); break;
      case 'cylinder': geo = new THREE.CylinderGeometry(sz[0], sz[0], 2 * s.half, 16); geo.rotateX(Math.PI / 2); break;
      case 'box': geo = new THREE.BoxGeometry(2 * sz[0], 2 * sz[1], 2 * sz[2]); break;
      case 'ellipsoid': geo = new THREE.SphereGeometry(1, 24, 16); geo.scale(sz[0], sz[1], sz[2]); break;
      case 'plane': {
        const w = sz[0] > 0 ? 2 * sz[0] : this.L * 4, h = sz[1] > 0 ? 2 * sz[1] : this.L * 4;
        geo = new THREE.PlaneGeometry(w, h);
        break;
      }
      case 'mesh': this.loadMesh(i, s); return;
      default: return;
    }
    const mesh = new THREE.Mesh(geo, this.material(s.rgba));
    this.place(i, mesh, s);
  }

  // place attaches the mesh object for shape s to node i.
  place(i, obj, s) {
    setPose(obj, s.pose);
    obj.userData = { kind: 'body', id: this.data.nodes[i].id, role: s.role || '', group: s.group };
    obj.visible = s.group < 3 || this.showHidden;
    this.nodes[i].add(obj);
    this.bodyMeshes[i].push(obj);
  }

  // loadMesh loads an STL or OBJ mesh file.
  loadMesh(i, s) {
    this.meshesPending++;
    const done = () => { this.meshesPending--; this.requestRender(); };
    const url = s.mesh.startsWith('data:') ? s.mesh : this.fileBase + s.mesh;
    const onErr = (e) => { this.meshErrors.push(s.mesh + ': ' + e); done(); };
    if (s.format === 'obj') {
      new OBJLoader().load(url, (obj) => {
        const mat = this.material(s.rgba);
        obj.traverse((c) => { if (c.isMesh) c.material = mat; });
        obj.scale.set(s.scale[0], s.scale[1], s.scale[2]);
        const holder = new THREE.Group();
        holder.add(obj);
        this.place(i, holder, s);
        this.meshesLoaded++;
        done();
      }, undefined, onErr);
      return;
    }
    new STLLoader().load(url, (geo) => {
      geo.computeVertexNormals();
      const mesh = new THREE.Mesh(geo, this.material(s.rgba));
      mesh.scale.set(s.scale[0], s.scale[1], s.scale[2]);
      const holder = new THREE.Group();
      holder.add(mesh);
      this.place(i, holder, s);
      this.meshesLoaded++;
      done();
    }, undefined, onErr);
  }

  // framePose returns an Object3D fixed to node n at the local pose p.
  frameOn(n, p) {
    const o = new THREE.Object3D();
    setPose(o, p);
    this.nodes[n].add(o);
    return o;
  }

  // addJoints draws every joint's axis at its frame on body B.
  addJoints() {
    this.joints = {};
    const len = this.L * 0.08;
    for (const j of this.data.joints) {
      const f = this.frameOn(j.node_b, j.frame_b);
      const color = j.tree ? COLORS.tree : COLORS.cut;
      const parts = [];
      const axis = new THREE.Vector3(j.axis[0], j.axis[1], j.axis[2]);
      if (axis.lengthSq() > 0 && j.kind !== 'spherical' && j.kind !== 'free' && j.kind !== 'fixed') {
        const a = new THREE.ArrowHelper(axis.clone().normalize(), axis.clone().normalize().multiplyScalar(-len / 2), len, color, len * 0.3, len * 0.15);
        f.add(a);
        parts.push(a);
        if (j.kind === 'universal') {
          const b = new THREE.Vector3(j.axis2[0], j.axis2[1], j.axis2[2]).normalize();
          const a2 = new THREE.ArrowHelper(b, b.clone().multiplyScalar(-len / 2), len, color, len * 0.3, len * 0.15);
          f.add(a2);
          parts.push(a2);
        }
      } else if (j.kind !== 'fixed') {
        const s = new THREE.Mesh(new THREE.SphereGeometry(this.L * 0.012, 12, 8), new THREE.MeshBasicMaterial({ color }));
        f.add(s);
        parts.push(s);
      }
      f.userData = { kind: 'joint', id: j.id };
      this.joints[j.id] = { frame: f, parts, color, data: j, label: this.addLabel(f, j.id, 'joint') };
    }
  }

  // addCuts draws each cut: markers on both frames and the gap between them.
  addCuts() {
    this.cuts = {};
    const r = this.L * 0.015;
    for (const c of this.data.cuts) {
      const mat = new THREE.MeshBasicMaterial({ color: COLORS.cut });
      const a = this.frameOn(c.node_a, c.frame_a);
      const b = this.frameOn(c.node_b, c.frame_b);
      const ma = new THREE.Mesh(new THREE.SphereGeometry(r, 16, 12), mat);
      const mb = new THREE.Mesh(new THREE.TorusGeometry(r * 1.6, r * 0.35, 8, 24), mat);
      a.add(ma);
      b.add(mb);
      const line = this.dynLine(COLORS.cut, [a, b]);
      this.cuts[c.id] = { a, b, parts: [ma, mb], line, data: c, label: this.addLabel(a, c.id, 'cut') };
    }
  }

  // addSites draws the sites as small spheres (frames with axes).
  addSites() {
    this.sites = {};
    for (const s of this.data.sites || []) {
      const f = this.frameOn(s.node, s.pose);
      const m = new THREE.Mesh(new THREE.SphereGeometry(this.L * 0.008, 12, 8), new THREE.MeshBasicMaterial({ color: COLORS.site }));
      f.add(m);
      if (s.frame) f.add(new THREE.AxesHelper(this.L * 0.04));
      this.sites[s.id] = { frame: f, parts: [m], label: this.addLabel(f, s.id, 'site') };
    }
  }

  // addPorts draws two-point ports as lines between their points.
  addPorts() {
    this.ports = {};
    for (const p of this.data.ports || []) {
      if (!p.two_point) {
        this.ports[p.id] = { joints: p.joints };
        continue;
      }
      const a = this.frameOn(p.node_a, [p.point_a[0], p.point_a[1], p.point_a[2], 1, 0, 0, 0]);
      const b = this.frameOn(p.node_b, [p.point_b[0], p.point_b[1], p.point_b[2], 1, 0, 0, 0]);
      const line = this.dynLine(COLORS.port, [a, b]);
      this.ports[p.id] = { a, b, line, parts: [line.obj], label: this.addLabel(a, p.id, 'port') };
    }
  }

  // addTree draws the spanning tree: parent node origin → joint → child node origin.
  addTree() {
    this.tree = [];
    for (const j of this.data.joints) {
      if (!j.tree) continue;
      const fa = this.frameOn(j.node_a, j.frame_a);
      this.tree.push(this.dynLine(COLORS.spanning, [this.nodes[j.node_a], fa, this.nodes[j.node_b]], true));
    }
  }

  // dynLine is a polyline through the world origins of objs, updated with the poses.
  dynLine(color, objs, dashed) {
    const geo = new THREE.BufferGeometry();
    geo.setAttribute('position', new THREE.BufferAttribute(new Float32Array(objs.length * 3), 3));
    const mat = dashed
      ? new THREE.LineDashedMaterial({ color, dashSize: this.L * 0.02, gapSize: this.L * 0.01 })
      : new THREE.LineBasicMaterial({ color });
    const obj = new THREE.Line(geo, mat);
    obj.frustumCulled = false;
    this.scene.add(obj);
    const l = { obj, objs, dashed };
    (this.lines = this.lines || []).push(l);
    return l;
  }

  // addLabel adds an HTML label following obj.
  addLabel(obj, text, kind) {
    const el = document.createElement('div');
    el.className = 'label label-' + kind;
    el.textContent = text;
    this.labelLayer.appendChild(el);
    const l = { obj, el, text, kind, extra: '' };
    this.labels.push(l);
    return l;
  }

  // setPoses moves the nodes.
  setPoses(poses) {
    poses.forEach((p, i) => setPose(this.nodes[i], p));
    this.requestRender();
  }

  // setCutGaps updates the cut labels with their residuals ({id: {m, rad}}).
  setCutGaps(gaps) {
    this.cutGaps = gaps || {};
    for (const [id, c] of Object.entries(this.cuts)) {
      const g = this.cutGaps[id];
      c.label.extra = g ? `: ${fmtGap(g.m)} m` + (g.rad > 0 ? ` ${fmtGap(g.rad)} rad` : '') : '';
    }
    this.requestRender();
  }

  // highlight marks one item ({kind, id}) in the scene, or none (null).
  highlight(item) {
    const paint = (it, on) => {
      if (!it) return;
      for (const o of this.itemObjects(it)) {
        o.traverse((c) => {
          if (!c.material) return;
          if (on) {
            c.userData.saved = c.material;
            c.material = c.material.clone();
            if (c.material.emissive) c.material.emissive.setHex(COLORS.highlight);
            else c.material.color.setHex(COLORS.highlight);
          } else if (c.userData.saved) {
            c.material = c.userData.saved;
            delete c.userData.saved;
          }
        });
      }
    };
    paint(this.highlighted, false);
    this.highlighted = item;
    paint(item, true);
    this.requestRender();
  }

  // itemObjects lists the objects that draw an item.
  itemObjects(it) {
    switch (it.kind) {
      case 'body': {
        const i = this.data.nodes.findIndex((n) => n.id === it.id);
        return i < 0 ? [] : this.bodyMeshes[i];
      }
      case 'joint': return this.joints[it.id] ? this.joints[it.id].parts : [];
      case 'cut': return this.cuts[it.id] ? this.cuts[it.id].parts.concat([this.cuts[it.id].line.obj]) : [];
      case 'site': return this.sites[it.id] ? this.sites[it.id].parts : [];
      case 'port': {
        const p = this.ports[it.id];
        if (!p) return [];
        if (p.parts) return p.parts;
        return p.joints.flatMap((j) => (this.joints[j] ? this.joints[j].parts : []));
      }
      case 'module': return (it.cuts || []).flatMap((c) => this.itemObjects({ kind: 'cut', id: c }));
    }
    return [];
  }

  // setShowHidden shows or hides the geoms of groups 3 and above (collision geoms).
  setShowHidden(on) {
    this.showHidden = on;
    this.bodyMeshes.flat().forEach((o) => { o.visible = o.userData.group < 3 || on; });
    this.requestRender();
  }

  // fit points the camera at the whole mechanism.
  fit() {
    const box = new THREE.Box3();
    this.nodes.forEach((n) => box.expandByPoint(n.getWorldPosition(new THREE.Vector3())));
    this.bodyMeshes.flat().forEach((o) => { if (o.visible) box.expandByObject(o); });
    const c = box.getCenter(new THREE.Vector3());
    const r = Math.max(box.getSize(new THREE.Vector3()).length() / 2, this.L * 0.2);
    const d = r / Math.sin((this.camera.fov * Math.PI) / 360);
    this.camera.position.copy(c).add(new THREE.Vector3(0.55, -0.75, 0.4).normalize().multiplyScalar(d));
    this.controls.target.copy(c);
    this.controls.update();
    this.requestRender();
  }

  resize() {
    const w = this.container.clientWidth || 800, h = this.container.clientHeight || 600;
    this.renderer.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  requestRender() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => { this.pending = false; this.render(); });
  }

  // render draws a frame: lines and labels follow the nodes.
  render() {
    this.scene.updateMatrixWorld(true);
    const v = new THREE.Vector3();
    for (const l of this.lines || []) {
      const pos = l.obj.geometry.attributes.position;
      l.objs.forEach((o, k) => { o.getWorldPosition(v); pos.setXYZ(k, v.x, v.y, v.z); });
      pos.needsUpdate = true;
      if (l.dashed) l.obj.computeLineDistances();
    }
    this.renderer.render(this.scene, this.camera);
    this.placeLabels();
    this.frames++;
  }

  // placeLabels projects the visible labels: cuts always, the highlighted item, and every
  // other label when labels are on.
  placeLabels() {
    const w = this.renderer.domElement.clientWidth, h = this.renderer.domElement.clientHeight;
    const v = new THREE.Vector3();
    const hi = this.highlighted;
    for (const l of this.labels) {
      const show = l.kind === 'cut' || l.kind === 'frame' || this.labelsOn || (hi && hi.id === l.text && (hi.kind === l.kind || hi.kind === 'body'));
      l.obj.getWorldPosition(v);
      v.project(this.camera);
      if (!show || v.z > 1) { l.el.style.display = 'none'; continue; }
      l.el.style.display = '';
      l.el.textContent = l.text + l.extra;
      l.el.style.transform = `translate(${((v.x + 1) / 2) * w + 6}px, ${((1 - v.y) / 2) * h - 8}px)`;
    }
  }

  // pixelVariance is the variance of the rendered frame's grey levels (a blank canvas
  // gives 0); it renders first so the buffer holds the current scene.
  pixelVariance() {
    this.render();
    const gl = this.renderer.getContext();
    const w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
    const px = new Uint8Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
    let s = 0, s2 = 0;
    const n = w * h;
    for (let i = 0; i < px.length; i += 4) {
      const g = (px[i] + px[i + 1] + px[i + 2]) / 3;
      s += g; s2 += g * g;
    }
    return s2 / n - (s / n) * (s / n);
  }

  // summary describes what is drawn, for tests.
  summary() {
    return {
      bodies: this.nodes.length - 1,
      bodyIds: this.data.nodes.slice(1).map((n) => n.id),
      drawnBodies: this.nodes.slice(1).filter((n) => n.parent === this.scene).length,
      cuts: Object.keys(this.cuts),
      joints: Object.keys(this.joints).length,
      shapes: this.bodyMeshes.flat().length,
      meshesLoaded: this.meshesLoaded, meshesPending: this.meshesPending, meshErrors: this.meshErrors,
      frames: this.frames,
      webgl: !!this.renderer.getContext(),
    };
  }
}
