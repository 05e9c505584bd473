//go:build simbody

// A thin C interface to Simbody for the Go package: building a multibody system body by
// body and constraint by constraint, setting states and forces, and reading back the mass
// matrix, the bias forces, the constrained accelerations, the constraint errors and
// integrated states. Every call catches C++ exceptions and returns -1 with the message
// kept for rc_sb_error. All logic (what to build, coordinate maps) lives in Go.
#include "shim.h"

#include <Simbody.h>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

using namespace SimTK;

struct rc_sb {
	MultibodySystem system;
	SimbodyMatterSubsystem matter;
	GeneralForceSubsystem forces;
	Force::UniformGravity gravity;
	Force::DiscreteForces discrete;
	std::vector<MobilizedBody> mobods;
	State state;
	std::string err;
	bool ready = false;
	// integ continues from its own state across rc_sb_step calls until the state is set
	// from outside (fresh) or the settings change.
	std::unique_ptr<RungeKuttaMersonIntegrator> integ;
	bool fresh = true;
	double dt = 0; // the step the integrator was set up for
	rc_sb(const double* g)
	    : matter(system), forces(system), gravity(forces, matter, Vec3(g[0], g[1], g[2])),
	      discrete(forces, matter) {
		mobods.push_back(matter.Ground());
	}
};

// rcSimbodyForce is the Go force callback (callback.go): it reads the state (q, u) at
// time t and writes the mobility forces f (nu) and body wrenches w (6 per body), or
// returns nonzero after recording its error on the Go side.
extern "C" int rcSimbodyForce(uintptr_t handle, double t, double* q, double* u, double* f, double* w);

namespace {

// GoForce is a force element evaluated by Go at every realization of the Dynamics
// stage (every integrator stage): a continuous-time controller.
class GoForce : public Force::Custom::Implementation {
  public:
	explicit GoForce(uintptr_t h) : handle(h) {}
	void calcForce(const State& st, Vector_<SpatialVec>& bodyForces, Vector_<Vec3>&, Vector& mobilityForces) const override {
		int nq = st.getNQ(), nu = st.getNU(), nb = bodyForces.size();
		std::vector<double> q(nq), u(nu), f(nu, 0.0), w(6 * nb, 0.0);
		for (int i = 0; i < nq; i++) q[i] = st.getQ()[i];
		for (int i = 0; i < nu; i++) u[i] = st.getU()[i];
		if (rcSimbodyForce(handle, st.getTime(), q.data(), u.data(), f.data(), w.data()) != 0)
			throw std::runtime_error("the Go force callback failed");
		for (int i = 0; i < nu; i++) mobilityForces[i] += f[i];
		for (int i = 0; i < nb; i++) {
			const double* x = &w[6 * i];
			bodyForces[i] += SpatialVec(Vec3(x[0], x[1], x[2]), Vec3(x[3], x[4], x[5]));
		}
	}
	Real calcPotentialEnergy(const State&) const override { return 0; }

  private:
	uintptr_t handle;
};

Transform toX(const double* x) {
	Mat33 r(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8]);
	return Transform(Rotation(r, true), Vec3(x[9], x[10], x[11]));
}

template <class F> int guard(rc_sb* s, F f) {
	try {
		return f();
	} catch (const std::exception& e) {
		s->err = e.what();
	} catch (...) {
		s->err = "unknown C++ exception";
	}
	return -1;
}

int need(rc_sb* s, bool ready) {
	if (s->ready != ready) {
		s->err = ready ? "system not realized" : "system already realized";
		return -1;
	}
	return 0;
}

int mobod(rc_sb* s, int i, MobilizedBody& out) {
	if (i < 0 || i >= (int)s->mobods.size()) {
		s->err = "mobilized body index out of range";
		return -1;
	}
	out = s->mobods[i];
	return 0;
}

} // namespace

