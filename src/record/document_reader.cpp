#include "record/document_reader.h"

#include <utility>

#include "record/json_record_reader.h"
#include "record/record_events.h"
#include "record/yaml_stretch.h"

namespace conquian::record {

struct DocumentReader::Impl {
  Impl(const std::string& name_, const ReadLimits& limits_)
      : name(name_), limits(limits_), json(name_, limits_), yaml(name_, limits_) {}
  const std::string& name;
  const ReadLimits& limits;
  JsonDocumentReader json;
  detail::EventStream yaml;
  detail::SchemaScratch scratch;
};

DocumentReader::DocumentReader(const std::string& name, const ReadLimits& limits)
    : impl_(std::make_unique<Impl>(name, limits)) {}
DocumentReader::~DocumentReader() = default;

void DocumentReader::read(const FoundDocument& found, DocumentRead& out) {
  out.items.clear();
  out.in_order = false;
  switch (found.kind) {
    case DocumentKind::JsonLine: out.items.push_back(impl_->json.read_line(found)); return;
    case DocumentKind::JsonElement: {
      // An element the cut could not find whole has no text: the file's own parse reads it.
      std::optional<ReadItem> item;
      if (found.text.data() != nullptr) item = impl_->json.read_element(found);
      if (item) out.items.push_back(std::move(*item));
      else out.in_order = true;
      return;
    }
    case DocumentKind::YamlStretch:
      out.in_order = !detail::read_yaml_stretch(found.text, found.line, impl_->yaml, impl_->scratch, impl_->name,
                                                impl_->limits, out.items);
      return;
  }
}

}  // namespace conquian::record
