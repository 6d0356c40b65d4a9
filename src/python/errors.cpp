// Every C++ error mapped once to a Python exception:
//   conquian.Error          the base of the module's own
//   conquian.InputError     (also a ValueError) input that cannot be used, with the CLI's message
//                           and .code (the engine protocol's: bad-ruleset, bad-record, bad-seat, ...)
//   conquian.IllegalMove    a move or action the engine refuses, with .code and .reason as check gives them
//   conquian.Undecided      a Z3 query answered unknown (prove_partition), as exit 3 of the CLI
#include <pybind11/pybind11.h>

#include "prove/z3_check.h"
#include "python/bindings.h"
#include "python/errors.h"
#include "python/game_state.h"
#include "record/input_error.h"
#include "serve/game_session.h"

namespace py = pybind11;

namespace conquian::python {
namespace {

void raise(PyObject* type, const std::string& message, const std::string& code, const std::string* reason) {
  py::object error = py::reinterpret_borrow<py::object>(type)(message);
  error.attr("code") = code;
  if (reason) error.attr("reason") = *reason;
  PyErr_SetObject(type, error.ptr());
}

}  // namespace

void bind_errors(py::module_& m) {
  static py::handle error =
      PyErr_NewExceptionWithDoc("conquian.Error", "The base of conquian's errors.", nullptr, nullptr);
  py::tuple input_bases = py::make_tuple(error, py::handle(PyExc_ValueError));
  static py::handle input = PyErr_NewExceptionWithDoc(
      "conquian.InputError", "Input that cannot be used (.code says which kind), with the CLI's message.",
      input_bases.ptr(), nullptr);
  static py::handle illegal = PyErr_NewExceptionWithDoc(
      "conquian.IllegalMove", "A move the engine refuses: .code and .reason as check gives them.", error.ptr(),
      nullptr);
  static py::handle undecided =
      PyErr_NewExceptionWithDoc("conquian.Undecided", "A question the solver or Z3 left open.", error.ptr(), nullptr);
  m.attr("Error") = error;
  m.attr("InputError") = input;
  m.attr("IllegalMove") = illegal;
  m.attr("Undecided") = undecided;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const IllegalMoveError& e) {
      raise(illegal.ptr(), e.what(), e.code, &e.reason);
    } catch (const IllegalAction& e) {
      const std::string reason = e.what();
      raise(illegal.ptr(), std::string("illegal-action: ") + e.what(), "illegal-action", &reason);
    } catch (const serve::SessionError& e) {
      raise(input.ptr(), e.what(), e.code, nullptr);
    } catch (const record::InputError& e) {
      raise(input.ptr(), e.what(), "bad-input", nullptr);
    } catch (const prove::Z3Undecided& e) { raise(undecided.ptr(), e.what(), "undecided", nullptr); }
  });
}

}  // namespace conquian::python
