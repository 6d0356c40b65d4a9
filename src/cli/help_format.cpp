#include "cli/help_format.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace conquian::cli {
namespace {

constexpr std::size_t kDefaultWidth = 80;
constexpr std::size_t kMinWidth = 60;
constexpr std::size_t kMaxWidth = 100;
// The options' column: names and their values, then the descriptions.
constexpr std::size_t kNameColumn = 26;

std::size_t columns(std::string_view s) {  // UTF-8 characters, not bytes
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::size_t bounded(long w) { return std::clamp(static_cast<std::size_t>(std::max(w, 0L)), kMinWidth, kMaxWidth); }

// Words broken into lines of at most `width` characters (a word longer than that stands
// alone): the first line starts with `first`, each continuation with `hang` blanks.
void wrap_words(const std::string& first, const std::string& words_text, std::size_t hang, std::size_t width,
                std::string& out) {
  std::string current = first;
  std::size_t used = columns(first);
  bool empty = true;
  std::istringstream words(words_text);
  std::string word;
  while (words >> word) {
    const std::size_t w = columns(word);
    if (!empty && used + 1 + w > width) {
      out += current + "\n";
      current = std::string(hang, ' ');
      used = hang;
      empty = true;
    }
    if (!empty) {
      current += ' ';
      ++used;
    }
    current += word;
    used += w;
    empty = false;
  }
  out += current;
}

// One line broken at blanks; its continuations keep its indent (and a list item's).
void wrap_line(const std::string& line, std::size_t width, std::string& out) {
  const std::size_t indent = line.find_first_not_of(' ');
  if (indent == std::string::npos || columns(line) <= width) {
    out += line;
    return;
  }
  const std::size_t hang = indent + (line.compare(indent, 2, "- ") == 0 ? 2 : 0);
  wrap_words(line.substr(0, indent), line.substr(indent), hang, width, out);
}

// The two columns of an option or a subcommand: the name, then the description beside it,
// or under it when the name fills its column.
std::string two_columns(const std::string& name, const std::string& description, std::size_t width) {
  std::string left = "  " + name;
  std::string out;
  const std::size_t body = width - kNameColumn;
  const std::string wrapped = wrap_lines(description, body);
  std::string pad(kNameColumn, ' ');
  if (description.empty()) return left + "\n";
  std::istringstream lines(wrapped);
  std::string line;
  bool first = true;
  if (columns(left) + 1 > kNameColumn) {
    out += left + "\n";
    first = false;
  }
  while (std::getline(lines, line)) {
    if (first) out += left + std::string(kNameColumn - columns(left), ' ') + line + "\n";
    else out += pad + line + "\n";
    first = false;
  }
  return out;
}

class FittingFormatter : public CLI::Formatter {
 public:
  explicit FittingFormatter(std::size_t width) : width_(width) { column_width(kNameColumn); }

  std::string make_description(const CLI::App* app) const override {
    const std::string text = CLI::Formatter::make_description(app);
    return text.empty() ? text : wrap_lines(text, width_) + "\n";  // a blank line before the usage
  }
  std::string make_usage(const CLI::App* app, std::string name) const override {
    // "Usage: conquian check [OPTIONS] FILE...", a continuation under the command's name.
    std::string usage = CLI::Formatter::make_usage(app, name);
    // The options a command cannot do without, in the usage itself: `--ruleset TEXT --deals UINT`.
    std::string required;
    for (const CLI::Option* opt : app->get_options())
      if (opt->get_required() && opt->nonpositional() && !opt->get_lnames().empty())
        required +=
            " --" + opt->get_lnames().front() + " " + opt->get_type_name().substr(0, opt->get_type_name().find(':'));
    if (const std::size_t at = usage.find(" [" + get_label("OPTIONS") + "]"); at != std::string::npos)
      usage.insert(at, required);
    const std::string lead = get_label("Usage") + ":";
    if (!usage.starts_with(lead) || columns(usage) <= width_ + 1) return usage;
    std::string out;
    wrap_words(lead + " ", usage.substr(lead.size()), lead.size() + 1, width_, out);
    return out + "\n";
  }
  std::string make_footer(const CLI::App* app) const override {
    return wrap_lines(CLI::Formatter::make_footer(app), width_);
  }
  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    return two_columns(make_option_name(opt, is_positional) + make_option_opts(opt), make_option_desc(opt), width_);
  }
  std::string make_subcommand(const CLI::App* sub) const override {
    // The list of commands gives each one's first sentence; its own help gives the rest.
    return two_columns(sub->get_display_name(true), first_sentence(sub->get_description()), width_);
  }

 private:
  std::size_t width_;
};

}  // namespace

std::string first_sentence(const std::string& text) {
  const std::size_t stop = text.find(". ");
  const std::size_t line = text.find('\n');
  const std::size_t end = std::min(stop == std::string::npos ? text.size() : stop + 1, line);
  return text.substr(0, end);
}

std::size_t help_width() {
  winsize ws{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return bounded(ws.ws_col);
  if (const char* c = std::getenv("COLUMNS"); c && *c) return bounded(std::strtol(c, nullptr, 10));
  return kDefaultWidth;
}

std::string wrap_lines(const std::string& text, std::size_t width) {
  std::string out;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t end = text.find('\n', from);
    const std::string line = text.substr(from, end == std::string::npos ? std::string::npos : end - from);
    wrap_line(line, width, out);
    if (end == std::string::npos) break;
    out += '\n';
    from = end + 1;
  }
  return out;
}

std::shared_ptr<CLI::Formatter> fitting_formatter(std::size_t width) {
  return std::make_shared<FittingFormatter>(width);
}

}  // namespace conquian::cli
