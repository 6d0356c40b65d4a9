#include "record/document_path.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "record/input_error.h"

namespace conquian::record {
namespace {

namespace fs = std::filesystem;

TrustedFolders& folders() {
  static TrustedFolders dirs;
  return dirs;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Whether `inner` (absolute, normal) is `outer` or below it.
bool is_inside(const fs::path& inner, const fs::path& outer) {
  return std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end()).first == outer.end();
}

std::string kind_of(fs::file_type t) {
  switch (t) {
    case fs::file_type::directory: return "a folder";
    case fs::file_type::fifo: return "a FIFO";
    case fs::file_type::character: return "a character device";
    case fs::file_type::block: return "a block device";
    case fs::file_type::socket: return "a socket";
    default: return "not a regular file";
  }
}

const char* const kRule = " (a document may name only files inside its own folder or inside a --ruleset-dir)";

// One folder's answer: found (path set), refused (refusal set), or not there (both empty).
FollowedPath look_in(const fs::path& folder, const fs::path& relative, const std::string& shown) {
  std::error_code ec;
  const fs::path root = fs::canonical(folder, ec);
  if (ec) return {};
  const fs::path candidate = root / relative;
  const fs::file_status link = fs::symlink_status(candidate, ec);
  if (ec || link.type() == fs::file_type::not_found) return {};
  const fs::path real = fs::canonical(candidate, ec);
  if (ec) return {"", "the path " + shown + " is refused: it is a link that leads nowhere"};
  if (!is_inside(real, root)) return {"", "the path " + shown + " is refused: a link leads out of its folder" + kRule};
  const fs::file_status st = fs::status(real, ec);
  if (ec) return {"", "the path " + shown + " is refused: " + ec.message()};
  if (st.type() != fs::file_type::regular)
    return {"", "the path " + shown + " is refused: it is " + kind_of(st.type()) + ", not a regular file"};
  return {real.string(), ""};
}

}  // namespace

const TrustedFolders& trusted_folders() { return folders(); }
void set_trusted_folders(TrustedFolders dirs) { folders() = std::move(dirs); }

std::string quoted_reference(const std::string& text) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (out.size() >= 120) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "'";
}

bool is_path_reference(const std::string& reference) {
  return reference.find('/') != std::string::npos || ends_with(reference, ".yaml") || ends_with(reference, ".yml");
}

FollowedPath follow_document_path(const std::string& reference, const std::string& naming_file,
                                  const TrustedFolders& trusted) {
  const std::string shown = quoted_reference(reference);
  auto refuse = [&](const std::string& why) { return FollowedPath{"", "the path " + shown + " is refused: " + why}; };
  if (reference.empty()) return refuse("it is empty");
  for (char c : reference)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return refuse("it holds a control character");
  const fs::path given(reference);
  if (given.has_root_path()) return refuse(std::string("it is absolute") + kRule);
  const fs::path relative = given.lexically_normal();
  if (!relative.empty() && *relative.begin() == "..")
    return refuse(std::string("'..' leads out of its folder") + kRule);

  std::vector<fs::path> places;
  const bool from_stdin = naming_file == "-" || naming_file == "<stdin>";
  if (!from_stdin) {
    fs::path dir = fs::path(naming_file).parent_path();
    places.push_back(dir.empty() ? fs::path(".") : dir);
  }
  for (const auto& t : trusted) places.emplace_back(t);
  for (const auto& place : places) {
    FollowedPath p = look_in(place, relative, shown);
    if (!p.path.empty() || p.refused()) return p;
  }
  if (from_stdin)
    return refuse(trusted.empty() ? "a document read from standard input has no folder, and no --ruleset-dir is given"
                                  : "it is in no --ruleset-dir");
  return refuse(trusted.empty() ? "there is no such file in the document's folder"
                                : "there is no such file in the document's folder or a --ruleset-dir");
}

std::string read_followed_file(const std::string& path, std::size_t max_bytes) {
  // O_NONBLOCK: a FIFO put in the file's place since it was looked at opens at once, and
  // fstat refuses it.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) throw InputError(path, {}, std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw InputError(path, {}, "cannot read: not a regular file");
  }
  std::string text;
  char buf[1 << 14];
  for (;;) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int error = errno;
      ::close(fd);
      throw InputError(path, {}, std::string("cannot read: ") + std::strerror(error));
    }
    if (got == 0) break;
    text.append(buf, static_cast<std::size_t>(got));
    if (text.size() > max_bytes) {
      ::close(fd);
      throw InputError(path, {}, "the file has more than " + std::to_string(max_bytes) + " bytes, the limit");
    }
  }
  ::close(fd);
  return text;
}

}  // namespace conquian::record