extern "C" {

rc_sb* rc_sb_new(const double* g) {
	try {
		return new rc_sb(g);
	} catch (...) {
		return nullptr;
	}
}

void rc_sb_free(rc_sb* s) { delete s; }

const char* rc_sb_error(rc_sb* s) { return s->err.c_str(); }

int rc_sb_add_body(rc_sb* s, int parent, int kind, int reverse, const double* xpf, const double* xbm,
                   double mass, const double* com, const double* in, double pitch) {
	return guard(s, [&]() -> int {
		MobilizedBody p;
		if (need(s, false) || mobod(s, parent, p)) return -1;
		Inertia inertia(Mat33(in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7], in[8]));
		Body::Rigid body(MassProperties(mass, Vec3(com[0], com[1], com[2]), inertia));
		Transform F = toX(xpf), M = toX(xbm);
		MobilizedBody::Direction d = reverse ? MobilizedBody::Reverse : MobilizedBody::Forward;
		MobilizedBody b;
		switch (kind) {
		case RC_WELD: b = MobilizedBody::Weld(p, F, body, M); break;
		case RC_PIN: b = MobilizedBody::Pin(p, F, body, M, d); break;
		case RC_SLIDER: b = MobilizedBody::Slider(p, F, body, M, d); break;
		case RC_SCREW: b = MobilizedBody::Screw(p, F, body, M, pitch, d); break;
		case RC_UNIVERSAL: b = MobilizedBody::Universal(p, F, body, M, d); break;
		case RC_BALL: b = MobilizedBody::Ball(p, F, body, M, d); break;
		case RC_PLANAR: b = MobilizedBody::Planar(p, F, body, M, d); break;
		case RC_FREE: b = MobilizedBody::Free(p, F, body, M, d); break;
		default: s->err = "unknown mobilizer kind"; return -1;
		}
		s->mobods.push_back(b);
		return (int)s->mobods.size() - 1;
	});
}

int rc_sb_add_damper(rc_sb* s, int i, int u, double c) {
	return guard(s, [&]() -> int {
		MobilizedBody b;
		if (need(s, false) || mobod(s, i, b)) return -1;
		Force::MobilityLinearDamper(s->forces, b, MobilizerUIndex(u), c);
		return 0;
	});
}

// rc_sb_add_constraint adds a constraint between mobilized bodies a and b with the
// parameters p (vectors in the bodies' frames; see constraint.go for each kind's layout),
// or for the linear couplers among the n (mobod, coordinate) pairs with coefficients p
// (n, then the constant).
int rc_sb_add_constraint(rc_sb* s, int kind, int ia, int ib, const double* p, int n, const int* mobods,
                         const int* coords) {
	return guard(s, [&]() -> int {
		MobilizedBody a, b;
		if (need(s, false)) return -1;
		if (kind != RC_C_QLINEAR && kind != RC_C_ULINEAR && (mobod(s, ia, a) || mobod(s, ib, b))) return -1;
		Vec3 p0(p[0], p[1], p[2]);
		switch (kind) {
		case RC_C_BALL: Constraint::Ball(a, p0, b, Vec3(p[3], p[4], p[5])); break;
		case RC_C_WELD: Constraint::Weld(a, toX(p), b, toX(p + 12)); break;
		case RC_C_ANGLE: Constraint::ConstantAngle(a, UnitVec3(p0), b, UnitVec3(Vec3(p[3], p[4], p[5])), p[6]); break;
		case RC_C_ORIENT: Constraint::ConstantOrientation(a, toX(p).R(), b, toX(p + 12).R()); break;
		case RC_C_LINE: Constraint::PointOnLine(a, UnitVec3(p0), Vec3(p[3], p[4], p[5]), b, Vec3(p[6], p[7], p[8])); break;
		case RC_C_PLANE: Constraint::PointInPlane(a, UnitVec3(p0), p[3], b, Vec3(p[4], p[5], p[6])); break;
		case RC_C_QLINEAR:
		case RC_C_ULINEAR: {
			Vector c(n + 1);
			for (int i = 0; i <= n; i++) c[i] = p[i];
			std::vector<MobilizedBodyIndex> bodies;
			std::vector<MobilizerQIndex> qs;
			std::vector<MobilizerUIndex> us;
			for (int i = 0; i < n; i++) {
				MobilizedBody m;
				if (mobod(s, mobods[i], m)) return -1;
				bodies.push_back(m.getMobilizedBodyIndex());
				qs.push_back(MobilizerQIndex(coords[i]));
				us.push_back(MobilizerUIndex(coords[i]));
			}
			if (kind == RC_C_QLINEAR)
				Constraint::CoordinateCoupler(s->matter, new Function::Linear(c), bodies, qs);
			else
				Constraint::SpeedCoupler(s->matter, new Function::Linear(c), bodies, us);
			break;
		}
		default: s->err = "unknown constraint kind"; return -1;
		}
		return 0;
	});
}

