// `import conquian`: the engine, checker and solvers from Python (specs/python.md).
#include <pybind11/pybind11.h>

#include "python/bindings.h"
#include "record/document_path.h"
#include "record/json_text.h"

namespace py = pybind11;

namespace conquian::python {

nlohmann::json to_json(const py::handle& value) {
  py::object text = py::module_::import("json").attr("dumps")(value);
  return nlohmann::json::parse(text.cast<std::string>());
}

py::object from_json(const nlohmann::json& value) {
  return py::module_::import("json").attr("loads")(record::json_dump(value));
}

py::object from_json(const nlohmann::ordered_json& value) {
  return py::module_::import("json").attr("loads")(record::json_dump(value));
}

Source read_source(const std::string& text_or_path, const char* text_name) {
  if (text_or_path.find('\n') != std::string::npos) return {text_or_path, text_name, false};
  // As the CLI reads a record file: at most 1 GiB, never blocking on a FIFO.
  return {record::read_followed_file(text_or_path, std::size_t{1} << 30), text_or_path, true};
}

}  // namespace conquian::python

PYBIND11_MODULE(conquian, m) {
  m.doc() =
      "conquian: the rules engine, checker and solvers of the card game Conquian.\n\n"
      ">>> import conquian\n"
      ">>> state = conquian.ruleset('american').new_game(seed=1)\n"
      ">>> state.legal_moves()[0]\n"
      "{'seat': 1, 'turn': '...'}\n";
  m.attr("__version__") = CONQUIAN_VERSION;
  conquian::python::bind_errors(m);
  conquian::python::bind_ruleset(m);
  conquian::python::bind_game(m);
  conquian::python::bind_openspiel(m);
  conquian::python::bind_fast_calls(m);  // after bind_openspiel: replaces its hot calls
  conquian::python::bind_batch(m);
  conquian::python::bind_submodules(m);
}
