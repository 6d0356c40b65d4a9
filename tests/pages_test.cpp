// The pages' code as compiled in (src/analyse/pages/, src/http/pages/, tools/embed-pages.cmake):
// each page holds the files' bytes, and the Content-Security-Policy it is sent with allows its
// one script and its one style by the SHA-256 of exactly the text the page holds, computed here
// with OpenSSL apart from record/html_escape's csp_hash. A page file edited, or a policy built
// from other bytes than the page sends, fails here before a browser refuses the page.
#include <doctest/doctest.h>
#include <httplib.h>
#include <openssl/evp.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "analyse/analyse_file.h"
#include "analyse/html_page.h"
#include "analyse/html_template.h"
#include "http/board_api.h"
#include "http/board_template.h"
#include "http/server.h"

using namespace conquian;

namespace {

const std::string kSource = CONQUIAN_SOURCE_DIR;

std::string file_bytes(const std::string& relative) {
  std::ifstream in(kSource + "/" + relative, std::ios::binary);
  REQUIRE_MESSAGE(in, relative);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The CSP source of a text: 'sha256-' and the base64 of its SHA-256.
std::string sha256_source(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  REQUIRE(EVP_Digest(text.data(), text.size(), digest, &length, EVP_sha256(), nullptr) == 1);
  unsigned char base64[4 * ((EVP_MAX_MD_SIZE + 2) / 3) + 1];
  const int n = EVP_EncodeBlock(base64, digest, static_cast<int>(length));
  return "'sha256-" + std::string(reinterpret_cast<const char*>(base64), static_cast<std::size_t>(n)) + "'";
}

// The text between `open` and the next `close`; the page must hold `open` exactly once.
std::string element_text(const std::string& page, const std::string& open, const std::string& close) {
  const auto start = page.find(open);
  REQUIRE_MESSAGE(start != std::string::npos, open);
  REQUIRE_MESSAGE(page.find(open, start + 1) == std::string::npos, open);
  const auto end = page.find(close, start + open.size());
  REQUIRE(end != std::string::npos);
  return page.substr(start + open.size(), end - start - open.size());
}

// The sources of one directive of a policy ("script-src a b; ..." gives {a, b}).
std::vector<std::string> directive(const std::string& policy, const std::string& name) {
  std::vector<std::string> sources;
  std::istringstream parts(policy);
  std::string part;
  while (std::getline(parts, part, ';')) {
    std::istringstream words(part);
    std::string word;
    if (!(words >> word) || word != name) continue;
    while (words >> word) sources.push_back(word);
  }
  return sources;
}

// The policy of the page's <meta http-equiv="Content-Security-Policy">, its &#39; read back.
std::string meta_policy(const std::string& page) {
  std::string policy = element_text(page, "<meta http-equiv=\"Content-Security-Policy\" content=\"", "\"");
  for (auto at = policy.find("&#39;"); at != std::string::npos; at = policy.find("&#39;")) policy.replace(at, 5, "'");
  return policy;
}

}  // namespace

TEST_CASE("pages: the embedded texts are the bytes of the page files") {
  CHECK(std::string(analyse::kCardStyle) == file_bytes("src/analyse/pages/cards.css"));
  CHECK(std::string(analyse::kCardScript) == file_bytes("src/analyse/pages/cards.js"));
  CHECK(std::string(analyse::kHtmlStyle) == file_bytes("src/analyse/pages/analysis.css"));
  CHECK(std::string(analyse::kHtmlBody) == file_bytes("src/analyse/pages/analysis.html"));
  CHECK(std::string(analyse::kHtmlScript) == file_bytes("src/analyse/pages/analysis.js"));
  CHECK(std::string(http::kBoardStyle) == file_bytes("src/http/pages/board.css"));
  CHECK(std::string(http::kBoardBody) == file_bytes("src/http/pages/board.html"));
  CHECK(std::string(http::kBoardScript) == file_bytes("src/http/pages/board.js"));
}

TEST_CASE("pages: the board served at / is allowed its script and style by the SHA-256 of their bytes") {
  const std::string corpus = kSource + "/corpus/legal/";
  http::BoardApi api(http::Library({corpus + "american-win.yaml"}), 4, 1);
  http::ServerOptions options;
  options.port = 0;
  options.connection_threads = 2;
  options.connection_nice = 0;
  http::BoardServer server(api, "pages-test-token", options);
  const int port = server.bind();
  std::thread serving([&] { server.serve(); });
  httplib::Client client("127.0.0.1", port);
  const auto res = client.Get("/", {{"X-Conquian-Token", "pages-test-token"}});
  server.stop();
  serving.join();
  REQUIRE(res);
  REQUIRE(res->status == 200);
  const std::string header = res->get_header_value("Content-Security-Policy");
  const std::string& page = res->body;

  const std::string script = element_text(page, "<script>", "</script>");
  const std::string style = element_text(page, "<style>", "</style>");
  CHECK(script == file_bytes("src/analyse/pages/cards.js") + file_bytes("src/http/pages/board.js"));
  CHECK(style == file_bytes("src/analyse/pages/cards.css") + file_bytes("src/http/pages/board.css"));
  CHECK(directive(header, "script-src") == std::vector<std::string>{sha256_source(script)});
  CHECK(directive(header, "style-src") == std::vector<std::string>{sha256_source(style)});
  CHECK(directive(header, "connect-src") == std::vector<std::string>{"'self'"});
  // The page carries the same policy in its <meta>.
  CHECK(meta_policy(page) == header);
}

TEST_CASE("pages: the analysis page is allowed its script and style by the SHA-256 of their bytes") {
  analyse::AnalyseOptions o;
  o.budgets.chance_nodes = 10'000;
  auto results = analyse::analyse_file(kSource + "/corpus/analyse/mistakes.yaml", {1, ""}, o, 1);
  REQUIRE(results.size() == 1);
  REQUIRE(results.front().analysis);
  const std::string page = analyse::html_page(*results.front().analysis);

  const std::string script = element_text(page, "<script>", "</script>");
  const std::string style = element_text(page, "<style>", "</style>");
  CHECK(script == file_bytes("src/analyse/pages/cards.js") + file_bytes("src/analyse/pages/analysis.js"));
  CHECK(style == file_bytes("src/analyse/pages/cards.css") + file_bytes("src/analyse/pages/analysis.css"));
  const std::string policy = meta_policy(page);
  CHECK(directive(policy, "script-src") == std::vector<std::string>{sha256_source(script)});
  CHECK(directive(policy, "style-src") == std::vector<std::string>{sha256_source(style)});
  CHECK(directive(policy, "default-src") == std::vector<std::string>{"'none'"});
}
