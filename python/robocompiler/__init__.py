"""RoboCompiler from Python: compiled closed-chain interfaces over the C library.

RoboCompiler compiles robots with kinematic loops into their closure residual, the lift
E (all speeds from the independent ones), the curvature c, the port map L and the
reduced dynamics M_r, h_r. This package calls the C library librobocompiler.so through
ctypes; it needs numpy and nothing else.

    import robocompiler
    model = robocompiler.load("excavator", partition="joint_space")
    data = model.data()
    data.assemble("default")
    data.set_state(u=[0.1] * data.mobility)
    Mr, hr = data.reduced_dynamics()
    udot = data.forward(port_efforts)

The model is read-only and may be shared between threads; each thread uses its own
Data (the library releases the GIL during calls). Arrays are numpy float64, row-major;
results are new arrays unless an ``out=`` array is given, which is filled in place.
Errors of the library raise RoboCompilerError subclasses with the library's message;
wrong shapes raise ValueError and wrong dtypes TypeError before the library is called.

The library is found in ROBOCOMPILER_LIB (a path to the .so) or next to this file
(scripts/build-python.sh puts it there).
"""

import ctypes as _ct
import os as _os

import numpy as _np

__all__ = [
    "load",
    "load_string",
    "Model",
    "Data",
    "RoboCompilerError",
    "InvalidInput",
    "Usage",
    "Numerical",
    "InternalError",
    "library_path",
]


class RoboCompilerError(Exception):
    """An error reported by the library; ``code`` is its return code, str() its message."""

    code = None

    def __init__(self, message, code=None):
        super().__init__(message)
        if code is not None:
            self.code = code


class InvalidInput(RoboCompilerError):
    """The model or the input is invalid (RC_ERR_INVALID): the message names file, record and field."""

    code = 1


class Usage(RoboCompilerError):
    """A bad argument reached the library (RC_ERR_USAGE), e.g. a call before assemble()."""

    code = 2


class Numerical(RoboCompilerError):
    """A numerical failure (RC_ERR_NUMERICAL): no convergence, singular partition, rank change."""

    code = 3


class InternalError(RoboCompilerError):
    """A bug in the library (RC_ERR_INTERNAL, a recovered panic); please report the message."""

    code = 70


_ERRORS = {1: InvalidInput, 2: Usage, 3: Numerical, 70: InternalError}

_P = _ct.c_void_p
_I = _ct.c_int
_S = _ct.c_char_p

# Signatures of robocompiler.h: name -> (restype, argtypes).
_SIGNATURES = {
    "rc_load_file": (_I, [_S, _S, _ct.POINTER(_P), _ct.c_char_p, _I]),
    "rc_load_string": (_I, [_S, _S, _S, _ct.POINTER(_P), _ct.c_char_p, _I]),
    "rc_free_model": (None, [_P]),
    "rc_model_error": (_I, [_P, _ct.c_char_p, _I]),
    "rc_nq": (_I, [_P]),
    "rc_nv": (_I, [_P]),
    "rc_nvt": (_I, [_P]),
    "rc_nrows": (_I, [_P]),
    "rc_nports": (_I, [_P]),
    "rc_nsites": (_I, [_P]),
    "rc_nbodies": (_I, [_P]),
    "rc_name": (_I, [_P, _I, _I, _ct.c_char_p, _I]),
    "rc_joint_frames": (_I, [_P, _S, _P, _I, _P, _I]),
    "rc_task_dim": (_I, [_P, _S]),
    "rc_data_new": (_I, [_P, _ct.POINTER(_P)]),
    "rc_free_data": (None, [_P]),
    "rc_last_error": (_S, [_P]),
    "rc_mobility": (_I, [_P]),
    "rc_independent": (_I, [_P, _P, _I]),
    "rc_assemble": (_I, [_P, _S]),
    "rc_set_state": (_I, [_P, _P, _I, _P, _I]),
    "rc_set_full_state": (_I, [_P, _P, _I, _P, _I]),
    "rc_get_state": (_I, [_P, _P, _I, _P, _I]),
    "rc_track": (_I, [_P, _P, _I, _P, _I]),
    "rc_closure": (_I, [_P, _P, _I, _P, _I]),
    "rc_lift": (_I, [_P, _P, _I]),
    "rc_velocity": (_I, [_P, _P, _I, _P, _I]),
    "rc_port_map": (_I, [_P, _P, _I, _P, _I]),
    "rc_frame_pose": (_I, [_P, _S, _P, _I]),
    "rc_task": (_I, [_P, _S, _P, _I, _P, _I, _P, _I]),
    "rc_world_wrench": (_I, [_P, _S, _P, _P, _P, _I]),
    "rc_tree_dynamics": (_I, [_P, _P, _I, _P, _I, _P, _I]),
    "rc_reduced_dynamics": (_I, [_P, _P, _I, _P, _I, _P, _I]),
    "rc_forward": (_I, [_P, _P, _I, _P, _I, _P, _I]),
    "rc_inverse": (_I, [_P, _P, _I, _P, _I]),
    "rc_forward_derivatives": (_I, [_P, _P, _I, _P, _I, _P, _I, _P, _I, _P, _I]),
    "rc_inverse_derivatives": (_I, [_P, _P, _I, _P, _I, _P, _I, _P, _I, _P, _I]),
}

