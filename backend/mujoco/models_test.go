//go:build mujoco

package mujoco

import (
	"strings"
	"testing"
)

// Pendulum parameters used by pendulumXML.
const (
	penMass     = 1.3
	penCOM      = 0.7  // distance hinge -> COM, m
	penIyy      = 0.03 // inertia about the hinge axis through the COM, kg m^2
	penArmature = 0.05
	penDamping  = 0.3
	penGear     = 2.0
	penGravity  = 9.81
)

// pendulumXML: one hinge about world y at the origin; the COM hangs at (0,0,-l)
// at q = 0, so the gravity torque is -m g l sin q.
const pendulumXML = `
<mujoco model="pendulum">
  <compiler angle="radian"/>
  <option timestep="0.002" gravity="0 0 -9.81"/>
  <worldbody>
    <body name="link">
      <joint name="hinge" type="hinge" axis="0 1 0" armature="0.05" damping="0.3"/>
      <inertial pos="0 0 -0.7" mass="1.3" diaginertia="0.02 0.03 0.04"/>
      <site name="tip" pos="0 0 -1"/>
    </body>
  </worldbody>
  <actuator>
    <motor name="drive" joint="hinge" gear="2"/>
  </actuator>
  <keyframe>
    <key name="up" qpos="3.14159"/>
  </keyframe>
</mujoco>`

// chainXML: two links hinged about y in the x-z plane (lengths 1 and 0.8 to the
// anchor) whose tip is connected to the world at its qpos0 location (1.8, 0, 0).
const chainXML = `
<mujoco model="chain">
  <compiler angle="radian"/>
  <option jacobian="JAC"/>
  <worldbody>
    <body name="b1">
      <joint name="j1" type="hinge" axis="0 1 0"/>
      <inertial pos="0.5 0 0" mass="1" diaginertia="0.01 0.1 0.1"/>
      <body name="b2" pos="1 0 0">
        <joint name="j2" type="hinge" axis="0 1 0"/>
        <inertial pos="0.4 0 0" mass="1" diaginertia="0.01 0.1 0.1"/>
      </body>
    </body>
  </worldbody>
  <equality>
    <connect name="tip" body1="b2" body2="world" anchor="0.8 0 0"/>
  </equality>
</mujoco>`

// spatialXML: hinge, ball and slide in a chain plus a free body, tied together by
// two connects and a weld, so the equality Jacobian involves every joint kind.
const spatialXML = `
<mujoco model="spatial">
  <compiler angle="radian"/>
  <option jacobian="JAC"/>
  <worldbody>
    <body name="a" pos="0 0 1">
      <joint name="ja" type="hinge" axis="0.3 1 0.2"/>
      <inertial pos="0.2 0 0" mass="1" diaginertia="0.01 0.02 0.03"/>
      <body name="b" pos="0.6 0.1 0" quat="0.9 0.1 0.3 0.2">
        <joint name="jb" type="ball"/>
        <inertial pos="0.2 0 0" mass="1" diaginertia="0.01 0.02 0.03"/>
        <body name="c" pos="0.5 0 -0.1">
          <joint name="jc" type="slide" axis="1 0.2 0"/>
          <inertial pos="0.1 0 0" mass="0.5" diaginertia="0.01 0.02 0.03"/>
          <site name="cs" pos="0.2 0.1 0"/>
        </body>
      </body>
    </body>
    <body name="f" pos="1.2 0.3 0.8">
      <freejoint name="jf"/>
      <inertial pos="0 0 0" mass="2" diaginertia="0.1 0.2 0.3"/>
    </body>
  </worldbody>
  <equality>
    <connect name="c1" body1="c" body2="f" anchor="0.2 0.1 0"/>
    <connect name="c2" body1="f" body2="world" anchor="0.1 0.2 0"/>
    <weld name="w" body1="b" body2="f"/>
  </equality>
</mujoco>`

// freeXML: a single floating body with its COM and principal axes at the body
// origin.
const freeXML = `
<mujoco model="free">
  <worldbody>
    <body name="box" pos="0 0 1">
      <freejoint name="root"/>
      <inertial pos="0 0 0" mass="2" diaginertia="0.1 0.2 0.3"/>
    </body>
  </worldbody>
</mujoco>`

// withJac substitutes the Jacobian storage option into a model template.
func withJac(xml, jac string) string { return strings.ReplaceAll(xml, "JAC", jac) }

// mustLoad compiles xml or fails the test.
func mustLoad(t testing.TB, xml string) *Model {
	t.Helper()
	m, err := LoadXMLString(xml, nil)
	if err != nil {
		t.Fatalf("LoadXMLString: %v", err)
	}
	t.Cleanup(m.Close)
	return m
}

// mustData creates a Data or fails the test.
func mustData(t testing.TB, m *Model) *Data {
	t.Helper()
	d, err := m.NewData()
	if err != nil {
		t.Fatalf("NewData: %v", err)
	}
	t.Cleanup(d.Close)
	return d
}

// must fails the test on a non-nil error.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