// rc_sb_add_go_force adds a force element evaluated by the Go callback with the handle.
int rc_sb_add_go_force(rc_sb* s, uintptr_t handle) {
	return guard(s, [&]() -> int {
		if (need(s, false)) return -1;
		Force::Custom(s->forces, new GoForce(handle));
		return 0;
	});
}

int rc_sb_realize_topology(rc_sb* s, int* nq, int* nu, int* nmult, int* nbodies) {
	return guard(s, [&]() -> int {
		if (need(s, false)) return -1;
		s->state = s->system.realizeTopology();
		s->system.realizeModel(s->state);
		s->system.realize(s->state, Stage::Instance);
		s->ready = true;
		*nq = s->state.getNQ();
		*nu = s->state.getNU();
		*nmult = s->state.getNMultipliers();
		*nbodies = s->matter.getNumBodies();
		return 0;
	});
}

void rc_sb_layout(rc_sb* s, int i, int* q0, int* nq, int* u0, int* nu) {
	const MobilizedBody& b = s->mobods[i];
	*q0 = b.getFirstQIndex(s->state);
	*nq = b.getNumQ(s->state);
	*u0 = b.getFirstUIndex(s->state);
	*nu = b.getNumU(s->state);
}

int rc_sb_set_state(rc_sb* s, double t, const double* q, const double* u) {
	return guard(s, [&]() -> int {
		if (need(s, true)) return -1;
		s->state.setTime(t);
		Vector& Q = s->state.updQ();
		for (int i = 0; i < Q.size(); i++) Q[i] = q[i];
		Vector& U = s->state.updU();
		for (int i = 0; i < U.size(); i++) U[i] = u[i];
		s->fresh = true;
		return 0;
	});
}

int rc_sb_get_state(rc_sb* s, double* t, double* q, double* u) {
	return guard(s, [&]() -> int {
		if (need(s, true)) return -1;
		*t = s->state.getTime();
		const Vector& Q = s->state.getQ();
		for (int i = 0; i < Q.size(); i++) q[i] = Q[i];
		const Vector& U = s->state.getU();
		for (int i = 0; i < U.size(); i++) u[i] = U[i];
		return 0;
	});
}

// rc_sb_set_forces sets the applied mobility forces (nu) and body wrenches (6 per
// mobilized body, ground first: torque then force, ground axes, at the body origin).
int rc_sb_set_forces(rc_sb* s, const double* f, const double* w) {
	return guard(s, [&]() -> int {
		if (need(s, true)) return -1;
		Vector F(s->state.getNU());
		for (int i = 0; i < F.size(); i++) F[i] = f[i];
		s->discrete.setAllMobilityForces(s->state, F);
		Vector_<SpatialVec> B(s->matter.getNumBodies());
		for (int i = 0; i < B.size(); i++) {
			const double* x = w + 6 * i;
			B[i] = SpatialVec(Vec3(x[0], x[1], x[2]), Vec3(x[3], x[4], x[5]));
		}
		s->discrete.setAllBodyForces(s->state, B);
		s->fresh = true;
		return 0;
	});
}

// rc_sb_mass_matrix writes the unconstrained nu×nu mass matrix (row-major).
int rc_sb_mass_matrix(rc_sb* s, double* out) {
	return guard(s, [&]() -> int {
		if (need(s, true)) return -1;
		s->system.realize(s->state, Stage::Position);
		Matrix M;
		s->matter.calcM(s->state, M);
		int n = M.nrow();
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) out[i * n + j] = M(i, j);
		return 0;
	});
}