_lib = None


def library_path():
    """Return the path of the C library this package loads: $ROBOCOMPILER_LIB, else
    librobocompiler.so next to this file."""
    env = _os.environ.get("ROBOCOMPILER_LIB")
    if env:
        return env
    return _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "librobocompiler.so")


def _library():
    """Load the C library once and declare its functions."""
    global _lib
    if _lib is None:
        path = library_path()
        if not _os.path.exists(path):
            raise ImportError(
                "robocompiler: the C library %s is missing; build it with scripts/build-python.sh "
                "or point ROBOCOMPILER_LIB at librobocompiler.so" % path
            )
        lib = _ct.CDLL(path)
        for name, (res, args) in _SIGNATURES.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args
        _lib = lib
    return _lib


def _bytes(s, what):
    """Encode a str argument as UTF-8 bytes (None stays None)."""
    if s is None:
        return None
    if not isinstance(s, str):
        raise TypeError("%s must be a str, not %s" % (what, type(s).__name__))
    return s.encode()


def _raise(code, message):
    """Raise the exception class of a library return code."""
    raise _ERRORS.get(code, RoboCompilerError)(message, code)


def _vector(x, n, name):
    """Return x as a C-contiguous float64 array of shape (n,), or raise TypeError/ValueError."""
    return _array(x, (n,), name)


def _array(x, shape, name):
    """Return x as a C-contiguous float64 array of the given shape (a numpy array must
    already be float64; sequences are converted), or raise TypeError/ValueError."""
    if isinstance(x, _np.ndarray):
        if x.dtype != _np.float64:
            raise TypeError("%s: dtype %s; want float64" % (name, x.dtype))
    else:
        try:
            x = _np.asarray(x, dtype=_np.float64)
        except (TypeError, ValueError) as e:
            raise TypeError("%s: cannot convert to a float64 array: %s" % (name, e)) from None
    if x.shape != shape:
        raise ValueError("%s: shape %s; want %s" % (name, x.shape, shape))
    if not x.flags.c_contiguous:
        x = _np.ascontiguousarray(x)
    return x


def _output(out, shape, name):
    """Return out (a writable C-contiguous float64 array of the given shape) or a new one."""
    if out is None:
        return _np.empty(shape)
    if not isinstance(out, _np.ndarray):
        raise TypeError("%s: out must be a numpy array" % name)
    if out.dtype != _np.float64:
        raise TypeError("%s: out has dtype %s; want float64" % (name, out.dtype))
    if out.shape != shape:
        raise ValueError("%s: out has shape %s; want %s" % (name, out.shape, shape))
    if not (out.flags.c_contiguous and out.flags.writeable):
        raise ValueError("%s: out must be C-contiguous and writeable" % name)
    return out


