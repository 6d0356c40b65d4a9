#include "record/text_scan.h"

#include <array>
#include <cstdio>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace conquian::record::detail {
namespace {

#if defined(__SSE2__)
// Whether the 16 bytes at `s` are all fine on their own (printable ASCII, tab, LF, CR): a
// record file is mostly such runs, which are then passed over 16 bytes at a time.
bool plain16(const unsigned char* s) {
  const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
  // A signed compare: bytes from 0x80 up are negative, so "below 0x20" takes them in too.
  const __m128i low = _mm_cmplt_epi8(x, _mm_set1_epi8(0x20));
  const __m128i breaks =
      _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\r'))),
                   _mm_cmpeq_epi8(x, _mm_set1_epi8('\t')));
  const __m128i bad = _mm_or_si128(_mm_andnot_si128(breaks, low), _mm_cmpeq_epi8(x, _mm_set1_epi8(0x7F)));
  return _mm_movemask_epi8(bad) == 0;
}
#endif

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

std::string hex_byte(unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned>(c));
  return buf;
}

std::string code_point(std::uint32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf;
}

// The characters libyaml's reader accepts (yaml_parser_update_buffer).
bool allowed(std::uint32_t cp) {
  return cp == 0x09 || cp == 0x0A || cp == 0x0D || (cp >= 0x20 && cp <= 0x7E) || cp == 0x85 ||
         (cp >= 0xA0 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
}

// Whether libyaml reads the character at `i` as blank or the end (IS_BLANKZ): after a
// marker's three characters.
bool blank_or_end(std::string_view t, std::size_t i) {
  return i == t.size() || t[i] == ' ' || t[i] == '\t' || t[i] == '\0' || break_length(t, i) != 0;
}

bool is_marker(std::string_view text, std::size_t offset, const char* three) {
  return text.size() - offset >= 3 && text.compare(offset, 3, three) == 0 && blank_or_end(text, offset + 3);
}

}  // namespace

std::size_t break_length(std::string_view t, std::size_t i) {
  const auto c = static_cast<unsigned char>(t[i]);
  if (c == '\n') return 1;
  if (c == '\r') return (i + 1 < t.size() && t[i + 1] == '\n') ? 2 : 1;
  if (c == 0xC2 && i + 1 < t.size() && static_cast<unsigned char>(t[i + 1]) == 0x85) return 2;
  if (c == 0xE2 && i + 2 < t.size() && static_cast<unsigned char>(t[i + 1]) == 0x80) {
    const auto c2 = static_cast<unsigned char>(t[i + 2]);
    if (c2 == 0xA8 || c2 == 0xA9) return 3;
  }
  return 0;
}

TextProblem find_text_problem(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  std::string what;
  // 1: a byte that is fine on its own (printable ASCII, tab, LF, CR).
  static constexpr auto kPlain = [] {
    std::array<unsigned char, 256> t{};
    for (int c = 0x20; c < 0x7F; ++c) t[c] = 1;
    t['\t'] = t['\n'] = t['\r'] = 1;
    return t;
  }();
  while (i < n) {
#if defined(__SSE2__)
    if (n - i >= 16 && plain16(s + i)) {
      i += 16;
      continue;
    }
#endif
    if (kPlain[s[i]] != 0) {
      ++i;
      continue;
    }
    const unsigned char c = s[i];
    if (c < 0x80) {
      if ((c >= 0x20 && c != 0x7F) || c == '\n' || c == '\r' || c == '\t') {
        ++i;
        continue;
      }
      what = "control character " + code_point(c) + " is not allowed in YAML";
      break;
    }
    std::size_t len = 0;
    std::uint32_t cp = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
      cp = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      cp = c & 0x0Fu;
      if (c == 0xE0) lo = 0xA0;  // overlong
      if (c == 0xED) hi = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      cp = c & 0x07u;
      if (c == 0xF0) lo = 0x90;  // overlong
      if (c == 0xF4) hi = 0x8F;  // past U+10FFFF
    } else {
      what = "invalid UTF-8 (byte " + hex_byte(c) + "); records must be UTF-8 text";
      break;
    }
    bool ok = i + len <= n && s[i + 1] >= lo && s[i + 1] <= hi;
    for (std::size_t k = 2; ok && k < len; ++k) ok = is_continuation(s[i + k]);
    if (!ok) {
      what = "invalid UTF-8 (byte " + hex_byte(c) + "); records must be UTF-8 text";
      break;
    }
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (s[i + k] & 0x3Fu);
    if (!allowed(cp)) {
      what = "character " + code_point(cp) + " is not allowed in YAML";
      break;
    }
    i += len;
  }
  TextProblem p;
  if (i >= n) return p;
  p.found = true;
  p.offset = i;
  p.what = std::move(what);
  locate(text, 0, 0, i, p.line, p.column);
  // The start of the bad character's line.
  std::size_t start = 0;
  for (std::size_t j = 0; j < i;) {
    const std::size_t b = break_length(text, j);
    if (b != 0) {
      j += b;
      start = j;
    } else {
      ++j;
    }
  }
  p.line_start = start;
  return p;
}

void locate(std::string_view text, std::size_t begin, std::uint32_t begin_line, std::size_t offset, std::uint32_t& line,
            std::uint32_t& column) {
  std::uint32_t l = begin_line;
  std::uint32_t col = 0;
  if (offset > text.size()) offset = text.size();
  for (std::size_t j = begin; j < offset;) {
    const std::size_t b = break_length(text, j);
    if (b != 0) {
      j += b;
      ++l;
      col = 0;
    } else {
      if (!is_continuation(static_cast<unsigned char>(text[j]))) ++col;
      ++j;
    }
  }
  line = l;
  column = col;
}

bool is_document_marker(std::string_view text, std::size_t offset) { return is_marker(text, offset, "---"); }

bool is_document_end_marker(std::string_view text, std::size_t offset) { return is_marker(text, offset, "..."); }

bool find_document_start(std::string_view text, std::size_t begin, std::uint32_t begin_line, std::uint32_t after_line,
                         std::size_t end, std::size_t& found_offset, std::uint32_t& found_line) {
  std::uint32_t line = begin_line;
  std::size_t j = begin;
  const std::string_view scope = text.substr(0, end);
  while (j < end) {
    const std::size_t b = break_length(scope, j);
    if (b == 0) {
      ++j;
      continue;
    }
    j += b;
    ++line;
    if (line > after_line && j < end && is_document_marker(scope, j)) {
      found_offset = j;
      found_line = line;
      return true;
    }
  }
  return false;
}

bool indents_with_tab(std::string_view text, std::size_t offset) {
  while (offset < text.size() && text[offset] == ' ') ++offset;
  return offset < text.size() && text[offset] == '\t';
}

std::string tab_hint(std::string_view text, std::uint32_t line) {
  std::uint32_t at = 1;
  for (std::size_t j = 0; j < text.size() && at <= line;) {
    if (indents_with_tab(text, j)) return kTabHint;
    while (j < text.size() && break_length(text, j) == 0) ++j;
    if (j < text.size()) j += break_length(text, j);
    ++at;
  }
  return "";
}

}  // namespace conquian::record::detail