// rc_sb_bias writes h = C(q,u) − f_applied with udot = 0 and every force element
// (gravity, dampers, the discrete forces): M udot + h = 0 without constraints.
int rc_sb_bias(rc_sb* s, double* out) {
	return guard(s, [&]() -> int {
		if (need(s, true)) return -1;
		s->system.realize(s->state, Stage::Dynamics);
		Vector r, zero(s->state.getNU(), 0.0);
		s->matter.calcResidualForceIgnoringConstraints(s->state, s->system.getMobilityForces(s->state, Stage::Dynamics),
		                                               s->system.getRigidBodyForces(s->state, Stage::Dynamics), zero, r);
		for (int i = 0; i < r.size(); i++) out[i] = r[i];
		return 0;
	});
}

// rc_sb_accelerations writes the constrained udot (nu) and the multipliers (nmult on
// return; mult has room for the count rc_sb_errors reports).
int rc_sb_accelerations(rc_sb* s, double* udot, double* mult, int* nmult) {
	return guard(s, [&]() -> int {
		if (need(s, true)) return -1;
		s->system.realize(s->state, Stage::Acceleration);
		const Vector& a = s->state.getUDot();
		for (int i = 0; i < a.size(); i++) udot[i] = a[i];
		const Vector& l = s->state.getMultipliers();
		for (int i = 0; i < l.size() && i < *nmult; i++) mult[i] = l[i];
		*nmult = l.size();
		return 0;
	});
}

// rc_sb_errors writes the largest position- and velocity-level constraint errors.
int rc_sb_errors(rc_sb* s, double* qerr, double* uerr) {
	return guard(s, [&]() -> int {
		if (need(s, true)) return -1;
		s->system.realize(s->state, Stage::Velocity);
		*qerr = s->state.getQErr().size() ? s->state.getQErr().normInf() : 0;
		*uerr = s->state.getUErr().size() ? s->state.getUErr().normInf() : 0;
		return 0;
	});
}

// rc_sb_energy writes the kinetic and potential energy of the current state.
int rc_sb_energy(rc_sb* s, double* kinetic, double* potential) {
	return guard(s, [&]() -> int {
		if (need(s, true)) return -1;
		s->system.realize(s->state, Stage::Dynamics);
		*kinetic = s->system.calcKineticEnergy(s->state);
		*potential = s->system.calcPotentialEnergy(s->state);
		return 0;
	});
}

// rc_sb_step integrates the state over dt by Runge–Kutta–Merson with the given accuracy
// and constraint tolerance (Simbody projects onto the constraints after every step). The
// integrator carries on from its last step unless the state or the forces were set since
// or the settings changed; then it is initialised from the current state.
int rc_sb_step(rc_sb* s, double dt, double accuracy, double ctol) {
	return guard(s, [&]() -> int {
		if (need(s, true)) return -1;
		if (!s->integ || s->integ->getAccuracyInUse() != accuracy || s->integ->getConstraintToleranceInUse() != ctol ||
		    s->dt != dt)
			s->fresh = true;
		if (s->fresh) {
			s->integ.reset(new RungeKuttaMersonIntegrator(s->system));
			s->integ->setAccuracy(accuracy);
			s->integ->setConstraintTolerance(ctol);
			s->integ->setReturnEveryInternalStep(false);
			s->integ->setMaximumStepSize(dt); // a force callback may not survive far trial stages
			s->integ->initialize(s->state);
			s->dt = dt;
		}
		s->fresh = true; // until the step succeeds
		RungeKuttaMersonIntegrator& integ = *s->integ;
		double end = integ.getTime() + dt;
		while (integ.getTime() < end) {
			integ.stepTo(end);
			if (integ.isSimulationOver()) {
				s->err = "integration ended: " + Integrator::getTerminationReasonString(integ.getTerminationReason());
				return -1;
			}
		}
		s->state = integ.getState();
		s->fresh = false;
		return 0;
	});
}

} // extern "C"
