// Package view draws a compiled mechanism in the browser: Server serves an interactive 3D
// page (three.js, embedded) whose sliders move the independent coordinates through the
// closure tracker, and WriteReplay writes a self-contained page that plays back a
// rollout's log with its signals plotted under the scene.
//
// Both pages draw one Scene: the bodies (MJCF geoms when the model came from MJCF,
// otherwise a generated stick-and-ellipsoid drawing), the joints with their axes, the
// spanning tree, the cut joints and the sites and actuator ports. What moves is a list of
// node poses (Poses), one per node with the ground first.
package view
