//go:build simbody

package main

// simbodyBuilt reports whether this build has the Simbody backend (-tags simbody).
const simbodyBuilt = true