def _ptr(a):
    """The address of a numpy array's data (None for None)."""
    return None if a is None else a.ctypes.data


def load(path, partition=None):
    """Load and compile a model: a CMG .json, MJCF .xml or .urdf file, or the name of a
    built-in model ("stewart", "excavator", "fourbar", ...). partition names one of the
    model's partition requests (None: the rank-revealing partition chooses).
    Raises InvalidInput with the library's message for a bad file, model or partition."""
    lib = _library()
    h = _P()
    err = _ct.create_string_buffer(1024)
    rc = lib.rc_load_file(_bytes(str(path), "path"), _bytes(partition, "partition"), _ct.byref(h), err, 1024)
    if rc:
        _raise(rc, err.value.decode(errors="replace"))
    return Model(h)


def load_string(text, format, partition=None):
    """Load a model from its text; format is "cmg" (CMG JSON), "mjcf" or "urdf".
    Otherwise as load()."""
    lib = _library()
    h = _P()
    err = _ct.create_string_buffer(1024)
    rc = lib.rc_load_string(_bytes(text, "text"), _bytes(format, "format"), _bytes(partition, "partition"), _ct.byref(h), err, 1024)
    if rc:
        _raise(rc, err.value.decode(errors="replace"))
    return Model(h)


class Model:
    """A compiled mechanism (rc_model): sizes, names, and workspaces via data().

    Read-only and safe to share between threads. Create it with load() or
    load_string(); it is freed when the last reference (including its Data) goes."""

    def __init__(self, handle):
        """Wrap a library handle (use load() or load_string())."""
        self._lib = _library()
        self._h = handle
        lib, h = self._lib, handle
        self.nq = lib.rc_nq(h)
        """Number of configuration coordinates."""
        self.nv = lib.rc_nv(h)
        """Number of velocity coordinates (tree first, then retained cut joints)."""
        self.nvt = lib.rc_nvt(h)
        """Number of tree velocity coordinates."""
        self.nrows = lib.rc_nrows(h)
        """Number of closure residual rows."""
        self.nports = lib.rc_nports(h)
        """Number of actuator ports."""
        self.nsites = lib.rc_nsites(h)
        """Number of sites."""
        self.nbodies = lib.rc_nbodies(h)
        """Number of bodies (the ground excluded; external forces have nbodies+1 rows)."""
        self.coordinate_names = self._names(0, self.nv)
        """Labels of the velocity coordinates (joint id, or "id[k]")."""
        self.port_names = self._names(1, self.nports)
        """Actuator ids of the ports, in port order."""
        self.site_names = self._names(2, self.nsites)
        """Site ids."""
        self.body_names = self._names(3, self.nbodies)
        """Body ids (body i is node i+1 in external-force arrays)."""

    def _names(self, kind, n):
        """Read n names of a kind from the library."""
        buf = _ct.create_string_buffer(512)
        out = []
        for i in range(n):
            self._check(self._lib.rc_name(self._h, kind, i, buf, 512))
            out.append(buf.value.decode())
        return tuple(out)

    def _check(self, rc):
        """Raise the library's error of a model-level call."""
        if rc:
            buf = _ct.create_string_buffer(1024)
            self._lib.rc_model_error(self._h, buf, 1024)
            _raise(rc, buf.value.decode(errors="replace"))

    def close(self):
        """Free the model now (its Data objects keep working only until then: close them first)."""
        if self._h:
            self._lib.rc_free_model(self._h)
            self._h = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def data(self):
        """Return a new workspace (Data) for this model; it holds no state until assemble()."""
        h = _P()
        self._check(self._lib.rc_data_new(self._h, _ct.byref(h)))
        return Data(self, h)

    def task_dim(self, site):
        """Dimension of the task on a site or body: 3 for a point site, 6 for a frame."""
        d = self._lib.rc_task_dim(self._h, _bytes(site, "site"))
        if d < 0:
            self._check(1)
        return d

    def joint_frames(self, joint):
        """The placement frames (A in the joint's first body, B in its second) of a joint,
        as two 4x4 homogeneous transforms."""
        A, B = _np.empty(12), _np.empty(12)
        self._check(self._lib.rc_joint_frames(self._h, _bytes(joint, "joint"), _ptr(A), 12, _ptr(B), 12))
        return _homogeneous(A), _homogeneous(B)


