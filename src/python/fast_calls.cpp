// The calls of the OpenSpiel loop (is_terminal, is_chance_node, current_player,
// legal_actions, apply_action) bound through CPython's own method calls rather than pybind11's
// dispatcher: a random playout makes four of them per action, and pybind11's argument
// matching and type lookups cost several times what the C++ behind a cached state does
// (specs/python.md, "Speed"). They call the same GameState methods; C++ exceptions go through
// the module's translators (errors.cpp), as pybind11 would send them.
#include <pybind11/pybind11.h>

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <vector>

#include "python/action_steps.h"
#include "python/bindings.h"
#include "python/game_state.h"

namespace py = pybind11;

namespace conquian::python {
namespace {

// The GameState a State object holds (the descriptor has checked that self is a State).
GameState& state_of(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  if (inst->simple_layout && inst->simple_value_holder[0] != nullptr)
    return *static_cast<GameState*>(inst->simple_value_holder[0]);
  return py::handle(self).cast<GameState&>();  // a subclass: pybind11's own lookup
}

// Sets the Python error for the exception being handled, as pybind11's dispatcher does.
PyObject* raise_current() {
  try {
    throw;
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  } catch (...) {
    if (py::detail::apply_exception_translators(py::detail::get_local_internals().registered_exception_translators))
      return nullptr;
    if (py::detail::apply_exception_translators(py::detail::get_internals().registered_exception_translators))
      return nullptr;
    PyErr_SetString(PyExc_SystemError, "an exception escaped the module's translators");
    return nullptr;
  }
}

PyObject* is_terminal(PyObject* self, PyObject*) {
  try {
    return PyBool_FromLong(state_of(self).is_terminal());
  } catch (...) { return raise_current(); }
}

PyObject* is_chance_node(PyObject* self, PyObject*) {
  try {
    return PyBool_FromLong(state_of(self).is_chance_node());
  } catch (...) { return raise_current(); }
}

PyObject* current_player(PyObject* self, PyObject*) {
  try {
    return PyLong_FromLong(state_of(self).current_player());
  } catch (...) { return raise_current(); }
}

// The ints of every action id, made once: a list of actions then holds new references to
// them rather than fresh ints (Python keeps only -5 to 256; the ids go to the larger of the
// games' action spaces).
PyObject* action_int(int action) {
  static std::vector<PyObject*> ints(static_cast<std::size_t>(std::max(conquian_layout().size(), pan_layout().size())));
  if (action < 0 || static_cast<std::size_t>(action) >= ints.size()) return PyLong_FromLong(action);
  PyObject*& v = ints[action];
  if (!v && !(v = PyLong_FromLong(action))) return nullptr;  // kept for the life of the process
  Py_INCREF(v);
  return v;
}

PyObject* action_list(const std::vector<int>& values) {
  PyObject* out = PyList_New(static_cast<Py_ssize_t>(values.size()));
  if (!out) return nullptr;
  for (std::size_t i = 0; i < values.size(); ++i) {
    PyObject* v = action_int(values[i]);
    if (!v) {
      Py_DECREF(out);
      return nullptr;
    }
    PyList_SET_ITEM(out, static_cast<Py_ssize_t>(i), v);
  }
  return out;
}

// legal_actions(player=None): the player's actions ([] for another seat's turn).
PyObject* legal_actions(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  try {
    PyObject* player = nargs > 0 ? args[0] : nullptr;
    const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs + nkw > 1) {
      PyErr_SetString(PyExc_TypeError, "legal_actions() takes at most one argument (player)");
      return nullptr;
    }
    if (nkw == 1) {
      if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "player") != 0) {
        PyErr_SetString(PyExc_TypeError, "legal_actions() takes one keyword argument: player");
        return nullptr;
      }
      player = args[0];
    }
    const GameState& g = state_of(self);
    if (player && player != Py_None) {
      const long seat = PyLong_AsLong(player);
      if (seat == -1 && PyErr_Occurred()) return nullptr;
      if (seat != g.current_player()) return PyList_New(0);
    }
    thread_local std::vector<int> actions;  // kept from call to call: no allocation per call
    g.legal_actions(actions);
    return action_list(actions);
  } catch (...) { return raise_current(); }
}

PyObject* apply_action(PyObject* self, PyObject* action) {
  try {
    int overflow = 0;
    const long a = PyLong_AsLongAndOverflow(action, &overflow);
    if (a == -1 && PyErr_Occurred()) return nullptr;
    if (overflow || a < INT_MIN || a > INT_MAX) {
      PyErr_SetString(PyExc_OverflowError, "apply_action: the action is out of range");
      return nullptr;
    }
    state_of(self).apply_action(static_cast<int>(a));
    Py_RETURN_NONE;
  } catch (...) { return raise_current(); }
}

PyMethodDef methods[] = {
    {"is_terminal", is_terminal, METH_NOARGS, "True when the game is over."},
    {"is_chance_node", is_chance_node, METH_NOARGS,
     "True when the next step is a turn from an unknown stock: each unseen card is an outcome."},
    {"current_player", current_player, METH_NOARGS,
     "The seat to choose, CHANCE_PLAYER (-1) at a chance node, TERMINAL_PLAYER (-4) when over."},
    {"legal_actions", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(legal_actions)),
     METH_FASTCALL | METH_KEYWORDS,
     "legal_actions(player=None): the next steps of the legal moves, ascending (specs/python.md, \"Actions\"); [] "
     "when player is given and it is not that player's step."},
    {"apply_action", apply_action, METH_O,
     "apply_action(action): chooses one step; the move is played when its last step is chosen. Raises IllegalMove "
     "for an action that is not legal here."},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void bind_fast_calls(py::module_& m) {
  py::object state = m.attr("State");
  auto* type = reinterpret_cast<PyTypeObject*>(state.ptr());
  for (PyMethodDef* def = methods; def->ml_name; ++def) {
    py::object descr = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, def));
    if (!descr) throw py::error_already_set();
    if (PyObject_SetAttrString(state.ptr(), def->ml_name, descr.ptr()) != 0) throw py::error_already_set();
  }
}

}  // namespace conquian::python
