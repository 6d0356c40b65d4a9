// The schema's messages (SchemaPath), and the schema compiled for YAML's event stream
// (record_schema.h holds the schema; json_record_reader.cpp compiles it for JSON).
#include "record/record_schema.h"

#include <string>

#include "record/record_events.h"

namespace conquian::record::detail {

std::string SchemaPath::path_text() const {
  std::string s;
  for (const PathStep& step : path_) {
    if (step.key != nullptr) {
      if (!s.empty()) s += '.';
      s += step.key;
    } else {
      s += '[';
      s += std::to_string(step.index);
      s += ']';
    }
  }
  return s;
}

std::string SchemaPath::located(Mark mark, const std::string& reason) const {
  std::string s = name_;
  s += ':';
  s += std::to_string(mark.line);
  s += ':';
  s += std::to_string(mark.column);
  s += ": ";
  const std::string path = path_text();
  if (!path.empty()) {
    s += path;
    s += ": ";
  }
  s += reason;
  return s;
}

template void read_document<EventStream>(EventStream&, GameRecord&, MatchHeader&, bool&, SchemaScratch&);

}  // namespace conquian::record::detail