def _homogeneous(p):
    """A 4x4 transform from 12 doubles (row-major R, then the translation)."""
    T = _np.eye(4)
    T[:3, :3] = p[:9].reshape(3, 3)
    T[:3, 3] = p[9:]
    return T


class Data:
    """A workspace (rc_data) holding one state of a model: assemble it, set a state,
    then evaluate the interfaces and the dynamics. Use one per thread."""

    def __init__(self, model, handle):
        """Wrap a library handle (use Model.data())."""
        self.model = model
        """The model this workspace evaluates."""
        self._lib = model._lib
        self._h = handle
        self._n = -1
        self._nf = model.nports
        self._fx = (model.nbodies + 1, 6)

    def close(self):
        """Free the workspace now."""
        if self._h:
            self._lib.rc_free_data(self._h)
            self._h = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def _check(self, rc):
        """Raise the library's error of the last call."""
        if rc:
            _raise(rc, self._lib.rc_last_error(self._h).decode(errors="replace"))

    @property
    def mobility(self):
        """Number of independent speeds D (-1 before assemble())."""
        return self._lib.rc_mobility(self._h)

    def _D(self):
        """D, required to be known (Usage before assemble())."""
        if self._n < 0:
            raise Usage("the workspace holds no state; call assemble() first", 2)
        return self._n

    def _fext(self, fext):
        """Validate external forces: None, or an (nbodies+1, 6) array of body-frame wrenches."""
        if fext is None:
            return None, 0
        f = _array(fext, self._fx, "fext")
        return f, f.size

    def assemble(self, seed=None):
        """Assemble a feasible configuration from the model's named seed (None or
        "default" for the default), at rest. Raises InvalidInput for an unknown seed,
        Numerical when assembly does not converge."""
        self._check(self._lib.rc_assemble(self._h, _bytes(seed, "seed")))
        self._n = self._lib.rc_mobility(self._h)

    @property
    def independent(self):
        """Velocity indices of the independent coordinates (int array of length D)."""
        idx = _np.empty(self._D(), dtype=_np.intc)
        self._check(self._lib.rc_independent(self._h, _ptr(idx), idx.size))
        return idx.astype(int)

    @property
    def independent_names(self):
        """Names of the independent coordinates."""
        names = self.model.coordinate_names
        return tuple(names[i] for i in self.independent)

    def set_state(self, u, udot=None):
        """Set the independent speeds u (D,) and optionally their accelerations udot (D,)
        for inverse()."""
        n = self._D()
        u = _vector(u, n, "u")
        ud = None if udot is None else _vector(udot, n, "udot")
        self._check(self._lib.rc_set_state(self._h, u.ctypes.data, n, _ptr(ud), n))

    def set_full_state(self, q, v):
        """Set a feasible configuration q (nq,) and velocity v (nv,); raises InvalidInput
        when they are off the closure."""
        m = self.model
        q, v = _vector(q, m.nq, "q"), _vector(v, m.nv, "v")
        self._check(self._lib.rc_set_full_state(self._h, q.ctypes.data, m.nq, v.ctypes.data, m.nv))

    @property
    def q(self):
        """A copy of the configuration (nq,)."""
        q = _np.empty(self.model.nq)
        self._check(self._lib.rc_get_state(self._h, q.ctypes.data, q.size, None, 0))
        return q

    @property
    def u(self):
        """A copy of the independent speeds (D,)."""
        u = _np.empty(self._D())
        self._check(self._lib.rc_get_state(self._h, None, 0, u.ctypes.data, u.size))
        return u

    def track(self, du, out=None):
        """Move the independent coordinates by du (D,) along the closure and return the
        new configuration (nq,). A mechanism event raises Numerical (state unchanged)."""
        n = self._D()
        du = _vector(du, n, "du")
        q = _output(out, (self.model.nq,), "track")
        self._check(self._lib.rc_track(self._h, du.ctypes.data, n, q.ctypes.data, q.size))
        return q

    def closure(self):
        """The closure residual rho (rows,) and its Jacobian C (rows, nv) at the configuration."""
        m = self.model
        rho, C = _np.empty(m.nrows), _np.empty((m.nrows, m.nv))
        self._check(self._lib.rc_closure(self._h, rho.ctypes.data, rho.size, C.ctypes.data, C.size))
        return rho, C

    def lift(self, out=None):
        """The lift E (nv, D): v = E u for every feasible velocity."""
        E = _output(out, (self.model.nv, self._D()), "lift")
        self._check(self._lib.rc_lift(self._h, E.ctypes.data, E.size))
        return E

    def velocity(self):
        """The feasible velocity v = E u (nv,) and the curvature c = Edot u (nv,)."""
        nv = self.model.nv
        v, c = _np.empty(nv), _np.empty(nv)
        self._check(self._lib.rc_velocity(self._h, v.ctypes.data, nv, c.ctypes.data, nv))
        return v, c

    def curvature(self):
        """The curvature c = Edot u (nv,): the acceleration of every coordinate at udot = 0."""
        return self.velocity()[1]

    def port_map(self):
        """Port displacements ell (nports,) and the port map L (nports, D): ell_dot = L u."""
        nf, n = self._nf, self._D()
        ell, L = _np.empty(nf), _np.empty((nf, n))
        self._check(self._lib.rc_port_map(self._h, ell.ctypes.data, nf, L.ctypes.data, L.size))
        return ell, L

    def frame_pose(self, name):
        """World pose (4x4 homogeneous) of a site or body at the configuration."""
        p = _np.empty(12)
        self._check(self._lib.rc_frame_pose(self._h, _bytes(name, "name"), p.ctypes.data, 12))
        return _homogeneous(p)

    def task(self, site):
        """The task on a site or body: value x (dim,), Jacobian J = J_x E (dim, D) and the
        bias Jdot u (dim,), so that xddot = J udot + Jdot u (see robocompiler.h, rc_task)."""
        dim, n = self.model.task_dim(site), self._D()
        x, J, b = _np.empty(dim), _np.empty((dim, n)), _np.empty(dim)
        self._check(self._lib.rc_task(self._h, _bytes(site, "site"), x.ctypes.data, dim, J.ctypes.data, J.size, b.ctypes.data, dim))
        return x, J, b

    def task_jacobian(self, site):
        """The task Jacobian J = J_x E (dim, D) of a site or body."""
        return self.task(site)[1]

    def world_wrench(self, body, point, wrench, fext=None):
        """Add the world-frame wrench [moment; force] (6,) applied at point (3,, body
        coordinates) of body to fext ((nbodies+1, 6), body frames; None: a new zero
        array) and return fext."""
        if fext is None:
            fext = _np.zeros(self._fx)
        else:
            fext = _output(fext, self._fx, "fext")
        p, w = _vector(point, 3, "point"), _vector(wrench, 6, "wrench")
        self._check(self._lib.rc_world_wrench(self._h, _bytes(body, "body"), p.ctypes.data, w.ctypes.data, fext.ctypes.data, fext.size))
        return fext

    def tree_dynamics(self, fext=None):
        """Tree mass matrix M_T (nvt, nvt) and bias h_T (nvt,) with external forces fext."""
        nt = self.model.nvt
        f, nfx = self._fext(fext)
        M, h = _np.empty((nt, nt)), _np.empty(nt)
        self._check(self._lib.rc_tree_dynamics(self._h, _ptr(f), nfx, M.ctypes.data, M.size, h.ctypes.data, nt))
        return M, h

    def reduced_dynamics(self, fext=None):
        """Reduced inertia M_r (D, D) and bias h_r (D,) with external forces fext
        ((nbodies+1, 6) body-frame wrenches, or None): M_r udot + h_r = tau_r."""
        n = self._D()
        f, nfx = self._fext(fext)
        M, h = _np.empty((n, n)), _np.empty(n)
        self._check(self._lib.rc_reduced_dynamics(self._h, _ptr(f), nfx, M.ctypes.data, M.size, h.ctypes.data, n))
        return M, h

    def forward(self, port_efforts=None, fext=None, out=None):
        """Reduced forward dynamics: udot (D,) for the port efforts (nports,; None: zero)
        and external forces fext ((nbodies+1, 6) or None). out, if given, is filled."""
        n = self._n
        if n < 0:
            self._D()
        if port_efforts is None:
            fp, nf = None, 0
        else:
            f = port_efforts
            if not (type(f) is _np.ndarray and f.dtype == _np.float64 and f.shape == (self._nf,) and f.flags.c_contiguous):
                f = _vector(f, self._nf, "port_efforts")
            fp, nf = f.ctypes.data, self._nf
        if fext is None:
            xp, nx = None, 0
        else:
            fx, nx = self._fext(fext)
            xp = fx.ctypes.data
        ud = _np.empty(n) if out is None else _output(out, (n,), "forward")
        rc = self._lib.rc_forward(self._h, fp, nf, xp, nx, ud.ctypes.data, n)
        if rc:
            self._check(rc)
        return ud

    def inverse(self, udot=None, fext=None, out=None):
        """Reduced inverse dynamics: tau_r = M_r udot + h_r (D,) with external forces fext.
        udot (D,) is set first when given (else the udot of the last set_state)."""
        n = self._D()
        if udot is not None:
            self.set_state(self.u, udot)
        f, nfx = self._fext(fext)
        tau = _output(out, (n,), "inverse")
        self._check(self._lib.rc_inverse(self._h, _ptr(f), nfx, tau.ctypes.data, n))
        return tau

    def forward_derivatives(self, port_efforts=None, fext=None):
        """Partial derivatives of the reduced forward dynamics udot = FD(q_I, u, f) at the
        current state, in Pinocchio's convention: (dudot_dq (D, D), dudot_du (D, D),
        dudot_df (D, nports)), with q_I the independent coordinates moved along the closure
        (the parametrisation of track). Analytic (exact to round-off) on models of
        revolute, prismatic, helical, spherical and free joints with joint ports; otherwise
        the q_I partials are Richardson-extrapolated differences along the closure."""
        n = self._D()
        f = None if port_efforts is None else _vector(port_efforts, self._nf, "port_efforts")
        x, nfx = self._fext(fext)
        dq, du, df = _np.empty((n, n)), _np.empty((n, n)), _np.empty((n, self._nf))
        self._check(self._lib.rc_forward_derivatives(
            self._h, _ptr(f), 0 if f is None else self._nf, _ptr(x), nfx,
            dq.ctypes.data, dq.size, du.ctypes.data, du.size, df.ctypes.data, df.size))
        return dq, du, df

    def inverse_derivatives(self, udot=None, fext=None):
        """Port efforts f (D,) of the reduced inverse dynamics f = ID(q_I, u, udot) and its
        partials (df_dq, df_du, df_dudot), each (D, D), for an exactly actuated model
        (nports = D; otherwise InvalidInput). udot (D,) is set first when given."""
        n = self._D()
        if udot is not None:
            self.set_state(self.u, udot)
        x, nfx = self._fext(fext)
        f = _np.empty(self._nf)
        dq, du, dud = _np.empty((n, n)), _np.empty((n, n)), _np.empty((n, n))
        self._check(self._lib.rc_inverse_derivatives(
            self._h, _ptr(x), nfx, f.ctypes.data, f.size,
            dq.ctypes.data, dq.size, du.ctypes.data, du.size, dud.ctypes.data, dud.size))
        return f, dq, du, dud
