// The module's Python submodules, compiled in (conquian.openspiel: src/python/openspiel_game.py).
// `import conquian.openspiel` finds it through a finder on sys.meta_path that runs the embedded
// source the first time it is imported, so pyspiel is looked for then, not at `import conquian`.
#include <pybind11/eval.h>
#include <pybind11/pybind11.h>

#include "python/bindings.h"
#include "python/openspiel_source.h"

namespace py = pybind11;

namespace conquian::python {

void bind_submodules(py::module_& m) {
  m.attr("__path__") = py::list();  // a package: its submodules come from the finder below
  py::dict scope;
  scope["sources"] = py::dict(py::arg("conquian.openspiel") = kOpenSpielSource);
  py::exec(R"py(
import importlib.abc
import importlib.util
import sys

class EmbeddedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds conquian's submodules compiled into the extension."""
    def __init__(self, sources):
        self.sources = sources
    def find_spec(self, name, path=None, target=None):
        if name in self.sources:
            return importlib.util.spec_from_loader(name, self, origin="conquian (compiled in)")
        return None
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        name = module.__name__
        code = compile(self.sources[name], name.replace(".", "/") + ".py", "exec")
        exec(code, module.__dict__)

sys.meta_path.append(EmbeddedFinder(sources))
)py",
           scope);
}

}  // namespace conquian::python
